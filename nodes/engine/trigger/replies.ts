/**
 * Answers written straight to the HTTP response (as n8n's Slack and Webhook triggers do), with the
 * webhook then telling n8n `noWebhookResponse`: the caller (switch or gateway) gets exactly these bytes, at once.
 */
import { writeAnswerNow, type AnswerResponse } from './n8nResponse';

/** The part of Node's ServerResponse (express's Response extends it) these answers use. */
export type Writable = Pick<AnswerResponse, 'headersSent' | 'writeHead' | 'end'>;

export function replyText(res: Writable, status: number, text: string) {
	writeAnswerNow(res as AnswerResponse, status, 'text/plain; charset=utf-8', text);
}

export function replyJson(res: Writable, status: number, body: Record<string, unknown>) {
	writeAnswerNow(res as AnswerResponse, status, 'application/json; charset=utf-8', JSON.stringify(body));
}

/** The acknowledgement of a notification, in the interface's own shape. */
export const ACK = { Status: 'OK' };

export function replyRefusal(res: Writable, status: number, reason: string) {
	replyJson(res, status, { Status: 'FAIL', Reason: reason });
}
