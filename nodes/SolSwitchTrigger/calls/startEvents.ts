/**
 * The first notification of each call, where this n8n process saw it: `Incoming` or `Outgoing` is
 * the switch's own word for the call's direction (classify.ts prefers it to the rules over the
 * legs). A call's notifications go to the same URL, so a trigger that receives its Disconnected has
 * usually seen its start; in queue mode another webhook process may have, and the rules over both
 * ends of the legs decide then. A fact about the call, not about a workflow: kept per CallID, for
 * at most a day, the oldest dropped first beyond MAX_CALLS.
 */
import type { StartEvent } from './classify';

const KEEP_MS = 24 * 3600_000;
const MAX_CALLS = 20_000;
const starts = new Map<string, { event: StartEvent; at: number }>();

export function noteStart(callId: string, event: StartEvent, now = Date.now()) {
	if (!callId || starts.has(callId)) return;
	if (starts.size >= MAX_CALLS) starts.delete(starts.keys().next().value as string);
	starts.set(callId, { event, at: now });
}

export function startOf(callId: string, now = Date.now()): StartEvent | undefined {
	const seen = starts.get(callId);
	if (!seen) return undefined;
	if (now - seen.at > KEEP_MS) {
		starts.delete(callId);
		return undefined;
	}
	return seen.event;
}

/** For tests: as after a restart. */
export function forgetStarts() {
	starts.clear();
}
