/**
 * Call-control functions of switch-calls-reporting.md ("Endpoints"), one entry per row.
 * Read this beside the document: attribute names, required/optional and rules are as it states them.
 */
import { channel, customer, extensionNumber } from '../../shared/catalog/attributes';
import { RULES } from '../../shared/catalog/rules';
import type { SwitchLists } from '../methods/listSearch';
import type { OperationSpec } from '../../engine/catalog/types';
import { faxFile } from './faxFile';
import { callAndWaitFields, callAndWaitOptions } from '../callAndWait/properties';
import { callAndWait, NEW_CALL_PATH } from '../callAndWait/run';

export const callControl: Array<OperationSpec<SwitchLists>> = [
	{
		resource: 'call',
		operation: 'addHeader',
		name: 'Add Header',
		action: 'Add a SIP header to an upcoming outbound call',
		path: 'addheader',
		attributes: [
			{
				name: 'srcnumber',
				label: 'Source Number',
				type: 'digits',
				topLevel: true,
				description:
					'Source number; the extension number when the call originates from an extension. Give this, the destination number, or both.',
			},
			{
				name: 'dstnumber',
				label: 'Destination Number',
				type: 'digits',
				topLevel: true,
				description: 'Number the call is placed to. Give this, the source number, or both.',
			},
			{
				name: 'header-name',
				label: 'Header Name',
				type: 'string',
				required: true,
				description: 'Name of the SIP header to apply to the upcoming outbound call',
				placeholder: 'X-Account-ID',
			},
			{
				name: 'value',
				label: 'Value',
				type: 'string',
				required: true,
				description: 'Value of the header',
			},
		],
		rules: [
			{
				kind: 'atLeastOne',
				attributes: ['srcnumber', 'dstnumber'],
				message: 'Give a Source Number, a Destination Number, or both',
			},
		],
		response: { kind: 'status' },
	},
	{
		resource: 'call',
		operation: 'getCallerId',
		name: 'Caller ID Request',
		label: 'Get Caller',
		action: 'Get the caller of the call ringing an extension',
		description: 'CallID, dialed DID, IVR option and caller of the current call of an extension',
		path: 'calleridrequest',
		attributes: [
			extensionNumber('Extension whose current caller to look up'),
			customer(),
		],
		response: { kind: 'object' },
	},
	{
		resource: 'call',
		operation: 'hold',
		name: 'Hold Call',
		label: 'Hold',
		action: 'Put a call on hold',
		path: 'holdcall',
		attributes: [channel('Channel of the call to hold.'), customer()],
		response: { kind: 'status' },
	},
	{
		resource: 'call',
		operation: 'listActive',
		name: 'List Active Calls',
		label: 'Get Many',
		action: 'Get many calls in progress',
		description: 'One item per active call, with its channels (used by Hold, Transfer and DTMF)',
		path: 'listactivecalls',
		attributes: [customer()],
		response: { kind: 'list', key: 'Calls' },
	},
	{
		resource: 'call',
		operation: 'newCall',
		name: 'New Call',
		label: 'Place',
		action: 'Place a call from an extension',
		description: 'Calls the source Extension, then connects it to the Destination',
		path: 'newcall',
		attributes: [
			extensionNumber('Source: a user extension or another feature such as an IVR, Digit Validation or custom script', {
				rule: RULES.extension,
			}),
			{
				name: 'Destination',
				type: 'digits',
				required: true,
				rule: RULES.numeric,
				description: 'Number or extension to call',
				placeholder: '5145550123',
			},
			customer(),
			{
				name: 'CIDName',
				label: 'Caller ID Name',
				type: 'string',
				switchDefault: "the extension's",
				description: "Caller ID name shown to the destination (default: the extension's)",
			},
			{
				name: 'CIDNum',
				label: 'Caller ID Number',
				type: 'digits',
				rule: RULES.nanp,
				switchDefault: "the extension's",
				description:
					"Caller ID number; must be a DID on the customer's account (default: the extension's)",
			},
			{
				name: 'Timeout',
				label: 'Ring Timeout',
				type: 'integer',
				default: 25,
				switchDefault: '25',
				description: 'Seconds to wait before ending an unanswered call',
			},
			{
				name: 'WaitForStart',
				label: 'Wait for Start',
				type: 'boolean',
				default: true,
				switchDefault: '1',
				description:
					'Whether to wait until the call starts and return its CallID and Channel. Off, the switch answers at once with Status only.',
			},
			{
				name: 'CustomDVData',
				label: 'Custom DV Data',
				type: 'json',
				description:
					'When the Extension is a Digit Validation: key/value substitutions for ${NAME} variables. Recognised keys: URL, Method (POST or GET), Auth, AuthInfo, Response, CustomData, Headers, NoURL.',
				placeholder: '{ "URL": "https://example.com/dv", "Method": "POST" }',
			},
			{
				name: 'CustomDVDigits',
				label: 'Custom DV Digits',
				type: 'json',
				description:
					'When the Extension is a Digit Validation: an array indexed by the pressed digit, each value holding instructions (substituted like Custom DV Data)',
				placeholder: '["option0", "option1"]',
			},
		],
		response: { kind: 'object' },
	},
	{
		resource: 'call',
		// n8n's name for the operation: its waiting-webhook handler checks the resume URL's signature
		// for it, and n8n 2.x generates the AI Agent's human review tool (solSwitchHitlTool) from it.
		operation: 'sendAndWait',
		name: 'Call and Wait for Keypress',
		action: 'Call and wait for keypress',
		description: 'Call a number from a Digit Validation extension and wait for the person to press a key to approve or decline',
		attributes: [
			extensionNumber(
				'The Digit Validation extension that places the call: its recorded prompt is what the person hears, its options what the switch routes by (typed by hand, the number must be 3 to 5 digits). <a href="https://github.com/solswitch/n8n-nodes-solswitch/blob/main/docs/call-and-wait.md" target="_blank">How to set it up</a>.',
				{ rule: RULES.extension },
			),
			{
				name: 'Destination',
				label: 'Number to Call',
				type: 'string',
				required: true,
				description: 'Phone number or extension to call; spaces, dashes, dots, parentheses and a leading + are removed',
				placeholder: 'e.g. +1 514 555 0123',
			},
			customer(),
			{
				name: 'CIDName',
				label: 'Caller ID Name',
				type: 'string',
				switchDefault: "the extension's",
				description: "A short label shown as caller ID name where the phone and carrier show one, e.g. \"Approval\" (default: the extension's)",
			},
			{
				name: 'Timeout',
				label: 'Ring Timeout',
				type: 'integer',
				default: 25,
				switchDefault: '25',
				description: 'Seconds a call rings before it counts as not answered',
			},
		],
		fields: callAndWaitFields,
		options: callAndWaitOptions,
		local: callAndWait,
		sendsThrough: `/api/${NEW_CALL_PATH}/`,
		waits: true,
		response: { kind: 'object' },
	},
	{
		resource: 'call',
		operation: 'sendDtmf',
		name: 'Transmit DTMF',
		label: 'Send DTMF',
		action: 'Send DTMF tones to a call',
		path: 'dtmf',
		attributes: [
			{
				name: 'Tone',
				type: 'string',
				required: true,
				rule: RULES.dtmf,
				description: 'Tones to send',
				placeholder: '1#',
			},
			channel('Channel of the desired recipient.'),
			customer(),
		],
		response: { kind: 'status' },
	},
	{
		resource: 'call',
		operation: 'transfer',
		name: 'Transfer Call',
		label: 'Transfer',
		action: 'Transfer a call to another number',
		path: 'transfercall',
		attributes: [
			channel('Channel to transfer.'),
			{
				name: 'Destination',
				type: 'digits',
				required: true,
				rule: RULES.numeric,
				description: 'Number or extension to transfer to',
			},
			customer(),
		],
		response: { kind: 'status' },
	},
	{
		resource: 'callerIdRoute',
		operation: 'manage',
		name: 'Manage Caller ID Routes',
		label: 'Manage',
		action: 'Set or delete a caller ID route',
		path: 'managecid',
		attributes: [
			{
				name: 'Type',
				type: 'enum',
				required: true,
				default: 'addedit',
				options: [
					{ name: 'Add or Edit', value: 'addedit' },
					{ name: 'Delete', value: 'del' },
				],
				description: 'Whether to add (or update) the route, or delete it',
			},
			{
				name: 'CID',
				label: 'Caller ID',
				type: 'digits',
				required: true,
				description: 'Caller ID number the route applies to',
			},
			extensionNumber('Extension that calls from this caller ID are routed to', {
				required: { when: 'Type', in: ['addedit'] },
			}),
			customer(),
		],
		response: { kind: 'status' },
	},
	{
		resource: 'extension',
		operation: 'toggleMonitoring',
		name: 'Toggle Monitoring',
		// Its Enabled field sets the state, on or off: a set, not a toggle (stored value unchanged).
		label: 'Set Monitoring',
		action: 'Turn call notifications for an extension on or off',
		description: 'Monitored extensions send Monitoring notifications (see the SolSwitch Trigger)',
		path: 'monitor',
		attributes: [
			extensionNumber('Extension to monitor', { rule: RULES.extension }),
			{
				name: 'Enabled',
				type: 'boolean',
				required: true,
				default: true,
				description: 'Whether monitoring is on (sent as 1) or off (sent as 0)',
			},
			customer(),
		],
		response: { kind: 'status' },
	},
	{
		resource: 'fax',
		operation: 'send',
		name: 'Outbound Fax',
		label: 'Send',
		action: 'Send a PDF as a fax',
		description: 'OK means the fax was queued',
		path: 'fax',
		attributes: [
			{
				name: 'To',
				type: 'digits',
				required: true,
				rule: RULES.faxNumber,
				description: 'Fax number to send to',
			},
			{
				name: 'From',
				type: 'digits',
				required: true,
				rule: RULES.faxNumber,
				description: 'Fax number to send from; must be set up as a fax-to-email DID',
			},
			faxFile,
			customer(),
		],
		response: { kind: 'status' },
	},
	{
		resource: 'queue',
		operation: 'scheduleCallback',
		name: 'Schedule Queue Callback',
		label: 'Schedule Callback',
		action: 'Schedule a callback from a queue',
		path: 'scheduledqueuecallback',
		attributes: [
			{
				name: 'queueID',
				label: 'Queue ID',
				type: 'digits',
				required: true,
				description: 'ID of the queue that places the callback',
			},
			{
				name: 'Number',
				type: 'digits',
				required: true,
				description: 'Number to dial',
			},
			customer(),
			{
				name: 'CIDName',
				label: 'Caller ID Name',
				type: 'string',
				description: 'Caller ID name for the callback',
			},
		],
		response: { kind: 'status' },
	},
];
