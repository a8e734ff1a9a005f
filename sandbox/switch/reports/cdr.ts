/**
 * Generated call records. Calls are numbered 0..n-1 in time order across the period (or across its
 * busy hours, in the config's `quietThenBusy` profile); each has 1 to
 * 4 legs (about 40% single-leg), every value a function of (seed, customer, call number). Nothing is
 * stored but a sparse index: the first leg number of every 64th call (a million legs: about 7,000
 * numbers). A call and its legs are generated when asked for, so a window of a million-leg day costs
 * that window's calls, and the answer of a large range is streamed (cdrHandlers.ts), never held.
 */
import type { SwitchState } from '../state';
import { BUSY_HOURS, cached, period, reportsOf, type ReportConfig, type ReportData } from './config';
import { between, pick, unit } from './random';
import { DAY_MS, dateTimeOf } from '../../time';
export interface Leg {
	LegID: string;
	StartTime: string;
	ConnectTime: string;
	EndTime: string;
	SourceName: string;
	SourceNumber: string;
	DestinationName: string;
	DestinationNumber: string;
	Disposition: string;
	DialedNumber: string;
	SourceType: string;
	DestinationType: string;
	CallCode: string;
}

/** What the generator knows of a leg beyond its CDR fields (for recordings and details). */
export interface LegFacts {
	leg: Leg;
	startMs: number;
	connectMs?: number;
	endMs: number;
	sourceChannel: string;
	destinationChannel: string;
}

export interface Call {
	CallID: string;
	index: number;
	startMs: number;
	legs: LegFacts[];
}

/** Calls per index checkpoint. */
const BLOCK = 64;

interface CallIndex {
	customer: number;
	seed: number;
	/** checkpoints[b] = first global leg number of call b * BLOCK. */
	checkpoints: Float64Array;
	count: number;
	/** Legs in all: the last call's legs are cut to reach it exactly. */
	total: number;
	start: number;
	/** Milliseconds that hold calls: the whole period, or its busy hours laid end to end. */
	span: number;
	/** Busy milliseconds of each day (quietThenBusy), or undefined when calls fill the whole day. */
	busyMs?: number;
}

const CALLERS = [
	['Acme Corp', '5145550199'],
	['Jean Dupuis', '4385550142'],
	['WIRELESS CALLER', '5145550177'],
	// A comma and quotes, as caller names may hold: a CSV of the legs must quote them.
	['Northwind, "The North" Inc.', '6135550123'],
	['', '8005550100'],
] as const;
const ROUTE_EXTENSION = '1';
const ROUTE_TRUNK = '2';

function legCountOf(seed: number, customer: number, i: number): number {
	const r = unit(seed, customer, i, 1);
	return r < 0.4 ? 1 : r < 0.75 ? 2 : r < 0.92 ? 3 : 4;
}

function legsOfCustomer(config: ReportConfig, customer: number): number {
	return customer === 1 ? config.legs : Math.ceil(config.legs / 10);
}

function buildIndex(config: ReportConfig, customer: number): CallIndex {
	const total = legsOfCustomer(config, customer);
	const checkpoints: number[] = [];
	let legs = 0;
	let count = 0;
	for (; legs < total; count++) {
		if (count % BLOCK === 0) checkpoints.push(legs);
		legs += legCountOf(config.seed, customer, count);
	}
	const { start, end } = period(config);
	const index = { customer, seed: config.seed, checkpoints: Float64Array.from(checkpoints), count, total, start, span: end - start };
	if (config.profile !== 'quietThenBusy') return index;
	const busyMs = (BUSY_HOURS.to - BUSY_HOURS.from) * 3600000;
	return { ...index, span: config.days * busyMs, busyMs };
}

/** Global number of call i's first leg: its block's checkpoint plus the calls before it in the block. */
function firstLegOf(index: CallIndex, i: number): number {
	let first = index.checkpoints[Math.floor(i / BLOCK)];
	for (let j = i - (i % BLOCK); j < i; j++) first += legCountOf(index.seed, index.customer, j);
	return first;
}

/** The legs of call i that starts at leg number `first` (the last call's are cut at the total). */
function legsOfCall(index: CallIndex, i: number, first: number): number {
	return Math.min(index.total, first + legCountOf(index.seed, index.customer, i)) - first;
}

function indexOf(data: ReportData, customer: number): CallIndex {
	return cached(data, `cdr:${customer}`, () => buildIndex(data.config, customer));
}

/**
 * Start of call i: calls are spread evenly over the period's span, each somewhere in its own slot; in
 * the quietThenBusy profile the span is the busy hours of each day laid end to end, so a position in
 * it is a day and a time within that day's busy hours. Starts grow with i either way.
 */
function startOf(index: CallIndex, i: number): number {
	const slot = index.span / index.count;
	const position = i * slot + unit(index.seed, index.customer, i, 2) * slot * 0.9;
	const busy = index.busyMs;
	const ms = busy === undefined ? index.start + position : index.start + Math.floor(position / busy) * DAY_MS + BUSY_HOURS.from * 3600000 + (position % busy);
	return Math.floor(ms / 1000) * 1000;
}

/** CallIDs look like the switch's (`<unix start>.<sequence>`); the sequence encodes call and customer. */
function callIdOf(index: CallIndex, i: number): string {
	return `${Math.floor(startOf(index, i) / 1000)}.${(i + 1) * 10 + index.customer}`;
}

/** What every call of a customer draws from: its agents' extensions and its first DID (looked up once per request). */
interface Party {
	agents: Array<{ ExtensionNumber: string; Name?: string }>;
	did: string;
}

