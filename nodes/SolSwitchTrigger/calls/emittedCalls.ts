/**
 * The calls a call-event kind has already started a run for, so a repeat of the notification that
 * ended a call is acknowledged without a second run.
 *
 * Which notification ends a call needs no memory (outcome.ts endsTheCall: the call's last leg, read
 * from the switch's records, the same in every process). A byte-for-byte repeat of that very
 * notification is the one thing records cannot tell apart, so it is remembered, by CallID, for a
 * day (at most MAX_KEPT calls):
 * - in the node's static data, written in the webhook phase (never by a worker: n8n behaviour N7),
 *   set changed when n8n takes the answer after queuing the run (N3), so n8n saves it with this
 *   call (N1): a restart, or another process reading the database, sees it;
 * - in a memory the calls of this process share (overlapping calls each save what they loaded, so
 *   every call puts the same object in its static data and the last save holds every entry).
 * A run that could not be queued is not remembered (n8n never takes the answer), so a repeat runs.
 * What it cannot do: two webhook processors receiving the same repeat in the same second.
 */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';
import { markStaticDataChanged } from '../../engine/trigger/n8nResponse';

export const EMITTED_KEY = 'solSwitchEndedCalls';
export const KEEP_MS = 24 * 3600 * 1000;
export const MAX_KEPT = 5000;

type Entries = Record<string, number>;

const processEntries = new Map<string, Entries>();
/** Calls being looked up in this process, since when; a claim older than CLAIM_ABANDONED_MS is taken over. */
const inFlight = new Map<string, number>();
export const CLAIM_ABANDONED_MS = 60_000;

function scopeOf(fn: IWebhookFunctions): string {
	return `${fn.getWorkflow().id ?? ''}:${fn.getNode().name}`;
}

/** This process's entries for the node, with those another process saved taken in, old ones dropped. */
function entriesOf(fn: IWebhookFunctions, now: number): Entries {
	const scope = scopeOf(fn);
	let entries = processEntries.get(scope);
	if (!entries) processEntries.set(scope, (entries = {}));
	const saved = fn.getWorkflowStaticData('node')[EMITTED_KEY] as Entries | undefined;
	if (saved && saved !== entries) for (const [id, at] of Object.entries(saved)) if (!(id in entries) && typeof at === 'number') entries[id] = at;
	for (const [id, at] of Object.entries(entries)) if (now - at > KEEP_MS) delete entries[id];
	const ids = Object.keys(entries);
	if (ids.length > MAX_KEPT) for (const id of ids.sort((a, b) => entries![a] - entries![b]).slice(0, ids.length - MAX_KEPT)) delete entries[id];
	return entries;
}

/** Whether a run already started for this call (here or, through the database, elsewhere). Reads only. */
export function alreadyStarted(fn: IWebhookFunctions, callId: string, now = Date.now()): boolean {
	return callId in entriesOf(fn, now);
}

/** Claims the call while its records are looked up; undefined when a copy is being looked up now. */
export function claim(fn: IWebhookFunctions, callId: string, now = Date.now()): { release: () => void } | undefined {
	const key = `${scopeOf(fn)}:${callId}`;
	const since = inFlight.get(key);
	if (since !== undefined && now - since < CLAIM_ABANDONED_MS) return undefined;
	inFlight.set(key, now);
	return { release: () => inFlight.get(key) === now && inFlight.delete(key) };
}

/** Remembers the call: called when n8n takes the answer of the run it queued. */
export function remember(fn: IWebhookFunctions, callId: string, now = Date.now()) {
	const entries = entriesOf(fn, now);
	entries[callId] = now;
	const staticData = fn.getWorkflowStaticData('node') as IDataObject;
	staticData[EMITTED_KEY] = entries;
	markStaticDataChanged(staticData, EMITTED_KEY);
}

/** Forgets this process's memory (tests of a restart). */
export function forgetProcessMemory() {
	processEntries.clear();
	inFlight.clear();
}
