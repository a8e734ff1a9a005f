/**
 * Call records of the calls the sandbox plays (sandbox/switch/callPlayer.ts), beside the generated
 * ones (cdr.ts): the same Call shape, so CDR Export, CDR Leg Details, Call Recording and the
 * recording downloads answer for both alike.
 *
 * When each part of a played call's record can be read follows the switch settings in force
 * (profiles.ts), since the documents leave it open:
 * - CDR Leg Details (`legDetails`): `live`, from the call's start, each leg as it goes (its Routed
 *   row when it rings, Answered when it connects, Ended when it ends); `afterHangup`, only once the
 *   whole record is written (`writtenAt`), Unknown CallID until then;
 * - CDR Export (`cdrExport`): `callEnded`, every leg once the record is written; `legEnded`, each leg
 *   as soon as it ended (`legWrittenAt`), while the call may go on;
 * - Call Recording and the MP3 downloads: once the record is written.
 * `writtenAt` is the hang-up, or `cdrDelayMs` after it (a switch that writes its CDR late).
 */
import type { SwitchSettings } from '../profiles';
import type { SwitchState } from '../state';
import { callCountBetween, callsBetween, findCall, type Call, type Leg } from './cdr';

export interface PlayedRecord extends Call {
	Customer: number;
	/** Real time from which the whole record is visible. */
	writtenAt: number;
	/** Real time from which each ended leg is visible in CDR Export under `legEnded`. */
	legWrittenAt: number[];
	/** The leg still going on (live leg details): its CDR fields so far, and when it connected. */
	inProgress?: { leg: Leg; startMs: number; connectMs?: number };
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

/** A played call's whole record, once written (any customer: the recording download links carry no customer). */
export function findPlayedCall(state: SwitchState, callId: string, now = Date.now()): PlayedRecord | undefined {
	return playedRecordsOf(state).find((r) => r.CallID === callId.trim() && written(r, now));
}

/** A played call as CDR Leg Details sees it: at once under `live` (legs so far, the one in progress), else once written. */
export function playedCallForDetails(state: SwitchState, customer: number, callId: string, now = Date.now()): PlayedRecord | undefined {
	const record = playedRecordsOf(state).find((r) => r.CallID === callId.trim() && r.Customer === customer);
	if (!record) return undefined;
	return written(record, now) || state.settings.legDetails === 'live' ? record : undefined;
}

/** The call of a customer with this CallID: played or generated. */
export function findRecordedCall(state: SwitchState, customer: number, callId: string): Call | undefined {
	const played = findPlayedCall(state, callId);
	if (played) return played.Customer === customer ? played : undefined;
	if (playedRecordsOf(state).some((r) => r.CallID === callId.trim())) return undefined;
	return findCall(state, customer, callId);
}

/** Whether the answered legs of a call were recorded. */
export function isRecorded(call: Call): boolean {
	return (call as Partial<PlayedRecord>).recorded !== false;
}

/** The legs CDR Export holds now: all once written, or (legEnded) each leg once it ended. */
function exportView(r: PlayedRecord, now: number, cdrExport: SwitchSettings['cdrExport']): PlayedRecord | undefined {
	if (written(r, now)) return r;
	if (cdrExport !== 'legEnded') return undefined;
	const legs = r.legs.filter((_, i) => now >= (r.legWrittenAt[i] ?? Number.POSITIVE_INFINITY));
	return legs.length ? { ...r, legs } : undefined;
}

function playedBetween(state: SwitchState, customer: number, from: number, to: number): PlayedRecord[] {
	const now = Date.now();
	return playedRecordsOf(state)
		.filter((r) => r.Customer === customer && r.startMs >= from && r.startMs <= to)
		.map((r) => exportView(r, now, state.settings.cdrExport))
		.filter((r): r is PlayedRecord => r !== undefined)
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
