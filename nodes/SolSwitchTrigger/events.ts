/**
 * The callbacks of switch-calls-reporting.md ("Calls from the switch to an external application",
 * "Events"), one entry per kind: its webhook path, payload fields, what it needs, who answers, where
 * its URL is pasted in the switch portal, and the fields only it shows. The trigger's fields,
 * notices, webhook description, dispatch and the README's events table are generated from it.
 */
import type { INodeProperties } from 'n8n-workflow';
import type { DescriptionField, EventSpec, TriggerSpec } from '../engine/trigger/types';
import { checkSharedSecret } from './callbackSecrets';
import { packetApiKeyField } from './secretFields';
import { handleDigitValidation } from './handlers/digitValidation';
import { callEventHandler } from './handlers/callEvents';
import { acknowledge, handleNotification } from './handlers/notification';
import { ALL_CALL_EVENTS, CALL_EVENT_KINDS, callEventsField, type CallEventKind } from './calls/callEventKinds';
import { handleSipPacket } from './handlers/sipPacket';

/** The notification's Event values, as the editor explains them. */
const CALL_STATE_DESCRIPTIONS: Record<string, string> = {
	Incoming: 'A call from outside starts ringing',
	Outgoing: 'An extension places a call',
	Connected: 'The call is answered',
	Disconnected: 'A leg of the call ends (the whole call, or one leg of a transfer)',
};

const CALL_FIELDS = ['Event', 'CallID', 'Customer', 'SourceNumber', 'SourceChannel', 'DestinationNumber', 'DestinationChannel', 'DialedNumber'];

const sipPacketFields: INodeProperties[] = [
	// Version 1 only: newer versions keep the key in the SolSwitch Callbacks API credential; the
	// field stays so saved version 1 workflows keep their value.
	{ ...packetApiKeyField, required: true, displayOptions: { show: { '@version': [1] } } },
	{
		displayName: 'On Hash Mismatch',
		name: 'hashMismatch',
		type: 'options',
		options: [
			{
				name: 'Reject (Switch Retries)',
				value: 'reject',
				description: 'Answer 422 instead of SUCCESS, so the switch sends the packet again; no workflow runs',
			},
			{
				name: 'Accept and Flag',
				value: 'flag',
				description: 'Answer SUCCESS and start the workflow with HashValid set to false',
			},
		],
		default: 'reject',
		description: 'What to do when PacketHash is not the MD5 of RawPacket (the INVITE was altered on the way)',
	},
];

const digitValidationFields: INodeProperties[] = [
	{
		displayName: 'Answer From',
		name: 'answerFrom',
		type: 'options',
		options: [
			{
				name: 'Field of the Last Node',
				value: 'lastNode',
				description: 'The answer is a field of the first item of the last node that runs',
			},
			{
				name: 'Answer Node',
				value: 'responseNode',
				description: 'A SolSwitch node (Digit Validation > Answer) answers (n8n\'s Respond to Webhook cannot follow this trigger)',
			},
		],
		default: 'lastNode',
		description: 'Where the routing option comes from. The switch waits, with the caller on the line, for a single plain-text option.',
	},
	{
		displayName: 'Option Field',
		name: 'answerField',
		type: 'string',
		default: 'option',
		required: true,
		displayOptions: { show: { answerFrom: ['lastNode'] } },
		description: "Name of the field (dots for nested fields) holding the routing option in the last node's first item",
	},
	{
		displayName: 'Fallback Option',
		name: 'fallbackOption',
		type: 'string',
		default: '',
		description:
			"Option answered when the workflow fails or gives no option, so the caller is still routed. Leave empty to pass n8n's error on to the switch.",
	},
	{
		displayName: 'Fixed Answers',
		name: 'fixedAnswers',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		default: {},
		placeholder: 'Add Fixed Answer',
		description: 'Digits answered at once with a fixed option, without running the workflow',
		options: [
			{
				displayName: 'Answer',
				name: 'answers',
				values: [
					{ displayName: 'Digits', name: 'digits', type: 'string', default: '', placeholder: '1' },
					{ displayName: 'Option', name: 'option', type: 'string', default: '', placeholder: 'sales' },
				],
			},
		],
	},
];