function partyOf(state: SwitchState, customer: number): Party {
	return {
		agents: [...state.extensions.values()].filter((e) => e.Customer === customer && /^2\d\d$/.test(e.ExtensionNumber)),
		did: [...state.dids.values()].find((d) => d.CustID === customer)?.DID ?? '5145550100',
	};
}

function generateCall(party: Party, index: CallIndex, i: number, first: number): Call {
	const { seed, customer } = index;
	const startMs = startOf(index, i);
	const { agents, did } = party;
	const legCount = legsOfCall(index, i, first);
	const inbound = unit(seed, customer, i, 3) < 0.7;
	const [callerName, callerNumber] = pick(CALLERS, seed, customer, i, 4);
	const legs: LegFacts[] = [];
	let t = startMs;
	for (let k = 0; k < legCount; k++) {
		const agent = agents.length ? pick(agents, seed, customer, i, k, 5) : undefined;
		const agentNumber = agent?.ExtensionNumber ?? '201';
		const agentName = agent?.Name ?? 'Agent';
		const last = k === legCount - 1;
		// Every leg but the last was answered and transferred on; the last may go unanswered.
		const answered = !last || unit(seed, customer, i, k, 6) < 0.75;
		const ringMs = between(2, 25, seed, customer, i, k, 7) * 1000;
		const talkMs = answered ? between(15, 900, seed, customer, i, k, 8) * 1000 : 0;
		const connectMs = answered ? t + ringMs : undefined;
		const endMs = t + ringMs + talkMs;
		const source = inbound ? { name: callerName, number: callerNumber } : { name: agentName, number: agentNumber };
		const destination = inbound ? { name: agentName, number: agentNumber } : { name: callerName, number: callerNumber };
		const seq = (first + k).toString(16).padStart(8, '0');
		legs.push({
			startMs: t,
			connectMs,
			endMs,
			sourceChannel: source.number.length <= 5 ? `SIP/${source.number}-${seq}` : `SIP/trunk-${seq}`,
			destinationChannel: destination.number.length <= 5 ? `SIP/${destination.number}-${seq}` : `SIP/trunk-${seq}`,
			leg: {
				LegID: String(100000 + first + k),
				StartTime: dateTimeOf(t),
				ConnectTime: connectMs === undefined ? '' : dateTimeOf(connectMs),
				EndTime: dateTimeOf(endMs),
				SourceName: source.name,
				SourceNumber: source.number,
				DestinationName: destination.name,
				DestinationNumber: destination.number,
				Disposition: !answered ? 'NOANSWER' : last ? 'ANSWERED' : 'TRANSFERRED',
				DialedNumber: inbound ? (k === 0 ? did : agentNumber) : callerNumber,
				SourceType: inbound ? ROUTE_TRUNK : ROUTE_EXTENSION,
				DestinationType: inbound ? ROUTE_EXTENSION : ROUTE_TRUNK,
				CallCode: answered && unit(seed, customer, i, k, 9) < 0.2 ? String(between(10, 19, seed, customer, i, k, 10)) : '',
			},
		});
		t = endMs;
	}
	return { CallID: callIdOf(index, i), index: i, startMs, legs };
}

/** The first call starting at or after `ms` (count when none): starts grow with i, so a binary search. */
function firstCallFrom(index: CallIndex, ms: number): number {
	let lo = 0;
	let hi = index.count;
	while (lo < hi) {
		const mid = (lo + hi) >>> 1;
		if (startOf(index, mid) < ms) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}

/** How many calls of a customer started within [from, to] (inclusive), without generating them. */
export function callCountBetween(state: SwitchState, customer: number, from: number, to: number): number {
	const index = indexOf(reportsOf(state), customer);
	return Math.max(0, firstCallFrom(index, to + 1) - firstCallFrom(index, from));
}

/** Calls of a customer that started within [from, to] (inclusive), in time order, one at a time. */
export function* callsBetween(state: SwitchState, customer: number, from: number, to: number): Generator<Call> {
	const index = indexOf(reportsOf(state), customer);
	const party = partyOf(state, customer);
	const lo = firstCallFrom(index, from);
	let first = lo < index.count ? firstLegOf(index, lo) : 0;
	for (let i = lo; i < index.count && startOf(index, i) <= to; i++) {
		const call = generateCall(party, index, i, first);
		first += call.legs.length;
		yield call;
	}
}

/** The call with this CallID, if the customer has it. */
export function findCall(state: SwitchState, customer: number, callId: string): Call | undefined {
	const m = /^(\d+)\.(\d+)$/.exec(callId.trim());
	if (!m) return undefined;
	const sequence = Number(m[2]);
	if (sequence % 10 !== customer) return undefined;
	const index = indexOf(reportsOf(state), customer);
	const i = Math.floor(sequence / 10) - 1;
	if (i < 0 || i >= index.count || callIdOf(index, i) !== callId.trim()) return undefined;
	return generateCall(partyOf(state, customer), index, i, firstLegOf(index, i));
}

/** Total legs and calls of a customer (for tests and the bench). */
export function cdrSize(state: SwitchState, customer: number): { calls: number; legs: number } {
	const index = indexOf(reportsOf(state), customer);
	return { calls: index.count, legs: index.total };
}

/** Numbers the index keeps for a customer (for the test that the sandbox holds no day). */
export function cdrIndexSize(state: SwitchState, customer: number): number {
	return indexOf(reportsOf(state), customer).checkpoints.length;
}
