/**
 * Built-in compliance answers: what a keyword gets when its text is not set (each within the 136-character
 * reply limit). They are answers the trigger sends, not the editor's defaults: the French and bilingual
 * ones start empty in the editor (n8n's verification asks for English defaults; BUILT_IN_ONLY), and an
 * empty or unset text is answered with these, so saved workflows answer as before.
 */
export const DEFAULT_COMPLIANCE_TEXTS = {
	infoText:
		'SolSwitch SMS alerts. Msg&data rates may apply. Reply HELP for help, STOP to opt out. / Repondez AIDE pour aide, ARRET pour arreter.',
	helpText: 'Help: support@example.com or 1-800-555-0100. Msg&data rates may apply. Reply STOP to opt out.',
	aideText: 'Aide: support@example.com ou 1-800-555-0100. Des frais peuvent s\'appliquer. Repondez ARRET pour arreter.',
	stopText: 'You are unsubscribed and will receive no more messages. Reply HELP for help.',
	arretText: 'Vous etes desabonne et ne recevrez plus de messages. Repondez AIDE pour de l\'aide.',
};

/** Texts not in English: declared empty in the editor, answered with the built-in text above. */
export const BUILT_IN_ONLY: ReadonlyArray<keyof typeof DEFAULT_COMPLIANCE_TEXTS> = ['infoText', 'aideText', 'arretText'];
