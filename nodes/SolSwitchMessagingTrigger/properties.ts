/** The Messaging Trigger's settings: generated from the event table, then the reply and compliance settings and the Options. */
import type { INodeProperties } from 'n8n-workflow';
import { eventProperties, guardOptions, optionsCollection } from '../engine/trigger/describe';
import { COMPLIANCE_PARAMETER, optionTextProperties, OWN_TEXTS_VERSION, ownTextProperties } from './replies/complianceAnswers';
import { MESSAGING_TRIGGER } from './events';
import { answerByProperty } from './replies/answerBy';
import { keywordRepliesProperty } from './replies/keywordReplies';

/** The settings under Options that every version has. */
const commonOptions: INodeProperties[] = [
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
	...guardOptions('the gateway'),
];

/**
 * Options, one collection per kind of version: before 1.2 it holds the five compliance texts with
 * their built-in defaults (saved workflows keep them); from 1.2 on only STOP and ARRET, since INFO,
 * HELP and AIDE are required fields of their own (replies/complianceAnswers.ts). Both store `options`.
 */
const optionsBefore = optionsCollection([...commonOptions, ...optionTextProperties(false)], {
	displayOptions: { show: { '@version': [{ _cnd: { lt: OWN_TEXTS_VERSION } }] } },
});
const optionsFrom = optionsCollection([...commonOptions, ...optionTextProperties(true)], {
	displayOptions: { show: { '@version': [{ _cnd: { gte: OWN_TEXTS_VERSION } }] } },
});

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
		name: COMPLIANCE_PARAMETER,
		type: 'boolean',
		default: true,
		description:
			'Whether the trigger itself answers INFO, HELP / AIDE and STOP / ARRET (any case). INFO and HELP start no execution; STOP also runs the workflow to record the opt-out.',
	},
	...ownTextProperties,
	keywordRepliesProperty,
	optionsBefore,
	optionsFrom,
];
