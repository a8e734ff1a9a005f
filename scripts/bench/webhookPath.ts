/** A path measured as callbacks per second from the caller's side: ours beside the n8n-only flow. */
import { compareTargets, type DriveFigures, type Target } from './drive';
import type { BenchContext, BenchPath, Comparison, Side, SettingId } from './types';

export interface WebhookSides {
	ours: Target & { label: string };
	plain: Target & { label: string };
	/** Run once before measuring (e.g. the first delivery of messages redelivered later). */
	prime?: () => Promise<void>;
}

const SETTINGS: SettingId[] = ['default', 'legacy', 'lazy'];

function side(label: string, f: DriveFigures): Side {
	return {
		label,
		value: f.perSecond,
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

export function webhookPath(id: string, title: string, sides: (ctx: BenchContext) => Promise<WebhookSides>): BenchPath {
	return {
		id,
		settings: SETTINGS,
		async run(ctx): Promise<Comparison[]> {
			const s = await sides(ctx);
			await s.prime?.();
			const sizes = ctx.quick ? { messages: 40, warmup: 5, rounds: 2, concurrency: 10 } : { messages: 120, warmup: 10, rounds: 4, concurrency: 10 };
			const [ours, plain] = await compareTargets(s.ours, s.plain, sizes);
			return [{ path: title, metric: 'msg/s', ours: side(s.ours.label, ours), plain: side(s.plain.label, plain) }];
		},
	};
}

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
