/** One outbound POST from the switch to an application, recorded in the exchange log ('out'). */
import { request } from 'undici';
import type { SandboxHost } from '../../contract';

export interface Sent {
	status?: number;
	contentType?: string;
	/** The answer exactly as received (the tests compare bytes: `SUCCESS`, a bare option). */
	text?: string;
	error?: string;
}

export async function postToApplication(
	sandbox: SandboxHost,
	service: string,
	url: string,
	body: Record<string, unknown>,
	{ format = 'json', headers = {}, timeoutMs = 30_000 }: { format?: 'json' | 'form'; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Sent> {
	const payload =
		format === 'form'
			? new URLSearchParams(Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)]))).toString()
			: JSON.stringify(body);
	const contentType = format === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
	let sent: Sent;
	const sentAt = new Date().toISOString();
	try {
		const answer = await request(url, {
			method: 'POST',
			headers: { 'content-type': contentType, ...headers },
			body: payload,
			headersTimeout: timeoutMs,
			bodyTimeout: timeoutMs,
		});
		sent = {
			status: answer.statusCode,
			contentType: String(answer.headers['content-type'] ?? ''),
			text: await answer.body.text(),
		};
	} catch (error) {
		sent = { error: (error as Error).message };
	}
	sandbox.exchanges.add({
		direction: 'out',
		sentAt,
		service,
		method: 'POST',
		path: url,
		contentType,
		headers,
		body,
		status: sent.status,
		answer: sent.text,
		error: sent.error,
	});
	return sent;
}