/** Call events are read from the same SIP POST notifications: pasted at the same place. */
const CALL_EVENT_PORTAL = {
	where: 'API management > SIP POST notification options',
	also: "Attach a SolSwitch API credential: the trigger reads the call's records with it (as Report > Get Leg Details, Export Call Records and Get Recordings do) and the customer's extensions, DIDs, voicemail boxes and queues.",
};

const CALL_EVENT_REQUIRED = ['Event', 'CallID', 'SourceNumber', 'DestinationNumber'];

const CALL_EVENT_ANSWER = '`{"Status":"OK"}` (n8n 2.40: once the run is queued); a `Disconnected` notification is answered once the call\'s records are read (up to Wait for Call Record)';

/** A call-event kind of the table (calls/callEventKinds.ts) as a trigger entry: its value is its URL path. */
const callEventSpec = (kind: CallEventKind): EventSpec => ({
	value: kind.value,
	name: kind.name,
	description: kind.description,
	path: kind.value,
	fields: CALL_FIELDS,
	required: CALL_EVENT_REQUIRED,
	handle: callEventHandler(kind.value),
	response: { by: 'node' },
	portal: CALL_EVENT_PORTAL,
	answer: CALL_EVENT_ANSWER,
	gives: kind.gives,
	properties: kind.properties,
});

