/** Normalisers from what n8n hands a node (typed values, expression results) to wire values. */

/** Empty input (left blank, null, undefined) counts as "not given". */
export function isBlank(value: unknown): boolean {
	return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Digits typed into a number field or mapped from a number arrive as numbers; the wire wants text. */
export function toText(value: unknown): unknown {
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	if (typeof value === 'string') return value.trim();
	return value;
}

/** Text sent exactly as written (`asWritten`): a number becomes text, nothing is trimmed. */
export function asWrittenText(value: unknown): unknown {
	return typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
}

export function toNumber(value: unknown): unknown {
	if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value.trim());
	return value;
}

const TRUE = new Set(['1', 'true', 'yes', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'off']);
export function toBoolean(value: unknown): unknown {
	if (typeof value === 'boolean') return value;
	if (value === 1 || value === 0) return value === 1;
	if (typeof value === 'string') {
		const v = value.trim().toLowerCase();
		if (TRUE.has(v)) return true;
		if (FALSE.has(v)) return false;
	}
	return value;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** ISO text that names an instant: a date and time followed by Z or an offset ("…T09:30:00.000-05:00"). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;

/** The instant a value names, if it names one: a Date, a Luxon DateTime, or ISO text with an offset. */
function instantOf(value: unknown): Date | undefined {
	let instant: Date | undefined;
	if (value instanceof Date) instant = value;
	else if (value && typeof value === 'object' && typeof (value as { toMillis?: unknown }).toMillis === 'function') {
		instant = new Date((value as { toMillis: () => number }).toMillis());
	} else if (typeof value === 'string' && ISO_INSTANT.test(value.trim())) instant = new Date(value.trim().replace(' ', 'T'));
	return instant && !Number.isNaN(instant.getTime()) ? instant : undefined;
}

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/** "YYYY-MM-DDTHH:MM:SS" as a clock in `timeZone` (an IANA name) shows the instant. */
function wallClock(instant: Date, timeZone: string): string {
	let format = wallClockFormats.get(timeZone);
	if (!format) {
		format = new Intl.DateTimeFormat('en-US', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
		});
		wallClockFormats.set(timeZone, format);
	}
	const part = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
	return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}:${part.second}`;
}

/**
 * A date attribute's value read in the workflow's time zone (`this.getTimezone()`: the workflow's
 * setting, else the instance's), as n8n itself turns a Date into text. An instant (a Date, a Luxon
 * DateTime such as `$now`, ISO text with Z or an offset) becomes the wall clock of that zone, so
 * "2026-03-01T23:30:00Z" is 2026-03-02 in Asia/Tokyo, not the n8n server's date. A wall clock
 * without an offset (the date picker's "2026-03-01T09:30:00", "2026-03-01") stays as the user typed it.
 */
export function inTimeZone(value: unknown, timeZone: string): unknown {
	const instant = instantOf(value);
	return instant ? wallClock(instant, timeZone) : value;
}

/**
 * Splits a date picker value or expression result into the wall-clock parts it shows, without
 * shifting time zones: "2026-11-24T09:30:00" is 09:30 whatever the server's zone. Values read by
 * a node pass through inTimeZone first, so an instant has already become the workflow's wall clock.
 */
export function dateParts(value: unknown): { date: string; time: string | undefined } | undefined {
	let text: string | undefined;
	if (value instanceof Date && !Number.isNaN(value.getTime())) {
		text = `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}T${pad(value.getHours())}:${pad(value.getMinutes())}:${pad(value.getSeconds())}`;
	} else if (value && typeof value === 'object' && typeof (value as { toISO?: unknown }).toISO === 'function') {
		text = String((value as { toISO: () => string }).toISO());
	} else if (typeof value === 'string') {
		text = value.trim();
	}
	if (!text) return undefined;
	const m = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(text);
	if (!m) return undefined;
	const time = m[2] !== undefined ? `${m[2]}:${m[3]}:${m[4] ?? '00'}` : undefined;
	return { date: m[1], time };
}

/** A list attribute: an array, or text separated by commas or new lines. */
export function toList(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(toText).filter((v) => !isBlank(v));
	if (typeof value === 'number') return [String(value)];
	if (typeof value === 'string') {
		return value
			.split(/[,\n]/)
			.map((v) => v.trim())
			.filter(Boolean);
	}
	return value;
}

/** A JSON attribute: typed in the editor as text, or an object or array from an expression. */
export function toJson(value: unknown): unknown {
	if (typeof value !== 'string') return value;
	try {
		return JSON.parse(value);
	} catch {
		return Symbol.for('invalid-json');
	}
}

/**
 * The value of a resource locator ({ __rl: true, mode, value }), as n8n stores a field that is picked
 * from a list or typed as an ID; anything else is returned as it is.
 */
export function locatorValue(value: unknown): unknown {
	if (value && typeof value === 'object' && !Array.isArray(value) && '__rl' in value) {
		return (value as { value?: unknown }).value;
	}
	return value;
}
