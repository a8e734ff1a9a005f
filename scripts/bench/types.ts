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
	/** Messages per second (rate metrics) or milliseconds (time metrics). */
	value: number;
	p50Ms?: number;
	p99Ms?: number;
	/** Peak resident memory of the n8n process during the measurement (MB). */
	peakMb?: number;
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
}

/** What a path gets: the sandbox, an n8n with the package installed (in the run's setting), and more. */
export interface BenchContext {
	setting: N8nSetting;
	quick: boolean;
	sandbox: Sandbox;
	n8n: N8nInstance;
	api: N8nApi;
	/** Credentials in that n8n, pointing at the sandbox. */
	credentials: { switch: SavedRef; messaging: SavedRef };
	/** A fresh n8n of its own (same setting, package installed, credentials made), for memory figures. */
	freshN8n(): Promise<{ n8n: N8nInstance; api: N8nApi; credentials: BenchContext['credentials'] }>;
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
	run(ctx: BenchContext): Promise<Comparison[]>;
}

/** Higher is better for a rate; for a time, lower is: the ratio is always "how many times better". */
export function ratio(c: Comparison): number {
	return c.metric === 'msg/s' ? c.ours.value / c.plain.value : c.plain.value / c.ours.value;
}
