/**
 * Call and Wait for Keypress: the call watcher. execute() places the first call and puts the
 * execution to wait at once, so the person's keypress, whenever it comes after the answer, finds a
 * waiting execution (n8n answers a post to the resume URL of a running execution with 409 "running
 * already" before any node code runs: n8n/dist/webhooks/waiting-webhooks.js). What execute() did
 * before the wait (reading the call's legs, calling again on busy or no answer) goes on here, after
 * execute() has returned:
 *   - the call is answered (or the records never say, Ring Timeout + 15 s): nothing more to do, the
 *     keypress resumes the wait (webhook.ts);
 *   - busy or not answered: wait the Retry Interval and call again (the same CustomDVData, so the same
 *     wait and secret), up to Retries more times, never past Limit Wait Time, and only while the
 *     execution still waits (asked at the resume URL first: a wait cancelled in n8n rings nobody);
 *   - nobody answered any call: the watcher posts what happened to the wait's own resume URL, with the
 *     wait's secret, and webhook.ts resumes the execution with approved false, answered false.
 * Why here and not in a later run of the node: n8n ends a timed-out wait without running the node's
 * code (n8n-core workflow-execute.js handleWaitingState disables the node; its input passes through),
 * so a wait cannot end at the retry time and call again.
 * It never throws (nothing awaits it); it ends by the clock (its deadline), and stops when the
 * execution is cancelled (n8n's cancel signal).
 */
