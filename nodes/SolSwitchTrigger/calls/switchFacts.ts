/**
 * What the switch says about a customer, read to classify its calls (classify.ts): its extensions
 * and the DIDs they call out with (Extension > view, Full: ExtensionNumber, CIDNum, which New Call
 * says "must be a DID on the customer's account"), its DIDs (DID > view; the DID suite needs a key
 * with global access, so a customer-scoped key goes without and the extensions' caller IDs stand in),
 * its voicemail boxes (Voicemail > view: a box has an extension number of its own) and its queues
 * (Live Queue Stats: each queue's extension, `Ext`).
 *
 * These lists change when an administrator changes the switch, not per call: they are kept per
 * switch and customer for FACTS_LIFETIME_MS, so a burst of calls costs one read. A list the switch
 * refuses or cannot give is left empty and named in `missing`, so the item says what was not known;
 * it is asked again after MISSING_RETRY_MS.
 *
 * The reading runs on the notification's clock (deadline.ts), like the lookup of the call's records:
 * each list's request is cut to the time left, and none is made once no time is left (the list is
 * then missing, named with OUT_OF_TIME), so Wait for Call Record bounds the whole webhook call.
 */
import type { ICredentialDataDecryptedObject, IDataObject, IWebhookFunctions } from 'n8n-workflow';
import { credentialAccepts } from '../../engine/trigger/keptCredential';
import { solswitchRequest } from '../../engine/transport/request';
import { switchService } from '../../shared/services';
import { numberKey } from '../../shared/numbers';
import { OUT_OF_TIME, REQUEST_TIMEOUT_MS, type Deadline } from './deadline';

export interface SwitchFacts {
	/** The customer the lists are of ('' when the notification named none: the key's own, or 1). */
	customer: string;
	extensions: ReadonlySet<string>;
	/** Number keys (numbers.ts) of the customer's DIDs and of its extensions' caller ID numbers. */
	dids: ReadonlySet<string>;
	boxes: ReadonlySet<string>;
	queues: ReadonlySet<string>;
	/** The lists that could not be read, with the switch's reason. */
	missing: string[];
}

/** How long the lists are kept: an extension or box added on the switch counts within five minutes. */
export const FACTS_LIFETIME_MS = 5 * 60_000;
/** A list that could not be read is asked again sooner. */
export const MISSING_RETRY_MS = 30_000;
const MAX_KEPT = 200;

const kept = new Map<string, { facts: SwitchFacts; at: number }>();

/** For tests: forget every kept list. */
export function forgetSwitchFacts() {
	kept.clear();
}

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());

async function credentials(fn: IWebhookFunctions): Promise<ICredentialDataDecryptedObject> {
	const read = await credentialAccepts(fn, switchService.credential, (c) => c, (c) => typeof c.baseUrl === 'string' && c.baseUrl.trim() !== '', Date.now(), 'callRecords');
	return read.value;
}

/** The rows of a list, or why there are none ("nothing found" is an empty list, not a failure). */
async function rows(fn: IWebhookFunctions, creds: ICredentialDataDecryptedObject, deadline: Deadline, path: string, body: IDataObject, pick: (data: unknown) => unknown[]): Promise<IDataObject[] | { why: string }> {
	const timeout = deadline.requestTimeout(REQUEST_TIMEOUT_MS);
	if (timeout === undefined) return { why: OUT_OF_TIME };
	try {
		const answer = await solswitchRequest(fn, { service: switchService, path, body, emptyIsResult: true, attributes: Object.keys(body), timeout, credentials: creds });
		if (answer.kind !== 'ok') return [];
		return pick(answer.data).filter((r) => r && typeof r === 'object') as IDataObject[];
	} catch (error) {
		return { why: String((error as Error)?.message ?? error).slice(0, 200) };
	}
}

const results = (data: unknown) => (Array.isArray((data as IDataObject)?.Results) ? ((data as IDataObject).Results as unknown[]) : []);
/** Live Queue Stats: one entry per queue, then an object holding Status. */
const queueEntries = (data: unknown) => (Array.isArray(data) ? data : []).filter((e) => (e as IDataObject)?.Ext !== undefined);

/** The customer's lists, kept or read now within `deadline` (the notification's clock). */
export async function switchFactsOf(fn: IWebhookFunctions, customer: string, deadline: Deadline, now = Date.now()): Promise<SwitchFacts> {
	const creds = await credentials(fn);
	const key = `${text(creds.baseUrl)}|${customer}`;
	const earlier = kept.get(key);
	const lifetime = earlier?.facts.missing.length ? MISSING_RETRY_MS : FACTS_LIFETIME_MS;
	if (earlier && now - earlier.at >= 0 && now - earlier.at < lifetime) return earlier.facts;
	const scoped = /^\d+$/.test(customer) ? { Customer: customer } : {};
	const [extensions, boxes, queues, dids] = await Promise.all([
		rows(fn, creds, deadline, 'extension/view', { ...scoped, ViewType: 'Full' }, results),
		rows(fn, creds, deadline, 'voicemail/view', scoped, results),
		rows(fn, creds, deadline, 'livequeuestat', scoped, queueEntries),
		rows(fn, creds, deadline, 'did/view', /^\d+$/.test(customer) ? { CustID: customer } : {}, results),
	]);
	const missing: string[] = [];
	const list = (name: string, found: IDataObject[] | { why: string }) => {
		if (Array.isArray(found)) return found;
		missing.push(`${name}: ${found.why}`);
		return [];
	};
	const extensionRows = list('extensions', extensions);
	// A customer-scoped key may not read the DID suite: its extensions' caller IDs are its DIDs then.
	const didRows = Array.isArray(dids) || !extensionRows.some((e) => text(e.CIDNum)) ? list('DIDs', dids) : [];
	const facts: SwitchFacts = {
		customer,
		extensions: new Set(extensionRows.map((e) => text(e.ExtensionNumber)).filter(Boolean)),
		dids: new Set([...didRows.map((d) => text(d.DID)), ...extensionRows.map((e) => text(e.CIDNum))].filter(Boolean).map(numberKey)),
		boxes: new Set(list('voicemail boxes', boxes).map((b) => text(b.ExtensionNumber)).filter(Boolean)),
		queues: new Set(list('queues', queues).map((q) => text(q.Ext)).filter(Boolean)),
		missing,
	};
	if (kept.size >= MAX_KEPT) kept.clear();
	kept.set(key, { facts, at: now });
	return facts;
}
