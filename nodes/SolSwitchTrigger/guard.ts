/**
 * What every callback passes before any workflow starts: the source allow-list, the shared secret,
 * the body size, and a body that is a JSON object or form fields with the kind's required fields.
 * Refusals carry an HTTP status and a Reason for the switch's logs; secrets never appear in them.
 */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';
import { isAddressInRanges, parseRangeList } from '../shared/network/cidr';
import { constantTimeEqual } from '../shared/network/secrets';
import type { EventKindSpec } from './events';

export interface Refusal {
	status: number;
	reason: string;
}

export interface GuardOptions {
	allowedSources?: string;
	proxyHops?: number;
	sharedSecret?: string;
	maxBodyKb?: number;
}

export const SECRET_QUERY_PARAMETER = 'secret';
export const SECRET_HEADER = 'x-solswitch-secret';
const DEFAULT_MAX_BODY_KB = 64;

/** Problems with the node's own settings, found at publish time and on every request. */
export function settingsProblems(options: GuardOptions): string[] {
	const { invalid } = parseRangeList(options.allowedSources ?? '');
	return invalid.length ? [`Allowed Sources has entries that are not addresses or CIDR ranges: ${invalid.join(', ')}`] : [];
}

/**
 * The caller's address: the connection's, or, behind `hops` trusted proxies, the address the
 * outermost of them saw (X-Forwarded-For entries are appended left to right, so count from the right).
 */
export function sourceAddress(socketAddress: string, forwardedFor: string | string[] | undefined, hops: number): string | undefined {
	if (!hops) return socketAddress;
	const forwarded = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor ?? '')
		.split(',')
		.map((s) => s.trim())
		.filter(Boolean);
	const chain = [...forwarded, socketAddress];
	return chain[chain.length - 1 - hops];
}

function checkSource(fn: IWebhookFunctions, options: GuardOptions): Refusal | undefined {
	const { ranges } = parseRangeList(options.allowedSources ?? '');
	if (!ranges.length) return undefined;
	const req = fn.getRequestObject();
	const address = sourceAddress(req.socket?.remoteAddress ?? '', req.headers['x-forwarded-for'], Number(options.proxyHops ?? 0));
	if (address && isAddressInRanges(address, ranges)) return undefined;
	return { status: 403, reason: `Source address ${address ?? '(unknown)'} is not in Allowed Sources` };
}

function checkSecret(fn: IWebhookFunctions, options: GuardOptions): Refusal | undefined {
	const secret = options.sharedSecret ?? '';
	if (!secret) return undefined;
	const query = fn.getQueryData() as IDataObject;
	const header = fn.getHeaderData()[SECRET_HEADER];
	const given = [query[SECRET_QUERY_PARAMETER], header].find((v) => typeof v === 'string' && v !== '') as string | undefined;
	if (given === undefined) return { status: 401, reason: 'Shared secret missing: give it as ?secret= in the URL or in the X-SolSwitch-Secret header' };
	if (!constantTimeEqual(given, secret)) return { status: 401, reason: 'Shared secret does not match' };
	return undefined;
}

function bodySize(fn: IWebhookFunctions): number {
	const req = fn.getRequestObject() as unknown as { rawBody?: Buffer; headers: Record<string, unknown> };
	if (req.rawBody) return req.rawBody.length;
	return Number(req.headers['content-length'] ?? 0) || 0;
}

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}

/** The body as fields: n8n has parsed JSON and form bodies; a body sent without a type is parsed here. */
type Admitted = { fields: IDataObject } | { refusal: Refusal };

const refuse = (status: number, reason: string): Admitted => ({ refusal: { status, reason } });

function readFields(fn: IWebhookFunctions): Admitted {
	const parsed = fn.getBodyData() as unknown;
	if (isObject(parsed) && Object.keys(parsed).length) return { fields: parsed };
	const raw = (fn.getRequestObject() as unknown as { rawBody?: Buffer }).rawBody;
	const text = typeof parsed === 'string' ? parsed : raw?.toString('utf8') ?? '';
	if (!text.trim()) return refuse(400, 'The body is empty: expected a JSON object or form fields');
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch {
		if (/^[^=&\s]+=[^&]*(&[^=&\s]+=[^&]*)*$/.test(text.trim())) {
			return { fields: Object.fromEntries(new URLSearchParams(text.trim())) as IDataObject };
		}
		return refuse(400, 'The body is neither valid JSON nor form fields');
	}
	if (isObject(json)) return { fields: json };
	return refuse(400, `The body must be a JSON object, not ${Array.isArray(json) ? 'an array' : typeof json}`);
}

/** Runs every check; returns the request's fields or the first refusal. */
export function admit(fn: IWebhookFunctions, kind: EventKindSpec, options: GuardOptions): Admitted {
	const problems = settingsProblems(options);
	if (problems.length) return refuse(500, `Trigger misconfigured: ${problems.join('; ')}`);
	const refusal = checkSource(fn, options) ?? checkSecret(fn, options);
	if (refusal) return { refusal };
	const limitKb = Number(options.maxBodyKb) > 0 ? Number(options.maxBodyKb) : DEFAULT_MAX_BODY_KB;
	if (bodySize(fn) > limitKb * 1024) return refuse(413, `The body is larger than ${limitKb} KB (Maximum Body Size)`);
	const read = readFields(fn);
	if ('refusal' in read) return read;
	const missing = kind.required.filter((name) => read.fields[name] === undefined || read.fields[name] === null);
	if (missing.length) return refuse(400, `Missing required field ${missing.join(', ')}`);
	return read;
}
