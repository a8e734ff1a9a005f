import { chartSvg } from '../../../scripts/bench/chart';
import { benchmarksMarkdown, goals, goalsMarkdown, readmeBlock, type RunResult } from '../../../scripts/bench/report';
import { N8N_SETTINGS } from '../../../scripts/bench/settings';
import { roundSize } from '../../../scripts/bench/drive';
import { fromSamples, median, pairedRatios, ratio, type Comparison } from '../../../scripts/bench/types';

const [defaults] = N8N_SETTINGS;
const INFO = {
	startedAt: '2026-11-26T05:00:00Z',
	minutes: 20,
	quick: false,
	n8nVersion: '2.40.7',
	machine: '2 × CPU, 8 GB',
	loadBefore: [3, 2, 1],
	loadAfter: [3, 2, 1],
};

const bulk = (ours: number, plain: number, note?: string): Comparison => ({
	path: 'Bulk SMS at concurrency 10',
	size: '10,000 messages',
	metric: 'msg/s',
	ours: { label: 'Send SMS', value: ours, note },
	plain: { label: 'HTTP Request', value: plain },
});
const cdr = (ours: number, plain: number, oursMb: number, plainMb: number): Comparison => ({
	path: 'CDR export to one item per leg',
	size: '100,000 legs',
	metric: 'ms',
	ours: { label: 'SolSwitch node', value: ours, peakMb: oursMb },
	plain: { label: 'HTTP Request + Split Out', value: plain, peakMb: plainMb },
});

