/**
 * One POST to a service (the switch, the gateway: described by its ServiceSpec) through n8n's own
 * request helper and the credential's `authenticate` block, with the answer checked: FAIL becomes a
 * NodeApiError with a hint, an answer that is not JSON or an HTTP error becomes a clear error, and
 * the service's secrets never reach an error.
 */
import {
	NodeApiError,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type IExecuteFunctions,
	type IHttpRequestOptions,
	type ILoadOptionsFunctions,
	type IWebhookFunctions,
	type JsonObject,
} from 'n8n-workflow';
import type { ServiceSpec } from '../catalog/types';
import { credentialsOnce } from './credentialsOnce';
import { isEmptyReason } from './failures';

/** How long a request to the switch or the gateway may take unless the caller says otherwise. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
import { httpFailure, isHtml, plainText } from './httpAnswers';

/** A node run, a dropdown's lookup, or a trigger's webhook call (the Messaging Trigger's reply SMS, the SolSwitch Trigger's call-record lookups), with the credential it read itself where it has one. */
export type RequestContext = IExecuteFunctions | ILoadOptionsFunctions | IWebhookFunctions;

export interface SolSwitchRequest {
	/** The service called: its credential, URLs, secrets and hints. */
	service: ServiceSpec;
	/** The function's path, made a URL by the service. */
	path: string;
	body: IDataObject;
	bodyFormat?: 'json' | 'form';
	timeout?: number;
	itemIndex?: number;
	/** Hints for FAIL reasons of this function, tried before the service's. */
	hints?: Array<[RegExp, string]>;
	/**
	 * API names of the function's attributes, so the service gives only the hints that fit it
	 * ("Unknown Channel" means "the call ended" only where a Channel was sent). None: a dropdown's lookup.
	 */
	attributes?: string[];
	/**
	 * The function returns a list or a report: a "nothing found" Reason is an empty result. On every
	 * other function (a command, a lookup of one thing) it is a failure like any other.
	 */
	emptyIsResult?: boolean;
	/** The credential already read (a trigger's webhook reads it its own kept way); else read once per run. */
	credentials?: ICredentialDataDecryptedObject;
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

/**
 * Convention 3: every answer carries Status OK or FAIL; an object answer without Status OK (a FAIL
 * is handled before) is not an answer we can trust. An answer that is a JSON array is a list the
 * document describes as such (Live Queue Stats: entries then a Status object; Toll Rates: "an array
 * of objects"): its elements are records.
 */
function hasValidStatus(data: unknown): boolean {
	return Array.isArray(data) || (data as IDataObject).Status === 'OK';
}

export async function solswitchRequest(ctx: RequestContext, req: SolSwitchRequest): Promise<SolSwitchAnswer> {
	const credentials = req.credentials ?? (await credentialsOnce(ctx as IExecuteFunctions | ILoadOptionsFunctions, req.service.credential));
	const secrets = req.service.secrets(credentials);
	const service = req.service.name;
	const url = req.service.url(credentials, req.path);
	const options: IHttpRequestOptions = {
		method: 'POST',
		url,
		body: req.body,
		json: true,
		returnFullResponse: true,
		// An HTTP error status is an answer, not a thrown error: n8n's httpRequestWithAuthentication
		// sends a request again after a thrown 401, which would send an SMS twice.
		ignoreHttpStatusErrors: true,
		timeout: req.timeout ?? DEFAULT_REQUEST_TIMEOUT_MS,
		headers:
			req.bodyFormat === 'form'
				? { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' }
				: { 'Content-Type': 'application/json', Accept: 'application/json' },
	};
	let response: { statusCode: number; body: unknown };
	try {
		// The credential already read is handed over, or n8n would read it from its database again.
		const type = req.service.credential;
		response = (await ctx.helpers.httpRequestWithAuthentication.call(ctx, type, options, {
			credentialsDecrypted: { id: '', name: type, type, data: credentials },
		})) as {
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
				: code
					? `Could not reach the ${service}: ${scrub(String(error.message ?? code), secrets)}`
					: // No network code: the request was not made (e.g. the credential refused itself in its authenticate).
						`The ${service} could not be called: ${scrub(String(error.message), secrets)}`;
		const description = timedOut
			? `The ${service} may be busy. Try again, or raise Options > Timeout.`
			: code
				? 'Check the Base URL in the credential and that this n8n server can reach it.'
				: 'Check the credential: the request was refused before it reached the network.';
		// No httpCode here: NodeApiError would replace our message with its generic one for the code.
		throw apiError(ctx, message, description, req.itemIndex);
	}
	const data = parseAnswer(response.body);
	const failure = failureOf(data);
	if (failure) {
		if (req.emptyIsResult && isEmptyReason(failure.reason)) return { kind: 'empty', reason: failure.reason };
		const reason = scrub(failure.reason, secrets);
		const hints = [...(req.hints ?? []), ...(req.service.hints ?? []), ...(req.service.hintsFor?.(req.attributes) ?? [])];
		const hint = hints.find(([re]) => re.test(reason))?.[1];
		throw apiError(ctx, `The ${service} answered FAIL: ${reason}`, hint, req.itemIndex, String(response.statusCode));
	}
	if (response.statusCode >= 400) {
		const extract = typeof data === 'string' ? scrub(plainText(data), secrets) : '';
		const { message, description } = httpFailure(service, response.statusCode, extract, req.service.baseUrlHint);
		throw apiError(ctx, message, description, req.itemIndex, String(response.statusCode));
	}
	if (typeof data === 'string' && isHtml(data)) {
		const extract = scrub(plainText(data), secrets);
		throw apiError(
			ctx,
			`The ${service} answered an HTML page, not JSON`,
			`${req.service.baseUrlHint}${extract ? ` The page says: "${extract}"` : ''}`,
			req.itemIndex,
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
	if (!hasValidStatus(data)) {
		const shown = scrub(JSON.stringify(data), secrets);
		throw apiError(
			ctx,
			`The ${service} answered without a Status (OK or FAIL): ${shown.length > 200 ? `${shown.slice(0, 200)}…` : shown}`,
			`Every answer of the ${service} carries Status OK or FAIL. Check that the Base URL points at the ${service} itself, not at a proxy or another service.`,
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
