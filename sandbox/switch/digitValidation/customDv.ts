/**
 * New Call's CustomDVData and CustomDVDigits (switch-calls-reporting.md, "New Call advanced Digit
 * Validation attributes"), read as the document states them: a key/value array whose recognised keys
 * (URL, Method, Auth, AuthInfo, Response, CustomData, Headers, NoURL) replace the Digit Validation's
 * own settings for that one call, and whose every key is a `${NAME}` variable substituted in the
 * values (CustomDVDigits' values too). What the document leaves open is refused, never guessed:
 * an Auth other than `Header` (its AuthInfo shape is "not shown"), a Method other than POST or GET.
 */
import { Fail, REASONS } from '../fail';

export interface CustomDv {
	/** Every key as given (the substitution table). */
	vars: Record<string, unknown>;
	URL?: string;
	Method?: 'POST' | 'GET';
	/** The Authorization header the Header auth makes: `<type> <credentials>`. */
	authorization?: string;
	Response?: string;
	CustomData?: Record<string, string>;
	Headers: Record<string, string>;
	NoURL: boolean;
	/** Instructions by pressed digit (CustomDVDigits), substituted. */
	digits?: Record<string, string>;
}

/** The reasons New Call answers for CustomDVData it cannot use (the document's "Missing required field" form where it fits). */
export const CUSTOM_DV_REASONS = {
	notObject: 'Missing required field CustomDVData',
	method: 'Missing required field Method',
	auth: 'Missing required field AuthInfo',
};

/** A JSON body carries objects; a form body carries them as JSON text. */
function parsed(value: unknown): unknown {
	if (typeof value !== 'string') return value;
	try {
		return JSON.parse(value);
	} catch {
		throw new Fail(CUSTOM_DV_REASONS.notObject);
	}
}

/** `${NAME}` replaced by the value under NAME (unknown names stay as written). */
export function substitute(text: string, vars: Record<string, unknown>): string {
	return text.replace(/\$\{([A-Za-z0-9_]+)\}/g, (whole, name: string) => (name in vars && typeof vars[name] !== 'object' ? String(vars[name]) : whole));
}

function stringsOf(value: unknown, vars: Record<string, unknown>): Record<string, string> {
	const out: Record<string, string> = {};
	if (Array.isArray(value)) {
		// "array of headers": `Name: value` lines, or one-key objects.
		for (const entry of value) {
			if (typeof entry === 'string' && entry.includes(':')) {
				const at = entry.indexOf(':');
				out[entry.slice(0, at).trim()] = substitute(entry.slice(at + 1).trim(), vars);
			} else if (entry && typeof entry === 'object') Object.assign(out, stringsOf(entry, vars));
		}
	} else if (value && typeof value === 'object') {
		for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = substitute(String(v), vars);
	}
	return out;
}

const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true';

export function readCustomDv(data: unknown, digits: unknown): CustomDv {
	const raw = parsed(data ?? {});
	if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new Fail(CUSTOM_DV_REASONS.notObject);
	const vars = raw as Record<string, unknown>;
	const str = (name: string) => (vars[name] === undefined || vars[name] === null ? undefined : substitute(String(vars[name]), vars));
	const method = str('Method')?.toUpperCase();
	if (method !== undefined && method !== 'POST' && method !== 'GET') throw new Fail(CUSTOM_DV_REASONS.method);
	let authorization: string | undefined;
	const auth = str('Auth');
	if (auth !== undefined) {
		const info = parsed(vars.AuthInfo) as Record<string, unknown> | undefined;
		if (auth !== 'Header' || !info || typeof info !== 'object' || !info.type || !info.credentials) throw new Fail(CUSTOM_DV_REASONS.auth);
		authorization = `${substitute(String(info.type), vars)} ${substitute(String(info.credentials), vars)}`;
	}
	const digitTable = parsed(digits ?? undefined);
	let byDigit: Record<string, string> | undefined;
	if (digitTable !== undefined) {
		if (!digitTable || typeof digitTable !== 'object') throw new Fail(REASONS.missing('CustomDVDigits'));
		byDigit = {};
		for (const [index, value] of Object.entries(digitTable as Record<string, unknown>)) {
			if (value !== null && value !== undefined) byDigit[index] = substitute(String(value), vars);
		}
	}
	return {
		vars,
		URL: str('URL'),
		Method: method as CustomDv['Method'],
		authorization,
		Response: str('Response'),
		CustomData: vars.CustomData === undefined ? undefined : stringsOf(parsed(vars.CustomData), vars),
		Headers: vars.Headers === undefined ? {} : stringsOf(parsed(vars.Headers), vars),
		NoURL: truthy(vars.NoURL),
		digits: byDigit,
	};
}
