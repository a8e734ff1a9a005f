/**
 * CDR export of 1,000 / 10,000 / 100,000 legs inside a real n8n: the SolSwitch node's CDR Export
 * (one item per leg) beside n8n's HTTP Request → Edit Fields (flatten "CallID → legs") → Split Out.
 * Both workflows are started by a Webhook and answer with their first item when done; neither saves
 * a successful execution (the same for both: what is measured is the export, not SQLite).
 *
 * The switch is a replay of the sandbox's answer for the size (replay.ts), so that both clocks hold
 * n8n's work only. Time: both workflows in the run's n8n, in interleaved rounds (ours, theirs,
 * theirs, ours ...), the median and spread reported. Peak memory: each side again in an n8n of its
 * own, started fresh, so the process's peak resident memory is that side's alone.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { DEFAULT_SWITCH_KEY } from '../../sandbox/server';
import type { N8nApi } from '../n8n-harness';
import { withPeakRss } from './memory';
import { startReplaySwitch } from './replay';
import { fromSamples, pairedRatios, type BenchContext, type BenchPath, type Comparison, type Side } from './types';
import { node, published, webhook } from './workflows';

const DAY = '2026-03-10';
const NO_SAVE = { saveDataSuccessExecution: 'none', saveDataErrorExecution: 'all', saveManualExecutions: false };

type Workflow = { url: string; id: string };
type Variant = 'ours' | 'plain';
const LABELS: Record<Variant, string> = { ours: 'SolSwitch node, CDR Export', plain: 'HTTP Request → Edit Fields (flatten) → Split Out' };

async function oursWorkflow(ctx: Pick<BenchContext, 'n8n' | 'api'>, switchUrl: string): Promise<Workflow> {
	const credential = await ctx.api.createCredential('Bench switch (CDR replay)', 'solSwitchApi', { baseUrl: switchUrl, apiKey: DEFAULT_SWITCH_KEY, customer: '' });
	const path = `bench-cdr-ours-${randomUUID()}`;
	return await published(ctx.n8n, ctx.api, 'Bench CDR: SolSwitch node', [
		webhook(path, 'lastNode', {}, { responseData: 'firstEntryJson' }),
		node('CDR Export', 'n8n-nodes-solswitch.solSwitch', 1, { resource: 'report', operation: 'exportCdr', DateStart: DAY, DateEnd: DAY, options: { timeout: 600000 } }, {
			credentials: { solSwitchApi: { id: credential.id, name: credential.name } },
		}),
	], path, { settings: NO_SAVE });
}

/** What a user builds without the package: the request by hand, then the legs flattened by an expression and split. */
async function plainWorkflow(ctx: Pick<BenchContext, 'n8n' | 'api'>, switchUrl: string): Promise<Workflow> {
	const path = `bench-cdr-plain-${randomUUID()}`;
	const flatten =
		"={{ Object.entries($json).filter(([k]) => k !== 'Status' && k !== 'Reason').flatMap(([CallID, legs]) => [].concat(legs).map((leg) => ({ CallID, ...leg }))) }}";
	return await published(ctx.n8n, ctx.api, 'Bench CDR: HTTP Request + Split Out', [
		webhook(path, 'lastNode', {}, { responseData: 'firstEntryJson' }),
		node('HTTP Request', 'n8n-nodes-base.httpRequest', 4.2, {
			method: 'POST',
			url: `${switchUrl}/api/cdrexport/`,
			sendBody: true,
			specifyBody: 'json',
			jsonBody: JSON.stringify({ DateStart: DAY, DateEnd: DAY, Key: DEFAULT_SWITCH_KEY }),
			options: { timeout: 600000 },
		}),
		node('Flatten', 'n8n-nodes-base.set', 3.4, {
			mode: 'manual',
			assignments: { assignments: [{ id: randomUUID(), name: 'legs', value: flatten, type: 'array' }] },
			options: {},
		}),
		node('Split Out', 'n8n-nodes-base.splitOut', 1, { fieldToSplitOut: 'legs', include: 'noOtherFields', options: {} }),
	], path, { settings: NO_SAVE });
}

async function timeOne(pid: number | undefined, url: string): Promise<{ ms: number; peakMb: number; beforeMb: number; ok: boolean; shown: string }> {
	const { result, peakMb, beforeMb } = await withPeakRss(pid, async () => {
		const started = performance.now();
		const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
		const text = await response.text();
		return { ms: performance.now() - started, status: response.status, text };
	});
	let first: { CallID?: string; LegID?: unknown } = {};
	try {
		first = JSON.parse(result.text);
	} catch {
		// shown below
	}
	const ok = result.status === 200 && typeof first.CallID === 'string' && first.LegID !== undefined;
	return { ms: result.ms, peakMb, beforeMb, ok, shown: `HTTP ${result.status}: ${result.text.slice(0, 200)}` };
}