/** "a, b or c". */
const oneOf = (values: string[]) => (values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}` : values.join(''));

/** Every kind's own fields, each once, in the table's order: the one-URL trigger shows them all. */
const everyKindsFields = (): INodeProperties[] => {
	const seen = new Set<string>();
	return CALL_EVENT_KINDS.flatMap((k) => k.properties).filter((p) => !seen.has(p.name) && seen.add(p.name));
};

/**
 * The kinds of one trigger at one URL: for a portal that holds a single SIP POST notification URL.
 * Its values and fields come from the call-events table, so a new kind needs no line here.
 */
const allCallEventsSpec: EventSpec = {
	value: ALL_CALL_EVENTS,
	name: 'Call Events at One URL',
	description: 'Several call events (missed, ended, recorded) from one URL, for a portal that holds a single notification URL',
	path: ALL_CALL_EVENTS,
	fields: CALL_FIELDS,
	required: CALL_EVENT_REQUIRED,
	handle: callEventHandler(ALL_CALL_EVENTS),
	response: { by: 'node' },
	portal: CALL_EVENT_PORTAL,
	answer: CALL_EVENT_ANSWER,
	gives: `the items of each event chosen in Events to Emit that the call is, each with \`CallEvent\` (${oneOf(CALL_EVENT_KINDS.map((k) => `\`${k.value}\``))}) first; one run per call`,
	properties: [callEventsField, ...everyKindsFields()],
};

/** The trigger values that read the switch's records (the SolSwitch API credential is shown for them). */
export const CALL_EVENT_VALUES = [...CALL_EVENT_KINDS.map((k) => k.value), ALL_CALL_EVENTS];

export const SWITCH_EVENTS: EventSpec[] = [
	{
		value: 'sip-notification',
		name: 'SIP POST Notification',
		description: 'Calls start, are answered or end (per the notification options set on the switch)',
		path: 'sip-notification',
		fields: CALL_FIELDS,
		required: ['Event', 'CallID'],
		filter: { parameter: 'notificationEvents', field: 'Event', values: ['Incoming', 'Outgoing', 'Connected', 'Disconnected'], descriptions: CALL_STATE_DESCRIPTIONS },
		handle: handleNotification,
		response: { by: 'node' },
		portal: { where: 'API management > SIP POST notification options' },
		answer: '`{"Status":"OK"}` at once, whatever the workflow does (n8n 2.40: once the run is queued)',
		gives: 'one item per notification with the fields as sent; `Event` is `Incoming`, `Outgoing`, `Connected` or `Disconnected`',
	},
	{
		value: 'monitoring',
		name: 'Monitoring Notification',
		description: 'An extension with monitoring on (SolSwitch > Extension > Set Monitoring) has an incoming or outgoing call',
		path: 'monitoring',
		fields: CALL_FIELDS,
		required: ['Event', 'CallID'],
		filter: { parameter: 'monitoringEvents', field: 'Event', values: ['Incoming', 'Connected', 'Disconnected'], descriptions: CALL_STATE_DESCRIPTIONS },
		handle: handleNotification,
		response: { by: 'node' },
		portal: {
			where: 'switch settings > monitoring notification URL',
			also: 'Then enable extensions with SolSwitch > Extension > Set Monitoring.',
		},
		answer: '`{"Status":"OK"}` at once (n8n 2.40: once the run is queued)',
		gives: 'the same fields; `Event` is `Incoming`, `Connected` or `Disconnected`, `DestinationNumber` the monitored extension',
	},
	{
		value: 'sip-packet',
		name: 'SIP Packet POST',
		description: 'An INVITE arrives at a selected SIP account; answered with SUCCESS',
		path: 'sip-packet',
		fields: ['APIKey', 'FromIP', 'InviteTo', 'RawPacket', 'PacketHash', 'AttemptNumber'],
		required: ['APIKey', 'RawPacket', 'PacketHash'],
		handle: handleSipPacket,
		response: { by: 'node' },
		portal: {
			where: 'API management > SIP packet POST settings',
			also: "Copy the key set there into the Packet API Key of this node's SolSwitch Callbacks API credential.",
		},
		answer: 'the plain text `SUCCESS` (n8n 2.40: once the run is queued; the switch repeats the POST until it gets it)',
		gives:
			'`FromIP`, `InviteTo`, `RawPacket`, `PacketHash`, `AttemptNumber`, `HashValid`, and `Invite` (the INVITE parsed: `method`, `requestUri`, `sipVersion`, `headers`, `body`); never the APIKey',
		properties: sipPacketFields,
	},
	{
		value: 'digit-validation',
		name: 'Digit Validation',
		description: 'A caller entered digits at a Digit Validation; the workflow answers with the routing option',
		path: 'digit-validation',
		fields: ['Digits', 'ExtensionNumber', 'CDRCallID', 'CIDName', 'CIDNum', 'DID'],
		required: ['Digits'],
		handle: handleDigitValidation,
		response: { by: 'parameter', parameter: 'answerFrom' },
		portal: { where: 'phone system settings > Digit Validation > URL' },
		answer: 'one plain-text routing option (no quotes, no JSON)',
		gives: 'the fields as sent',
		properties: digitValidationFields,
	},
	...CALL_EVENT_KINDS.map(callEventSpec),
	allCallEventsSpec,
];

/**
 * The description's responseData: the last node's first item for a Digit Validation answered by the
 * last node; empty otherwise, so that n8n answers a notification or a SIP Packet POST with the
 * webhookResponse the trigger hands it, which n8n 2.40 writes once the run is queued (n8n behaviour
 * N3, engine/trigger/n8nResponse.ts).
 */
const RESPONSE_DATA_FIELD: DescriptionField = {
	template: '={{$parameter["event"] === "digit-validation" && $parameter["answerFrom"] === "lastNode" ? "firstEntryJson" : ""}}',
	resolve: (p) => (p.event === 'digit-validation' && p.answerFrom === 'lastNode' ? 'firstEntryJson' : ''),
};

/** SUCCESS goes out as text/plain, as the trigger wrote it before n8n did (express would say text/html). */
const RESPONSE_HEADERS_FIELD: DescriptionField = {
	template: '={{ $parameter["event"] === "sip-packet" ? { "entries": [ { "name": "content-type", "value": "text/plain; charset=utf-8" } ] } : {} }}',
	resolve: (p) => (p.event === 'sip-packet' ? { entries: [{ name: 'content-type', value: 'text/plain; charset=utf-8' }] } : {}),
};

export const SWITCH_TRIGGER: TriggerSpec = {
	caller: 'the switch portal',
	events: SWITCH_EVENTS,
	selection: {
		by: 'parameter',
		parameter: 'event',
		displayName: 'Trigger On',
		description:
			'Which callback of the switch this trigger receives. Each kind has its own URL (see Webhook URLs above) to paste where the switch portal asks for it.',
	},
	authenticate: checkSharedSecret,
	malformedStatus: 400,
	sentenceReasons: false,
	acknowledge,
	webhook: { responseData: RESPONSE_DATA_FIELD, responseHeaders: RESPONSE_HEADERS_FIELD, responseContentType: 'text/plain', responsePropertyParameter: 'answerField' },
	// No angle brackets: n8n renders a notice as HTML and drops "<the secret>" (seen in the editor).
	secretNotice: 'With a Shared Secret in the credential, add ?secret= and the secret itself to the URL you paste.',
};
