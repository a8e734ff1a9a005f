/**
 * Missed Call (issue 27, item 6): from the switch's Disconnected notification to the workflow's
 * first node after the trigger, and notifications handled per second, beside what a user builds
 * without the event:
 *
 * - ours: SolSwitch Trigger (Missed Call) -> HTTP Request to the bench's sink (the CallID);
 * - n8n only: Webhook (answers {"Status":"OK"} Immediately) -> HTTP Request POST to CDR Leg Details
 *   (the SolSwitch API credential) -> IF (a Disconnected, from a caller of 6+ digits, no leg detail
 *   in State "Answered": the leg-details form of "ConnectTime empty, Disposition NOANSWER") -> the
 *   same HTTP Request to the sink.
 *
 * The calls are real sandbox calls (sandbox/switch/callPlayer.ts, no ringing time), half missed and
 * half answered, played before a round with no notification URL set; their Disconnected
 * notifications are caught from the switch state and posted by the bench, so both sides get the
 * same bodies and the records are there (equal work: one notification, the records read by CallID,
 * a run for a missed call only). Every answer is checked: each missed call reaches the sink exactly
 * once, an answered one never (a run that starts for an answered call is a wrong answer).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { callbacksOf, notificationBody } from '../../sandbox/switch/callbacks';
import { callPlayerOf } from '../../sandbox/switch/callPlayer';
import type { CallEvent } from '../../sandbox/switch/state';
import { groupCpuMs } from './cpu';
import { ResumeSink } from './sendAndWaitPath';
import { fromSamples, median, pairedRatios, type BenchContext, type BenchPath, type Comparison, type Side } from './types';
import { node, published, TRIGGER_VERSIONS, webhook, type BenchNode } from './workflows';

export interface MissedSizes {
	rounds: number;
	/** Missed calls timed one at a time per round. */
	timed: number;
	/** Calls sent all at once per round (half missed, half answered). */
	burst: number;
	concurrency: number;
	graceMs: number;
}

/** notes.ts states these for the report: keep both in step. */
export const MISSED_FULL: MissedSizes = { rounds: 5, timed: 8, burst: 32, concurrency: 8, graceMs: 10_000 };
export const MISSED_QUICK: MissedSizes = { rounds: 5, timed: 4, burst: 16, concurrency: 8, graceMs: 10_000 };

type Notification = Record<string, string>;

interface PlayedCall {
	callId: string;
	missed: boolean;
	disconnected: Notification;
}

/** Calls played in the sandbox with no notification URL set; their last Disconnected caught as the switch would send it. */
export async function playCalls(ctx: BenchContext, missed: boolean[]): Promise<PlayedCall[]> {
	const callbacks = callbacksOf(ctx.sandbox);
	const urls = callbacks.config.sipNotificationUrls;
	callbacks.configure({ sipNotificationUrls: [] });
	const caught = new Map<string, Notification>();
	const listener = ({ Event, call }: CallEvent) => {
		if (Event !== 'Disconnected') return;
		caught.set(call.CallID, notificationBody(Event, call));
	};
	ctx.sandbox.state.on('call', listener);
	try {
		const played: PlayedCall[] = [];
		for (const m of missed) {
			const record = await callPlayerOf(ctx.sandbox).play({ scenario: m ? 'missed' : 'answered', ringSeconds: 0, talkSeconds: 0, From: '4385550142', DID: '5145550100', Extension: '201' });
			played.push({ callId: record.CallID, missed: m, disconnected: caught.get(record.CallID)! });
		}
		return played;
	} finally {
		ctx.sandbox.state.off('call', listener);
		callbacks.configure({ sipNotificationUrls: urls });
	}
}

interface Target {
	label: string;
	url: string;
}

/** The sink's report of a run: the CallID from the trigger's item (ours) or the webhook's body (n8n only). */
function report(sinkUrl: string, callId: string): BenchNode {
	return node('Report Run', 'n8n-nodes-base.httpRequest', 4.2, {
		method: 'POST',
		url: sinkUrl,
		sendBody: true,
		specifyBody: 'json',
		jsonBody: `={{ JSON.stringify({ phone: ${callId} }) }}`,
		options: {},
	});
}

