/**
 * The switch's own records of one call, looked up by its CallID from a `Disconnected` notification:
 * CDR Leg Details (when it started and ended, its recordings' names), then CDR Export over exactly
 * that time (its legs: caller name, disposition, connect time), and for New Recording, Call
 * Recording (the download URLs). Nothing is kept between notifications: every n8n process that
 * receives the notification finds the same records.
 *
 * A CDR is written a few seconds after the hang-up: until then the switch answers `Unknown CallID`
 * (or CDR Export lacks the CallID). The lookup then waits and asks again, within the same webhook
 * call (n8n-workflow's sleep: node code has no timers of its own). The kind's "Wait for Call Record"
 * bounds the whole lookup by the clock, requests included (deadline.ts): each request's timeout is
 * cut to the time left, so a slow or silent switch cannot hold the notification longer than the
 * setting plus 10 s (deadline.ts GRACE_MS). A CallID the switch still lists among its active calls is a leg of
 * a call that goes on (a transfer): that notification is not the call's end.
 * A switch that cannot be reached, or answers FAIL for another reason, fails the lookup with the
 * transport's clear error (the key scrubbed), which n8n records as a failed execution.
 */
import { NodeApiError, NodeOperationError, sleep, type ICredentialDataDecryptedObject, type IDataObject, type IWebhookFunctions, type JsonObject } from 'n8n-workflow';
import { credentialAccepts } from '../../engine/trigger/keptCredential';
import { solswitchRequest } from '../../engine/transport/request';
import { switchService } from '../../shared/services';
import { Deadline, OUT_OF_TIME, REQUEST_TIMEOUT_MS } from './deadline';
import { numberKey } from '../../shared/numbers';
import { legsOf, secondsOf, type CdrLeg, type LegDetail } from './outcome';

export interface CallRecord {
	details: LegDetail[];
	legs: CdrLeg[];
}

export type Lookup = { found: CallRecord } | { live: true };

/** The first wait before asking again; each next one doubles, up to MAX_STEP_MS. */
export const FIRST_STEP_MS = 250;
export const MAX_STEP_MS = 2000;

/**
 * One try of a lookup: what it found, or why it may succeed a moment later (the record is not
 * written yet, the switch did not answer), or the switch's refusal, which asking again cannot change.
 */
export type Attempt<T> = { found: T } | { notYet: string } | { refused: { message: string; description?: string } };

const messageOf = (error: unknown) => String((error as Error)?.message ?? error);
const isUnknownCall = (error: unknown) => /Unknown CallID/i.test(messageOf(error));
/** A FAIL with another Reason is the switch's decision (key, customer, IP): asking again changes nothing. */
const isSwitchRefusal = (error: unknown) => /answered FAIL/.test(messageOf(error)) && !isUnknownCall(error);

type Answer = Awaited<ReturnType<typeof solswitchRequest>>;

/**
 * The SolSwitch API credential, read the kept way (engine/trigger/keptCredential.ts): n8n 2.x's
 * credentials helper takes an expression isolate of its own for every read outside an execution,
 * and a webhook call is outside one (the Missed Call bench's profile: a third of a notification's
 * CPU). `fresh`: read it again now (a request refused with the kept one may have met a new key).
 */
async function switchCredentials(fn: IWebhookFunctions, fresh = false): Promise<ICredentialDataDecryptedObject> {
	const read = await credentialAccepts(fn, switchService.credential, (c) => c, (c) => !fresh && typeof c.baseUrl === 'string' && c.baseUrl.trim() !== '', Date.now(), 'callRecords');
	return read.value;
}

type Asked = { answer: Answer } | { notYet: string } | { refused: { message: string; description?: string } };

/**
 * One request, its timeout cut to the time the deadline leaves (none left: not asked); a failure
 * sorted into "not yet" (unknown call, unreachable, too slow, HTTP error) or a refusal.
 */