import { sleep, type ICredentialDataDecryptedObject, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';
import { DEFAULT_REQUEST_TIMEOUT_MS, solswitchRequest } from '../../engine/transport/request';
import { switchService } from '../../shared/services';
import { fateOf, type CallFate } from './fate';
import { AUTH_TYPE } from './secret';

export const NEW_CALL_PATH = 'newcall';
const DETAILS_PATH = 'cdrlegdetailsapi';
/** How often the call's legs are read while it rings. */
export const WATCH_EVERY_MS = 1000;
/** Read the legs this long past the ring timeout before taking the call as answered (records never said). */
export const WATCH_MARGIN_S = 15;
/**
 * How long New Call may take to answer. WaitForStart 1 "waits for the start" (switch document), which a
 * switch may take to mean the far end answered: then an unanswered call is answered only after Ring
 * Timeout. So never less than the Ring Timeout and the margin the legs are read for, nor the usual bound.
 */
export function newCallTimeoutMs(ringSeconds: number): number {
	const ring = Number.isFinite(ringSeconds) && ringSeconds > 0 ? ringSeconds : 0;
	return Math.max(DEFAULT_REQUEST_TIMEOUT_MS, (ring + WATCH_MARGIN_S) * 1000);
}

/** How often, and how long, a post to the resume URL is repeated while n8n says the execution is not waiting yet. */
const POST_EVERY_MS = 500;
const POST_FOR_MS = 30_000;

/** The body the watcher posts to the resume URL when nobody answered (webhook.ts tells it from a keypress by `callResult`). */
export const CALL_RESULT = 'unanswered';
/** The question the watcher asks before calling again; webhook.ts answers STILL_WAITING and resumes nothing. */
export const STILL_WAITING_QUESTION = 'stillWaiting';
export const STILL_WAITING = 'waiting';

export interface Attempt {
	attempt: number;
	callId: string;
	outcome: CallFate | 'unknown' | 'failed';
	at: string;
}

export interface WatchPlan {
	credentials: ICredentialDataDecryptedObject;
	/** The New Call request (the same for every attempt). */
	request: IDataObject;
	customer: unknown;
	firstCallId: string;
	retries: number;
	intervalMs: number;
	ringSeconds: number;
	waitTill: Date;
	resumeUrl: string;
	secret: string;
}

const cancelled = (fn: IExecuteFunctions) => fn.getExecutionCancelSignal?.()?.aborted === true;

/** Reads the call's legs until it is answered or ends unanswered; 'unknown' when the records never say. */
export async function fateOfCall(fn: IExecuteFunctions, plan: Pick<WatchPlan, 'credentials' | 'customer' | 'ringSeconds'>, callId: string): Promise<CallFate | 'unknown'> {
	if (!callId) return 'unknown';
	const deadline = Date.now() + (plan.ringSeconds + WATCH_MARGIN_S) * 1000;
	while (Date.now() < deadline && !cancelled(fn)) {
		try {
			const answer = await solswitchRequest(fn, {
				service: switchService,
				path: DETAILS_PATH,
				body: { CallID: callId, ...(plan.customer !== undefined ? { Customer: plan.customer } : {}) },
				attributes: ['CallID', 'Customer'],
				credentials: plan.credentials,
			});
			const fate = fateOf(answer.kind === 'ok' ? (answer.data as IDataObject).Details : undefined);
			if (fate !== 'ringing') return fate;
		} catch {
			// Not in the records yet (Unknown CallID: until the hang-up on some switches), or no answer: read again.
		}
		await sleep(WATCH_EVERY_MS);
	}
	return 'unknown';
}

/** Watches the first call, calls again on busy or no answer, and reports a call nobody answered. */
export async function watchCalls(fn: IExecuteFunctions, plan: WatchPlan): Promise<void> {
	try {
		const attempts: Attempt[] = [];
		let callId = plan.firstCallId;
		for (let attempt = 1; ; attempt++) {
			const outcome = await fateOfCall(fn, plan, callId);
			attempts.push({ attempt, callId, outcome, at: new Date().toISOString() });
			if (outcome === 'answered' || outcome === 'unknown' || cancelled(fn)) return;
			if (attempt > plan.retries) break;
			await sleep(plan.intervalMs);
			if (Date.now() >= plan.waitTill.getTime() || cancelled(fn)) break;
			if (!(await stillWaiting(fn, plan))) return;
			try {
				const answer = await solswitchRequest(fn, { service: switchService, path: NEW_CALL_PATH, body: plan.request, attributes: Object.keys(plan.request), credentials: plan.credentials, timeout: newCallTimeoutMs(plan.ringSeconds) });
				callId = String(((answer.kind === 'ok' ? answer.data : {}) as IDataObject).CallID ?? '');
			} catch {
				attempts.push({ attempt: attempt + 1, callId: '', outcome: 'failed', at: new Date().toISOString() });
				break;
			}
		}
		await report(fn, plan, attempts);
	} catch {
		// Nothing awaits the watcher: the wait ends at Limit Wait Time.
	}
}

/**
 * Posts to the wait's resume URL with the wait's secret until n8n gives an answer that is not "not
 * waiting yet" (409 "running already": the execution that placed the call is not saved as waiting
 * yet, as when the first call was busy at once) nor a failure of n8n itself; undefined when none came.
 */
async function post(fn: IExecuteFunctions, plan: WatchPlan, body: IDataObject): Promise<{ status: number; text: string } | undefined> {
	const deadline = Date.now() + POST_FOR_MS;
	while (Date.now() < deadline && !cancelled(fn)) {
		try {
			const answer = (await fn.helpers.httpRequest({
				method: 'POST',
				url: plan.resumeUrl,
				headers: { authorization: `${AUTH_TYPE} ${plan.secret}` },
				body,
				json: true,
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				timeout: 15_000,
			})) as { statusCode: number; body: unknown };
			const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? '');
			if (!(answer.statusCode === 409 && /running already/i.test(text)) && answer.statusCode < 500) return { status: answer.statusCode, text };
		} catch {
			// n8n did not answer: ask again.
		}
		await sleep(POST_EVERY_MS);
	}
	return undefined;
}

/**
 * Whether the execution still waits: n8n hands the question to webhook.ts only while it does (it
 * answers a cancelled, finished or deleted execution itself). No answer at all: taken as waiting
 * (a call is the lesser harm than a missed approval).
 */
async function stillWaiting(fn: IExecuteFunctions, plan: WatchPlan): Promise<boolean> {
	const answer = await post(fn, plan, { callResult: STILL_WAITING_QUESTION });
	return !answer || (answer.status === 200 && answer.text.replace(/"/g, '').trim() === STILL_WAITING);
}

/** Hands the attempts to the waiting node (webhook.ts), which resumes the execution with them. */
async function report(fn: IExecuteFunctions, plan: WatchPlan, attempts: Attempt[]) {
	await post(fn, plan, { callResult: CALL_RESULT, attempts: attempts as unknown as IDataObject[] });
}
