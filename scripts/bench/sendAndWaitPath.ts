/**
 * Human in the loop over SMS: how fast a reply resumes the waiting execution, and how many replies
 * per second resume theirs, beside the no-code recipe a user builds today (issue 20, item 7):
 *
 * - recipe, outbound: Webhook -> Data Table (insert the phone and `$execution.resumeUrl`) -> Send SMS
 *   -> Wait (On Webhook Call) -> HTTP Request to the bench's sink ("resumed");
 * - recipe, inbound: Messaging Trigger (Immediately) -> Data Table (get the phone's row) -> HTTP
 *   Request POST to the row's resume URL;
 * - ours: Webhook -> Messaging > Send and Wait for Response -> HTTP Request to the sink; replies go to
 *   the Messaging Trigger (any version: routing needs no new setting), which routes them.
 *
 * Each side: `waits` executions started (one phone each) and left waiting; then `latencyReplies`
 * replies one at a time, each timed from the MO POST to the sink hearing "resumed" (reply-to-resumed
 * latency); then the rest all at once, `concurrency` in flight (resumes per second). A reply whose
 * resume never reaches the sink within the grace period is counted lost.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { DEFAULT_INBOUND_KEY } from '../../sandbox/gateway/config';
import { ensureDataTables } from '../start/dataTables';
import type { N8nApi } from '../n8n-harness';
import { groupCpuMs } from './cpu';
import { node, published, TRIGGER_VERSIONS, webhook, type BenchNode } from './workflows';
import { fromSamples, median, pairedRatios, type BenchContext, type BenchPath, type Comparison } from './types';

/** Where the resumed executions report: a local HTTP server that notes when each phone's came back. */
export class ResumeSink {
	private readonly arrived = new Map<string, number>();
	private readonly calls = new Map<string, number>();
	private readonly waiters = new Map<string, () => void>();
	private constructor(private readonly server: Server) {}

	static async start(): Promise<ResumeSink> {
		let sink!: ResumeSink;
		const server = createServer((req, res) => {
			const chunks: Buffer[] = [];
			req.on('data', (c: Buffer) => chunks.push(c));
			req.on('end', () => {
				try {
					const { phone } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { phone?: string };
					if (phone) sink.note(String(phone));
				} catch {
					// not ours
				}
				res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
			});
		});
		sink = new ResumeSink(server);
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
		return sink;
	}

