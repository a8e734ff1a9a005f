/**
 * The daily CDR export at 100,000 and 1,000,000 legs inside a real n8n, to a CSV file: the SolSwitch
 * node's CDR Export with Output "CSV File" (the day asked in windows, rows streamed to the binary
 * data store) beside its Items output followed by n8n's Convert to File (CSV), and, at 100,000 legs,
 * the n8n-only flow (HTTP Request → Edit Fields (flatten) → Split Out → Convert to File) with the
 * expression memory limit it needs to finish at all.
 *
 *   npm run bench -- cdr-scale          only these paths (about 10 minutes)
 *   BENCH_CDR_SCALE_LEGS=100000 npm run bench -- cdr-scale    one size
 *   BENCH_CDR_SCALE_VARIANTS=plain BENCH_CDR_SCALE_LEGS=100000 npm run bench -- cdr-scale   one side (csvFile, items, plain)
 *   BENCH_CDR_SCALE_PROFILES=quietThenBusy npm run bench -- cdr-scale    one day's profile (even, quietThenBusy)
 *
 * Two days of each size (the sandbox's call profiles, sandbox/switch/reports/config.ts): `even`, the
 * calls spread over the whole day, and `quietThenBusy`, a business switch's day: nothing from 00:00
 * to 07:59, every leg between 08:00 and 17:59. The second is what a windowed export must survive (a
 * quiet night must not grow the window the morning fills); only the CSV File output is measured on
 * it, because the other flows ask the whole day in one request, where the hour of each call changes
 * nothing: its row sets it beside the even day's Items flow. Memory goal of both: the CSV File side
 * at most 300 MB above idle at a million legs, 150 MB at 100,000 (judged in benchmarks.md's goals).
 *
 * The switch is the sandbox itself: it makes a window's legs on demand and streams a whole day's
 * answer as it makes it, so a million-leg day costs it no day of memory (a replay of the whole day's
 * bytes, as cdrPath.ts uses, cannot answer windows). Its time to make and send the day alone is
 * measured first and reported beside the figures: it is on both sides' clocks.
 *
 * Each side runs in an n8n of its own, started fresh, so that the process's peak is that side's
 * alone: a warm-up request for five minutes of the day first (code loaded, caches made), then the
 * day, once. Memory: n8n's resident set (VmRSS, sampled every 20 ms) at its peak during the request,
 * minus the resident set just before it ("above idle"). Neither workflow saves successful executions.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_SWITCH_KEY } from '../../sandbox/server';
import type { N8nApi, N8nInstance } from '../n8n-harness';
import { withPeakRss } from './memory';
import type { BenchContext, BenchPath, Comparison, Side } from './types';
import { node, published, webhook } from './workflows';

const DAY = '2026-03-10';
const NO_SAVE = { saveDataSuccessExecution: 'none', saveDataErrorExecution: 'all', saveManualExecutions: false };
/** Five minutes with calls in them, on either profile. */
const WARM_UP = { from: `${DAY} 08:00:00`, to: `${DAY} 08:04:59` };
const WHOLE_DAY = { from: DAY, to: DAY };
/**
 * The n8n-only flow's flatten expression holds the whole day in one evaluation: n8n 2.40's expression
 * isolate allows 128 MB and 5 s by default, and at 100,000 legs stops it ("Expression exceeded memory
 * limit", then "Expression timed out"). These are the settings it needs to finish.
 */
export const PLAIN_ENV = { N8N_EXPRESSION_ENGINE_MEMORY_LIMIT: '4096', N8N_EXPRESSION_ENGINE_TIMEOUT: '600000' };

type Variant = 'csvFile' | 'items' | 'plain';
type Profile = 'even' | 'quietThenBusy';
const PROFILES: Profile[] = ['even', 'quietThenBusy'];
/** The memory goal of the CSV File side: MB above idle at most, by day size. */
const ABOVE_IDLE_GOAL_MB = (legs: number) => (legs >= 1000000 ? 300 : 150);
const LABELS: Record<Variant, string> = {
	csvFile: 'SolSwitch node, CDR Export, Output CSV File',
	items: 'SolSwitch node, CDR Export (items) → Convert to File (CSV)',
	plain: `HTTP Request → Edit Fields (flatten) → Split Out → Convert to File (CSV), ${Object.entries(PLAIN_ENV).map(([k, v]) => `${k}=${v}`).join(' ')}`,
};

