/**
 * The calls a call-event kind has already started a run for, so a repeat of the notification that
 * ended a call is acknowledged without a second run.
 *
 * Which notification ends a call needs no memory (outcome.ts endsTheCall: the call's last leg, read
 * from the switch's records, the same in every process). A byte-for-byte repeat of that very
 * notification is the one thing records cannot tell apart, so it is remembered, by CallID, for a
 * day (at most MAX_KEPT calls), through the one static-data mirror (engine/trigger/staticDataMirror.ts,
 * in the node's own static data):
 * - in the node's static data, written in the webhook phase (never by a worker: n8n behaviour N7),
 *   set changed when n8n takes the answer after queuing the run (N3), so n8n saves it with this
 *   call (N1): a restart, or another process reading the database, sees it;
 * - in the mirror's process state, which every call of this process publishes (overlapping calls
 *   each save what they loaded, so the last save holds every entry).
 *
 * While a call is looked up it is claimed in this process, so a repeat arriving meanwhile is
 * acknowledged and starts no second lookup. The claim ends:
 * - when the lookup ends without a run (an error, not the call's end, nothing to emit);
 * - when n8n takes the answer of the run it queued (the call is remembered at the same moment);
 * - when n8n could not queue the run (it answers the switch with an HTTP error and never takes the
 *   answer, N3): the switch's repeat then looks the call up again and emits it;
 * - otherwise after CLAIM_ABANDONED_MS, longer than any lookup can last (deadline.ts): a repeat never
 *   takes over a lookup still going on.
 * What it cannot do: two webhook processors receiving the same repeat in the same second.
 */
import type { IWebhookFunctions } from 'n8n-workflow';
import { StaticDataMirror } from '../../engine/trigger/staticDataMirror';
import { LONGEST_CALL_MS } from './deadline';

export const EMITTED_KEY = 'solSwitchEndedCalls';
export const KEEP_MS = 24 * 3600 * 1000;
export const MAX_KEPT = 5000;

/**
 * A claim older than this is abandoned (n8n neither took the answer nor wrote an error, or the
 * process lost the call): the longest a notification's webhook call can last, plus a margin for n8n
 * to queue the run and read the answer.
 */
export const CLAIM_ABANDONED_MS = LONGEST_CALL_MS + 20_000;

type Entries = Record<string, number>;

interface ProcessState {
	/** CallID → when its run started: what is saved in the node's static data. */
	entries: Entries;
	/** Calls being looked up in this process, since when. */
	claims: Map<string, number>;
}

const mirror = new StaticDataMirror<ProcessState>(EMITTED_KEY, () => ({ entries: {}, claims: new Map() }), (state) => state.entries, 'node');

/** This process's state for the node, with the entries another process saved taken in, old ones dropped. */
function stateOf(fn: IWebhookFunctions, now: number) {
	const view = mirror.of(fn);
	const { entries } = view.state;
	const loaded = view.loaded();
	if (loaded && typeof loaded === 'object') for (const [id, at] of Object.entries(loaded as Entries)) if (!(id in entries) && typeof at === 'number') entries[id] = at;
	for (const [id, at] of Object.entries(entries)) if (now - at > KEEP_MS) delete entries[id];
	const ids = Object.keys(entries);
	if (ids.length > MAX_KEPT) for (const id of ids.sort((a, b) => entries[a] - entries[b]).slice(0, ids.length - MAX_KEPT)) delete entries[id];
	return { view, state: view.state };
}

/** Whether a run already started for this call (here or, through the database, elsewhere). Reads only. */
export function alreadyStarted(fn: IWebhookFunctions, callId: string, now = Date.now()): boolean {
	return callId in stateOf(fn, now).state.entries;
}

/** Claims the call while its records are looked up; undefined when a copy is being looked up now. */
export function claim(fn: IWebhookFunctions, callId: string, now = Date.now()): { release: () => void } | undefined {
	const { claims } = stateOf(fn, now).state;
	const since = claims.get(callId);
	if (since !== undefined && now - since < CLAIM_ABANDONED_MS) return undefined;
	claims.set(callId, now);
	// Only this claim's own release: one taken over meanwhile belongs to the newer lookup.
	return { release: () => claims.get(callId) === now && claims.delete(callId) };
}

/** Remembers the call: called when n8n takes the answer of the run it queued. */
export function remember(fn: IWebhookFunctions, callId: string, now = Date.now()) {
	const { view, state } = stateOf(fn, now);
	state.entries[callId] = now;
	// The assignment sets n8n's "changed" flag (N2) after the reset queuing made, so this call saves it.
	view.publish();
}

/** Forgets this process's memory (tests of a restart). */
export function forgetProcessMemory() {
	mirror.forget();
}
