/**
 * One POST to a service (the switch, the gateway: described by its ServiceSpec) through n8n's own
 * request helper and the credential's `authenticate` block, with the answer checked: FAIL becomes a
 * NodeApiError with a hint, an answer that is not JSON or an HTTP error becomes a clear error, and
 * the service's secrets never reach an error.
 */
import {
	NodeApiError,
	type IDataObject,
	type IExecuteFunctions,
	type IHttpRequestOptions,
	type ILoadOptionsFunctions,
	type JsonObject,
} from 'n8n-workflow';
import type { ServiceSpec } from '../catalog/types';
import { hintFor, isEmptyReason } from './failures';

export type RequestContext = IExecuteFunctions | ILoadOptionsFunctions;

export interface SolSwitchRequest {
	/** The service called: its credential, URLs, secrets and hints. */
	service: ServiceSpec;
	/** The function's path, made a URL by the service. */
	path: string;
	body: IDataObject;
	bodyFormat?: 'json' | 'form';
	timeout?: number;
	itemIndex?: number;
	/** Hints for FAIL reasons of this function, tried before the service's and the shared ones. */
	hints?: Array<[RegExp, string]>;
}

export type SolSwitchAnswer =
	| { kind: 'ok'; data: unknown }
	| { kind: 'empty'; reason: string };

/** Removes anything that looks like the key from a text before it is shown. */
export function scrub(text: string, secrets: string[]): string {
	let out = text;
	for (const s of secrets) if (s && s.length >= 3) out = out.split(s).join('***');
	return out;
}

function apiError(ctx: RequestContext, message: string, description: string | undefined, itemIndex?: number, httpCode?: string) {
	return new NodeApiError(
		ctx.getNode(),
		{ message } as JsonObject,
		{ message, description, itemIndex, ...(httpCode ? { httpCode } : {}) },
	);
}

function parseAnswer(raw: unknown): unknown {
	if (typeof raw !== 'string') return raw;
	const text = raw.trim();
	if (!text) return undefined;
	try {
		return JSON.parse(text);
	} catch {
		return raw;
	}
}

/**
 * FAIL status object: `{ Status: 'FAIL', Reason }`, bare or as the only element of an array answer.
 * An array with more elements is data (its elements are records), even if one of them says FAIL.
 */
function failureOf(data: unknown): { reason: string } | undefined {
	const candidate = Array.isArray(data) ? (data.length === 1 ? data[0] : undefined) : data;
	if (candidate && typeof candidate === 'object' && (candidate as IDataObject).Status === 'FAIL') {
		return { reason: String((candidate as IDataObject).Reason ?? 'no reason given') };
	}
	return undefined;
}

export async function solswitchRequest(ctx: RequestContext, req: SolSwitchRequest): Promise<SolSwitchAnswer> {
	const credentials = await ctx.getCredentials(req.service.credential);
	const secrets = req.service.secrets(credentials);
	const service = req.service.name;
	const url = req.service.url(credentials, req.path);
	const options: IHttpRequestOptions = {
		method: 'POST',
		url,
		body: req.body,
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: req.timeout ?? 30000,
		headers:
			req.bodyFormat === 'form'
				? { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' }
				: { 'Content-Type': 'application/json', Accept: 'application/json' },
	};
	let response: { statusCode: number; body: unknown };
	try {
		response = (await ctx.helpers.httpRequestWithAuthentication.call(ctx, req.service.credential, options)) as {
			statusCode: number;
			body: unknown;
		};
	} catch (error) {
		// Only the code and a scrubbed message leave this function: the raw error carries the
		// request (and so the key) in its config.
		// n8n wraps the network error (NodeApiError around an AxiosError): find its code underneath.
		const code = errorCode(error);
		const timedOut = code === 'ECONNABORTED' || code === 'ETIMEDOUT' || /timeout/i.test(String(error.message));
		const message = timedOut
			? `The ${service} did not answer within ${options.timeout} ms`
			: code === 'ECONNREFUSED'
				? `Could not connect to the ${service} at ${new URL(url).origin} (connection refused)`
				: `Could not reach the ${service}: ${scrub(String(error.message ?? code), secrets)}`;
		const description = timedOut
			? `The ${service} may be busy. Try again, or raise Options > Timeout.`
			: "Check the Base URL in the credential and that this n8n server can reach it.";
		// No httpCode here: NodeApiError would replace our message with its generic one for the code.
		throw apiError(ctx, message, description, req.itemIndex);
	}
	const data = parseAnswer(response.body);
	const failure = failureOf(data);
	if (failure) {
		if (isEmptyReason(failure.reason)) return { kind: 'empty', reason: failure.reason };
		const reason = scrub(failure.reason, secrets);
		const hints = [...(req.hints ?? []), ...(req.service.hints ?? [])];
		const hint = hints.find(([re]) => re.test(reason))?.[1] ?? hintFor(reason);
		throw apiError(ctx, `The ${service} answered FAIL: ${reason}`, hint, req.itemIndex, String(response.statusCode));
	}
	if (response.statusCode >= 400) {
		const detail = typeof data === 'string' ? scrub(data.slice(0, 200), secrets) : '';
		throw apiError(
			ctx,
			`The ${service} answered HTTP ${response.statusCode}${detail ? `: ${detail}` : ''}`,
			req.service.baseUrlHint,
			req.itemIndex,
			String(response.statusCode),
		);
	}
	if (data === undefined || typeof data !== 'object' || data === null) {
		const shown = typeof data === 'string' ? `: "${scrub(data.slice(0, 120), secrets)}"` : ' (an empty body)';
		throw apiError(
			ctx,
			`The ${service} answered something that is not JSON${shown}`,
			`Check the Base URL in the credential: it should point at the ${service}, and the answer should be JSON with a Status.`,
			req.itemIndex,
		);
	}
	return { kind: 'ok', data };
}

function errorCode(error: unknown): string {
	const seen = new Set<unknown>();
	let current = error as { code?: unknown; cause?: unknown; httpCode?: unknown } | undefined;
	while (current && typeof current === 'object' && !seen.has(current)) {
		seen.add(current);
		if (typeof current.code === 'string' && /^E[A-Z_]+$/.test(current.code)) return current.code;
		current = current.cause as typeof current;
	}
	return '';
}
