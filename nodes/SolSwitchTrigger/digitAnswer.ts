/**
 * The Digit Validation answer. The switch waits, with a caller on the line, for one plain-text
 * routing option; whatever n8n would send (the last node's field as text or JSON, a Respond to
 * Webhook body, or an error page when the workflow failed or gave nothing) passes through here on
 * its way out: a usable option goes out as bare text, anything else becomes the Fallback Option.
 */
import { DV_OPTION_MAX } from '../shared/catalog/rules';

/** What n8n's answer looks like at the moment it is written. */
export interface WrittenAnswer {
	status: number;
	contentType: string;
	body: string;
}

/** Longest option accepted; the DV's options are short words or numbers (the action's rule too). */
export const MAX_OPTION_LENGTH = DV_OPTION_MAX;

/** A routing option is one line of text: no line breaks, not empty, not too long. */
export function cleanOption(value: unknown): string | undefined {
	if (typeof value !== 'string' && typeof value !== 'number') return undefined;
	const text = String(value).trim();
	if (!text || /[\r\n]/.test(text) || text.length > MAX_OPTION_LENGTH) return undefined;
	return text;
}

/** The option in what n8n wrote, or undefined when it holds none (error, empty, an object ...). */
export function optionFromAnswer(answer: WrittenAnswer): string | undefined {
	if (answer.status >= 400) return undefined;
	if (/json/i.test(answer.contentType)) {
		try {
			return cleanOption(JSON.parse(answer.body) as unknown);
		} catch {
			return undefined;
		}
	}
	return cleanOption(answer.body);
}

/** The part of Node's ServerResponse that n8n writes its answer through. */
export interface InterceptableResponse {
	statusCode: number;
	headersSent: boolean;
	getHeader(name: string): unknown;
	setHeader(name: string, value: string): unknown;
	removeHeader(name: string): void;
	write: (...args: unknown[]) => boolean;
	end: (...args: unknown[]) => unknown;
}

type Chunk = string | Uint8Array;

function isChunk(value: unknown): value is Chunk {
	return typeof value === 'string' || value instanceof Uint8Array;
}

/**
 * Rewrites what n8n writes to `res` for this one request into the plain option, or the fallback.
 * Without a fallback, an answer that holds no option goes out as n8n wrote it.
 */
export function answerAsPlainOption(res: InterceptableResponse, fallback: string) {
	const originalWrite = res.write.bind(res);
	const originalEnd = res.end.bind(res);
	const chunks: Buffer[] = [];
	const keep = (chunk: unknown, encoding?: unknown) => {
		if (!isChunk(chunk)) return;
		chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk));
	};
	res.write = (chunk: unknown, encoding?: unknown, callback?: unknown) => {
		keep(chunk, encoding);
		if (typeof encoding === 'function') encoding();
		else if (typeof callback === 'function') callback();
		return true;
	};
	res.end = (chunk?: unknown, encoding?: unknown, callback?: unknown) => {
		if (typeof chunk !== 'function') keep(chunk, encoding);
		res.write = originalWrite;
		res.end = originalEnd;
		const body = Buffer.concat(chunks);
		const done = [chunk, encoding, callback].find((a) => typeof a === 'function') as (() => void) | undefined;
		if (res.headersSent) return originalEnd(body, done);
		const option =
			optionFromAnswer({ status: res.statusCode, contentType: String(res.getHeader('content-type') ?? ''), body: body.toString('utf8') }) ??
			cleanOption(fallback);
		if (option === undefined) return originalEnd(body, done);
		res.statusCode = 200;
		for (const name of ['content-encoding', 'etag', 'transfer-encoding']) res.removeHeader(name);
		res.setHeader('Content-Type', 'text/plain; charset=utf-8');
		res.setHeader('Content-Length', String(Buffer.byteLength(option)));
		return originalEnd(option, done);
	};
}
