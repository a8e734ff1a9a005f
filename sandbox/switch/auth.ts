/**
 * The switch's access rules (switch-calls-reporting.md, "Authentication"): an API key, or permission
 * for the caller's IP address, or both; keys are global or tied to one customer.
 */
import { Fail, REASONS, maskKey } from './fail';

export interface ApiKey {
	key: string;
	/** Undefined for a global key; the customer ID for a customer-scoped key. */
	customer?: number;
}

export interface SwitchAuthConfig {
	keys: ApiKey[];
	/** An API key is enabled: every request must carry a valid `Key`. */
	requireKey: boolean;
	/** IP permission enabled: only these addresses may call (null: IP permission not used). */
	allowedIps: string[] | null;
}

export interface Caller {
	/** The key used, when one was given and valid. */
	key?: ApiKey;
	/** The customer the caller is limited to, for customer-scoped keys. */
	scope?: number;
	ip: string;
}

export function normaliseIp(ip: string): string {
	return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}

export function authenticate(config: SwitchAuthConfig, ip: string, givenKey: unknown, reasons = { ip: REASONS.ipNotAllowed }): Caller {
	const address = normaliseIp(ip);
	if (config.allowedIps && !config.allowedIps.map(normaliseIp).includes(address)) throw new Fail(reasons.ip);
	const text = typeof givenKey === 'string' ? givenKey : givenKey === undefined ? '' : String(givenKey);
	if (!text) {
		if (config.requireKey) throw new Fail(REASONS.keyMissing);
		return { ip: address };
	}
	const key = config.keys.find((k) => k.key === text);
	if (!key) {
		if (config.requireKey || !config.allowedIps) throw new Fail(REASONS.keyInvalid(maskKey(text)));
		return { ip: address };
	}
	return { key, scope: key.customer, ip: address };
}
