/**
 * The switch's own records of one call, looked up by its CallID from a `Disconnected` notification:
 * CDR Leg Details (when it started and ended, its recordings' names), then CDR Export over exactly
 * that time (its legs: caller name, disposition, connect time), and for New Recording, Call
 * Recording (the download URLs). Nothing is kept between notifications: every n8n process that
 * receives the notification finds the same records.
 *
 * A CDR is written a few seconds after the hang-up: until then the switch answers `Unknown CallID`
 * (or CDR Export lacks the CallID). The lookup then waits and asks again, within the same webhook
 * call (n8n-workflow's sleep: node code has no timers of its own), for at most the kind's
 * "Wait for Call Record" seconds. A CallID the switch still lists among its active calls is a leg of
 * a call that goes on (a transfer): that notification is not the call's end.
 * A switch that cannot be reached, or answers FAIL for another reason, fails the lookup with the
 * transport's clear error (the key scrubbed), which n8n records as a failed execution.
 */
import { NodeOperationError, sleep, type IDataObject, type IWebhookFunctions } from 'n8n-workflow';
import { solswitchRequest } from '../../engine/transport/request';
import { switchService } from '../../shared/services';
import { legsOf, type CdrLeg, type LegDetail } from './outcome';

export interface CallRecord {
	details: LegDetail[];
	legs: CdrLeg[];
}

export type Lookup = { found: CallRecord } | { live: true };

/** The first wait before asking again; each next one doubles, up to MAX_STEP_MS. */
export const FIRST_STEP_MS = 250;
export const MAX_STEP_MS = 2000;

/** The error of a lookup that may succeed a moment later: the record is not written yet, or the switch did not answer. */
class NotYet extends Error {}

const isUnknownCall = (error: unknown) => /Unknown CallID/i.test(String((error as Error)?.message ?? ''));
/** A FAIL with a Reason is the switch's decision (key, customer, IP): asking again changes nothing. */
const isSwitchRefusal = (error: unknown) => /answered FAIL/.test(String((error as Error)?.message ?? ''));

async function call(fn: IWebhookFunctions, path: string, body: IDataObject, emptyIsResult = false) {
	return await solswitchRequest(fn, { service: switchService, path, body, emptyIsResult, attributes: Object.keys(body), timeout: 10_000 });
}

function scoped(body: IDataObject, customer: string): IDataObject {
	return /^\d+$/.test(customer) ? { ...body, Customer: customer } : body;
}

async function details(fn: IWebhookFunctions, callId: string, customer: string): Promise<LegDetail[]> {
	try {
		const answer = await call(fn, 'cdrlegdetailsapi', scoped({ CallID: callId }, customer));
		const list = answer.kind === 'ok' ? (answer.data as IDataObject).Details : undefined;
		if (!Array.isArray(list) || !list.length) throw new NotYet('CDR Leg Details has no details yet');
		return list as LegDetail[];
	} catch (error) {
		if (error instanceof NotYet || isUnknownCall(error) || !isSwitchRefusal(error)) throw new NotYet((error as Error).message);
		throw error;
	}
}

async function legs(fn: IWebhookFunctions, callId: string, customer: string, found: LegDetail[]): Promise<CdrLeg[]> {
	// The call's own time: every leg started within it, whichever time CDR Export filters on.
	const times = found.map((d) => String(d.StartTime ?? '').trim()).filter(Boolean).sort();
	if (!times.length) throw new NotYet('CDR Leg Details gave no times');
	try {
		const answer = await call(fn, 'cdrexport', scoped({ DateStart: times[0], DateEnd: times[times.length - 1] }, customer), true);
		const value = answer.kind === 'ok' ? (answer.data as IDataObject)[callId] : undefined;
		const list = legsOf(value);
		if (!list.length) throw new NotYet(`CDR Export has no legs of call ${callId} yet`);
		return list;
	} catch (error) {
		if (error instanceof NotYet || !isSwitchRefusal(error)) throw new NotYet((error as Error).message);
		throw error;
	}
}

async function isLive(fn: IWebhookFunctions, callId: string, customer: string): Promise<boolean> {
	const answer = await call(fn, 'listactivecalls', scoped({}, customer), true);
	const calls = answer.kind === 'ok' ? (answer.data as IDataObject).Calls : undefined;
	return Array.isArray(calls) && calls.some((c) => String((c as IDataObject)?.CallID ?? '') === callId);
}

/** Asks `attempt` until it gives an answer or `waitMs` has passed; the last NotYet becomes a clear error. */
export async function withWaits<T>(fn: IWebhookFunctions, waitMs: number, what: string, attempt: (first: boolean) => Promise<T>): Promise<T> {
	let waited = 0;
	let step = FIRST_STEP_MS;
	for (let first = true; ; first = false) {
		try {
			return await attempt(first);
		} catch (error) {
			if (!(error instanceof NotYet)) throw error;
			if (waited >= waitMs) {
				throw new NodeOperationError(fn.getNode(), `${what}: the switch had no record of it after ${Math.round(waited / 1000)} s (${error.message})`, {
					description:
						'The switch writes a call record a few seconds after the hang-up, and answers Unknown CallID until then. Raise Wait for Call Record, or check that the switch can be reached from n8n (the SolSwitch API credential).',
				});
			}
			const pause = Math.min(step, waitMs - waited);
			await sleep(pause);
			waited += pause;
			step = Math.min(step * 2, MAX_STEP_MS);
		}
	}
}

/** The call's details and legs, or `live` when the switch still lists the CallID among its active calls. */
export async function lookUpCall(fn: IWebhookFunctions, callId: string, customer: string, waitMs: number): Promise<Lookup> {
	return await withWaits(fn, waitMs, `Call ${callId} could not be looked up`, async (first) => {
		let found: LegDetail[];
		try {
			found = await details(fn, callId, customer);
		} catch (error) {
			// Asked once: a leg of a call that goes on is answered at once, not after the whole wait.
			if (first && error instanceof NotYet && (await isLive(fn, callId, customer).catch(() => false))) return { live: true } as const;
			throw error;
		}
		return { found: { details: found, legs: await legs(fn, callId, customer, found) } };
	});
}

/**
 * The call's Recording entries (Call Recording). When its leg details name recordings the switch
 * does not list yet, it is asked again within the wait, as for the CDR.
 */
export async function lookUpRecordings(fn: IWebhookFunctions, callId: string, customer: string, expected: number, waitMs: number): Promise<IDataObject[]> {
	return await withWaits(fn, waitMs, `The recordings of call ${callId} could not be looked up`, async () => {
		let answer;
		try {
			answer = await call(fn, 'recording', scoped({ CallID: callId }, customer), true);
		} catch (error) {
			if (isUnknownCall(error) || !isSwitchRefusal(error)) throw new NotYet((error as Error).message);
			throw error;
		}
		const list = answer.kind === 'ok' ? (answer.data as IDataObject).Recording : undefined;
		const entries = (Array.isArray(list) ? list : []).filter((e) => e && typeof e === 'object') as IDataObject[];
		if (entries.length < expected) throw new NotYet(`Call Recording lists ${entries.length} of ${expected} recordings`);
		return entries;
	});
}
