/** Default compliance answers: each within the 136-character reply limit, English and French. */
export const DEFAULT_COMPLIANCE_TEXTS = {
	infoText:
		'SolSwitch SMS alerts. Msg&data rates may apply. Reply HELP for help, STOP to opt out. / Repondez AIDE pour aide, ARRET pour arreter.',
	helpText: 'Help: support@example.com or 1-800-555-0100. Msg&data rates may apply. Reply STOP to opt out.',
	aideText: 'Aide: support@example.com ou 1-800-555-0100. Des frais peuvent s\'appliquer. Repondez ARRET pour arreter.',
	stopText: 'You are unsubscribed and will receive no more messages. Reply HELP for help.',
	arretText: 'Vous etes desabonne et ne recevrez plus de messages. Repondez AIDE pour de l\'aide.',
};
