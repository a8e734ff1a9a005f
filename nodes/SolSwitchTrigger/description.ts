/** The SolSwitch Trigger's fields: the event kind, then what that kind needs, then protection. */
import type { INodeProperties } from 'n8n-workflow';
import { EVENT_KINDS } from './events';

const show = (...event: string[]) => ({ show: { event } });

const eventFilter = (name: string, kind: string, events: string[]): INodeProperties => ({
	displayName: 'Events',
	name,
	type: 'multiOptions',
	options: events.map((e) => ({ name: e, value: e })),
	default: [...events],
	required: true,
	displayOptions: show(kind),
	description: 'Event values that start the workflow; other notifications are acknowledged and dropped',
});

export const triggerProperties: INodeProperties[] = [
	{
		displayName: 'Event Kind',
		name: 'event',
		type: 'options',
		noDataExpression: true,
		options: EVENT_KINDS.map((k) => ({ name: k.name, value: k.value, description: k.description })),
		default: 'sip-notification',
		description:
			'Which callback of the switch this trigger receives. Each kind has its own URL (see Webhook URLs above) to paste where the switch portal asks for it.',
	},
	{
		displayName:
			'Paste the Production URL into the switch portal: SIP POST notifications under API management, the monitoring notification URL in the switch settings, SIP packet POST under API management, Digit Validation under phone system settings',
		name: 'portalNotice',
		type: 'notice',
		default: '',
	},
	eventFilter('notificationEvents', 'sip-notification', ['Incoming', 'Outgoing', 'Connected', 'Disconnected']),
	eventFilter('monitoringEvents', 'monitoring', ['Incoming', 'Connected', 'Disconnected']),
	{
		displayName: 'Packet API Key',
		name: 'packetApiKey',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		required: true,
		displayOptions: show('sip-packet'),
		description: 'The key set in the switch\'s SIP packet POST settings; a POST whose APIKey differs is refused (401) and starts nothing',
	},
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
		displayOptions: show('sip-packet'),
		description: 'What to do when PacketHash is not the MD5 of RawPacket (the INVITE was altered on the way)',
	},
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
				description: 'A SolSwitch node (Digit Validation > Answer) or a Respond to Webhook node (Respond With: Text) answers',
			},
		],
		default: 'lastNode',
		displayOptions: show('digit-validation'),
		description: 'Where the routing option comes from. The switch waits, with the caller on the line, for a single plain-text option.',
	},
	{
		displayName: 'Option Field',
		name: 'answerField',
		type: 'string',
		default: 'option',
		required: true,
		displayOptions: { show: { event: ['digit-validation'], answerFrom: ['lastNode'] } },
		description: 'Name of the field (dots for nested fields) holding the routing option in the last node\'s first item',
	},
	{
		displayName: 'Fallback Option',
		name: 'fallbackOption',
		type: 'string',
		default: '',
		displayOptions: show('digit-validation'),
		description:
			'Option answered when the workflow fails or gives no option, so the caller is still routed. Leave empty to pass n8n\'s error on to the switch.',
	},
	{
		displayName: 'Fixed Answers',
		name: 'fixedAnswers',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		default: {},
		placeholder: 'Add Fixed Answer',
		displayOptions: show('digit-validation'),
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
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Allowed Sources',
				name: 'allowedSources',
				type: 'string',
				default: '',
				placeholder: '203.0.113.0/24, 2001:db8::/32',
				description:
					'Addresses or CIDR ranges (IPv4 or IPv6) the switch calls from, separated by commas or spaces; others are refused (403) and start nothing. Empty: any source.',
			},
			{
				displayName: 'Maximum Body Size (KB)',
				name: 'maxBodyKb',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 64,
				description: 'Larger requests are refused (413) and start nothing',
			},
			{
				displayName: 'Shared Secret',
				name: 'sharedSecret',
				type: 'string',
				typeOptions: { password: true },
				default: '',
				description:
					'When set, every request must carry it, either in the URL (?secret=...) or in the X-SolSwitch-Secret header; others are refused (401) and start nothing',
			},
			{
				displayName: 'Trusted Proxy Hops',
				name: 'proxyHops',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 0,
				description:
					'Set only when n8n is behind reverse proxies: how many of them add X-Forwarded-For. The allow-list then checks the address those proxies saw. 0: the connection\'s own address.',
			},
		],
	},
];
