/**
 * Callbacks to two webhook URLs (ours and the n8n-only alternative) from `concurrency` senders at a
 * time, in interleaved rounds so a noisy moment on the shared machine hits both alike; one figure
 * per round, so the report can give the median and the spread. Every answer is checked; a wrong one
 * is counted and the first shown, never thrown (benchmarks print figures).
 */
import { performance } from 'node:perf_hooks';
import { request } from 'undici';

/** One side: where to POST, the body of the i-th callback, and whether an answer is right. */
export interface Target {
	url: string;
	body(i: number): Record<string, unknown>;
	check(status: number, text: string, i: number): boolean;
}

export interface DriveFigures {
	/** Callbacks answered per second in each round, in order. */
	perSecond: number[];
	p50: number;
	p99: number;
	wrong: number;
	firstWrong?: string;
}

export interface DriveSizes {
	/** Rounds per side, interleaved with the other side's. */
	rounds: number;
	/**
	 * About how long one round of one side lasts: its callback count is this side's rate, measured
	 * by the warm-up, times this (a fast path gets as long a sample as a slow one, not 40 callbacks
	 * in 60 ms), within [minPerRound, maxPerRound] and a whole number of waves of `concurrency`.
	 */
	roundSeconds: number;
	minPerRound: number;
	maxPerRound: number;
	/** Callbacks of the warm-up, one at a time (first compilations, caches). */
	warmup: number;
	concurrency: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

async function post(target: Target, i: number): Promise<{ ms: number; ok: boolean; shown: string }> {
	const started = performance.now();
	try {
		const response = await request(target.url, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(target.body(i)),
		});
		const text = await response.body.text();
		const ok = target.check(response.statusCode, text, i);
		return { ms: performance.now() - started, ok, shown: `HTTP ${response.statusCode}: ${text.slice(0, 200)}` };
	} catch (error) {
		return { ms: performance.now() - started, ok: false, shown: (error as Error).message };
	}
}

/** `count` callbacks, `concurrency` at a time; numbered from `first`. */
async function burst(target: Target, first: number, count: number, concurrency: number) {
	const times: number[] = [];
	let next = 0;
	let wrong = 0;
	let firstWrong: string | undefined;
	const started = performance.now();
	await Promise.all(
		Array.from({ length: Math.min(concurrency, count) }, async () => {
			while (next < count) {
				const r = await post(target, first + next++);
				times.push(r.ms);
				if (!r.ok) {
					wrong++;
					firstWrong ??= r.shown;
				}
			}
		}),
	);
	return { times, seconds: (performance.now() - started) / 1000, wrong, firstWrong };
}

/** Callbacks per round of a side answering `rate` per second (see DriveSizes.roundSeconds). */
export function roundSize(rate: number, sizes: DriveSizes): number {
	const wanted = Number.isFinite(rate) && rate > 0 ? rate * sizes.roundSeconds : sizes.minPerRound;
	const clamped = Math.min(sizes.maxPerRound, Math.max(sizes.minPerRound, wanted));
	return Math.ceil(clamped / sizes.concurrency) * sizes.concurrency;
}

/**
 * Both sides warmed up one callback at a time, then their rate measured at full concurrency (three
 * waves: it sizes the rounds), then `rounds`
 * rounds each, interleaved (ours, theirs, theirs, ours ...): one rate per round and side.
 */
export async function compareTargets(ours: Target, plain: Target, sizes: DriveSizes): Promise<[DriveFigures, DriveFigures]> {
	const sides = [ours, plain];
	const totals = sides.map(() => ({ times: [] as number[], perSecond: [] as number[], wrong: 0, firstWrong: undefined as string | undefined }));
	let seq = 0;
	const perRound: number[] = [];
	for (const side of sides) {
		await burst(side, seq, sizes.warmup, 1);
		seq += sizes.warmup;
		const calibration = await burst(side, seq, 3 * sizes.concurrency, sizes.concurrency);
		seq += 3 * sizes.concurrency;
		perRound.push(roundSize(calibration.times.length / calibration.seconds, sizes));
	}
	for (let round = 0; round < sizes.rounds; round++) {
		for (const i of round % 2 ? [1, 0] : [0, 1]) {
			const r = await burst(sides[i], seq, perRound[i], sizes.concurrency);
			seq += perRound[i];
			const t = totals[i];
			for (const ms of r.times) t.times.push(ms);
			t.perSecond.push(r.times.length / r.seconds);
			t.wrong += r.wrong;
			t.firstWrong ??= r.firstWrong;
		}
	}
	return totals.map((t) => {
		const sorted = t.times.sort((a, b) => a - b);
		return { perSecond: t.perSecond, p50: percentile(sorted, 50), p99: percentile(sorted, 99), wrong: t.wrong, firstWrong: t.firstWrong };
	}) as [DriveFigures, DriveFigures];
}
