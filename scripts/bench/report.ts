/**
 * docs/benchmarks.md and the block of docs/performance.md (user pages: figures only), and the
 * maintainers' goals page docs/bench-goals.md, from one run's comparisons.
 */
import { ratio, type Comparison, type N8nSetting } from './types';

export interface RunResult {
	setting: N8nSetting;
	comparisons: Comparison[];
}

export interface RunInfo {
	startedAt: string;
	minutes: number;
	quick: boolean;
	/** The commit measured (`git rev-parse --short HEAD`, "+ uncommitted changes" when the tree differed); absent in reports older than the field. */
	commit?: string;
	n8nVersion: string;
	machine: string;
	loadBefore: number[];
	loadAfter: number[];
}

const n = (v: number, digits = 1) => (Number.isFinite(v) ? v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : '—');

/** "min–max" of several figures. */
const spread = (values: readonly number[], digits: number) => `${n(Math.min(...values), digits)}–${n(Math.max(...values), digits)}`;

function figure(c: Comparison, side: 'ours' | 'plain'): string {
	const s = c[side];
	const digits = c.metric === 'msg/s' ? 1 : 0;
	const main = `${n(s.value, digits)} ${c.metric}`;
	const extra = [
		s.samples ? `${s.samples.length} rounds ${spread(s.samples, digits)}` : '',
		s.p50Ms !== undefined ? `p50 ${n(s.p50Ms, 0)} ms` : '',
		s.peakMb !== undefined ? `peak ${n(s.peakMb, 0)} MB${s.startMb !== undefined ? `, +${n(s.peakMb - s.startMb, 0)} over the ${n(s.startMb, 0)} MB before` : ''}` : '',
		s.note ?? '',
	].filter(Boolean);
	return `${main}${extra.length ? ` (${extra.join(', ')})` : ''}`;
}

/** No ratio when a side gave a wrong answer: its time is that of a failure. The median, then the rounds' spread. */
const ratioText = (c: Comparison) =>
	c.plain.note?.startsWith('wrong answer')
		? 'n8n only failed'
		: c.ours.note?.startsWith('wrong answer')
			? 'ours failed'
			: `×${n(ratio(c), 2)}${c.ratios ? ` (${spread(c.ratios, 2)})` : ''}`;

/** The ratio column, in plain words (a ratio under 1 is slower, and the column says so). */
export const SPEED = 'Speed against n8n only';

/** What the ratio column means, for the pages that show it. */
export const SPEED_MEANING =
	`- **${SPEED}**: how many times as fast the package is as the n8n-only flow (its messages per second ÷ theirs; for times, as in the CDR export, their time ÷ ours). ×2 is twice as fast, ×1 the same speed, ×0.5 half as fast.`;

function table(comparisons: Comparison[], withLabels: boolean): string[] {
	const lines = [`| Path | This package | n8n only | ${SPEED} |`, '|---|---|---|---:|'];
	for (const c of comparisons) {
		const path = `${c.path}${c.size ? `, ${c.size}` : ''}`;
		const ours = withLabels ? `${c.ours.label}: ${figure(c, 'ours')}` : figure(c, 'ours');
		const plain = withLabels ? `${c.plain.label}: ${figure(c, 'plain')}` : figure(c, 'plain');
		lines.push(`| ${path} | ${ours} | ${plain} | ${ratioText(c)} |`);
	}
	return lines;
}

const roundsText = (c: Comparison) => (c.ratios ? ` (median of ${c.ratios.length} rounds, ${spread(c.ratios, 2)})` : '');

