/**
 * The callbacks of switch-calls-reporting.md ("Calls from the switch to an external application",
 * "Events"), one entry per kind: its webhook path, its payload fields and what it needs.
 */

export type EventKind = 'sip-notification' | 'monitoring' | 'sip-packet' | 'digit-validation';

export interface EventKindSpec {
	value: EventKind;
	name: string;
	description: string;
	/** Payload fields as the document lists them. */
	fields: string[];
	/** Fields without which the request is refused (400). */
	required: string[];
	/** The Event values this kind carries (notifications only). */
	events?: string[];
	/** Where the URL is pasted in the switch portal (help text and README). */
	portal: string;
}

export const EVENT_KINDS: EventKindSpec[] = [
	{
		value: 'sip-notification',
		name: 'SIP POST Notification',
		description: 'Calls start, are answered or end (per the notification options set on the switch)',
		fields: ['Event', 'CallID', 'Customer', 'SourceNumber', 'SourceChannel', 'DestinationNumber', 'DestinationChannel', 'DialedNumber'],
		required: ['Event', 'CallID'],
		events: ['Incoming', 'Outgoing', 'Connected', 'Disconnected'],
		portal: 'API management > SIP POST notification options',
	},
	{
		value: 'monitoring',
		name: 'Monitoring Notification',
		description: 'An extension with monitoring enabled (Toggle Monitoring) has an incoming or outgoing call',
		fields: ['Event', 'CallID', 'Customer', 'SourceNumber', 'SourceChannel', 'DestinationNumber', 'DestinationChannel', 'DialedNumber'],
		required: ['Event', 'CallID'],
		events: ['Incoming', 'Connected', 'Disconnected'],
		portal: 'switch settings > monitoring notification URL',
	},
	{
		value: 'sip-packet',
		name: 'SIP Packet POST',
		description: 'An INVITE arrives at a selected SIP account; answered with SUCCESS',
		fields: ['APIKey', 'FromIP', 'InviteTo', 'RawPacket', 'PacketHash', 'AttemptNumber'],
		required: ['APIKey', 'RawPacket', 'PacketHash'],
		portal: 'API management > SIP packet POST settings',
	},
	{
		value: 'digit-validation',
		name: 'Digit Validation',
		description: 'A caller entered digits at a Digit Validation; the workflow answers with the routing option',
		fields: ['Digits', 'ExtensionNumber', 'CDRCallID', 'CIDName', 'CIDNum', 'DID'],
		required: ['Digits'],
		portal: 'phone system settings > Digit Validation > URL',
	},
];

export function eventKind(value: string): EventKindSpec {
	const spec = EVENT_KINDS.find((k) => k.value === value);
	if (!spec) throw new Error(`Unknown event kind ${value}`);
	return spec;
}
