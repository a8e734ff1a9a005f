/**
 * Callbacks to two webhook URLs (ours and the n8n-only alternative) from `concurrency` senders at a
 * time, in interleaved rounds so a noisy moment on the shared machine hits both alike. Every answer
 * is checked; a wrong one is counted and the first shown, never thrown (benchmarks print figures).
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
	perSecond: number;
	p50: number;
	p99: number;
	wrong: number;
	firstWrong?: string;
}

export interface DriveSizes {
	/** Callbacks per side, measured. */
	messages: number;
	warmup: number;
	rounds: number;
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

export async function compareTargets(ours: Target, plain: Target, sizes: DriveSizes): Promise<[DriveFigures, DriveFigures]> {
	const sides = [ours, plain];
	const totals = sides.map(() => ({ times: [] as number[], seconds: 0, wrong: 0, firstWrong: undefined as string | undefined }));
	let seq = 0;
	for (const side of sides) await burst(side, (seq += sizes.warmup), sizes.warmup, 1);
	const perRound = Math.ceil(sizes.messages / sizes.rounds);
	for (let round = 0; round < sizes.rounds; round++) {
		for (const i of round % 2 ? [1, 0] : [0, 1]) {
			const r = await burst(sides[i], (seq += perRound), perRound, sizes.concurrency);
			const t = totals[i];
			t.times.push(...r.times);
			t.seconds += r.seconds;
			t.wrong += r.wrong;
			t.firstWrong ??= r.firstWrong;
		}
	}
	return totals.map((t) => {
		const sorted = t.times.sort((a, b) => a - b);
		return { perSecond: sorted.length / t.seconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99), wrong: t.wrong, firstWrong: t.firstWrong };
	}) as [DriveFigures, DriveFigures];
}
