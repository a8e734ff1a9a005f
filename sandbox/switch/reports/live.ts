/**
 * Live Queue Stats and Live Stats of the customer's queues (600/601 for customer 1, 700 for 2),
 * agents and presence. Counters come from the seed; current calls and busy extensions come from
 * the live state (calls placed with New Call).
 */
import { customerOf, numeric, ok, text, type ApiContext } from '../api';
import { Fail, REASONS } from '../fail';
import type { Queue } from '../state';
import { reportsOf } from './config';
import { between } from './random';
import { hhmmss } from '../../time';

function queuesOf(ctx: ApiContext, customer: number): Queue[] {
	const wanted = text(ctx, 'queueID');
	const queues = [...ctx.state.queues.values()].filter((q) => q.Customer === customer);
	if (wanted === undefined) return queues;
	numeric(wanted);
	const queue = queues.find((q) => String(q.ID) === wanted);
	if (!queue) throw new Fail(REASONS.noRecords);
	return [queue];
}

function liveCalls(ctx: ApiContext, customer: number, number: string): number {
	let n = 0;
	for (const c of ctx.state.calls.values()) {
		if (c.Customer === customer && (c.DestinationNumber === number || c.SourceNumber === number)) n++;
	}
	return n;
}

/** Today's figures of a queue, derived from the seed (same numbers for both functions). */
function figures(seed: number, q: Queue) {
	const answered = between(20, 120, seed, q.ID, 1);
	const abandoned = between(0, 12, seed, q.ID, 2);
	const overflow = between(0, 5, seed, q.ID, 3);
	const total = answered + abandoned + overflow;
	const rate = (n: number) => ((n * 100) / total).toFixed(2);
	return {
		answered,
		abandoned,
		overflow,
		voicemail: between(0, 4, seed, q.ID, 4),
		answeredRate: rate(answered),
		abandonedRate: rate(abandoned),
		overflowRate: rate(overflow),
		serviceLevel: (between(700, 990, seed, q.ID, 5) / 10).toFixed(1),
		minWait: between(1, 10, seed, q.ID, 6),
		maxWait: between(60, 600, seed, q.ID, 7),
		avgWait: between(15, 60, seed, q.ID, 8),
		minTalk: between(10, 60, seed, q.ID, 9),
		maxTalk: between(600, 1800, seed, q.ID, 10),
		avgTalk: between(120, 400, seed, q.ID, 11),
		cbRequest: between(0, 8, seed, q.ID, 12),
		cbAnswered: between(0, 4, seed, q.ID, 13),
		cbMissed: between(0, 2, seed, q.ID, 14),
		cbWaiting: between(0, 2, seed, q.ID, 15),
		liveWait: between(0, 90, seed, q.ID, 16),
		agents: between(1, 3, seed, q.ID, 17),
	};
}

export function liveQueueStats(ctx: ApiContext): unknown {
	const customer = customerOf(ctx);
	const seed = reportsOf(ctx.state).config.seed;
	const entries = queuesOf(ctx, customer).map((q) => {
		const f = figures(seed, q);
		return {
			Ext: q.Ext,
			Queue: q.Name,
			Calls: String(liveCalls(ctx, customer, q.Ext)),
			Callback: String(f.cbWaiting),
			'Avail.Agnts': String(f.agents),
			Answered: String(f.answered),
			Abandoned: String(f.abandoned),
			WaitTime: hhmmss(f.liveWait),
			EstimatedWaitTime: hhmmss(f.avgWait),
			Voicemail: String(f.voicemail),
			ServiceLevel: (Number(f.serviceLevel) / 100).toFixed(2),
		};
	});
	// The document's shape: a bare array, the queues then a status object.
	return [...entries, { Status: 'OK' }];
}

const seconds = (t: string) => t.split(':').reduce((s, part) => s * 60 + Number(part), 0);

