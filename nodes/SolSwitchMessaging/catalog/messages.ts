/**
 * MT SMS, MT MMS and the reply to an MO message, from messaging-gateway.md ("MT SMS request",
 * "MT MMS request", "MO callback response"). Read beside the document's tables.
 */
import type { AttributeSpec, OperationSpec } from '../../engine/catalog/types';
import { BODY_MAX, BODY_MIN, RULES } from '../../shared/catalog/rules';
import { mmsContent } from './mmsContent';
import { replyToMessage } from '../reply/replyToMessage';
import { shapeSentSms } from '../shapers/sentSms';

const from: AttributeSpec = {
	name: 'From',
	type: 'digits',
	required: true,
	rule: RULES.numeric,
	description: 'Numeric long or short code that sends',
	placeholder: '55555',
};

const to: AttributeSpec = {
	name: 'To',
	type: 'digits',
	required: true,
	rule: RULES.numeric,
	description: 'Numeric recipient (the mobile number to send to)',
	placeholder: '15145550123',
};

export const messages: Array<OperationSpec<never>> = [
	{
		resource: 'message',
		operation: 'sendSms',
		name: 'Send SMS',
		action: 'Send an SMS',
		description: 'Send an SMS (MT) from a long or short code; the output gives the message ID, encoding and segment count',
		path: '/sms/',
		attributes: [
			from,
			to,
			{
				name: 'Body',
				type: 'string',
				required: true,
				rule: RULES.body,
				asWritten: true,
				description: `Message text, UTF-8, sent exactly as written. Cross-carrier programs: ${BODY_MIN} to ${BODY_MAX} characters including spaces and carriage returns.`,
			},
			{
				name: 'Receipt',
				type: 'enum',
				options: [
					{ name: 'Yes', value: 'yes', description: 'Ask for a delivery report (the trigger receives it)' },
					{ name: 'No', value: 'no' },
				],
				default: 'yes',
				description: 'Whether to request a delivery receipt; only on configurations that support receipts',
			},
		],
		response: { kind: 'custom', shape: shapeSentSms, records: false },
		bulk: true,
	},
	{
		resource: 'message',
		operation: 'sendMms',
		name: 'Send MMS',
		action: 'Send an MMS',
		description: 'Send an MMS (MT) with a file from the input item or given by hand',
		path: '/mms/',
		// "JSON body only (the JSON document is the whole POST body, not an embedded file in a form)".
		bodyFormats: ['json'],
		// ContentName, ContentType and Content come from binary data or by hand (see mmsContent.ts).
		attributes: [from, to, mmsContent],
		response: { kind: 'object' },
		bulk: true,
	},
	{
		resource: 'message',
		operation: 'reply',
		name: 'Reply to Message',
		action: 'Reply to an incoming message',
		description:
			'Answer the message that started this workflow (SolSwitch Messaging Trigger, reply mode "Using Reply to Message Node"): the reply Body reaches the sender at once',
		attributes: [
			{
				name: 'Body',
				label: 'Reply Text',
				type: 'string',
				topLevel: true,
				asWritten: true,
				// RULES.body is checked by replyToMessage, and only when the reply carries the Body (an SMS):
				// an MMS or a report is answered with Status only, whatever this field holds.
				description:
					`Text sent back to the sender (SMS on short codes), ${BODY_MIN} to ${BODY_MAX} characters. Leave empty to only acknowledge. MMS and delivery reports are always answered with Status only.`,
			},
		],
		local: replyToMessage,
		response: { kind: 'status' },
	},
];
