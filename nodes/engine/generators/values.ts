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

/**
 * Splits a date picker value or expression result into the wall-clock parts it shows, without
 * shifting time zones: "2026-11-24T09:30:00" is 09:30 whatever the server's zone.
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
