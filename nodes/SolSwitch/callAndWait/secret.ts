/**
 * The per-wait secret. execute() draws a random secret, gives the switch the secret in CustomDVData's
 * Header auth (AuthInfo credentials) and puts only its SHA-256 in the resume URL (signed by n8n, so it
 * cannot be changed). webhook() accepts a keypress only when the Authorization header's secret hashes
 * to the URL's value: someone who learns the resume URL alone (a log, a proxy) cannot resume the wait,
 * and a post made for another wait (another execution, another node, an earlier run) is refused.
 * Nothing is stored: the URL carries the check.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** The resume URL's query parameter holding the secret's hash. */
export const WAIT_QUERY = 'wait';
/** The Header auth type the switch sends the secret with: `Authorization: Bearer <secret>`. */
export const AUTH_TYPE = 'Bearer';

export function newWaitSecret(): { secret: string; hash: string } {
	const secret = randomBytes(24).toString('base64url');
	return { secret, hash: hashOf(secret) };
}

export function hashOf(secret: string): string {
	return createHash('sha256').update(secret).digest('hex');
}

/** Whether the Authorization header carries the secret whose hash the URL holds. */
export function secretMatches(authorization: unknown, urlHash: unknown): boolean {
	if (typeof authorization !== 'string' || typeof urlHash !== 'string' || !/^[0-9a-f]{64}$/.test(urlHash)) return false;
	const match = new RegExp(`^${AUTH_TYPE}\\s+(\\S+)$`, 'i').exec(authorization.trim());
	if (!match) return false;
	const given = Buffer.from(hashOf(match[1]), 'hex');
	return timingSafeEqual(given, Buffer.from(urlHash, 'hex'));
}
