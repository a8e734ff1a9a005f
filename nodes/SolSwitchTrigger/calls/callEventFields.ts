/** The call events' own fields (shown for the kinds that use them: calls/callEventKinds.ts). */
import type { INodeProperties } from 'n8n-workflow';

/** Seconds the lookup waits for a call record by default (the switch writes it a few seconds after the hang-up). */
export const DEFAULT_RECORD_WAIT_S = 15;

export const recordWaitField: INodeProperties = {
	displayName: 'Wait for Call Record (Seconds)',
	name: 'recordWait',
	type: 'number',
	typeOptions: { minValue: 0, maxValue: 120 },
	default: DEFAULT_RECORD_WAIT_S,
	description:
		'The switch writes a call record a few seconds after the hang-up. The trigger asks again for up to this long before it gives up with an error (the run then fails, naming the call). It bounds the whole notification, requests and downloads included: the switch is answered within this plus 10 s, however slow it is.',
};

export const countVoicemailField: INodeProperties = {
	displayName: 'Count Voicemail as Missed',
	name: 'countVoicemailAsMissed',
	type: 'boolean',
	default: true,
	description: 'Whether a call that nobody answered and that ended in a voicemail box counts as missed (Outcome voicemail)',
};
