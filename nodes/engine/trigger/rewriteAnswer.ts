/**
 * Rewrites the answer n8n writes for one request, as its bytes pass through res.write/res.end:
 * whatever n8n would send (a workflow's reply, the last node's data, an empty answer, or its error
 * page) is collected, handed to `rewrite`, and replaced by what that returns (or sent as written when
 * it returns nothing). Used where a trigger's answer must wait for the run but take a shape of the
 * trigger's own: the Digit Validation option (SolSwitch Trigger), and a Messaging Trigger answer that
 * goes out only once the run it starts has ended.
 */

/** What n8n's answer looks like at the moment it is written. */
export interface WrittenAnswer {
	status: number;
	contentType: string;
	body: string;
}

/** The answer to write instead. */
export interface Replacement {
	status: number;
	contentType: string;
	body: string;
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

export function rewriteAnswer(res: InterceptableResponse, rewrite: (written: WrittenAnswer) => Replacement | undefined) {
	const originalWrite = res.write;
	const originalEnd = res.end;
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
	res.end = function (this: unknown, chunk?: unknown, encoding?: unknown, callback?: unknown) {
		if (typeof chunk !== 'function') keep(chunk, encoding);
		res.write = originalWrite;
		res.end = originalEnd;
		const body = Buffer.concat(chunks);
		const done = [chunk, encoding, callback].find((a) => typeof a === 'function') as (() => void) | undefined;
		const end = (data: unknown) => (done ? originalEnd.call(res, data, done) : originalEnd.call(res, data));
		if (res.headersSent) return end(body);
		const replacement = rewrite({ status: res.statusCode, contentType: String(res.getHeader('content-type') ?? ''), body: body.toString('utf8') });
		if (!replacement) return end(body);
		res.statusCode = replacement.status;
		for (const name of ['content-encoding', 'etag', 'transfer-encoding']) res.removeHeader(name);
		res.setHeader('Content-Type', replacement.contentType);
		res.setHeader('Content-Length', String(Buffer.byteLength(replacement.body)));
		return end(replacement.body);
	};
}
