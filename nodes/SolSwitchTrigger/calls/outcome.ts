/**
 * What happened to a call, derived from the switch's own records of it (switch-calls-reporting.md):
 * its CDR legs (CDR Export, keyed by CallID) and its leg details (CDR Leg Details). Pure functions,
 * so the rules are unit-tested apart from any request.
 *
 * The rules, and where the document says so:
 * - a leg was answered when its `ConnectTime` is not empty ("empty string when never connected");
 *   `Disposition` `NOANSWER` marks one that was not; the full Disposition list is "not shown", so
 *   any other value of an unanswered leg is read by its words (BUSY, FAILED/CONGESTION/CHANUNAVAIL);
 * - the call's outcome: answered when any leg was answered, else busy / failed / missed as its last
 *   leg says (missed for NOANSWER and for a value the document does not list);
 * - inbound: the first leg's caller is not an extension. Extensions are numeric, 3 to 5 digits (New
 *   Call, Toggle Monitoring; the management document also allows 10 to 49): a caller number of 6
 *   digits or more came from outside. Route type IDs would say it, but their table is "not shown".
 */
import type { IDataObject } from 'n8n-workflow';

export type Outcome = 'answered' | 'missed' | 'busy' | 'failed';

/** A CDR leg as CDR Export gives it (numbers and times as strings). */
export interface CdrLeg {
	LegID?: string;
	StartTime?: string;
	ConnectTime?: string;
	EndTime?: string;
	SourceName?: string;
	SourceNumber?: string;
	DestinationName?: string;
	DestinationNumber?: string;
	Disposition?: string;
	DialedNumber?: string;
	[field: string]: unknown;
}

/** A CDR Leg Details entry. */
export interface LegDetail {
	StartTime?: string;
	Duration?: string;
	Action?: string;
	State?: string;
	Recording?: string;
	[field: string]: unknown;
}

export interface CallSummary {
	CallID: string;
	Direction: 'inbound' | 'outbound' | 'internal';
	Outcome: Outcome;
	/** The last leg's Disposition, as the switch wrote it. */
	Disposition: string;
	CallerNumber: string;
	CallerName: string;
	/** The number the caller dialed (the DID of an inbound call). */
	DialedNumber: string;
	/** The extension or number the call first rang. */
	CalledNumber: string;
	CalledName: string;
	/** Who answered (the first answered leg's destination), empty when nobody did. */
	AnsweredBy: string;
	StartTime: string;
	/** When the first answered leg connected, empty when never. */
	ConnectTime: string;
	EndTime: string;
	DurationSeconds: number;
	/** From the start until answered, or until the end when never answered. */
	RingSeconds: number;
	/** Connected time summed over the answered legs. */
	TalkSeconds: number;
	LegCount: number;
	Legs: CdrLeg[];
	/** Recording file names the leg details name, in order, each once. */
	Recordings: string[];
}

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());

/** The switch's `YYYY-MM-DD HH:MM:SS` as seconds on one clock (its zone is the switch's; only differences are used). */
export function secondsOf(time: string): number | undefined {
	const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(time.trim());
	if (!m) return undefined;
	return Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) / 1000;
}

function span(from: string, to: string): number {
	const a = secondsOf(from);
	const b = secondsOf(to);
	return a === undefined || b === undefined ? 0 : Math.max(0, b - a);
}

export const wasAnswered = (leg: CdrLeg) => text(leg.ConnectTime) !== '' && text(leg.Disposition).toUpperCase() !== 'NOANSWER';

export function isExtension(number: string): boolean {
	return /^\d{2,5}$/.test(number);
}

/** A CDR Export value for one CallID: "a single leg may be a single object". */
export function legsOf(value: unknown): CdrLeg[] {
	const list = Array.isArray(value) ? value : value && typeof value === 'object' ? [value] : [];
	return (list as CdrLeg[]).filter((l) => l && typeof l === 'object');
}

