/**
 * MT SMS, MT MMS and the reply to an MO message, from messaging-gateway.md ("MT SMS request",
 * "MT MMS request", "MO callback response"). Read beside the document's tables.
 */
import type { AttributeSpec, OperationSpec } from '../../engine/catalog/types';
import { BODY_MAX, BODY_MIN, RULES } from '../../shared/catalog/rules';
import { mmsContent } from './mmsContent';
import { replyToMessage } from '../reply/replyToMessage';
import { sendAndWaitFields, sendAndWaitOptions } from '../sendAndWait/properties';
import { sendAndWait, SMS_PATH } from '../sendAndWait/run';
import { shapeSentSms } from '../shapers/sentSms';
import { splitText } from '../splitText';
import { TOGGLES_VERSION } from '../versions';

const from: AttributeSpec = {
	name: 'From',
	type: 'digits',
	required: true,
	rule: RULES.phoneNumber,
	description: 'Long or short code that sends',
	placeholder: '55555',
};

const to: AttributeSpec = {
	name: 'To',
	type: 'digits',
	required: true,
	rule: RULES.phoneNumber,
	description: 'Recipient: the mobile number to send to',
	placeholder: '15145550123',
};

export const messages: Array<OperationSpec<never>> = [
	{
		resource: 'message',
		operation: 'sendSms',
		name: 'Send SMS',
		action: 'Send an SMS',
		description: 'Send an SMS from a long or short code; the output gives the message ID, encoding and segment count',
		path: SMS_PATH,
		attributes: [
			from,
			to,
			{
				name: 'Body',
				type: 'string',
				required: true,
				rule: RULES.body,
				asWritten: true,
				description: 'Message text, UTF-8, sent exactly as written, within the length cross-carrier programs allow (Options > Split Long Text sends a longer text as several messages).',
			},
			{
				name: 'Receipt',
				type: 'enum',
				options: [
					{ name: 'Yes', value: 'yes', description: 'Ask for a delivery report (the trigger receives it)' },
					{ name: 'No', value: 'no' },
				],
				default: 'yes',
				toggleSince: TOGGLES_VERSION,
				description: 'Whether to request a delivery receipt; only on configurations that support receipts',
			},
		],
		response: { kind: 'custom', shape: shapeSentSms, records: false },
		bulk: true,
		// Options > Split Long Text: a Body over 136 characters as several SMS, one output item each.
		textSplit: { attribute: 'Body', split: (text, numbered) => splitText(text, { numbered }) },
	},
	{
		resource: 'message',
		operation: 'sendMms',
		name: 'Send MMS',
		action: 'Send an MMS',
		description: 'Send an MMS with a file from the input item or given by hand',
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
			'Answer the message that started this workflow (SolSwitch Messaging Trigger, reply mode "Using Reply to Message Node"): the reply reaches the sender at once (on a long code as an SMS from the code)',
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
					`Text sent back to the sender, ${BODY_MIN} to ${BODY_MAX} characters: the answer's Body on a short code, an SMS from the code on a long code (the trigger's Send Replies As). Leave empty to only acknowledge. MMS and delivery reports are always answered with Status only.`,
			},
		],
		local: replyToMessage,
		response: { kind: 'status' },
	},
	{
		resource: 'message',
		// n8n's name for the operation: its waiting-webhook handler checks the resume URL's signature
		// for it, and n8n 2.x generates the AI Agent's human review tool from it.
		operation: 'sendAndWait',
		name: 'Send and Wait for Response',
		action: 'Send an SMS and wait for the reply',
		description:
			'Send an SMS and wait for the reply ("Reply YES or NO"), routed back by the SolSwitch Messaging Trigger; the workflow goes on with the answer in data.approved and data.text',
		attributes: [
			from,
			to,
			{
				name: 'Body',
				// n8n's send-and-wait text parameter: its generated review tool replaces `message`.
				param: 'message',
				label: 'Message',
				type: 'string',
				required: true,
				asWritten: true,
				// The rule covers the SMS as sent, instruction included: checked by the runner (and in the editor, a hint).
				description: `Text of the SMS. The instruction ("Reply YES or NO", or "Reply YES 4821 or NO 4821" when the phone has another wait pending) is added on a new line; together they must fit ${BODY_MAX} characters (Options > Split Long Text sends a longer message as several SMS, the instruction ending the last).`,
			},
		],
		fields: sendAndWaitFields,
		options: sendAndWaitOptions,
		local: sendAndWait,
		// Options > Split Long Text, as Send SMS has it; the runner cuts the message itself so that the
		// instruction (pin counted) ends the last part, and the output stays one item: the answer.
		textSplit: { attribute: 'Body', split: (text, numbered, lastLine) => splitText(text, { numbered, lastLine }) },
		sendsThrough: SMS_PATH,
		waits: true,
		response: { kind: 'object' },
	},
];
