/** The Messaging Trigger's settings: generated from the event table, then the reply and compliance settings and the Options. */
import type { INodeProperties } from 'n8n-workflow';
import { eventProperties, guardOptions, optionsCollection } from '../engine/trigger/describe';
import { BODY_MAX } from '../shared/messaging/body';
import { DEFAULT_COMPLIANCE_TEXTS } from '../shared/messaging/complianceTexts';
import { MESSAGING_TRIGGER } from './events';
import { answerByProperty } from './answerBy';
import { keywordRepliesProperty } from './keywordReplies';

/** A compliance answer, the built-in text by default (held in a variable: n8n's lint reads a member expression as no default). */
function complianceText(displayName: string, name: keyof typeof DEFAULT_COMPLIANCE_TEXTS, description: string): INodeProperties {
	const builtInText = DEFAULT_COMPLIANCE_TEXTS[name];
	return {
		displayName,
		name,
		type: 'string',
		typeOptions: { rows: 2 },
		default: builtInText,
		description: `${description}, 1 to ${BODY_MAX} characters`,
	};
}

export const triggerProperties: INodeProperties[] = [
	...eventProperties(MESSAGING_TRIGGER),
	{
		displayName: 'Reply Mode',
		name: 'replyMode',
		type: 'options',
		default: 'onReceived',
		options: [
			{
				name: 'Immediately',
				value: 'onReceived',
				description: 'Answer {"Status":"OK"} at once; the workflow runs afterwards and sends no reply text',
			},
			{
				name: 'Using Reply to Message Node',
				value: 'responseNode',
				description:
					'The SolSwitch Messaging node\'s Reply to Message answers (n8n\'s Respond to Webhook cannot follow this trigger); if the workflow fails the gateway retries later',
			},
			{
				name: 'When Last Node Finishes',
				value: 'lastNode',
				description: 'The first item of the last node is the answer: end the workflow with Reply to Message',
			},
		],
		description: 'How the gateway gets its answer and the sender the reply text (on a long code, as an SMS: see Send Replies As)',
	},
	answerByProperty,
	{
		displayName: 'Answer Compliance Keywords',
		name: 'compliance',
		type: 'boolean',
		default: true,
		description:
			'Whether the trigger itself answers INFO, HELP / AIDE and STOP / ARRET (any case). INFO and HELP need no execution; STOP also runs the workflow to record the opt-out, and when the workflow gives the answer (Reply Mode) the STOP reply goes out once that run has ended without error, so a failed run is retried by the gateway.',
	},
	keywordRepliesProperty,
	optionsCollection([
		{
			displayName: 'Acknowledge Redeliveries',
			name: 'acknowledgeRedeliveries',
			type: 'boolean',
			default: true,
			description:
				'Whether a message the gateway sends again with the same ID (after a lost answer) is answered as before without running the workflow a second time',
		},
		{
			displayName: 'Download MMS Media',
			name: 'downloadMedia',
			type: 'boolean',
			default: false,
			description: 'Whether to download the MMS file into the item\'s binary data (the link stays valid 7 days)',
		},
		{
			displayName: 'Put Media in Field',
			name: 'binaryPropertyName',
			type: 'string',
			default: 'data',
			description: 'Binary field that receives the downloaded MMS file',
		},
		{
			displayName: 'Run Workflow on INFO and HELP',
			name: 'runOnInfoHelp',
			type: 'boolean',
			default: false,
			description: 'Whether INFO, HELP and AIDE also start the workflow (after the trigger has answered)',
		},
		complianceText('INFO Reply', 'infoText', 'Answer to INFO, English or English/French: operator, contact, aggregator'),
		complianceText('HELP Reply (English)', 'helpText', 'Answer to HELP: where to get help, rules, contact'),
		complianceText('AIDE Reply (French)', 'aideText', 'Answer to AIDE'),
		complianceText('STOP Reply (English)', 'stopText', 'Answer to STOP, confirming the opt-out'),
		complianceText('ARRET Reply (French)', 'arretText', 'Answer to ARRET'),
		...guardOptions('the gateway'),
	]),
];
