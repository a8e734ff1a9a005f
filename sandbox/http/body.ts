/**
 * Request bodies as the switch and gateway accept them: JSON, or form variables
 * (application/x-www-form-urlencoded) with PHP-style brackets for arrays and objects (`DID[]=1`,
 * `CustomDVData[URL]=...`), which is what form encoders send for nested values.
 */
import type { IncomingMessage } from 'node:http';

export class BodyError extends Error {
	constructor(
		readonly status: number,
		message: string,
	) {
		super(message);
	}
}

export const MAX_BODY_BYTES = 25 * 1024 * 1024;

export async function readRaw(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
	const declared = Number(req.headers['content-length'] ?? 0);
	if (declared > limit) {
		req.resume();
		throw new BodyError(413, `Body too large (limit ${limit} bytes)`);
	}
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of req) {
		size += (chunk as Buffer).length;
		if (size > limit) throw new BodyError(413, `Body too large (limit ${limit} bytes)`);
		chunks.push(chunk as Buffer);
	}
	return Buffer.concat(chunks);
}

type Tree = Record<string, unknown>;

function assign(target: Tree, path: string[], value: string) {
	let node: Tree | unknown[] = target;
	for (let i = 0; i < path.length; i++) {
		const key = path[i];
		const last = i === path.length - 1;
		const nextIsIndex = !last && (path[i + 1] === '' || /^\d+$/.test(path[i + 1]));
		if (Array.isArray(node)) {
			const index = key === '' ? node.length : Number(key);
			if (last) node[index] = value;
			else node = (node[index] ??= nextIsIndex ? [] : {}) as Tree | unknown[];
		} else {
			if (last) node[key] = value;
			else node = (node[key] ??= nextIsIndex ? [] : {}) as Tree | unknown[];
		}
	}
}

export function parseForm(text: string): Tree {
	const out: Tree = {};
	for (const [name, value] of new URLSearchParams(text)) {
		const m = /^([^[\]]+)((?:\[[^\]]*\])*)$/.exec(name);
		if (!m || !m[2]) {
			out[name] = value;
			continue;
		}
		const path = [m[1], ...[...m[2].matchAll(/\[([^\]]*)\]/g)].map((x) => x[1])];
		assign(out, path, value);
	}
	return out;
}

/** The body as an object; an empty body is an empty object. Throws BodyError for malformed input. */
export async function readBody(req: IncomingMessage, limit?: number): Promise<{ body: Tree; raw: Buffer; type: 'json' | 'form' | 'empty' }> {
	const raw = await readRaw(req, limit);
	const text = raw.toString('utf8');
	const type = String(req.headers['content-type'] ?? '').toLowerCase();
	if (!text.trim()) return { body: {}, raw, type: 'empty' };
	if (type.includes('application/x-www-form-urlencoded')) return { body: parseForm(text), raw, type: 'form' };
	try {
		const parsed = JSON.parse(text);
		if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
			throw new BodyError(400, 'The body must be a JSON object');
		}
		return { body: parsed as Tree, raw, type: 'json' };
	} catch (error) {
		if (error instanceof BodyError) throw error;
		if (!type.includes('json') && text.includes('=')) return { body: parseForm(text), raw, type: 'form' };
		throw new BodyError(400, 'Malformed JSON body');
	}
}