async function ask(fn: IWebhookFunctions, deadline: Deadline, path: string, body: IDataObject, emptyIsResult = false): Promise<Asked> {
	const request = async (credentials: ICredentialDataDecryptedObject, timeout: number) =>
		await solswitchRequest(fn, { service: switchService, path, body, emptyIsResult, attributes: Object.keys(body), timeout, credentials });
	const kept = await switchCredentials(fn);
	const timeout = deadline.requestTimeout(REQUEST_TIMEOUT_MS);
	if (timeout === undefined) return { notYet: OUT_OF_TIME };
	try {
		return { answer: await request(kept, timeout) };
	} catch (keptError) {
		// Asked again with the credential as saved now, if it changed (a key or base URL just replaced),
		// within what is left of the time.
		let error = keptError;
		const fresh = await switchCredentials(fn, true);
		const again = deadline.requestTimeout(REQUEST_TIMEOUT_MS);
		if (again !== undefined && JSON.stringify(fresh) !== JSON.stringify(kept)) {
			try {
				return { answer: await request(fresh, again) };
			} catch (freshError) {
				error = freshError;
			}
		}
		if (isSwitchRefusal(error)) return { refused: { message: messageOf(error), description: (error as { description?: string }).description } };
		return { notYet: messageOf(error) };
	}
}

function scoped(body: IDataObject, customer: string): IDataObject {
	return /^\d+$/.test(customer) ? { ...body, Customer: customer } : body;
}

async function details(fn: IWebhookFunctions, deadline: Deadline, callId: string, customer: string): Promise<Attempt<LegDetail[]>> {
	const asked = await ask(fn, deadline, 'cdrlegdetailsapi', scoped({ CallID: callId }, customer));
	if (!('answer' in asked)) return asked;
	const list = asked.answer.kind === 'ok' ? (asked.answer.data as IDataObject).Details : undefined;
	if (!Array.isArray(list) || !list.length) return { notYet: 'CDR Leg Details has no details yet' };
	return { found: list as LegDetail[] };
}

/**
 * Seconds added on each side of the call's own time when CDR Export is asked: a leg whose CDR
 * StartTime is written a moment before the first detail or after the last (the documents do not say
 * the two clocks agree to the second) is still in the window.
 */
export const WINDOW_PAD_S = 60;

const two = (n: number) => String(n).padStart(2, '0');
function shifted(time: string, seconds: number): string {
	const at = secondsOf(time);
	if (at === undefined) return time;
	const d = new Date((at + seconds) * 1000);
	return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
}

async function legs(fn: IWebhookFunctions, deadline: Deadline, callId: string, customer: string, found: LegDetail[]): Promise<Attempt<CdrLeg[]>> {
	// The call's own time, padded: every leg started within it, whichever time CDR Export filters on.
	const times = found.map((d) => String(d.StartTime ?? '').trim()).filter(Boolean).sort();
	if (!times.length) return { notYet: 'CDR Leg Details gave no times' };
	const window = { DateStart: shifted(times[0], -WINDOW_PAD_S), DateEnd: shifted(times[times.length - 1], WINDOW_PAD_S) };
	const asked = await ask(fn, deadline, 'cdrexport', scoped(window, customer), true);
	if (!('answer' in asked)) return asked;
	const list = legsOf(asked.answer.kind === 'ok' ? (asked.answer.data as IDataObject)[callId] : undefined);
	return list.length ? { found: list } : { notYet: `CDR Export has no legs of call ${callId} yet` };
}

/**
 * Whether the call goes on on another leg: the switch lists the CallID among its active calls with
 * another destination channel (or, without channels, other numbers) than the leg just notified. The
 * notified leg itself, still listed for a moment while it is torn down, is not a call that goes on.
 */
