/**
 * The settings of Send and Wait for Response beyond From, To and the message, named as n8n's own
 * send-and-wait nodes name them (n8n-nodes-base utils/sendAndWait): n8n's generated human review tool
 * hides `responseType` with the value `approval` and keeps `approvalOptions` and `options`, and n8n
 * reads `options.limitWaitTime.values` the same way for every send-and-wait node. SMS differences: the
 * approve and decline "labels" are reply words (YES and NO by default), and the default is two words
 * (approve or decline), since a text message has no buttons to leave out.
 */
import type { INodeProperties } from 'n8n-workflow';
import { approvalOptionsField } from '../../shared/humanInTheLoop/approvalOptions';
import { LIMIT_WAIT_TIME } from '../../shared/humanInTheLoop/limitWaitTime';
import { DEFAULT_APPROVE, DEFAULT_DECLINE } from '../../shared/messaging/sendAndWait/replyWords';

export const TRIGGER_URL = 'triggerUrl';
export const OTHER_REPLY = 'otherReply';

export const sendAndWaitFields: INodeProperties[] = [
	{
		displayName: 'Messaging Trigger URL',
		name: TRIGGER_URL,
		type: 'string',
		default: '',
		required: true,
		placeholder: 'https://n8n.example.com/webhook/1f0c…',
		description:
			"Production URL of the published SolSwitch Messaging Trigger that receives this code's messages (its Webhook URLs, Production). The reply reaches the trigger, which hands it to this wait. Set-up steps: " +
			'<a href="https://github.com/solswitch/n8n-nodes-solswitch/blob/main/docs/send-and-wait.md#set-it-up-step-by-step" target="_blank">Send and Wait by SMS</a>.',
	},
	{
		displayName: 'Response Type',
		name: 'responseType',
		type: 'options',
		default: 'approval',
		options: [
			{ name: 'Approval', value: 'approval', description: 'The person replies with the approve (or decline) word' },
			{ name: 'Free Text', value: 'freeText', description: 'Any reply is the answer' },
		],
	},
	approvalOptionsField(
		{
			approveName: 'Approve Word',
			approveDefault: DEFAULT_APPROVE,
			approveDescription: 'Reply that approves; case, accents and spaces are ignored (with YES, OUI also approves)',
			declineName: 'Disapprove Word',
			declineDefault: DEFAULT_DECLINE,
			declineDescription: 'Reply that declines; case, accents and spaces are ignored (with NO, NON also declines)',
		},
		{ show: { responseType: ['approval'] } },
	),
];

/** Under Options: n8n's Limit Wait Time, as its own nodes have it, and what an unrecognised reply does. */
export const sendAndWaitOptions: INodeProperties[] = [
	LIMIT_WAIT_TIME,
	{
		displayName: 'Unrecognized Reply',
		name: OTHER_REPLY,
		type: 'options',
		default: 'askAgain',
		options: [
			{
				name: 'Ask Again and Keep Waiting',
				value: 'askAgain',
				description: 'The phone gets the instruction again ("Reply YES or NO"); the workflow keeps waiting',
			},
			{
				name: 'Decline With the Text',
				value: 'decline',
				description: 'The workflow resumes with approved false and the reply in text (what the review tool does for an AI agent)',
			},
		],
		description: 'What a reply that is neither word does (Approval only)',
	},
];
