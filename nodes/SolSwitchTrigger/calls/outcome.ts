/**
 * What happened to a call, derived from the switch's own records of it (switch-calls-reporting.md):
 * its CDR legs (CDR Export, keyed by CallID) and its leg details (CDR Leg Details), classified
 * against the customer's extensions, DIDs, voicemail boxes and queues as the switch lists them
 * (classify.ts, switchFacts.ts). Pure functions, so the rules are unit-tested apart from any request.
 *
 * A leg was connected when its `ConnectTime` is not empty ("empty string when never connected") and
 * its `Disposition` is not `NOANSWER`; the full Disposition list is "not shown", so an unanswered
 * leg's other values are read by their words (BUSY, FAILED/CONGESTION/CHANUNAVAIL). Who answered a
 * connected leg (a person, a voicemail box, an IVR, a queue), the call's direction and its outcome
 * are classify.ts's rules; the summary carries the reasons (`ClassifiedBy`).
 */
import type { IDataObject } from 'n8n-workflow';
import { classify, wasConnected, type Direction, type EndedIn, type Outcome, type StartEvent } from './classify';
import { numberKey } from '../../shared/numbers';
import type { SwitchFacts } from './switchFacts';

export type { Outcome };


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
	Direction: Direction;
	/** answered (by a person), voicemail (only a voicemail box picked up), missed, busy or failed. */
	Outcome: Outcome;
	/** What picked up when no person did: voicemail, ivr or queue; empty otherwise. */
	EndedIn: EndedIn;
	/** The voicemail box that took the call when no person answered, empty otherwise. */
	VoicemailBox: string;
	/** The last leg's Disposition, as the switch wrote it. */
	Disposition: string;
	CallerNumber: string;
	CallerName: string;
	/** The number the caller dialed (the DID of an inbound call). */
	DialedNumber: string;
	/** The extension or number the call first rang. */
	CalledNumber: string;
	CalledName: string;
	/** Who answered (the first leg a person answered: its destination), empty when nobody did. */
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
	/** The facts that decided Direction and Outcome, as a person reads them. */
	ClassifiedBy: { Direction: string; Outcome: string; Facts: string };
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

export function summarize(callId: string, legValue: unknown, details: LegDetail[], facts: SwitchFacts, started?: StartEvent): CallSummary {
	const legs = inOrder(legsOf(legValue));
	const first = legs[0] ?? {};
	const last = lastLegOf(legs) ?? {};
	const c = classify(legs, text(last.Disposition), facts, started);
	const answered = c.answeredLeg >= 0 ? legs[c.answeredLeg] : undefined;
	// Talk time: the legs a person answered (a box, an IVR or a queue is no conversation).
	const talked = legs.filter((l, i) => i >= c.answeredLeg && c.answeredLeg >= 0 && wasConnected(l));
	const start = text(first.StartTime);
	const end = legs.map((l) => text(l.EndTime)).sort().pop() ?? '';
	const connect = answered ? text(answered.ConnectTime) : '';
	return {
		CallID: callId,
		Direction: c.direction,
		Outcome: c.outcome,
		EndedIn: c.endedIn,
		VoicemailBox: c.voicemailBox,
		Disposition: text(last.Disposition),
		CallerNumber: text(first.SourceNumber),
		CallerName: text(first.SourceName),
		DialedNumber: text(first.DialedNumber),
		CalledNumber: text(first.DestinationNumber),
		CalledName: text(first.DestinationName),
		AnsweredBy: c.answeredBy,
		StartTime: start,
		ConnectTime: connect,
		EndTime: end,
		DurationSeconds: span(start, end),
		RingSeconds: span(start, connect || end),
		TalkSeconds: talked.reduce((sum, l) => sum + span(text(l.ConnectTime), text(l.EndTime)), 0),
		LegCount: legs.length,
		Legs: legs,
		// Each name once: the switch may repeat a recording's name on several rows of a leg (R11).
		Recordings: [...new Set(details.map((d) => text(d.Recording)).filter(Boolean))],
		ClassifiedBy: c.why,
	};
}

/** Missed Call's item: an inbound call no person answered, as a person reads it. */
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
		EndedIn: s.EndedIn,
		VoicemailBox: s.VoicemailBox,
		StartTime: s.StartTime,
		EndTime: s.EndTime,
		RingSeconds: s.RingSeconds,
		ClassifiedBy: s.ClassifiedBy,
	};
}

/** An inbound call no person answered; one a voicemail box took only when `voicemailIsMissed`. */
export function isMissed(s: CallSummary, voicemailIsMissed = true): boolean {
	if (s.Direction !== 'inbound' || s.Outcome === 'answered') return false;
	return s.Outcome !== 'voicemail' || voicemailIsMissed;
}

/** Whether two numbers are the same however each is written (a `1` or `+1`, punctuation). */
const sameNumber = (a: unknown, b: unknown) => numberKey(a) === numberKey(b);

/** What the customer's lists say about a caller: its extensions, and its DIDs by number key (switchFacts.ts). */
export type CallerLists = Pick<SwitchFacts, 'extensions' | 'dids'>;

/**
 * Whether the notification's caller is the leg's: the same number, or one of the customer's
 * extensions on one side and one of its DIDs on the other. The notification's SourceNumber is the
 * "caller ID number or extension", the CDR's the "Caller ID ... number of the calling party", and an
 * outbound call's caller ID is a DID of the customer (New Call's CIDNum "must be a DID on the
 * customer's account"): a switch may notify the extension that placed the call and record its DID.
 */
function sameCaller(notified: unknown, recorded: unknown, lists?: CallerLists): boolean {
	if (sameNumber(notified, recorded)) return true;
	if (!lists) return false;
	const extensionAndDid = (a: unknown, b: unknown) => lists.extensions.has(text(a)) && lists.dids.has(numberKey(b));
	return extensionAndDid(notified, recorded) || extensionAndDid(recorded, notified);
}

/** Whether a notification's two ends are a leg's (numbers.ts keys; the destination also as the DID dialed). */
function namesLeg(leg: CdrLeg, notification: IDataObject, lists?: CallerLists): boolean {
	const destination = notification.DestinationNumber;
	return sameCaller(notification.SourceNumber, leg.SourceNumber, lists) && (sameNumber(destination, leg.DestinationNumber) || sameNumber(destination, leg.DialedNumber));
}

/**
 * Whether a Disconnected notification is the one that ended the call: its source and destination
 * are those of the call's last leg, compared by number key (numbers.ts: the notification and the
 * CDR may write a number with or without 1 or +1), the destination also as the DID dialed (a
 * notification may name the DID where the CDR names the extension), the source also as an
 * extension of the customer where the CDR names a DID of it (`lists`: sameCaller). A call with
 * several legs (a transfer) is notified once per leg; only one of them is its end, the same one
 * whichever n8n process receives it.
 */
export function endsTheCall(legs: CdrLeg[], notification: IDataObject, lists?: CallerLists): boolean {
	const last = lastLegOf(legs);
	return last !== undefined && namesLeg(last, notification, lists);
}

/** Whether a notification names any leg of the call: when none, the numbers are written in a way the trigger cannot match (worth a log line). */
export function namesALeg(legs: CdrLeg[], notification: IDataObject, lists?: CallerLists): boolean {
	return legs.some((l) => namesLeg(l, notification, lists));
}
