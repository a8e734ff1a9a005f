/**
 * Answers written straight to the HTTP response (as n8n's Slack and Webhook triggers do), with the
 * webhook then telling n8n `noWebhookResponse`: the caller (switch or gateway) gets exactly these bytes, at once.
 */

/** The part of Node's ServerResponse (express's Response extends it) these answers use. */
export interface Writable {
	headersSent: boolean;
	writeHead(status: number, headers: Record<string, string>): unknown;
	end(text: string): unknown;
}

export function replyText(res: Writable, status: number, text: string) {
	if (res.headersSent) return;
	res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': String(Buffer.byteLength(text)) });
	res.end(text);
}

export function replyJson(res: Writable, status: number, body: Record<string, unknown>) {
	if (res.headersSent) return;
	const text = JSON.stringify(body);
	res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(text)) });
	res.end(text);
}

/** The acknowledgement of a notification, in the interface's own shape. */
export const ACK = { Status: 'OK' };

export function replyRefusal(res: Writable, status: number, reason: string) {
	replyJson(res, status, { Status: 'FAIL', Reason: reason });
}