export async function oursMissed(ctx: BenchContext, sinkUrl: string): Promise<Target> {
	const webhookId = randomUUID();
	const trigger = node('SolSwitch Trigger', 'n8n-nodes-solswitch.solSwitchTrigger', TRIGGER_VERSIONS.switch, { event: 'missed-call' }, { webhookId, credentials: { solSwitchApi: ctx.credentials.switch } });
	const { url } = await published(ctx.n8n, ctx.api, 'Bench Missed Call: SolSwitch Trigger', [trigger, report(sinkUrl, '$json.CallID')], `${webhookId}/missed-call`);
	return { label: 'SolSwitch Trigger (Missed Call)', url };
}

export async function plainMissed(ctx: BenchContext, sinkUrl: string): Promise<Target> {
	const path = `bench-missed-${randomUUID()}`;
	const hook = webhook(path, 'onReceived', { responseData: '{"Status":"OK"}' });
	const details = node('CDR Leg Details', 'n8n-nodes-base.httpRequest', 4.2, {
		method: 'POST',
		url: `${ctx.sandbox.url}/api/cdrlegdetailsapi/`,
		authentication: 'predefinedCredentialType',
		nodeCredentialType: 'solSwitchApi',
		sendBody: true,
		contentType: 'form-urlencoded',
		bodyParameters: { parameters: [{ name: 'CallID', value: '={{ $json.body.CallID }}' }, { name: 'Customer', value: '={{ $json.body.Customer }}' }] },
		options: {},
	}, { credentials: { solSwitchApi: ctx.credentials.switch } });
	const condition = (id: string, leftValue: string, type: 'string' | 'number', operation: string, rightValue: unknown) => ({ id, leftValue, rightValue, operator: { type, operation } });
	const missed = node('Missed?', 'n8n-nodes-base.if', 2.2, {
		conditions: {
			options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 },
			conditions: [
				condition('1', '={{ $json.Status }}', 'string', 'equals', 'OK'),
				condition('2', '={{ $("Webhook").first().json.body.Event }}', 'string', 'equals', 'Disconnected'),
				condition('3', '={{ String($("Webhook").first().json.body.SourceNumber).replace(/\\D/g, "").length }}', 'number', 'gte', 6),
				condition('4', '={{ ($json.Details ?? []).filter(d => d.State === "Answered").length }}', 'number', 'equals', 0),
			],
			combinator: 'and',
		},
		options: {},
	});
	const sink = report(sinkUrl, '$("Webhook").first().json.body.CallID');
	const nodes = [hook, details, missed, sink];
	const connections = {
		Webhook: { main: [[{ node: details.name, type: 'main', index: 0 }]] },
		[details.name]: { main: [[{ node: missed.name, type: 'main', index: 0 }]] },
		[missed.name]: { main: [[{ node: sink.name, type: 'main', index: 0 }], []] },
	};
	const { url } = await published(ctx.n8n, ctx.api, 'Bench Missed Call: Webhook + HTTP Request + IF', nodes, path, { connections });
	return { label: 'Webhook → HTTP Request (CDR Leg Details) → IF (not answered)', url };
}

export interface MissedFigures {
	/** Disconnected POST to the sink hearing the run, per timed missed call (ms). */
	latencies: number[];
	/** Notifications handled per second in the burst (answered and every expected run reported). */
	perSecond: number;
	calls: number;
	/** Missed calls with no run, or with more than one; answered calls with a run; answers other than HTTP 200 {"Status":"OK"}. */
	wrong: string[];
	cpuMsPerCall: number;
}

