/** A path measured as callbacks per second from the caller's side: ours beside the n8n-only flow. */
import { compareTargets, type DriveFigures, type DriveSizes, type Target } from './drive';
import { fromSamples, pairedRatios, type BenchContext, type BenchPath, type Comparison, type Side, type SettingId } from './types';

export interface WebhookSides {
	ours: Target & { label: string };
	plain: Target & { label: string };
	/** Run once before measuring (e.g. the first delivery of messages redelivered later). */
	prime?: () => Promise<void>;
}

const SETTINGS: SettingId[] = ['default', 'legacy', 'lazy'];

/** Rounds per side and their length (notes.ts states them for the report: keep both in step). */
export const FULL: DriveSizes = { rounds: 5, roundSeconds: 1.5, minPerRound: 30, maxPerRound: 600, warmup: 10, concurrency: 10 };
export const QUICK: DriveSizes = { rounds: 3, roundSeconds: 0.6, minPerRound: 20, maxPerRound: 300, warmup: 5, concurrency: 10 };

function side(label: string, f: DriveFigures): Side {
	return {
		label,
		...fromSamples(f.perSecond),
		p50Ms: f.p50,
		p99Ms: f.p99,
		note: f.wrong ? `${f.wrong} wrong answers, first: ${f.firstWrong}` : undefined,
	};
}

/** Shared workflows are built once per n8n instance and reused by the paths that need them. */
const built = new WeakMap<object, Map<string, Promise<unknown>>>();
export function once<T>(ctx: BenchContext, key: string, build: () => Promise<T>): Promise<T> {
	let memo = built.get(ctx.n8n);
	if (!memo) built.set(ctx.n8n, (memo = new Map()));
	if (!memo.has(key)) memo.set(key, build());
	return memo.get(key) as Promise<T>;
}

/**
 * `goals`: the least "times better" for the path in a setting (issue 13: trigger-answered
 * paths ≥ 15× with lazy acquisition and ≥ 1.3× in default settings; a computed reply ≥ 1.0× lazily).
 */
export function webhookPath(id: string, title: string, sides: (ctx: BenchContext) => Promise<WebhookSides>, goals: Partial<Record<SettingId, number>> = {}): BenchPath {
	return {
		id,
		settings: SETTINGS,
		async run(ctx): Promise<Comparison[]> {
			const s = await sides(ctx);
			await s.prime?.();
			const [ours, plain] = await compareTargets(s.ours, s.plain, ctx.quick ? QUICK : FULL);
			return [{ path: title, metric: 'msg/s', ours: side(s.ours.label, ours), plain: side(s.plain.label, plain), ratios: pairedRatios('msg/s', ours.perSecond, plain.perSecond), goal: goals[ctx.setting.id] }];
		},
	};
}

/** The goals of a path the trigger answers itself, with no execution (HELP, keywords, redeliveries, Fixed Answers). */
export const TRIGGER_ANSWERED_GOALS: Partial<Record<SettingId, number>> = { lazy: 15, default: 1.3 };

/** An answer that is JSON with Status OK and, when given, exactly this Body. */
export function jsonAnswer(body?: string) {
	return (status: number, text: string) => {
		try {
			const answer = JSON.parse(text) as { Status?: string; Body?: string };
			return status === 200 && answer.Status === 'OK' && (body === undefined || answer.Body === body);
		} catch {
			return false;
		}
	};
}