type Fresh = { n8n: N8nInstance; api: N8nApi };

async function workflowOf(variant: Variant, fresh: Fresh, sandboxUrl: string): Promise<{ url: string; id: string }> {
	const path = `bench-cdr-scale-${variant}-${randomUUID()}`;
	const range = { DateStart: '={{ $json.body.from }}', DateEnd: '={{ $json.body.to }}' };
	const toCsv = node('Convert to File', 'n8n-nodes-base.convertToFile', 1.1, { operation: 'csv', binaryPropertyName: 'data', options: {} });
	const hook = webhook(path, 'lastNode', {}, { responseData: 'firstEntryJson' });
	if (variant === 'plain') {
		const flatten =
			"={{ Object.entries($json).filter(([k]) => k !== 'Status' && k !== 'Reason').flatMap(([CallID, legs]) => [].concat(legs).map((leg) => ({ CallID, ...leg }))) }}";
		return await published(fresh.n8n, fresh.api, 'Bench CDR scale: n8n only', [
			hook,
			node('HTTP Request', 'n8n-nodes-base.httpRequest', 4.2, {
				method: 'POST',
				url: `${sandboxUrl}/api/cdrexport/`,
				sendBody: true,
				specifyBody: 'json',
				jsonBody: `={{ JSON.stringify({ DateStart: $json.body.from, DateEnd: $json.body.to, Key: '${DEFAULT_SWITCH_KEY}' }) }}`,
				options: { timeout: 1800000 },
			}),
			node('Flatten', 'n8n-nodes-base.set', 3.4, {
				mode: 'manual',
				assignments: { assignments: [{ id: randomUUID(), name: 'legs', value: flatten, type: 'array' }] },
				options: {},
			}),
			node('Split Out', 'n8n-nodes-base.splitOut', 1, { fieldToSplitOut: 'legs', include: 'noOtherFields', options: {} }),
			toCsv,
		], path, { settings: NO_SAVE });
	}
	const credential = await fresh.api.createCredential('Bench switch (CDR scale)', 'solSwitchApi', { baseUrl: sandboxUrl, apiKey: DEFAULT_SWITCH_KEY, customer: '' });
	const exportNode = node('CDR Export', 'n8n-nodes-solswitch.solSwitch', 2, {
		resource: 'report',
		operation: 'exportCdr',
		...range,
		options: { timeout: 1800000, ...(variant === 'csvFile' ? { cdrOutput: 'csvFile' } : {}) },
	}, { credentials: { solSwitchApi: { id: credential.id, name: credential.name } } });
	const nodes = variant === 'csvFile' ? [hook, exportNode] : [hook, exportNode, toCsv];
	return await published(fresh.n8n, fresh.api, `Bench CDR scale: ${variant}`, nodes, path, { settings: NO_SAVE });
}

interface Outcome {
	ms: number;
	peakMb: number;
	beforeMb: number;
	ok: boolean;
	note?: string;
	/** The CSV File output's requests (windowsAsked, windowsSplit). */
	windows?: string;
}

async function runOnce(pid: number | undefined, url: string, range: { from: string; to: string }, check: (answer: Record<string, unknown>) => boolean): Promise<Outcome> {
	const { result, peakMb, beforeMb } = await withPeakRss(pid, async () => {
		const started = performance.now();
		try {
			const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(range), signal: AbortSignal.timeout(1800000) });
			const text = await response.text();
			return { ms: performance.now() - started, status: response.status, text };
		} catch (error) {
			return { ms: performance.now() - started, status: 0, text: `request failed: ${(error as Error).message}` };
		}
	});
	let answer: Record<string, unknown> = {};
	try {
		answer = JSON.parse(result.text);
	} catch {
		// reported below
	}
	const ok = result.status === 200 && check(answer);
	const windows = typeof answer.windowsAsked === 'number' ? `${answer.windowsAsked} requests, ${String(answer.windowsSplit)} split` : undefined;
	return { ms: result.ms, peakMb, beforeMb, ok, windows, note: ok ? undefined : `HTTP ${result.status}: ${result.text.slice(0, 200)}` };
}