describe('benchmark report', () => {
	it('reads a rate as ours ÷ theirs and a time as theirs ÷ ours', () => {
		expect(ratio(bulk(300, 100))).toBe(3);
		expect(ratio(cdr(1000, 4000, 100, 200))).toBe(4);
	});

	it('checks the issue\'s goals against the run, met or missed', () => {
		const met: RunResult = { setting: defaults, comparisons: [bulk(160, 100, 'at most 10 in flight, 0 lost'), cdr(400, 1000, 300, 310)] };
		expect(goals([met])).toEqual([
			expect.stringMatching(/^- Bulk 10k SMS, default settings .*×1\.60 .*: met; 0 lost, order kept\.$/),
			expect.stringMatching(/^- CDR export 100k legs, .*: 0\.40× the time .*: met; peak memory 300 MB against 310 MB .*: met\.$/),
		]);
		const missed: RunResult = { setting: defaults, comparisons: [bulk(120, 100, '9990 items, 9990 OK, of 10000'), cdr(600, 1000, 320, 310)] };
		expect(goals([missed])).toEqual([
			expect.stringMatching(/: missed; a count or order check failed/),
			expect.stringMatching(/: missed; peak memory 320 MB against 310 MB \(goal: not above\): missed\.$/),
		]);
	});

	it('keeps the user pages to figures (no goal verdicts, a ratio column in plain words) and the goals on the maintainers\' page', () => {
		const run: RunResult = { setting: defaults, comparisons: [bulk(160, 100, 'at most 10 in flight, 0 lost'), cdr(400, 1000, 300, 310)] };
		for (const page of [readmeBlock([run], INFO), benchmarksMarkdown([run], INFO, [])]) {
			expect(page).toContain('| Path | This package | n8n only | Speed against n8n only |');
			expect(page).toContain('×0.5 half as fast');
			expect(page).not.toMatch(/Times better|[Gg]oal|\bmet\b|missed|issue/);
		}
		const goalsPage = goalsMarkdown([run], INFO);
		expect(goalsPage).toMatch(/^# Benchmark goals \(for maintainers\)/);
		expect(goalsPage).toContain(goals([run])[0]);
	});

	it('judges a memory goal on ours\' growth above idle, and says when a wrong answer leaves nothing to judge', () => {
		const day = (peakMb: number, note?: string): Comparison => ({
			path: 'Daily CDR export to a CSV file, quiet night then busy day',
			size: '1,000,000 legs',
			metric: 'ms',
			ours: { label: 'CSV File', value: 20000, peakMb, startMb: 700, note },
			plain: { label: 'Items', value: 300000 },
			oursAboveIdleMb: 300,
		});
		expect(goals([{ setting: defaults, comparisons: [day(950)] }])).toEqual([
			'- Daily CDR export to a CSV file, quiet night then busy day, 1,000,000 legs, default settings (expression isolates): CSV File peaked +250 MB above idle (goal ≤ 300 MB): met.',
		]);
		expect(goals([{ setting: defaults, comparisons: [day(1100)] }])[0]).toMatch(/peaked \+400 MB above idle \(goal ≤ 300 MB\): missed\.$/);
		expect(goals([{ setting: defaults, comparisons: [day(1100, 'wrong answer: HTTP 500')] }])[0]).toMatch(/not measured, a wrong answer/);
	});

	it('draws one bar per row and setting, the ratio written beside it, and a ×1 line', () => {
		const svg = chartSvg(
			[
				{ setting: N8N_SETTINGS[0], comparison: bulk(300, 100) },
				{ setting: N8N_SETTINGS[1], comparison: bulk(50, 100) },
			],
			N8N_SETTINGS.slice(0, 2),
		);
		expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
		expect(svg.match(/<rect x="[\d.]+" y="\d+" width="[\d.]+" height="12"/g)).toHaveLength(2);
		expect(svg).toContain('>×3.00<');
		expect(svg).toContain('>×0.50<');
		expect(svg).toContain('class="one"');
		expect(svg).toContain('Bulk SMS at concurrency 10, 10,000 messages');
	});

	it('shows a peak memory with its growth over the memory before the request', () => {
		const c = cdr(400, 1000, 850, 900);
		c.ours.startMb = 700;
		expect(readmeBlock([{ setting: defaults, comparisons: [c] }], INFO)).toContain('| 400 ms (peak 850 MB, +150 over the 700 MB before) | 1,000 ms (peak 900 MB) |');
	});

	it('draws the rounds\' range of ratios as a line across the median\'s bar', () => {
		const c: Comparison = { ...bulk(160, 100), ratios: [1.5, 2, 1.7] };
		const svg = chartSvg([{ setting: defaults, comparison: c }], [defaults]);
		expect(svg).toContain('>×1.70<');
		expect(svg.match(/<line [^>]*class="spread"\/>/g)).toHaveLength(1);
		expect(chartSvg([{ setting: defaults, comparison: bulk(160, 100) }], [defaults])).not.toContain('class="spread"/>');
	});

	it('draws no bar for a comparison whose one side failed, and names it', () => {
		const broken = cdr(6000, 18000, 800, 900);
		broken.plain.note = 'wrong answer: HTTP 500: {"message":"Error in workflow"}';
		const svg = chartSvg([{ setting: defaults, comparison: broken }], [defaults]);
		expect(svg).toContain('>the n8n-only flow failed<');
		expect(svg).not.toContain('>×3.00<');
		expect(readmeBlock([{ setting: defaults, comparisons: [broken] }], INFO)).toContain('| n8n only failed |');
		expect(goals([{ setting: defaults, comparisons: [broken] }])).toEqual([expect.stringMatching(/no valid comparison, a wrong answer from HTTP Request \+ Split Out/)]);
	});

	it('takes the median of several rounds, keeps them for the spread, and pairs the rounds for the ratio', () => {
		expect(median([5, 1, 3])).toBe(3);
		expect(median([4, 1, 3, 2])).toBe(2.5);
		expect(median([])).toBeNaN();
		expect(fromSamples([30, 10, 20])).toEqual({ value: 20, samples: [30, 10, 20] });
		expect(fromSamples([7])).toEqual({ value: 7, samples: undefined });
		// Rates: ours ÷ theirs; times: theirs ÷ ours; one round (or unequal counts) is no pairing.
		expect(pairedRatios('msg/s', [20, 30], [10, 10])).toEqual([2, 3]);
		expect(pairedRatios('ms', [100, 200], [400, 400])).toEqual([4, 2]);
		expect(pairedRatios('msg/s', [20], [10])).toBeUndefined();
		expect(pairedRatios('msg/s', [20, 30], [10])).toBeUndefined();
		const c: Comparison = { ...bulk(0, 0), ours: { label: 'Send SMS', ...fromSamples([150, 160, 170]) }, plain: { label: 'HTTP Request', ...fromSamples([100, 80, 100]) }, ratios: [1.5, 2, 1.7] };
		// The median of the rounds' ratios, not the ratio of the medians (160 / 100).
		expect(ratio(c)).toBe(1.7);
		const block = readmeBlock([{ setting: defaults, comparisons: [c] }], INFO);
		expect(block).toContain('| 160.0 msg/s (3 rounds 150.0–170.0) | 100.0 msg/s (3 rounds 80.0–100.0) | ×1.70 (1.50–2.00) |');
		expect(goals([{ setting: defaults, comparisons: [c] }])).toEqual([expect.stringMatching(/^- Bulk 10k SMS, .*: ×1\.70 \(median of 3 rounds, 1\.50–2\.00\) .*: met; 0 lost/)]);
	});

	it('judges a path\'s own goal on the median, and says when wrong answers leave no comparison', () => {
		const help = (ratios: number[], note?: string): Comparison => ({
			path: 'MO SMS, HELP',
			metric: 'msg/s',
			ours: { label: 'Messaging Trigger', value: 500, note },
			plain: { label: 'Webhook', value: 33 },
			ratios,
			goal: 15,
		});
		expect(goals([{ setting: N8N_SETTINGS[2], comparisons: [help([14, 16, 15.5])] }])).toEqual([
			'- MO SMS, HELP, N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true: ×15.50 (median of 3 rounds, 14.00–16.00) (goal ≥ ×15.0): met.',
		]);
		expect(goals([{ setting: N8N_SETTINGS[2], comparisons: [help([14, 16, 14.5])] }])[0]).toMatch(/: missed\.$/);
		expect(goals([{ setting: N8N_SETTINGS[2], comparisons: [help([14, 16, 15.5], '2 wrong answers, first: HTTP 500')] }])[0]).toMatch(/no valid comparison/);
	});

	it('sizes a callback round by the side\'s rate: about the same duration for a fast path as for a slow one', () => {
		const sizes = { rounds: 5, roundSeconds: 1.2, minPerRound: 30, maxPerRound: 600, warmup: 10, concurrency: 10 };
		expect(roundSize(25, sizes)).toBe(30);
		expect(roundSize(100, sizes)).toBe(120);
		expect(roundSize(104, sizes)).toBe(130); // whole waves of the concurrency
		expect(roundSize(5000, sizes)).toBe(600);
		expect(roundSize(NaN, sizes)).toBe(30);
	});

	it('puts the chart and a table per setting in the block of docs/performance.md, links relative to docs/', () => {
		const block = readmeBlock([{ setting: defaults, comparisons: [bulk(300, 100)] }], INFO);
		expect(block).toContain('![Benchmarks: this package beside the n8n-only flow](benchmarks.svg)');
		expect(block).toContain('[benchmarks.md](benchmarks.md)');
		expect(block).toContain('| Bulk SMS at concurrency 10, 10,000 messages | 300.0 msg/s | 100.0 msg/s | ×3.00 |');
	});

	it('names the commit it measured, on the page and in benchmarks.md', () => {
		const results = [{ setting: defaults, comparisons: [bulk(300, 100)] }];
		expect(readmeBlock(results, { ...INFO, commit: 'abc1234' })).toContain('on 2026-11-26, this package at commit `abc1234` (n8n 2.40.7');
		expect(benchmarksMarkdown(results, { ...INFO, commit: 'abc1234' }, [])).toContain('packed from this tree at commit abc1234');
	});
});
