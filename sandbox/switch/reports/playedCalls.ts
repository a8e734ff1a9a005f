/**
 * Call records of the calls the sandbox plays (sandbox/switch/callPlayer.ts), beside the generated
 * ones (cdr.ts): the same Call shape, so CDR Export, CDR Leg Details, Call Recording and the
 * recording downloads answer for both alike. A played call's record is written when the call ends,
 * or `cdrDelayMs` later (a switch that writes its CDR a few seconds after the hang-up): until then
 * the switch answers Unknown CallID and CDR Export does not list it.
 */
import type { SwitchState } from '../state';
import { callCountBetween, callsBetween, findCall, type Call } from './cdr';

export interface PlayedRecord extends Call {
	Customer: number;
	/** Real time from which the record is visible. */
	writtenAt: number;
	/** Whether the answered legs were recorded (a generated call's always are). */
	recorded: boolean;
}

const byState = new WeakMap<SwitchState, PlayedRecord[]>();

export function playedRecordsOf(state: SwitchState): PlayedRecord[] {
	let list = byState.get(state);
	if (!list) byState.set(state, (list = []));
	return list;
}

const written = (r: PlayedRecord, now: number) => now >= r.writtenAt;

/** A played call's record, once written (any customer: the recording download links carry no customer). */
export function findPlayedCall(state: SwitchState, callId: string, now = Date.now()): PlayedRecord | undefined {
	return playedRecordsOf(state).find((r) => r.CallID === callId.trim() && written(r, now));
}

/** The call of a customer with this CallID: played or generated. */
export function findRecordedCall(state: SwitchState, customer: number, callId: string): Call | undefined {
	const played = findPlayedCall(state, callId);
	if (played) return played.Customer === customer ? played : undefined;
	return findCall(state, customer, callId);
}

/** Whether the answered legs of a call were recorded. */
export function isRecorded(call: Call): boolean {
	return (call as Partial<PlayedRecord>).recorded !== false;
}

function playedBetween(state: SwitchState, customer: number, from: number, to: number): PlayedRecord[] {
	const now = Date.now();
	return playedRecordsOf(state)
		.filter((r) => r.Customer === customer && written(r, now) && r.startMs >= from && r.startMs <= to)
		.sort((a, b) => a.startMs - b.startMs);
}

export function recordedCallCountBetween(state: SwitchState, customer: number, from: number, to: number): number {
	return callCountBetween(state, customer, from, to) + playedBetween(state, customer, from, to).length;
}

/** Generated and played calls that started within [from, to], in time order. */
export function* recordedCallsBetween(state: SwitchState, customer: number, from: number, to: number): Generator<Call> {
	const played = playedBetween(state, customer, from, to);
	let next = 0;
	for (const call of callsBetween(state, customer, from, to)) {
		while (next < played.length && played[next].startMs < call.startMs) yield played[next++];
		yield call;
	}
	while (next < played.length) yield played[next++];
}
