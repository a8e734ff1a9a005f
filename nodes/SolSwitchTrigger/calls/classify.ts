/**
 * A call's direction and outcome from the switch's own facts, and the reasons, in words a person
 * reads in the item (`ClassifiedBy`). Pure: the facts are read elsewhere (switchFacts.ts).
 *
 * Direction, first from what the switch said, then from both ends of the first leg:
 * - the call's first notification, when this trigger saw it: `Outgoing` is outbound (internal when
 *   the called number is the customer's own), `Incoming` is inbound;
 * - otherwise the caller and the called number against the customer's extensions and DIDs (an
 *   outbound call's caller ID may be a DID: New Call's CIDNum "must be a DID on the customer's
 *   account"): the caller ours and the called number ours, internal; the caller ours, outbound;
 *   the caller not ours, inbound (the call came in from outside).
 *
 * Who answered each answered leg (a ConnectTime, not NOANSWER), by its destination:
 * - a voicemail box of the customer (Voicemail > view). A box has an extension number of its own;
 *   where it shares the number of a user extension, the box is the leg that picked up after that
 *   same number rang unanswered;
 * - a queue (Live Queue Stats' `Ext`): the caller waited and no agent took the call on this leg;
 * - for a call that is not outbound, a number of at most 5 digits that is neither an extension nor a
 *   box or queue: a feature such as an IVR (New Call's Extension: "a user extension or another
 *   feature such as an IVR, Digit Validation or custom script; numeric, 3 to 5 digits"). A longer
 *   number is an outside phone (a forward, to a North American or an international number);
 * - anything else: a person (an extension, or the outside number an outbound call reached).
 * The outcome: `answered` when a person answered; else `voicemail` when a box picked up; else
 * busy / failed / missed as the last leg's Disposition says (an IVR or a queue the caller left
 * without reaching anyone is missed).
 */
import { numberKey } from '../../shared/numbers';
import type { SwitchFacts } from './switchFacts';

export type Direction = 'inbound' | 'outbound' | 'internal';
export type Outcome = 'answered' | 'voicemail' | 'missed' | 'busy' | 'failed';
export type EndedIn = '' | 'voicemail' | 'ivr' | 'queue';
/** The call's first notification as the switch sent it, when the trigger saw it. */
export type StartEvent = 'Incoming' | 'Outgoing';

/** The fields of a CDR leg the rules read. */
export interface ClassifiedLeg {
	SourceNumber?: unknown;
	DestinationNumber?: unknown;
	DialedNumber?: unknown;
	ConnectTime?: unknown;
	Disposition?: unknown;
}

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());

export const wasConnected = (leg: ClassifiedLeg) => text(leg.ConnectTime) !== '' && text(leg.Disposition).toUpperCase() !== 'NOANSWER';

function customerName(facts: SwitchFacts): string {
	return facts.customer ? `customer ${facts.customer}` : 'the customer';
}

/** Whether a number is one of the customer's, and which list says so. */
function ours(number: string, facts: SwitchFacts): string | undefined {
	if (!number) return undefined;
	if (facts.extensions.has(number)) return 'an extension';
	if (facts.boxes.has(number)) return 'a voicemail box';
	if (facts.queues.has(number)) return 'a queue';
	if (facts.dids.has(numberKey(number))) return 'a DID';
	return undefined;
}

export function directionOf(first: ClassifiedLeg, facts: SwitchFacts, started?: StartEvent): { direction: Direction; why: string } {
	const caller = text(first.SourceNumber);
	const called = text(first.DestinationNumber);
	const calledOurs = ours(called, facts);
	if (started === 'Outgoing') {
		return calledOurs
			? { direction: 'internal', why: `the switch notified Outgoing, and ${called} is ${calledOurs} of ${customerName(facts)}` }
			: { direction: 'outbound', why: 'the switch notified Outgoing' };
	}
	if (started === 'Incoming') return { direction: 'inbound', why: 'the switch notified Incoming' };
	const callerOurs = ours(caller, facts);
	if (callerOurs && calledOurs) return { direction: 'internal', why: `caller ${caller} is ${callerOurs} and ${called} is ${calledOurs} of ${customerName(facts)}` };
	if (callerOurs) return { direction: 'outbound', why: `caller ${caller} is ${callerOurs} of ${customerName(facts)}; ${called || 'the called number'} is not` };
	const dialed = text(first.DialedNumber);
	const through = calledOurs ? `${called} is ${calledOurs}` : ours(dialed, facts) ? `${dialed} dialed is ${ours(dialed, facts)}` : 'the called number is not known to it either';
	return { direction: 'inbound', why: `caller ${caller || '(anonymous)'} is no extension or DID of ${customerName(facts)}; ${through}` };
}

