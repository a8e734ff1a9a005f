/**
 * The call events as one table: each kind is one entry, with its value (also its URL path), its
 * rule over the call's summary (calls/outcome.ts), its items and its own fields. events.ts derives
 * the trigger's entries from it, and handlers/callEvents.ts runs whichever entries a trigger
 * listens for, with no branch per kind. Adding a kind is adding an entry here.
 */
import type { IDataObject, INodeExecutionData, INodeProperties, IWebhookFunctions } from 'n8n-workflow';
import { RECORDING_FIELDS } from '../../shared/recordings';
import { countVoicemailField, recordWaitField } from './callEventFields';
import { isMissed, missedCallOf, type CallSummary } from './outcome';
import type { Deadline } from './deadline';
import { recordingItems } from './recordingItems';

export interface CallEventRun {
	fn: IWebhookFunctions;
	customer: string;
	/** The notification's clock (Wait for Call Record): lookups and downloads end within it. */
	deadline: Deadline;
	/** Count Voicemail as Missed, as set on the node. */
	voicemailIsMissed: boolean;
}

export interface CallEventKind {
	/** The kind's value, and the last part of its URL. */
	value: string;
	name: string;
	description: string;
	/** What the workflow gets (README's events table). */
	gives: string;
	/** Whether the call is one this kind emits. */
	applies(summary: CallSummary, run: CallEventRun): boolean;
	/** The items the workflow gets for the call. */
	items(summary: CallSummary, run: CallEventRun): Promise<INodeExecutionData[]>;
	properties: INodeProperties[];
}

function callEndedOf(s: CallSummary, customer: string): IDataObject {
	const { Legs, Recordings, ClassifiedBy, ...rest } = s;
	return { ...rest, Customer: customer, Recordings, Legs: Legs as IDataObject[], ClassifiedBy };
}

const CLASSIFIED_BY = '`ClassifiedBy` (why the call was classified so: `Direction`, `Outcome`, `Facts`)';

export const CALL_EVENT_KINDS: CallEventKind[] = [
	{
		value: 'missed-call',
		name: 'Missed Call',
		description: 'An inbound call ended without a person answering it (by default also when it ended in voicemail)',
		gives: `one item per missed call: \`CallID\`, \`Customer\`, \`CallerNumber\`, \`CallerName\`, \`DID\`, \`Extension\`, \`ExtensionName\`, \`Outcome\` (\`missed\`, \`voicemail\`, \`busy\` or \`failed\`), \`EndedIn\` (\`voicemail\`, \`ivr\`, \`queue\` or empty), \`VoicemailBox\`, \`StartTime\`, \`EndTime\`, \`RingSeconds\`, ${CLASSIFIED_BY}`,
		applies: (s, run) => isMissed(s, run.voicemailIsMissed),
		items: async (s, run) => [{ json: missedCallOf(s, run.customer) }],
		properties: [recordWaitField, countVoicemailField],
	},
	{
		value: 'call-ended',
		name: 'Call Ended',
		description: 'Any call ended, with its direction, outcome, duration, talk time, legs and recordings',
		gives: `one item per call: \`CallID\`, \`Customer\`, \`Direction\` (\`inbound\`, \`outbound\` or \`internal\`), \`Outcome\` (\`answered\`, \`voicemail\`, \`missed\`, \`busy\` or \`failed\`), \`EndedIn\`, \`VoicemailBox\`, \`Disposition\`, \`CallerNumber\`, \`CallerName\`, \`DialedNumber\`, \`CalledNumber\`, \`CalledName\`, \`AnsweredBy\`, \`StartTime\`, \`ConnectTime\`, \`EndTime\`, \`DurationSeconds\`, \`RingSeconds\`, \`TalkSeconds\`, \`LegCount\`, \`Legs\` (the CDR legs), \`Recordings\` (file names), ${CLASSIFIED_BY}`,
		applies: () => true,
		items: async (s, run) => [{ json: callEndedOf(s, run.customer) }],
		properties: [recordWaitField],
	},
	{
		value: 'new-recording',
		name: 'New Recording',
		description: 'A call that was recorded ended: its recordings with their download URLs, the MP3s on request',
		gives:
			`one item per recording of the call: \`CallID\`, \`Portion\`, \`Recording\` (file name), the recording's fields (\`StartTime\`, \`EndTime\`, \`Duration\`, source and destination, \`URL\`), \`CallerNumber\`, \`CallerName\`, \`DialedNumber\`, \`AnsweredBy\`, \`Direction\`, \`Outcome\`, \`ClassifiedBy\`; the MP3 as binary data with Download Recordings on`,
		applies: (s) => s.Recordings.length > 0,
		items: async (s, run) => await recordingItems(run.fn, s, run.customer, run.deadline),
		properties: [recordWaitField, ...RECORDING_FIELDS],
	},
];

/** The one-URL kind's value: one trigger at one URL, emitting the kinds chosen in Call Events. */
export const ALL_CALL_EVENTS = 'call-events';

export const callEventsField: INodeProperties = {
	displayName: 'Events to Emit',
	name: 'callEvents',
	type: 'multiOptions',
	options: CALL_EVENT_KINDS.map((k) => ({ name: k.name, value: k.value, description: k.description })),
	default: ['missed-call', 'call-ended'],
	description: 'Which events this trigger emits. Each item says which one in its CallEvent field; route them with a Switch node.',
};

/** The kinds a trigger listens for: its own, or (one URL) those chosen in Call Events. */
export function kindsOf(fn: IWebhookFunctions, value: string): CallEventKind[] {
	if (value !== ALL_CALL_EVENTS) return CALL_EVENT_KINDS.filter((k) => k.value === value);
	const chosen = fn.getNodeParameter('callEvents', []) as string[];
	return CALL_EVENT_KINDS.filter((k) => Array.isArray(chosen) && chosen.includes(k.value));
}