/** The legs in the order they happened: by StartTime, then LegID. */
export function inOrder(legs: CdrLeg[]): CdrLeg[] {
	const key = (l: CdrLeg) => [text(l.StartTime), text(l.LegID).padStart(20, '0')].join('|');
	return [...legs].sort((a, b) => key(a).localeCompare(key(b)));
}

/** The leg that ended the call: the latest EndTime, then the highest LegID. */
export function lastLegOf(legs: CdrLeg[]): CdrLeg | undefined {
	const key = (l: CdrLeg) => [text(l.EndTime), text(l.LegID).padStart(20, '0')].join('|');
	return [...legs].sort((a, b) => key(b).localeCompare(key(a)))[0];
}

export function outcomeOf(legs: CdrLeg[]): Outcome {
	if (legs.some(wasAnswered)) return 'answered';
	const disposition = text(lastLegOf(legs)?.Disposition).toUpperCase();
	if (/BUSY/.test(disposition)) return 'busy';
	if (/FAIL|CONGESTION|CHANUNAVAIL|UNAVAILABLE/.test(disposition)) return 'failed';
	return 'missed';
}

export function summarize(callId: string, legValue: unknown, details: LegDetail[]): CallSummary {
	const legs = inOrder(legsOf(legValue));
	const first = legs[0] ?? {};
	const last = lastLegOf(legs) ?? {};
	const answered = legs.filter(wasAnswered);
	const caller = text(first.SourceNumber);
	const called = text(first.DestinationNumber);
	const direction = !isExtension(caller) ? 'inbound' : isExtension(called) ? 'internal' : 'outbound';
	const start = text(first.StartTime);
	const end = legs.map((l) => text(l.EndTime)).sort().pop() ?? '';
	const connect = answered.length ? text(answered[0].ConnectTime) : '';
	return {
		CallID: callId,
		Direction: direction,
		Outcome: outcomeOf(legs),
		Disposition: text(last.Disposition),
		CallerNumber: caller,
		CallerName: text(first.SourceName),
		DialedNumber: text(first.DialedNumber),
		CalledNumber: called,
		CalledName: text(first.DestinationName),
		AnsweredBy: answered.length ? text(answered[0].DestinationNumber) : '',
		StartTime: start,
		ConnectTime: connect,
		EndTime: end,
		DurationSeconds: span(start, end),
		RingSeconds: span(start, connect || end),
		TalkSeconds: answered.reduce((sum, l) => sum + span(text(l.ConnectTime), text(l.EndTime)), 0),
		LegCount: legs.length,
		Legs: legs,
		// Each name once: the switch may repeat a recording's name on several rows of a leg (R11).
		Recordings: [...new Set(details.map((d) => text(d.Recording)).filter(Boolean))],
	};
}

/** Missed Call's item: an inbound call nobody answered, as a person reads it. */
export function missedCallOf(s: CallSummary, customer: string): IDataObject {
	return {
		CallID: s.CallID,
		Customer: customer,
		CallerNumber: s.CallerNumber,
		CallerName: s.CallerName,
		DID: s.DialedNumber,
		Extension: s.CalledNumber,
		ExtensionName: s.CalledName,
		Outcome: s.Outcome,
		StartTime: s.StartTime,
		EndTime: s.EndTime,
		RingSeconds: s.RingSeconds,
	};
}

export function isMissed(s: CallSummary): boolean {
	return s.Direction === 'inbound' && s.Outcome !== 'answered';
}

/**
 * Whether a Disconnected notification is the one that ended the call: its source and destination
 * are those of the call's last leg. A call with several legs (a transfer) is notified once per leg;
 * only one of them is its end, the same one whichever n8n process receives it.
 */
export function endsTheCall(legs: CdrLeg[], notification: IDataObject): boolean {
	const last = lastLegOf(legs);
	if (!last) return false;
	return text(notification.SourceNumber) === text(last.SourceNumber) && text(notification.DestinationNumber) === text(last.DestinationNumber);
}
