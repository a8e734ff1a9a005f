/** The switch and gateway wall-clock formats (`YYYY-MM-DD HH:MM:SS`), kept in UTC so data is the same everywhere. */
export const DAY_MS = 86400000;
const pad = (n: number) => String(n).padStart(2, '0');

export function dateOf(ms: number): string {
	const d = new Date(ms);
	return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

export function dateTimeOf(ms: number): string {
	const d = new Date(ms);
	return `${dateOf(ms)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

export function hhmmss(seconds: number): string {
	const s = Math.max(0, Math.floor(seconds));
	return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/**
 * A request bound: `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS`. A date alone as an end bound means the
 * whole day (up to 23:59:59). Undefined when the text is neither.
 */
export function parseBound(text: string, end: boolean): number | undefined {
	const m = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(text.trim());
	if (!m) return undefined;
	const ms = Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0));
	if (Number.isNaN(ms)) return undefined;
	return m[4] === undefined && end ? ms + DAY_MS - 1000 : ms;
}

/** Midnight (UTC) of the day holding `ms`. */
export function dayStart(ms: number): number {
	return Math.floor(ms / DAY_MS) * DAY_MS;
}
