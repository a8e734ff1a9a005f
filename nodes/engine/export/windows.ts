/**
 * A date range asked in consecutive windows, so that no answer holds more than one window's records:
 * n8n's request helper parses a whole answer at once, so the only way to keep memory bounded is to
 * never ask for much at once. What bounds an answer is the window's length, never what came before:
 * a quiet stretch says nothing of the next hour (a business switch is silent all night, then busy at
 * 08:00). So windows start at `startSeconds` and never grow past `maxSeconds`, the start by default:
 * the largest answer is the busiest `maxSeconds` of the range. A window whose answer has more records
 * than `maxRecords` is let go and asked again shorter (at most half, less when the answer says the
 * records are denser, down to one second, the interface's finest step), and the size found is kept
 * for the next windows; a window answering under a quarter of the bound doubles the next one, up to
 * `maxSeconds` (so a busy stretch that calms down goes back to few requests). A day of date-time
 * windows of an hour is then 24 requests, plus those of the splits.
 *
 * Bounds are the interface's `YYYY-MM-DD HH:MM:SS` on both ends, inclusive ("on or after", "on or
 * before"): window n ends one second before window n+1 starts, so together they cover the range
 * exactly, every second once. A function that takes dates only (Agent Stats) is asked in whole days
 * (`unitSeconds` 86400, bounds `YYYY-MM-DD`): a day is then its finest window.
 */
import { boundMs, formatBound } from '../transport/ranges';

export interface WindowSettings {
	/** Most records one answer may hold before its window is split. */
	maxRecords: number;
	/** First window's length (seconds). */
	startSeconds: number;
	/**
	 * Longest window (seconds): the bound on what one answer can hold (the busiest stretch this long).
	 * No longer than the start for records that follow traffic (a quiet night must not grow a window
	 * that the morning then fills).
	 */
	maxSeconds: number;
	/** The interface's finest step (seconds): 1 for date-times, 86400 for dates alone. Default 1. */
	unitSeconds?: number;
}

export const DEFAULT_WINDOWS: WindowSettings = { maxRecords: 5000, startSeconds: 3600, maxSeconds: 3600 };

export interface Window {
	/** The bounds sent (inclusive). */
	from: string;
	to: string;
	/** The same in milliseconds on the interface's clock. */
	fromMs: number;
	toMs: number;
}

export interface WindowStats {
	/** Requests sent, those of split windows included. */
	asked: number;
	/** Windows whose answer was over the bound and were asked again in halves. */
	split: number;
}

/** An answer of one window: its records, or none ("nothing found"). */
export type WindowAnswer<A> = { records: number; data: A } | undefined;

const SECOND = 1000;

/**
 * Asks `ask` for each window of [from, to] in order and yields each kept answer with its window.
 * The caller processes an answer before the next is asked for (a generator: nothing runs ahead).
 */
export async function* askInWindows<A>(
	from: string,
	to: string,
	ask: (window: Window) => Promise<WindowAnswer<A>>,
	stats: WindowStats,
	settings: WindowSettings = DEFAULT_WINDOWS,
): AsyncGenerator<{ window: Window; answer: WindowAnswer<A> }> {
	const start = boundMs(from, false);
	const end = boundMs(to, true);
	if (start === undefined || end === undefined) throw new Error(`Not a date or date and time: ${start === undefined ? from : to}`);
	const unit = (settings.unitSeconds ?? 1) * SECOND;
	const withTime = unit < 86400 * SECOND;
	const longest = Math.max(settings.startSeconds, settings.maxSeconds) * SECOND;
	let size = settings.startSeconds * SECOND;
	for (let at = start; at <= end; ) {
		// A window ends one second before the next starts: the last second of its last unit.
		const stop = Math.min(at + size - SECOND, end);
		const window: Window = { from: formatBound(at, withTime), to: formatBound(stop, withTime), fromMs: at, toMs: stop };
		stats.asked++;
		const answer = await ask(window);
		if (answer && answer.records > settings.maxRecords && stop - at >= unit) {
			// Too much at once: let this answer go and ask again for the first part (whole units): half the
			// window, or less where the answer's density says half would still be over the bound (aiming at
			// half the bound), so a dense morning costs one wasted answer, not one per halving.
			stats.split++;
			const length = stop - at + SECOND;
			const fits = (length * settings.maxRecords) / 2 / answer.records;
			size = Math.max(unit, Math.floor(Math.min(length / 2, fits) / unit) * unit);
			continue;
		}
		yield { window, answer };
		at = stop + SECOND;
		if ((answer?.records ?? 0) < settings.maxRecords / 4) size = Math.min(size * 2, longest);
	}
}

/**
 * Keys already written that a later window may send again: a record the switch matches by overlap
 * (a leg, or its call, still running at a window's start) comes back in every window it overlaps.
 * Each key is kept until the last time it can be matched (its end); keys whose end is before the
 * next window's start are dropped, so this holds about one window of keys, whatever the range.
 */
export class SeenKeys {
	private readonly until = new Map<string, number>();

	/** Whether the key was written already; if not, remembers it until `untilMs`. */
	seen(key: string, untilMs: number): boolean {
		const known = this.until.get(key);
		if (known !== undefined) {
			if (untilMs > known) this.until.set(key, untilMs);
			return true;
		}
		this.until.set(key, untilMs);
		return false;
	}

	/** Forgets every key that cannot come back in a window starting at `fromMs`. */
	forgetBefore(fromMs: number): void {
		for (const [key, until] of this.until) if (until < fromMs) this.until.delete(key);
	}

	get size(): number {
		return this.until.size;
	}
}