/** The issue's goals, checked against this run on the medians (a missed goal is reported, never thrown). */
export function goals(results: RunResult[]): string[] {
	const lines: string[] = [];
	for (const r of results) {
		for (const c of r.comparisons.filter((x) => x.goal !== undefined)) {
			const failed = [c.ours, c.plain].some((s) => s.note?.startsWith('wrong answer') || /wrong answers/.test(s.note ?? ''));
			lines.push(
				`- ${c.path}${c.size ? `, ${c.size}` : ''}, ${r.setting.label}: ×${n(ratio(c), 2)}${roundsText(c)} (goal ≥ ×${n(c.goal!, 1)}): ` +
					`${failed ? 'no valid comparison, wrong answers (see the table)' : ratio(c) >= c.goal! ? 'met' : 'missed'}.`,
			);
		}
		for (const c of r.comparisons.filter((x) => x.oursAboveIdleMb !== undefined)) {
			const above = (c.ours.peakMb ?? NaN) - (c.ours.startMb ?? NaN);
			const failed = c.ours.note?.startsWith('wrong answer');
			lines.push(
				`- ${c.path}${c.size ? `, ${c.size}` : ''}, ${r.setting.label}: ${c.ours.label} peaked ${failed || Number.isNaN(above) ? 'unmeasured' : `+${n(above, 0)} MB`} above idle (goal ≤ ${n(c.oursAboveIdleMb!, 0)} MB): ` +
					`${failed || Number.isNaN(above) ? 'not measured, a wrong answer (see the table)' : above <= c.oursAboveIdleMb! ? 'met' : 'missed'}.`,
			);
		}
		const bulk = r.comparisons.find((c) => c.path.startsWith('Bulk SMS') && c.size === '10,000 messages');
		if (bulk) {
			const lost = [bulk.ours.note ?? '', bulk.plain.note ?? ''].some((note) => /items|saw|order|not JSON/.test(note));
			lines.push(
				`- Bulk 10k SMS, ${r.setting.label}: ×${n(ratio(bulk), 2)}${roundsText(bulk)} the HTTP Request node's batching throughput (goal ≥ ×1.5): ` +
					`${ratio(bulk) >= 1.5 ? 'met' : 'missed'}; ${lost ? 'a count or order check failed (see the table)' : '0 lost, order kept'}.`,
			);
		}
		const cdr = r.comparisons.find((c) => c.path.startsWith('CDR export') && c.size === '100,000 legs');
		if (cdr) {
			const time = 1 / ratio(cdr);
			const memoryOk = (cdr.ours.peakMb ?? Infinity) <= (cdr.plain.peakMb ?? -Infinity);
			const broken = [cdr.ours, cdr.plain].filter((s) => s.note?.startsWith('wrong answer')).map((s) => s.label);
			if (broken.length) lines.push(`- CDR export 100k legs, ${r.setting.label}: no valid comparison, a wrong answer from ${broken.join(' and ')} (see the table).`);
			else lines.push(
				`- CDR export 100k legs, ${r.setting.label}: ${n(time, 2)}× the time of HTTP Request + Split Out${cdr.ratios ? ` (median of ${cdr.ratios.length} rounds, ${spread(cdr.ratios.map((x) => 1 / x), 2)})` : ''} (goal ≤ 0.5): ${time <= 0.5 ? 'met' : 'missed'}; ` +
					`peak memory ${n(cdr.ours.peakMb ?? NaN, 0)} MB against ${n(cdr.plain.peakMb ?? NaN, 0)} MB (goal: not above): ${memoryOk ? 'met' : 'missed'}.`,
			);
		}
	}
	return lines;
}

export function benchmarksMarkdown(results: RunResult[], info: RunInfo, notes: string[]): string {
	const out = [
		'# Benchmarks',
		'',
		`Generated by \`npm run bench${info.quick ? ' -- --quick' : ''}\` on ${info.startedAt} (${n(info.minutes, 0)} minutes). Do not edit by hand.`,
		'',
		`- n8n ${info.n8nVersion}, SQLite, regular mode, this package installed as a community package (packed from this tree${info.commit ? ` at commit ${info.commit}` : ''}).`,
		`- Machine: ${info.machine}. Load average (1/5/15 min) before: ${info.loadBefore.map((l) => n(l, 1)).join(' / ')}, after: ${info.loadAfter.map((l) => n(l, 1)).join(' / ')}. ` +
			'The machine is shared: absolute figures vary from run to run; the ratios, measured side by side in the same n8n, are what to read.',
		SPEED_MEANING,
		'- Each side is measured in several rounds, interleaved with the other side\'s in the same n8n (ours, theirs, theirs, ours ...). A figure is the median of its rounds, followed by the number of rounds and their range (min–max); ' +
			'the speed is the median of the rounds\' ratios (each round paired with the other side\'s round next to it), followed by their range.',
		'',
		'![Benchmarks: this package beside the n8n-only flow](benchmarks.svg)',
		'',
	];
	for (const r of results) {
		out.push(`## ${r.setting.label}`, '', ...table(r.comparisons, true), '');
	}
	out.push('## How each path is measured', '', ...notes, '');
	return out.join('\n');
}

/** The block of docs/performance.md (links relative to docs/): the chart and one compact table per setting. */
export function readmeBlock(results: RunResult[], info: RunInfo): string {
	const out = [
		`Measured by \`npm run bench\` on ${info.startedAt.slice(0, 10)}${info.commit ? `, this package at commit \`${info.commit}\`` : ''} (n8n ${info.n8nVersion}, ${info.machine}, load average ${n(info.loadBefore[0], 1)} at the start and ${n(info.loadAfter[0], 1)} at the end: a shared machine; other runs add noise). ` +
			'Full tables, sizes and method: [benchmarks.md](benchmarks.md).',
		'',
		'![Benchmarks: this package beside the n8n-only flow](benchmarks.svg)',
		'',
	];
	for (const r of results) out.push(`**${r.setting.label}**`, '', ...table(r.comparisons, false), '');
	out.push(SPEED_MEANING, '');
	return out.join('\n');
}

/** docs/bench-goals.md, for maintainers: each path's goal, judged on this run's medians. */
export function goalsMarkdown(results: RunResult[], info: RunInfo): string {
	return [
		'# Benchmark goals (for maintainers)',
		'',
		`Generated by \`npm run bench\` on ${info.startedAt}${info.commit ? ` at commit ${info.commit}` : ''} (n8n ${info.n8nVersion}). Do not edit by hand. ` +
			'The goals the project set itself for each path, judged on the medians of the run in [benchmarks.md](benchmarks.md); user pages show the figures only.',
		'',
		...goals(results),
		'',
	].join('\n');
}
