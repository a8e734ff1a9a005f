/**
 * Splits an inclusive date range into consecutive parts of at most N days. Bounds are the
 * interface's strings: `YYYY-MM-DD` (whole days) or `YYYY-MM-DD HH:MM:SS`.
 */
const DAY = 86400000;

function parse(value: string): { ms: number; hasTime: boolean } | undefined {
	const m = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(value);
	if (!m) return undefined;
	const ms = Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0));
	return { ms, hasTime: m[4] !== undefined };
}

/**
 * A bound as milliseconds on the interface's clock (its wall-clock time read as UTC): a date alone is
 * its first second, or its last when it ends a range. Undefined when it is not one of the two forms.
 */
export function boundMs(value: string, isEnd: boolean): number | undefined {
	const parsed = parse(value);
	if (!parsed) return undefined;
	return !parsed.hasTime && isEnd ? parsed.ms + DAY - 1000 : parsed.ms;
}

const pad = (n: number) => String(n).padStart(2, '0');
export function formatBound(ms: number, withTime: boolean): string {
	const d = new Date(ms);
	const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
	return withTime ? `${date} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}` : date;
}

/** The parts, in order; one part (the range itself) when it fits or cannot be read. */
export function splitRange(from: string, to: string, days: number): Array<{ from: string; to: string }> {
	const a = parse(from);
	const b = parse(to);
	if (!a || !b || days <= 0 || b.ms < a.ms) return [{ from, to }];
	const withTime = a.hasTime || b.hasTime;
	// Date-only bounds are whole days: the end day is included.
	const end = withTime ? b.ms : b.ms + DAY - 1000;
	const parts: Array<{ from: string; to: string }> = [];
	for (let start = a.ms; start <= end; start += days * DAY) {
		const stop = Math.min(start + days * DAY - 1000, end);
		parts.push({ from: formatBound(start, withTime), to: formatBound(stop, withTime) });
	}
	if (parts.length === 1) return [{ from, to }];
	return parts;
}
