/**
 * CDR export of 1,000 / 10,000 / 100,000 legs inside a real n8n: the SolSwitch node's CDR Export
 * (one item per leg) beside n8n's HTTP Request → Edit Fields (flatten "CallID → legs") → Split Out.
 * Each side runs in an n8n of its own, started fresh, so the peak memory of the n8n process is that
 * side's alone. Both workflows are started by a Webhook and answer with their first item when done;
 * neither saves its execution data (the same for both: what is measured is the export, not SQLite).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { DEFAULT_SWITCH_KEY } from '../../sandbox/server';
import { withPeakRss } from './memory';
import type { BenchContext, BenchPath, Comparison, Side } from './types';
import { node, publish, webhook } from './workflows';

const DAY = '2026-03-10';
const NO_SAVE = { saveDataSuccessExecution: 'none', saveDataErrorExecution: 'all', saveManualExecutions: false };

async function oursWorkflow(ctx: Pick<BenchContext, 'n8n' | 'api' | 'credentials'>): Promise<string> {
	const path = `bench-cdr-ours-${randomUUID()}`;
	return await publish(ctx.n8n, ctx.api, 'Bench CDR: SolSwitch node', [
		webhook(path, 'lastNode', {}, { responseData: 'firstEntryJson' }),
		node('CDR Export', 'n8n-nodes-solswitch.solSwitch', 1, { resource: 'report', operation: 'exportCdr', DateStart: DAY, DateEnd: DAY, options: { timeout: 600000 } }, {
			credentials: { solSwitchApi: ctx.credentials.switch },
		}),
	], path, { settings: NO_SAVE });
}

/** What a user builds without the package: the request by hand, then the legs flattened by an expression and split. */
async function plainWorkflow(ctx: Pick<BenchContext, 'n8n' | 'api'>, sandboxUrl: string): Promise<string> {
	const path = `bench-cdr-plain-${randomUUID()}`;
	const flatten =
		"={{ Object.entries($json).filter(([k]) => k !== 'Status' && k !== 'Reason').flatMap(([CallID, legs]) => [].concat(legs).map((leg) => ({ CallID, ...leg }))) }}";
	return await publish(ctx.n8n, ctx.api, 'Bench CDR: HTTP Request + Split Out', [
		webhook(path, 'lastNode', {}, { responseData: 'firstEntryJson' }),
		node('HTTP Request', 'n8n-nodes-base.httpRequest', 4.2, {
			method: 'POST',
			url: `${sandboxUrl}/api/cdrexport/`,
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

async function timeOne(pid: number | undefined, url: string): Promise<{ ms: number; peakMb: number; ok: boolean; shown: string }> {
	const { result, peakMb } = await withPeakRss(pid, async () => {
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
	return { ms: result.ms, peakMb, ok, shown: `HTTP ${result.status}: ${result.text.slice(0, 200)}` };
}

export const cdrPath: BenchPath = {
	id: 'cdr-export',
	settings: ['default', 'legacy'],
	async run(ctx): Promise<Comparison[]> {
		const sizes = ctx.quick ? [1000, 10000] : [1000, 10000, 100000];
		const figures = new Map<number, Partial<Record<'ours' | 'plain', Side>>>();
		for (const variant of ['ours', 'plain'] as const) {
			const fresh = await ctx.freshN8n();
			try {
				const url = variant === 'ours' ? await oursWorkflow(fresh) : await plainWorkflow(fresh, ctx.sandbox.url);
				for (const legs of sizes) {
					await fetch(`${ctx.sandbox.url}/_sandbox/reports`, {
						method: 'POST',
						headers: { 'content-type': 'application/json' },
						body: JSON.stringify({ seed: 1, legs, days: 1, lastDay: DAY }),
					});
					// The sandbox builds its index of a size on the first request: not on either side's clock.
					await (await fetch(`${ctx.sandbox.url}/api/cdrexport/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ DateStart: DAY, DateEnd: DAY, Key: DEFAULT_SWITCH_KEY }) })).arrayBuffer();
					const t = await timeOne(fresh.n8n.pid, url);
					const label = variant === 'ours' ? 'SolSwitch node, CDR Export' : 'HTTP Request → Edit Fields (flatten) → Split Out';
					const entry = figures.get(legs) ?? {};
					entry[variant] = { label, value: t.ms, peakMb: t.peakMb, note: t.ok ? undefined : `wrong answer: ${t.shown}` };
					figures.set(legs, entry);
					ctx.sandbox.exchanges.clear();
				}
			} finally {
				await fresh.n8n.stop();
			}
		}
		return sizes.map((legs) => ({
			path: 'CDR export to one item per leg',
			size: `${legs.toLocaleString('en-US')} legs`,
			metric: 'ms',
			ours: figures.get(legs)!.ours!,
			plain: figures.get(legs)!.plain!,
		}));
	},
};