async function post(url: string, body: Notification): Promise<string | undefined> {
	try {
		const answer = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
		const text = await answer.text();
		return answer.status === 200 && (JSON.parse(text) as { Status?: string }).Status === 'OK' ? undefined : `HTTP ${answer.status} ${text.slice(0, 120)}`;
	} catch (error) {
		return (error as Error).message;
	}
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One round of one side: its own calls, the timed ones one at a time, then the burst. */
export async function measureMissed(ctx: BenchContext, target: Target, sink: ResumeSink, sizes: MissedSizes, cpuOf: () => number = () => groupCpuMs(ctx.n8n.pid)): Promise<MissedFigures> {
	const timed = await playCalls(ctx, Array.from({ length: sizes.timed }, () => true));
	const burst = await playCalls(ctx, Array.from({ length: sizes.burst }, (_, i) => i % 2 === 0));
	const wrong: string[] = [];
	const cpuBefore = cpuOf();
	const latencies: number[] = [];
	for (const call of timed) {
		const started = performance.now();
		const problem = await post(target.url, call.disconnected);
		if (problem) wrong.push(`${call.callId}: ${problem}`);
		const at = await sink.resumed(call.callId, sizes.graceMs);
		if (at !== undefined) latencies.push(at - started);
	}
	const started = performance.now();
	let next = 0;
	let answeredAt = started;
	await Promise.all(Array.from({ length: sizes.concurrency }, async () => {
		while (next < burst.length) {
			const call = burst[next++];
			const problem = await post(target.url, call.disconnected);
			if (problem) wrong.push(`${call.callId}: ${problem}`);
			answeredAt = Math.max(answeredAt, performance.now());
		}
	}));
	const arrivals = await Promise.all(burst.filter((c) => c.missed).map((c) => sink.resumed(c.callId, sizes.graceMs)));
	const last = Math.max(answeredAt, ...arrivals.filter((a): a is number => a !== undefined));
	const cpu = cpuOf() - cpuBefore;
	// Time for a wrong run (an answered call's) or a second run to report before counting.
	await sleep(1500);
	for (const call of [...timed, ...burst]) {
		const runs = sink.hits(call.callId);
		if (call.missed && runs !== 1) wrong.push(`missed call ${call.callId}: ${runs} runs`);
		if (!call.missed && runs) wrong.push(`answered call ${call.callId}: ${runs} runs`);
	}
	return { latencies, perSecond: burst.length / ((last - started) / 1000), calls: timed.length + burst.length, wrong, cpuMsPerCall: cpu / (timed.length + burst.length) };
}

function sideOf(label: string, rounds: MissedFigures[], metric: 'ms' | 'msg/s'): Side {
	const wrong = rounds.flatMap((r) => r.wrong);
	const calls = rounds.reduce((n, r) => n + r.calls, 0);
	const cpu = median(rounds.map((r) => r.cpuMsPerCall).filter(Number.isFinite));
	const notes = [wrong.length ? `wrong answers: ${wrong.length} of ${calls}, first: ${wrong[0]}` : `${calls} calls, every answer right`, Number.isFinite(cpu) ? `n8n CPU ${cpu.toFixed(0)} ms per notification` : ''];
	const all = rounds.flatMap((r) => r.latencies).sort((a, b) => a - b);
	const samples = metric === 'ms' ? rounds.map((r) => median(r.latencies)) : rounds.map((r) => r.perSecond);
	return { label, ...fromSamples(samples), ...(metric === 'ms' ? { p50Ms: median(all) } : {}), note: notes.filter(Boolean).join(', ') };
}

export function missedComparisons(ours: { label: string; rounds: MissedFigures[] }, plain: { label: string; rounds: MissedFigures[] }, size: string): Comparison[] {
	return (['ms', 'msg/s'] as const).map((metric) => {
		const o = sideOf(ours.label, ours.rounds, metric);
		const p = sideOf(plain.label, plain.rounds, metric);
		return {
			path: metric === 'ms' ? 'Missed call: Disconnected to the run (one at a time)' : 'Disconnected notifications handled, half of them missed calls (all at once)',
			size,
			metric,
			ours: o,
			plain: p,
			ratios: pairedRatios(metric, o.samples ?? [], p.samples ?? []),
		};
	});
}

/** `npm run bench -- missed-call` runs only this path. */
export const missedCallPath: BenchPath = {
	id: 'missed-call',
	settings: ['default'],
	async run(ctx) {
		const sink = await ResumeSink.start();
		try {
			const sizes = ctx.quick ? MISSED_QUICK : MISSED_FULL;
			const ours = await oursMissed(ctx, sink.url);
			const plain = await plainMissed(ctx, sink.url);
			// A warm-up round each (first compilations, the credential's first decryption), not counted.
			await measureMissed(ctx, ours, sink, { ...sizes, timed: 2, burst: 4 });
			await measureMissed(ctx, plain, sink, { ...sizes, timed: 2, burst: 4 });
			const rounds = { ours: [] as MissedFigures[], plain: [] as MissedFigures[] };
			for (let round = 0; round < sizes.rounds; round++) {
				for (const which of round % 2 ? (['plain', 'ours'] as const) : (['ours', 'plain'] as const)) {
					rounds[which].push(await measureMissed(ctx, which === 'ours' ? ours : plain, sink, sizes));
				}
			}
			return missedComparisons({ label: ours.label, rounds: rounds.ours }, { label: plain.label, rounds: rounds.plain }, `${sizes.rounds} rounds of ${sizes.timed} timed + ${sizes.burst} at once`);
		} finally {
			await sink.close();
		}
	},
};
