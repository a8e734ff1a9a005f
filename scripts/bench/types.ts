/** The shapes every benchmark path shares: n8n settings, the run's context, one comparison row. */
import type { Sandbox } from '../../sandbox/server';
import type { N8nApi, N8nInstance } from '../n8n-harness';

export type SettingId = 'default' | 'legacy' | 'lazy';

/** An n8n configuration a path is measured in: the environment given to the n8n process. */
export interface N8nSetting {
	id: SettingId;
	label: string;
	env: Record<string, string>;
}

/** One side of a comparison: the package's path or the n8n-only alternative. */
export interface Side {
	/** What was built, e.g. "Messaging Trigger → Reply to Message". */
	label: string;
	/** Messages per second (rate metrics) or milliseconds (time metrics): the median of `samples` when there are several. */
	value: number;
	/** One figure per round, in the order measured (same unit as value); absent for a single measurement. */
	samples?: number[];
	p50Ms?: number;
	p99Ms?: number;
	/** Peak resident memory of the n8n process during the measurement (MB). */
	peakMb?: number;
	/** Its resident memory just before the measurement (MB): the peak's growth is what the work itself took. */
	startMb?: number;
	/** Anything the reader needs: most requests the gateway saw in flight, wrong answers ... */
	note?: string;
}

export interface Comparison {
	/** The path's title, e.g. "HELP answered by the trigger". */
	path: string;
	/** A size within the path, e.g. "10,000 legs"; empty when the path has one size. */
	size?: string;
	metric: 'msg/s' | 'ms';
	ours: Side;
	plain: Side;
	/**
	 * "Times better" of each round: ours beside the n8n-only flow measured next to it in the same
	 * n8n (a paired sample, so a noisy moment on the shared machine hits both); absent for one round.
	 */
	ratios?: number[];
	/** The goal for this path in this setting, as a least "times better" (judged on the median). */
	goal?: number;
	/** The memory goal for ours: at most this many MB of peak resident set above idle (peakMb - startMb). */
	oursAboveIdleMb?: number;
}

/** What a path gets: the sandbox, an n8n with the package installed (in the run's setting), and more. */
export interface BenchContext {
	setting: N8nSetting;
	quick: boolean;
	sandbox: Sandbox;
	/** The package packed from this tree (for the n8n a path starts itself, e.g. queue mode). */
	tarball: string;
	n8n: N8nInstance;
	api: N8nApi;
	/** Credentials in that n8n, pointing at the sandbox. */
	credentials: { switch: SavedRef; messaging: SavedRef };
	/** A fresh n8n of its own (same setting, package installed, credentials made), for memory figures; `env` added to its environment. */
	freshN8n(env?: Record<string, string>): Promise<{ n8n: N8nInstance; api: N8nApi; credentials: BenchContext['credentials'] }>;
}

export interface SavedRef {
	id: string;
	name: string;
}

/**
 * One measured path. Adding a path to the suite is adding one of these to paths.ts: it builds its
 * two workflows (ours and the n8n-only one) in ctx.n8n and returns one comparison per size.
 */
export interface BenchPath {
	id: string;
	/** The settings it is measured in by the full run (the quick run uses the first only). */
	settings: SettingId[];
	/** Run only when asked by name (`npm run bench -- <id>`), never by the full run: it is long. */
	optIn?: boolean;
	run(ctx: BenchContext): Promise<Comparison[]>;
}

/** "How many times better" of one pair of figures: higher is better for a rate, lower for a time. */
export function pairRatio(metric: Comparison['metric'], ours: number, plain: number): number {
	return metric === 'msg/s' ? ours / plain : plain / ours;
}

/** The median of the figures (the mean of the middle two for an even count); NaN for none. */
export function median(values: readonly number[]): number {
	if (!values.length) return NaN;
	const sorted = [...values].sort((a, b) => a - b);
	const mid = sorted.length >> 1;
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** A side's figure from its rounds: the median, with every round kept for the spread. */
export function fromSamples(samples: number[]): Pick<Side, 'value' | 'samples'> {
	return { value: median(samples), samples: samples.length > 1 ? samples : undefined };
}

/** The comparison's ratio: the median of the paired rounds' ratios, or of the two figures when measured once. */
export function ratio(c: Comparison): number {
	return c.ratios?.length ? median(c.ratios) : pairRatio(c.metric, c.ours.value, c.plain.value);
}

/** The paired rounds' ratios of two sides measured round by round (same number of samples). */
export function pairedRatios(metric: Comparison['metric'], ours: readonly number[], plain: readonly number[]): number[] | undefined {
	if (ours.length < 2 || ours.length !== plain.length) return undefined;
	return ours.map((o, i) => pairRatio(metric, o, plain[i]));
}