async function isLive(fn: IWebhookFunctions, deadline: Deadline, callId: string, customer: string, notified: IDataObject): Promise<boolean | { notYet: string }> {
	const asked = await ask(fn, deadline, 'listactivecalls', scoped({}, customer), true);
	// Unanswered (too slow, unreachable): that reason, so a lookup out of time says why.
	if ('notYet' in asked) return asked;
	if (!('answer' in asked) || asked.answer.kind !== 'ok') return false;
	const calls = (asked.answer.data as IDataObject).Calls;
	const text = (v: unknown) => String(v ?? '').trim();
	const otherLeg = (c: IDataObject) =>
		text(notified.DestinationChannel) && text(c.DestinationChannel)
			? text(c.DestinationChannel) !== text(notified.DestinationChannel)
			: numberKey(c.SourceNumber) !== numberKey(notified.SourceNumber) || numberKey(c.DestinationNumber) !== numberKey(notified.DestinationNumber);
	return Array.isArray(calls) && calls.some((c) => text((c as IDataObject)?.CallID) === callId && otherLeg(c as IDataObject));
}

/**
 * Tries `attempt` until it finds, or is refused, or the deadline allows no further try: a refusal is
 * the switch's own error; the last "not yet" becomes an error saying how long the trigger tried, and
 * why (the switch's last reason, not the clock's).
 */
export async function withWaits<T>(fn: IWebhookFunctions, deadline: Deadline, what: string, attempt: (first: boolean) => Promise<Attempt<T>>): Promise<T> {
	let step = FIRST_STEP_MS;
	let reason = OUT_OF_TIME;
	for (let first = true; ; first = false) {
		const tried = await attempt(first);
		if ('found' in tried) return tried.found;
		if ('refused' in tried) {
			throw new NodeApiError(fn.getNode(), { message: tried.refused.message } as JsonObject, { message: `${what}: ${tried.refused.message}`, description: tried.refused.description });
		}
		if (tried.notYet !== OUT_OF_TIME || reason === OUT_OF_TIME) reason = tried.notYet;
		if (!deadline.mayTryAgain()) {
			throw new NodeOperationError(fn.getNode(), `${what}: the switch had no record of it after ${Math.round(deadline.elapsedMs() / 1000)} s (${reason})`, {
				description:
					'The switch writes a call record a few seconds after the hang-up, and answers Unknown CallID until then. Raise Wait for Call Record (it bounds the whole lookup, requests included), or check that the switch can be reached from n8n and answers in time (the SolSwitch API credential).',
			});
		}
		await sleep(deadline.pause(step));
		step = Math.min(step * 2, MAX_STEP_MS);
	}
}

/**
 * The call's details and legs, or `live` when the switch still lists the call as active on another
 * leg than the one notified. Asked first, once: where leg details and CDR Export already hold the
 * ended legs during the call, a leg's end would otherwise read as the call's.
 */
export async function lookUpCall(fn: IWebhookFunctions, callId: string, customer: string, deadline: Deadline, notified: IDataObject = {}): Promise<Lookup> {
	return await withWaits<Lookup>(fn, deadline, `Call ${callId} could not be looked up`, async (first) => {
		if (first) {
			const live = await isLive(fn, deadline, callId, customer, notified);
			if (live === true) return { found: { live: true } };
			if (live !== false) return live;
		}
		const found = await details(fn, deadline, callId, customer);
		if (!('found' in found)) return found;
		const legsFound = await legs(fn, deadline, callId, customer, found.found);
		return 'found' in legsFound ? { found: { found: { details: found.found, legs: legsFound.found } } } : legsFound;
	});
}

/**
 * The call's Recording entries (Call Recording). When its leg details name recordings the switch
 * does not list yet, it is asked again within the wait, as for the CDR.
 */
export async function lookUpRecordings(fn: IWebhookFunctions, callId: string, customer: string, expected: number, deadline: Deadline): Promise<IDataObject[]> {
	return await withWaits(fn, deadline, `The recordings of call ${callId} could not be looked up`, async () => {
		const asked = await ask(fn, deadline, 'recording', scoped({ CallID: callId }, customer), true);
		if (!('answer' in asked)) return asked;
		const list = asked.answer.kind === 'ok' ? (asked.answer.data as IDataObject).Recording : undefined;
		const entries = (Array.isArray(list) ? list : []).filter((e) => e && typeof e === 'object') as IDataObject[];
		if (entries.length < expected) return { notYet: `Call Recording lists ${entries.length} of ${expected} recordings` };
		return { found: entries };
	});
}
