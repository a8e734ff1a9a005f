/**
 * The inbound key the gateway attaches to its callbacks (messaging-gateway.md, Authentication 1):
 * the `Key` member of the body (Key Type Body), or `Authorization: Bearer <key>` and `x-api-key: <key>`
 * (Key Type Header). Compared in constant time so the answer's timing does not leak the key.
 */
import { constantTimeEqual } from '../engine/trigger/secrets';

export type InboundKeyType = 'body' | 'header';

function headerValue(headers: Record<string, unknown>, name: string): string | undefined {
	const v = headers[name];
	if (Array.isArray(v)) return typeof v[0] === 'string' ? v[0] : undefined;
	return typeof v === 'string' ? v : undefined;
}

/**
 * Whether the request carries the configured key. Header mode: every key header present must match,
 * and at least one must be present.
 */
export function hasInboundKey(
	expected: string,
	type: InboundKeyType,
	body: Record<string, unknown>,
	headers: Record<string, unknown>,
): boolean {
	if (type === 'body') {
		const given = body.Key;
		return typeof given === 'string' && constantTimeEqual(given, expected);
	}
	const given: string[] = [];
	const bearer = /^Bearer\s+(.+)$/i.exec(headerValue(headers, 'authorization') ?? '')?.[1];
	if (bearer !== undefined) given.push(bearer.trim());
	const apiKey = headerValue(headers, 'x-api-key');
	if (apiKey !== undefined) given.push(apiKey.trim());
	if (!given.length) return false;
	// Check every value (no early exit) so the time taken does not depend on which one differs.
	return given.map((g) => constantTimeEqual(g, expected)).every(Boolean);
}