const workflowOf = (variant: Variant, ctx: Pick<BenchContext, 'n8n' | 'api'>, switchUrl: string) =>
	variant === 'ours' ? oursWorkflow(ctx, switchUrl) : plainWorkflow(ctx, switchUrl);

/** What n8n recorded as the failure of the workflow's newest failed execution (the webhook says only "Error in workflow"). */
async function n8nError(api: N8nApi, workflowId: string): Promise<string> {
	try {
		const failed = (await api.executionSummaries(workflowId)).find((e) => e.status === 'error' || e.status === 'crashed');
		if (!failed) return '';
		const run = (await api.getExecution(failed.id)).data.resultData;
		const nodeError = Object.entries(run.runData).flatMap(([name, runs]) => runs.filter((r) => r.error).map((r) => `${name}: ${r.error!.message}`))[0];
		return nodeError ?? run.error?.message ?? '';
	} catch (error) {
		return `(execution not readable: ${(error as Error).message})`;
	}
}

/** The sandbox's answer for one day of `legs` legs, as bytes, generated once. */
async function sandboxAnswer(sandboxUrl: string, legs: number): Promise<Buffer> {
	const post = (path: string, body: unknown) => fetch(`${sandboxUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
	await post('/_sandbox/reports', { seed: 1, legs, days: 1, lastDay: DAY });
	return Buffer.from(await (await post('/api/cdrexport/', { DateStart: DAY, DateEnd: DAY, Key: DEFAULT_SWITCH_KEY })).arrayBuffer());
}

export const cdrPath: BenchPath = {
	id: 'cdr-export',
	settings: ['default', 'legacy'],
	async run(ctx): Promise<Comparison[]> {
		// BENCH_CDR_LEGS=100000: only that size (e.g. to profile it with BENCH_CPU_PROF).
		const sizes = process.env.BENCH_CDR_LEGS ? process.env.BENCH_CDR_LEGS.split(',').map(Number) : ctx.quick ? [1000, 10000] : [1000, 10000, 100000];
		const rounds = ctx.quick ? 3 : 5;
		const replay = await startReplaySwitch(DEFAULT_SWITCH_KEY);
		const answers = new Map<number, Buffer>();
		const times = new Map<number, Record<Variant, number[]>>();
		const notes = new Map<string, string>();
		const peaks = new Map<string, { peakMb: number; startMb: number }>();
		const wrong = async (variant: Variant, legs: number, shown: string, api: N8nApi, workflow: Workflow) => {
			const key = `${variant}:${legs}`;
			if (!notes.has(key)) notes.set(key, `wrong answer: ${shown}${await n8nError(api, workflow.id).then((e) => (e ? `; n8n: ${e}` : ''))}`);
		};
		try {
			for (const legs of sizes) answers.set(legs, await sandboxAnswer(ctx.sandbox.url, legs));
			const wf = { ours: await workflowOf('ours', ctx, replay.url), plain: await workflowOf('plain', ctx, replay.url) };
			replay.load(answers.get(sizes[0])!);
			for (const variant of ['ours', 'plain'] as const) await timeOne(undefined, wf[variant].url); // warm-up, not measured
			for (const legs of sizes) {
				replay.load(answers.get(legs)!);
				const t: Record<Variant, number[]> = { ours: [], plain: [] };
				for (let round = 0; round < rounds; round++) {
					for (const variant of round % 2 ? (['plain', 'ours'] as const) : (['ours', 'plain'] as const)) {
						const r = await timeOne(undefined, wf[variant].url);
						t[variant].push(r.ms);
						if (!r.ok) await wrong(variant, legs, r.shown, ctx.api, wf[variant]);
					}
				}
				times.set(legs, t);
			}
			for (const variant of ['ours', 'plain'] as const) {
				const fresh = await ctx.freshN8n();
				try {
					const workflow = await workflowOf(variant, fresh, replay.url);
					for (const legs of sizes) {
						replay.load(answers.get(legs)!);
						const r = await timeOne(fresh.n8n.pid, workflow.url);
						peaks.set(`${variant}:${legs}`, { peakMb: r.peakMb, startMb: r.beforeMb });
						if (!r.ok) await wrong(variant, legs, r.shown, fresh.api, workflow);
					}
				} finally {
					await fresh.n8n.stop();
				}
			}
		} finally {
			await replay.close();
		}
		const side = (variant: Variant, legs: number): Side => ({
			label: LABELS[variant],
			...fromSamples(times.get(legs)![variant]),
			...peaks.get(`${variant}:${legs}`),
			note: notes.get(`${variant}:${legs}`),
		});
		return sizes.map((legs) => ({
			path: 'CDR export to one item per leg',
			size: `${legs.toLocaleString('en-US')} legs`,
			metric: 'ms',
			ours: side('ours', legs),
			plain: side('plain', legs),
			ratios: pairedRatios('ms', times.get(legs)!.ours, times.get(legs)!.plain),
		}));
	},
};