export type Answerer = { kind: 'person' | 'voicemail' | 'ivr' | 'queue'; number: string };

/** Who or what answered leg `index` of the call (its legs in order). */
export function answererOf(legs: ClassifiedLeg[], index: number, facts: SwitchFacts, direction: Direction): Answerer {
	const number = text(legs[index].DestinationNumber);
	if (facts.boxes.has(number)) {
		const rangBefore = legs.slice(0, index).some((l) => text(l.DestinationNumber) === number && !wasConnected(l));
		if (!facts.extensions.has(number) || rangBefore) return { kind: 'voicemail', number };
	}
	if (facts.queues.has(number)) return { kind: 'queue', number };
	// Without the extension list, a feature cannot be told from an extension: read as a person.
	const known = facts.extensions.size > 0;
	if (direction !== 'outbound' && known && !facts.extensions.has(number) && isFeatureNumber(number)) return { kind: 'ivr', number };
	return { kind: 'person', number };
}

export interface Classification {
	direction: Direction;
	outcome: Outcome;
	endedIn: EndedIn;
	/** The first leg a person answered: its destination; empty when nobody did. */
	answeredBy: string;
	/** Index of the first leg a person answered, -1 when none. */
	answeredLeg: number;
	voicemailBox: string;
	why: { Direction: string; Outcome: string; Facts: string };
}

/** A number written as the switch numbers its extensions and features (3 to 5 digits, New Call's Extension); an outside phone has more. */
function isFeatureNumber(number: string): boolean {
	return /^\d{1,5}$/.test(number.trim());
}

const WHAT: Record<Exclude<Answerer['kind'], 'person'>, string> = { voicemail: 'voicemail box', ivr: 'feature (an IVR or the like)', queue: 'queue' };

/** The call's classification; `legs` in the order they happened, `lastDisposition` that of the leg that ended it. */
export function classify(legs: ClassifiedLeg[], lastDisposition: string, facts: SwitchFacts, started?: StartEvent): Classification {
	const { direction, why: directionWhy } = directionOf(legs[0] ?? {}, facts, started);
	const answerers = legs.map((l, i) => (wasConnected(l) ? answererOf(legs, i, facts, direction) : undefined));
	const person = answerers.findIndex((a) => a?.kind === 'person');
	const machines = answerers.filter((a): a is Answerer => a !== undefined && a.kind !== 'person');
	const box = machines.find((a) => a.kind === 'voicemail');
	const lastMachine = machines[machines.length - 1];
	const disposition = text(lastDisposition).toUpperCase();
	let outcome: Outcome;
	let outcomeWhy: string;
	if (person >= 0) {
		outcome = 'answered';
		outcomeWhy = `leg ${person + 1} was answered by ${answerers[person]!.number}`;
	} else if (box) {
		outcome = 'voicemail';
		outcomeWhy = `no person answered; voicemail box ${box.number} picked up`;
	} else {
		outcome = /BUSY/.test(disposition) ? 'busy' : /FAIL|CONGESTION|CHANUNAVAIL|UNAVAILABLE/.test(disposition) ? 'failed' : 'missed';
		outcomeWhy = lastMachine
			? `no person answered; only ${WHAT[lastMachine.kind as keyof typeof WHAT]} ${lastMachine.number} picked up`
			: `no leg was answered (the last leg: ${disposition || 'no Disposition'})`;
	}
	const lists = 'extensions, DIDs, voicemail boxes and queues as the switch lists them';
	return {
		direction,
		outcome,
		endedIn: person >= 0 ? '' : box ? 'voicemail' : lastMachine ? (lastMachine.kind as EndedIn) : '',
		answeredBy: person >= 0 ? answerers[person]!.number : '',
		answeredLeg: person,
		voicemailBox: person < 0 && box ? box.number : '',
		why: {
			Direction: directionWhy,
			Outcome: outcomeWhy,
			Facts: facts.missing.length ? `${lists}, except what could not be read: ${facts.missing.join('; ')}` : lists,
		},
	};
}