/** Whether the process is still there, and its resident set now (MB). */
function stillThere(pid: number | undefined): string {
	if (!pid) return '';
	try {
		const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
		return `n8n still running, ${rss ? Math.round(Number(rss[1]) / 1024) : '?'} MB resident`;
	} catch {
		return 'n8n process gone';
	}
}

/** The last lines of n8n's log that say why the process stopped (V8 prints "heap out of memory" there). */
function lastWords(n8n: N8nInstance): string {
	try {
		const log = fs.readFileSync(path.join(n8n.userFolder, 'n8n.log'), 'utf8');
		const fatal = log.split('\n').filter((line) => /FATAL|out of memory|Allocation failed|Killed|exited/i.test(line));
		return fatal.length ? fatal.slice(-2).join(' / ').slice(0, 200) : '';
	} catch {
		return '';
	}
}

/** What n8n recorded for the workflow's newest failed execution, or that the process is gone and why. */
async function failure(fresh: Fresh, workflowId: string): Promise<string> {
	try {
		const failed = (await fresh.api.executionSummaries(workflowId)).find((e) => e.status === 'error' || e.status === 'crashed');
		if (!failed) return '';
		const run = (await fresh.api.getExecution(failed.id)).data.resultData;
		const nodeError = Object.entries(run.runData).flatMap(([name, runs]) => runs.filter((r) => r.error).map((r) => `${name}: ${r.error!.message}`))[0];
		return nodeError ?? run.error?.message ?? failed.status;
	} catch (error) {
		const why = lastWords(fresh.n8n);
		return `n8n not answering (${(error as Error).message.split('\n')[0]}): the process died${why ? `: ${why}` : ''}`;
	}
}

/** The sandbox alone making and sending the whole day, read and dropped by a plain client. */
async function sandboxAlone(sandboxUrl: string): Promise<number> {
	const started = performance.now();
	const response = await fetch(`${sandboxUrl}/api/cdrexport/`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ DateStart: DAY, DateEnd: DAY, Key: DEFAULT_SWITCH_KEY }),
	});
	const reader = response.body!.getReader();
	while (!(await reader.read()).done);
	return performance.now() - started;
}