	get url(): string {
		return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/resumed`;
	}

	private note(phone: string) {
		this.calls.set(phone, (this.calls.get(phone) ?? 0) + 1);
		if (!this.arrived.has(phone)) this.arrived.set(phone, performance.now());
		this.waiters.get(phone)?.();
	}

	/** Resolves with the time the phone's execution reported back, or undefined after `timeoutMs`. */
	async resumed(phone: string, timeoutMs: number): Promise<number | undefined> {
		if (this.arrived.has(phone)) return this.arrived.get(phone);
		return await new Promise((resolve) => {
			const timer = setTimeout(() => {
				this.waiters.delete(phone);
				resolve(undefined);
			}, timeoutMs);
			this.waiters.set(phone, () => {
				clearTimeout(timer);
				this.waiters.delete(phone);
				resolve(this.arrived.get(phone));
			});
		});
	}

	/**
	 * Times the resumes of `phones`: the first `timed` one at a time (each `act`, then its resume: the
	 * latencies), the rest `concurrency` at a time (resumes per second from the first act to the last
	 * resume). Shared by the paths whose rounds are timed that way (Send and Wait, keypress).
	 */
	async timeResumes(phones: string[], timed: number, concurrency: number, graceMs: number, act: (phone: string) => Promise<unknown>): Promise<{ latencies: number[]; perSecond: number }> {
		const latencies: number[] = [];
		for (const phone of phones.slice(0, timed)) {
			const started = performance.now();
			await act(phone);
			const at = await this.resumed(phone, graceMs);
			if (at !== undefined) latencies.push(at - started);
		}
		const rest = phones.slice(timed);
		const started = performance.now();
		await pool(rest.length, concurrency, async (i) => act(rest[i]));
		const arrivals = await Promise.all(rest.map((phone) => this.resumed(phone, graceMs)));
		const last = Math.max(...arrivals.filter((a): a is number => a !== undefined), started);
		return { latencies, perSecond: arrivals.filter((a) => a !== undefined).length / ((last - started) / 1000 || Infinity) };
	}

	/** How many times the key reported (a run started twice reports twice). */
	hits(phone: string): number {
		return this.calls.get(phone) ?? 0;
	}

	count(phones: string[]): number {
		return phones.filter((p) => this.arrived.has(p)).length;
	}

	async close(): Promise<void> {
		this.server.closeAllConnections?.();
		await new Promise<void>((resolve) => this.server.close(() => resolve()));
	}
}

/** One side of the comparison, published in ctx.n8n. */
export interface WaitSide {
	label: string;
	/** POST {to} here to start one waiting execution for that phone. */
	startUrl: string;
	/** The workflow whose executions wait (to count them). */
	waitingWorkflowId: string;
	/** The Messaging Trigger's production URL: the phone's reply goes there. */
	inboundUrl: string;
	/** The reply that resumes (YES for an approval). */
	reply: string;
}

/** The HTTP Request that tells the sink an execution resumed (its phone, from the starting webhook's body). */
export function reportResumed(sinkUrl: string, name = 'Report Resumed'): BenchNode {
	return node(name, 'n8n-nodes-base.httpRequest', 4.2, {
		method: 'POST',
		url: sinkUrl,
		sendBody: true,
		specifyBody: 'json',
		jsonBody: '={{ JSON.stringify({ phone: $("Webhook").first().json.body.to }) }}',
		options: {},
	});
}

const TABLE = 'Bench waits';
const column = (id: string) => ({ id, displayName: id, required: false, defaultMatch: false, display: true, type: 'string', readOnly: false, removed: false, canBeUsedToMatch: true });

/** The recipe, both workflows, in ctx.n8n. */
export async function recipeSide(ctx: BenchContext, sinkUrl: string): Promise<WaitSide> {
	const tables = await ensureDataTables(ctx.api, [{ name: TABLE, columns: [{ name: 'phone', type: 'string' }, { name: 'resumeUrl', type: 'string' }] }]);
	const table = { __rl: true, mode: 'id', value: tables[TABLE].id };
	const messaging = { solSwitchMessagingApi: ctx.credentials.messaging };
	const startPath = `bench-recipe-ask-${randomUUID()}`;
	const outbound = await published(ctx.n8n, ctx.api, 'Bench wait recipe: ask', [
		webhook(startPath, 'onReceived'),
		node('Remember the Wait', 'n8n-nodes-base.dataTable', 1, {
			resource: 'row',
			operation: 'insert',
			dataTableId: table,
			columns: {
				mappingMode: 'defineBelow',
				value: { phone: '={{ $json.body.to }}', resumeUrl: '={{ $execution.resumeUrl }}' },
				matchingColumns: [],
				schema: [column('phone'), column('resumeUrl')],
				attemptToConvertTypes: false,
				convertFieldsToString: false,
			},
			options: {},
		}),
		node('Ask', 'n8n-nodes-solswitch.solSwitchMessaging', 1, {
			resource: 'message',
			operation: 'sendSms',
			From: '55555',
			To: '={{ $("Webhook").first().json.body.to }}',
			Body: 'Approve the request? Reply YES or NO',
			additionalFields: { Receipt: 'no' },
			options: {},
		}, { credentials: messaging }),
		node('Wait for the Reply', 'n8n-nodes-base.wait', 1.1, { resume: 'webhook', httpMethod: 'POST', options: {} }, { webhookId: randomUUID() }),
		reportResumed(sinkUrl),
	], startPath);
	const hook = randomUUID();
	const inbound = await published(ctx.n8n, ctx.api, 'Bench wait recipe: route the reply', [
		node('SMS In', 'n8n-nodes-solswitch.solSwitchMessagingTrigger', TRIGGER_VERSIONS.messaging, { events: ['sms'], replyMode: 'onReceived', compliance: true, options: {} }, { webhookId: hook, credentials: messaging }),
		node('Find the Wait', 'n8n-nodes-base.dataTable', 1, {
			resource: 'row',
			operation: 'get',
			dataTableId: table,
			matchType: 'allConditions',
			filters: { conditions: [{ keyName: 'phone', condition: 'eq', keyValue: '={{ $json.from }}' }] },
			returnAll: false,
			limit: 1,
		}),
		node('Resume', 'n8n-nodes-base.httpRequest', 4.2, {
			method: 'POST',
			url: '={{ $json.resumeUrl }}',
			sendBody: true,
			specifyBody: 'json',
			jsonBody: '={{ JSON.stringify({ text: $("SMS In").first().json.text }) }}',
			options: {},
		}),
	], `${hook}/message`);
	return { label: 'Data Table + Send SMS + Wait; Messaging Trigger → Data Table → HTTP Request', startUrl: outbound.url, waitingWorkflowId: outbound.id, inboundUrl: inbound.url, reply: 'YES' };
}

export interface WaitFigures {
	/** Reply-to-resumed of each timed reply, in ms. */
	latencies: number[];
	/** Resumes per second with every remaining reply sent at once. */
	perSecond: number;
	replies: number;
	lost: number;
	/** Executions that were not waiting when the replies started (a start that failed). */
	notWaiting: number;
	/** CPU the n8n process group used from the first reply to the last resume, per reply (ms); NaN where unread. */
	cpuMsPerReply?: number;
}

export interface WaitSizes {
	/** Rounds per side, interleaved with the other side's (recipe, ours, ours, recipe ...). */
	rounds: number;
	/** Waits started per round (one phone each). */
	waits: number;
	/** Of them, replies timed one at a time; the rest are sent all at once. */
	latencyReplies: number;
	concurrency: number;
	/** How long a reply may take to resume before it is counted lost. */
	graceMs: number;
}

/** notes.ts states these for the report: keep both in step. */
export const WAIT_FULL: WaitSizes = { rounds: 5, waits: 24, latencyReplies: 8, concurrency: 8, graceMs: 30_000 };
export const WAIT_QUICK: WaitSizes = { rounds: 5, waits: 12, latencyReplies: 4, concurrency: 8, graceMs: 20_000 };

/**
 * Both sides' rounds, interleaved (recipe, ours, ours, recipe, recipe ...) so that a noisy moment
 * on the shared machine hits both alike; each round with phones of its own.
 */
export async function measureRounds(ctx: BenchContext, ours: WaitSide, plain: WaitSide, sink: ResumeSink, sizes: WaitSizes, cpuOf?: () => number): Promise<{ ours: WaitFigures[]; plain: WaitFigures[] }> {
	const run = `${Math.floor(Math.random() * 900) + 100}`;
	const figures = { ours: [] as WaitFigures[], plain: [] as WaitFigures[] };
	for (let round = 0; round < sizes.rounds; round++) {
		for (const which of round % 2 ? (['ours', 'plain'] as const) : (['plain', 'ours'] as const)) {
			const side = which === 'ours' ? ours : plain;
			figures[which].push(await measureWaits(ctx, side, sink, sizes, `1438${run}${round}${which === 'ours' ? 1 : 0}`, cpuOf));
		}
	}
	return figures;
}

/** Runs `task` for 0..count-1, `concurrency` at a time; the results in order. */
export async function pool<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
	const out: T[] = new Array(count);
	let next = 0;
	await Promise.all(Array.from({ length: Math.min(concurrency, count) }, async () => {
		while (next < count) {
			const i = next++;
			out[i] = await task(i);
		}
	}));
	return out;
}

async function waitingCount(api: N8nApi, workflowId: string): Promise<number> {
	return (await api.executionSummaries(workflowId)).filter((e) => e.status === 'waiting').length;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the waits, then times the replies (see the file's comment). */
export async function measureWaits(ctx: BenchContext, side: WaitSide, sink: ResumeSink, sizes: WaitSizes, phonePrefix: string, cpuOf: () => number = () => groupCpuMs(ctx.n8n.pid)): Promise<WaitFigures> {
	const phones = Array.from({ length: sizes.waits }, (_, i) => `${phonePrefix}${String(i).padStart(4, '0')}`);
	const before = await waitingCount(ctx.api, side.waitingWorkflowId);
	await pool(phones.length, 5, async (i) => {
		await fetch(side.startUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ to: phones[i] }) }).then((r) => r.text());
	});
	// Every execution waiting before any reply: the recipe cannot resume one that is not yet waiting.
	const deadline = Date.now() + 120_000;
	let waiting = before;
	while ((waiting = await waitingCount(ctx.api, side.waitingWorkflowId)) < before + phones.length && Date.now() < deadline) await sleep(250);
	const notWaiting = Math.max(0, before + phones.length - waiting);
	const mo = (phone: string) => ({ Type: 'Message', ID: `bench-wait-${randomUUID()}`, From: phone, To: '55555', Body: side.reply, Key: DEFAULT_INBOUND_KEY });
	const send = (phone: string) => fetch(side.inboundUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(mo(phone)) }).then((r) => r.text());

	const cpuBefore = cpuOf();
	const { latencies, perSecond } = await sink.timeResumes(phones, sizes.latencyReplies, sizes.concurrency, sizes.graceMs, send);
	return {
		cpuMsPerReply: (cpuOf() - cpuBefore) / phones.length,
		latencies,
		perSecond,
		replies: phones.length,
		lost: phones.length - sink.count(phones),
		notWaiting,
	};
}

const percentile = (values: number[], p: number) => {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};

function note(f: WaitFigures, cpu?: number): string {
	const cpuText = cpu !== undefined && Number.isFinite(cpu) ? `, n8n CPU ${cpu.toFixed(0)} ms per reply` : '';
	return `${f.lost} of ${f.replies} resumes lost${f.notWaiting ? `, ${f.notWaiting} never waiting` : ''}${cpuText}`;
}

/** One side's rounds, in the order measured. */
export interface WaitRounds {
	label: string;
	rounds: WaitFigures[];
}

function total(rounds: WaitFigures[]): WaitFigures {
	return {
		latencies: rounds.flatMap((f) => f.latencies),
		perSecond: median(rounds.map((f) => f.perSecond)),
		replies: rounds.reduce((n, f) => n + f.replies, 0),
		lost: rounds.reduce((n, f) => n + f.lost, 0),
		notWaiting: rounds.reduce((n, f) => n + f.notWaiting, 0),
	};
}

/** The median of the rounds' CPU per reply (the work n8n did, not the time it took). */
const cpuMedian = (rounds: WaitFigures[]) => median(rounds.map((f) => f.cpuMsPerReply ?? NaN).filter(Number.isFinite));

/**
 * The two comparison rows (latency, throughput) of ours beside the recipe, from their rounds: each
 * round gives one figure per side (its timed replies' median latency; its burst's resumes per
 * second), the row the median of the rounds with their range, and the speed the median of the
 * paired rounds' ratios (round k of ours beside round k of the recipe, measured next to it).
 */
/** The rows' titles: Send and Wait's by default (the keypress path gives its own). */
export interface WaitTitles {
	latency: string;
	rate: string;
}
const SMS_TITLES: WaitTitles = { latency: 'SMS reply to resumed execution (one at a time)', rate: 'SMS replies resuming their executions (all at once)' };

export function waitComparisons(ours: WaitRounds, plain: WaitRounds, size: string, where = '', titles: WaitTitles = SMS_TITLES): Comparison[] {
	const latencySide = (s: WaitRounds) => {
		const all = total(s.rounds);
		const perRound = s.rounds.map((f) => median(f.latencies));
		return { label: s.label, ...fromSamples(perRound), p50Ms: percentile(all.latencies, 50), p99Ms: percentile(all.latencies, 99), note: note(all, cpuMedian(s.rounds)) };
	};
	const rateSide = (s: WaitRounds) => ({ label: s.label, ...fromSamples(s.rounds.map((f) => f.perSecond)), note: note(total(s.rounds)) });
	const lat = [latencySide(ours), latencySide(plain)];
	const rate = [rateSide(ours), rateSide(plain)];
	return [
		{
			path: `${titles.latency}${where}`,
			size,
			metric: 'ms',
			ours: lat[0],
			plain: lat[1],
			ratios: pairedRatios('ms', lat[0].samples ?? [], lat[1].samples ?? []),
			goal: 1,
		},
		{
			path: `${titles.rate}${where}`,
			size,
			metric: 'msg/s',
			ours: rate[0],
			plain: rate[1],
			ratios: pairedRatios('msg/s', rate[0].samples ?? [], rate[1].samples ?? []),
			goal: 1,
		},
	];
}

/** Ours, both workflows, in ctx.n8n: the Messaging Trigger routes the reply to Send and Wait's execution. */
export async function oursSide(ctx: BenchContext, sinkUrl: string): Promise<WaitSide> {
	const messaging = { solSwitchMessagingApi: ctx.credentials.messaging };
	const hook = randomUUID();
	const inbound = await published(ctx.n8n, ctx.api, 'Bench wait: Messaging Trigger routes the reply', [
		node('SMS In', 'n8n-nodes-solswitch.solSwitchMessagingTrigger', TRIGGER_VERSIONS.messaging, { events: ['sms'], replyMode: 'onReceived', compliance: true, options: {} }, { webhookId: hook, credentials: messaging }),
	], `${hook}/message`);
	const startPath = `bench-wait-ask-${randomUUID()}`;
	const outbound = await published(ctx.n8n, ctx.api, 'Bench wait: Send and Wait for Response', [
		webhook(startPath, 'onReceived'),
		node('Ask', 'n8n-nodes-solswitch.solSwitchMessaging', 1, {
			resource: 'message',
			operation: 'sendAndWait',
			triggerUrl: inbound.url,
			From: '55555',
			To: '={{ $json.body.to }}',
			message: 'Approve the request?',
			responseType: 'approval',
			approvalOptions: {},
			options: {},
		}, { credentials: messaging }),
		reportResumed(sinkUrl),
	], startPath);
	return { label: 'Send and Wait for Response; the Messaging Trigger routes the reply', startUrl: outbound.url, waitingWorkflowId: outbound.id, inboundUrl: inbound.url, reply: 'YES' };
}

/** The path of `npm run bench` (`npm run bench -- --quick wait` runs only this one). */
export const sendAndWaitPath: BenchPath = {
	id: 'send-and-wait',
	settings: ['default'],
	async run(ctx) {
		const sink = await ResumeSink.start();
		try {
			const sizes = ctx.quick ? WAIT_QUICK : WAIT_FULL;
			const plain = await recipeSide(ctx, sink.url);
			const ours = await oursSide(ctx, sink.url);
			const figures = await measureRounds(ctx, ours, plain, sink, sizes);
			return waitComparisons({ label: ours.label, rounds: figures.ours }, { label: plain.label, rounds: figures.plain }, `${sizes.rounds} rounds of ${sizes.waits} waits each`);
		} finally {
			await sink.close();
		}
	},
};