export function liveStats(ctx: ApiContext): unknown {
	const customer = customerOf(ctx);
	const seed = reportsOf(ctx.state).config.seed;
	const queuestats = queuesOf(ctx, customer).map((q) => {
		const f = figures(seed, q);
		const live = liveCalls(ctx, customer, q.Ext);
		return {
			name: q.Name,
			queued: String(live),
			answered: String(f.answered),
			abandoned: String(f.abandoned),
			overflow: String(f.overflow),
			voicemail: String(f.voicemail),
			answeredRate: f.answeredRate,
			abandonedRate: f.abandonedRate,
			overflowRate: f.overflowRate,
			serviceLevel: f.serviceLevel,
			minWaitTime: hhmmss(f.minWait),
			maxWaitTime: hhmmss(f.maxWait),
			avgWaitTime: hhmmss(f.avgWait),
			minTalkTime: hhmmss(f.minTalk),
			maxTalkTime: hhmmss(f.maxTalk),
			avgTalkTime: hhmmss(f.avgTalk),
			cb_request: String(f.cbRequest),
			cb_answered: String(f.cbAnswered),
			cb_missed: String(f.cbMissed),
			cb_waiting: String(f.cbWaiting),
			liveWaitTime: hhmmss(f.liveWait),
			liveCalls: String(live),
			liveAgents: String(f.agents),
		};
	});
	// Totals follow the document's rule: rates, service level and times are sums of the queues' values.
	const queuetotals: Record<string, string> = { name: 'Totals' };
	for (const field of Object.keys(queuestats[0] ?? {}).filter((k) => k !== 'name')) {
		const values = queuestats.map((q) => String((q as Record<string, string>)[field]));
		queuetotals[field] = values[0]?.includes(':')
			? hhmmss(values.reduce((s, v) => s + seconds(v), 0))
			: values[0]?.includes('.')
				? values.reduce((s, v) => s + Number(v), 0).toFixed(2)
				: String(values.reduce((s, v) => s + Number(v), 0));
	}
	const extensions = [...ctx.state.extensions.values()].filter((e) => e.Customer === customer);
	const agents = extensions.filter((e) => /^2\d\d$/.test(e.ExtensionNumber));
	const teams = [...ctx.state.queues.values()].filter((q) => q.Customer === customer).map((q) => q.Name).join(',');
	// Agents with no SIP device logged in are omitted: the last agent of each customer is offline.
	const agentstatus = agents.slice(0, Math.max(1, agents.length - 1)).map((e, i) => {
		const busy = liveCalls(ctx, customer, e.ExtensionNumber) > 0;
		return {
			name: e.Name,
			team: teams,
			extension: e.ExtensionNumber,
			status: busy ? 'On Call' : i === 1 ? 'Paused (Lunch)' : 'Available',
			duration: busy ? '00:00:01' : '00:00:00',
			stats: { answered: String(between(5, 40, seed, e.ID, 1)), missed: String(between(0, 5, seed, e.ID, 2)) },
			outbound: String(between(0, 20, seed, e.ID, 3)),
			callbacks: { answered: String(between(0, 3, seed, e.ID, 4)) },
			logon: hhmmss(between(3600, 28800, seed, e.ID, 5)),
			available: hhmmss(between(600, 7200, seed, e.ID, 6)),
			timeMngmnt: { incoming: hhmmss(between(600, 7200, seed, e.ID, 7)), outgoing: hhmmss(between(0, 3600, seed, e.ID, 8)) },
			wrapup: hhmmss(between(0, 1200, seed, e.ID, 9)),
			break: hhmmss(between(0, 3600, seed, e.ID, 10)),
		};
	});
	const presence = Object.fromEntries(
		extensions.map((e) => [e.ExtensionNumber, liveCalls(ctx, customer, e.ExtensionNumber) > 0 ? 'BUSY' : 'NOT_INUSE']),
	);
	return ok({ queuestats, queuetotals, agentstatus, presence });
}
