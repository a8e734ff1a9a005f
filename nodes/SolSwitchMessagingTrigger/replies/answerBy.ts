/**
 * How a reply reaches the person who texted (messaging-gateway.md, "MO callback response": "Body:
 * Optional. SMS on short codes only."): on a short code the reply is the callback answer's Body; on
 * a long code the gateway drops that Body, so the trigger sends the reply as an MT SMS from the code
 * to the sender (replySms.ts) and answers the callback with Status only.
 *
 * The gateway does not say which kind of code received a message, so the trigger decides by the
 * code's length (Automatic), and the user can say it outright. Why six digits: North American
 * common short codes are 5 or 6 digits (the US CSCA and Canada's CWTA lease 5- and 6-digit codes),
 * and a long code is a full phone number, which the document gives as "10 digits (national) or 11
 * digits (international)". Other countries' short codes can be longer (up to 8 digits in some):
 * there, choose the kind of code in the trigger.
 */
import type { INodeProperties } from 'n8n-workflow';

export const ANSWER_BY_PARAMETER = 'answerBy';
export type AnswerBy = 'automatic' | 'callbackBody' | 'sms';

/** The longest code (in digits) that Automatic takes for a short code. */
export const SHORT_CODE_MAX_DIGITS = 6;

/** Whether a code is a short code by its length (digits only: a "+1 514..." long code counts its digits). */
export function isShortCode(code: string): boolean {
	const digits = code.replace(/\D/g, '');
	return digits.length > 0 && digits.length <= SHORT_CODE_MAX_DIGITS;
}

/** Whether the reply to a message received on `code` goes as an SMS from the code (else the callback's Body). */
export function repliesBySms(answerBy: unknown, code: string): boolean {
	if (answerBy === 'sms') return true;
	if (answerBy === 'callbackBody') return false;
	return !isShortCode(code);
}

export const answerByProperty: INodeProperties = {
	displayName: 'Send Replies As',
	name: ANSWER_BY_PARAMETER,
	type: 'options',
	default: 'automatic',
	options: [
		{
			name: 'Automatic (by Code Length)',
			value: 'automatic',
			description: `A code of up to ${SHORT_CODE_MAX_DIGITS} digits is a short code (reply in the gateway's answer), a longer one a long code (reply as a new SMS)`,
		},
		{
			name: "In the Gateway's Answer (Short Code)",
			value: 'callbackBody',
			description: 'The reply travels in the answer to the gateway: the fastest way, on short codes only',
		},
		{
			name: 'As a New SMS (Long Code)',
			value: 'sms',
			description: "The reply is a new SMS from your code, billed as one, sent with the credential's Sending Key: the gateway must allow n8n's IP address",
		},
	],
	description:
		"How replies (HELP, STOP, Keyword Replies, Reply to Message, Send and Wait prompts) reach the person. On a long code the gateway drops a reply in its answer, so it goes as a new SMS (Sending Key, n8n's IP allowed).",
};
