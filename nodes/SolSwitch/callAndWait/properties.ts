/**
 * The settings of Call and Wait for Keypress beyond the extension and the number, named as n8n's own
 * send-and-wait nodes name them where they apply (approvalOptions.values.approvalType / approveLabel /
 * disapproveLabel, options.limitWaitTime), so that n8n 2.6+ generates its human review tool
 * (solSwitchHitlTool) from this node and reads the wait's end the same way. The "labels" are keys.
 * The three Digit Validation options are what the switch gets back, as plain text, after a press.
 */
import type { INodeProperties } from 'n8n-workflow';
import { approvalOptionsField } from '../../shared/humanInTheLoop/approvalOptions';
import { LIMIT_WAIT_TIME } from '../../shared/humanInTheLoop/limitWaitTime';
import { APPROVE_OPTION, DECLINE_OPTION, DEFAULT_APPROVE_DIGIT, DEFAULT_DECLINE_DIGIT, OTHER_KEY_OPTION } from './spec';

export const RETRIES = 'retries';
export const RETRY_INTERVAL = 'retryInterval';

export const callAndWaitFields: INodeProperties[] = [
	approvalOptionsField({
		approveName: 'Approve Digit',
		approveDefault: DEFAULT_APPROVE_DIGIT,
		approveDescription: 'Digit (or digits) the person presses to approve',
		declineName: 'Decline Digit',
		declineDefault: DEFAULT_DECLINE_DIGIT,
		declineDescription: 'Digit (or digits) the person presses to decline',
	}),
	{
		displayName: 'Option After Approval',
		name: APPROVE_OPTION,
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. thanks',
		description: 'The Digit Validation option the switch gets when the person approves: a route set up in the switch portal, such as a thank-you recording',
	},
	{
		displayName: 'Option After Decline',
		name: DECLINE_OPTION,
		type: 'string',
		default: '',
		// Shown and needed only when a key can decline (Approve and Disapprove); Approve Only never sends it.
		placeholder: 'e.g. goodbye',
		description: 'The Digit Validation option the switch gets when the person declines (Approve and Disapprove only)',
	},
	{
		displayName: 'Option After Another Key',
		name: OTHER_KEY_OPTION,
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. repeat',
		description: 'The Digit Validation option the switch gets for any other key: a route that plays the prompt again. The workflow keeps waiting.',
	},
	{
		displayName:
			'Add Limit Wait Time under Options: without it, a call answered without a key (or a lost call) leaves the execution waiting forever',
		name: 'limitWaitTimeNotice',
		type: 'notice',
		default: '',
	},
];

/** Under Options: n8n's Limit Wait Time, and the retries of a call nobody answered. */
export const callAndWaitOptions: INodeProperties[] = [
	LIMIT_WAIT_TIME,
	{
		displayName: 'Retries',
		name: RETRIES,
		type: 'number',
		default: 2,
		typeOptions: { minValue: 0, maxValue: 10 },
		description: 'How many more times to call when the call is not answered or the line is busy',
	},
	{
		displayName: 'Retry Interval (Seconds)',
		name: RETRY_INTERVAL,
		type: 'number',
		default: 60,
		typeOptions: { minValue: 0, maxValue: 600 },
		description: 'Seconds between the end of an unanswered call and the next one. The execution already waits meanwhile.',
	},
];
