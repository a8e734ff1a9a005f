/**
 * Many items through one operation: at most `concurrency` requests at once, starts spaced to honour
 * a rate, results in input order. What the catalog marks `bulk` (Send SMS, Send MMS) offers the two
 * settings under Options; every other operation runs one item after another, as before.
 *
 * Nothing here retries: a message the gateway may have accepted is never sent twice. A failure is
 * reported for its own item and the others go on (continueOnFail), or no new request starts and the
 * node fails once those in flight have answered.
 */
import { sleep, type IDataObject, type INodeProperties } from 'n8n-workflow';

export const BULK_OPTIONS: INodeProperties[] = [
	{
		displayName: 'Concurrency',
		name: 'concurrency',
		type: 'number',
		default: 5,
		typeOptions: { minValue: 1, maxValue: 100 },
		description:
			'How many messages are sent at once when the node gets many items. Output items stay in input order; a message that fails is reported, never resent. Leave the node setting Retry On Fail off: it would send every item again.',
	},
	{
		displayName: 'Messages Per Second',
		name: 'perSecond',
		type: 'number',
		default: 0,
		typeOptions: { minValue: 0, numberPrecision: 2 },
		description: 'The most messages started per second, e.g. the rate the gateway operator allows (0: no limit)',
	},
];

export interface BulkSettings {
	concurrency: number;
	/** Starts per second; 0 for no limit. */
	perSecond: number;
}

export const ONE_AT_A_TIME: BulkSettings = { concurrency: 1, perSecond: 0 };

/** The settings from an Options collection (BULK_OPTIONS), with anything unusable read as the default. */
export function bulkSettings(options: IDataObject): BulkSettings {
	const concurrency = Math.floor(Number(options.concurrency ?? 5));
	const perSecond = Number(options.perSecond ?? 0);
	return {
		concurrency: Number.isFinite(concurrency) && concurrency >= 1 ? concurrency : 5,
		perSecond: Number.isFinite(perSecond) && perSecond > 0 ? perSecond : 0,
	};
}

export type Outcome<T> = { state: 'done'; value: T } | { state: 'failed'; error: unknown } | { state: 'notStarted' };

/**
 * Waits for the next start the rate allows (resolves at once without a rate). Shared by everything one
 * node run sends, so the parts of a split text are spaced like the items are.
 */
export type Pace = () => Promise<void>;

export function pacer(perSecond: number): Pace {
	const interval = perSecond > 0 ? 1000 / perSecond : 0;
	let nextStartAt = Date.now();
	return async () => {
		if (interval <= 0) return;
		const at = Math.max(nextStartAt, Date.now());
		nextStartAt = at + interval;
		const wait = at - Date.now();
		if (wait > 0) await sleep(wait);
	};
}

/**
 * task(0) ... task(count - 1), at most settings.concurrency at once, the k-th start no earlier than
 * k / perSecond seconds after the first (a stall is not made up for by a burst). A task that sends
 * more than once (a split text) calls `pace` before each further request. With stopOnFailure,
 * no task starts after the first failure. Resolves when every started task has settled.
 */
export async function runBounded<T>(
	count: number,
	settings: BulkSettings,
	task: (index: number, pace: Pace) => Promise<T>,
	stopOnFailure: boolean,
): Promise<Array<Outcome<T>>> {
	const outcomes: Array<Outcome<T>> = Array.from({ length: count }, () => ({ state: 'notStarted' }));
	const pace = pacer(settings.perSecond);
	let next = 0;
	let stopped = false;
	const worker = async () => {
		while (!stopped && next < count) {
			const index = next++;
			if (settings.perSecond > 0) {
				await pace();
				if (stopped) return;
			}
			try {
				outcomes[index] = { state: 'done', value: await task(index, pace) };
			} catch (error) {
				outcomes[index] = { state: 'failed', error };
				if (stopOnFailure) stopped = true;
			}
		}
	};
	await Promise.all(Array.from({ length: Math.min(settings.concurrency, count) }, worker));
	return outcomes;
}