export const cdrScalePath: BenchPath = {
	id: 'cdr-scale',
	settings: ['default'],
	async run(ctx: BenchContext): Promise<Comparison[]> {
		const sizes = process.env.BENCH_CDR_SCALE_LEGS ? process.env.BENCH_CDR_SCALE_LEGS.split(',').map(Number) : [100000, 1000000];
		const results = new Map<string, Outcome>();
		const alone = new Map<string, number>();
		const profiles = process.env.BENCH_CDR_SCALE_PROFILES ? (process.env.BENCH_CDR_SCALE_PROFILES.split(',') as Profile[]) : PROFILES;
		const only = process.env.BENCH_CDR_SCALE_VARIANTS?.split(',');
		for (const legs of sizes) {
			for (const profile of profiles) {
				const configured = await fetch(`${ctx.sandbox.url}/_sandbox/reports`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({ seed: 1, legs, days: 1, lastDay: DAY, profile }),
				});
				if (!configured.ok) throw new Error(`the sandbox refused the ${profile} day: HTTP ${configured.status} ${await configured.text()}`);
				const day = `${legs}:${profile}`;
				alone.set(day, await sandboxAlone(ctx.sandbox.url));
				const title = `${legs.toLocaleString('en-US')} legs${profile === 'even' ? '' : ` (${profile})`}`;
				console.log(`  ${title}: the sandbox alone makes and sends the day in ${(alone.get(day)! / 1000).toFixed(1)} s`);
				const all: readonly Variant[] = profile !== 'even' ? ['csvFile'] : legs <= 100000 ? ['csvFile', 'items', 'plain'] : ['csvFile', 'items'];
				for (const variant of all.filter((v) => !only || only.includes(v))) {
					const fresh = await ctx.freshN8n(variant === 'plain' ? PLAIN_ENV : {});
					try {
						const workflow = await workflowOf(variant, fresh, ctx.sandbox.url);
						const check =
							variant === 'csvFile'
								? (answer: Record<string, unknown>) => typeof answer.legs === 'number' && answer.legs > 0
								: () => true;
						await runOnce(fresh.n8n.pid, workflow.url, WARM_UP, check);
						const full = await runOnce(
							fresh.n8n.pid,
							workflow.url,
							WHOLE_DAY,
							variant === 'csvFile' ? (answer) => answer.legs === legs : check,
						);
						if (!full.ok) {
							// fetch (undici) waits at most 300 s for an answer's headers: say whether n8n was still at work then.
							const state = stillThere(fresh.n8n.pid);
							const recorded = state.startsWith('n8n still') ? '' : await failure(fresh, workflow.id);
							full.note = `${full.note}; ${state}${recorded ? `; n8n: ${recorded}` : ''}`;
						}
						results.set(`${variant}:${day}`, full);
						const above = full.peakMb - full.beforeMb;
						console.log(
							`  ${title}, ${variant}: ${(full.ms / 1000).toFixed(1)} s, peak ${full.peakMb.toFixed(0)} MB (+${above.toFixed(0)} over ${full.beforeMb.toFixed(0)} MB idle)${full.windows ? `, ${full.windows}` : ''}${full.ok ? '' : ` FAILED: ${full.note}`}`,
						);
					} finally {
						await fresh.n8n.stop().catch(() => undefined);
					}
				}
			}
		}
		const side = (variant: Variant, legs: number, profile: Profile = 'even'): Side => {
			const r = results.get(`${variant}:${legs}:${profile}`) ?? { ms: NaN, peakMb: NaN, beforeMb: NaN, ok: false, note: 'not measured in this run' };
			const sandbox = alone.get(`${legs}:${profile}`);
			return {
				label: LABELS[variant],
				value: r.ms,
				peakMb: r.peakMb,
				startMb: r.beforeMb,
				note: [
					r.ok ? `${((r.ms * 1000) / legs).toFixed(0)} µs per leg` : `wrong answer: ${r.note}`,
					...(r.windows ? [r.windows] : []),
					...(sandbox === undefined ? [] : [`sandbox alone ${(sandbox / 1000).toFixed(1)} s`]),
				].join('; '),
			};
		};
		const rows: Comparison[] = [];
		for (const legs of sizes) {
			const size = `${legs.toLocaleString('en-US')} legs`;
			const goal = ABOVE_IDLE_GOAL_MB(legs);
			if (results.has(`csvFile:${legs}:even`) || results.has(`items:${legs}:even`)) {
				rows.push({ path: 'Daily CDR export to a CSV file: CSV File output vs items + Convert to File', size, metric: 'ms', ours: side('csvFile', legs), plain: side('items', legs), oursAboveIdleMb: goal });
			}
			if (results.has(`plain:${legs}:even`)) {
				rows.push({ path: 'Daily CDR export to a CSV file: CSV File output vs n8n only', size, metric: 'ms', ours: side('csvFile', legs), plain: side('plain', legs) });
			}
			if (results.has(`csvFile:${legs}:quietThenBusy`)) {
				const items = side('items', legs);
				rows.push({
					path: 'Daily CDR export to a CSV file, quiet night then busy day (every leg 08:00-17:59): CSV File output vs items + Convert to File (even day: one request for the day either way)',
					size,
					metric: 'ms',
					ours: side('csvFile', legs, 'quietThenBusy'),
					plain: { ...items, note: `the even day's run; ${items.note}` },
					oursAboveIdleMb: goal,
				});
			}
		}
		return rows;
	},
};
