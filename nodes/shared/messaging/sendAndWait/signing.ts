/**
 * The HMAC between this package's own parts in send-and-wait: the Messaging node registering a wait
 * with the Messaging Trigger, and the trigger forwarding a reply to the waiting node. The key is
 * derived (HKDF-SHA256) from the messaging credential's Inbound Key, which both ends hold and nobody
 * else should: a resume URL copied out of the trigger's static data is then not enough to resume a
 * wait, and the trigger cannot be used to relay requests it did not receive from the node. One key per
 * purpose, so a registration can never pass for a forward or the other way round.
 *
 * A message travels as { payload: "<JSON text>", signature: "<hex>" }: the signature covers the exact
 * text, so no JSON canonicalisation is needed on either side. The payload carries its own time and is
 * refused when older than MAX_AGE_MS (a captured message cannot be replayed later).
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

export type SigningPurpose = 'register' | 'forward';

/** Header that marks a request to the trigger as a send-and-wait registration (not a gateway callback). */
export const WAIT_HEADER = 'x-solswitch-wait';
export const PROTOCOL_VERSION = 1;
/** How old a signed message may be when it arrives (clock differences between n8n processes included). */
export const MAX_AGE_MS = 5 * 60 * 1000;

const SALT = 'n8n-nodes-solswitch send-and-wait';

export interface SignedEnvelope {
	payload: string;
	signature: string;
}

/** The key for one purpose; undefined when the credential has no inbound key (routing is then refused). */
export function deriveKey(inboundKey: unknown, purpose: SigningPurpose): Buffer | undefined {
	if (typeof inboundKey !== 'string' || inboundKey.trim() === '') return undefined;
	return Buffer.from(hkdfSync('sha256', inboundKey, SALT, `${purpose}/v${PROTOCOL_VERSION}`, 32));
}

function mac(key: Buffer, text: string): string {
	return createHmac('sha256', key).update(text).digest('hex');
}

/** Signs a payload object (it gets `v` and `t`, the time it was signed, in ms). */
export function sign(key: Buffer, payload: Record<string, unknown>, now: number): SignedEnvelope {
	const text = JSON.stringify({ ...payload, v: PROTOCOL_VERSION, t: now });
	return { payload: text, signature: mac(key, text) };
}

export type Verified = { ok: true; payload: Record<string, unknown> } | { ok: false; reason: string };

/**
 * Checks an envelope received as a request body: shape, signature (constant time), version, age.
 * Never throws: whatever arrives, the answer is a reason.
 */
export function verify(key: Buffer | undefined, body: unknown, now: number): Verified {
	if (!key) return { ok: false, reason: 'no inbound key in the credential' };
	const envelope = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
	const { payload, signature } = envelope;
	if (typeof payload !== 'string' || typeof signature !== 'string' || !/^[0-9a-f]{64}$/.test(signature)) {
		return { ok: false, reason: 'not a signed message' };
	}
	const expected = Buffer.from(mac(key, payload), 'hex');
	if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return { ok: false, reason: 'bad signature' };
	let parsed: unknown;
	try {
		parsed = JSON.parse(payload);
	} catch {
		return { ok: false, reason: 'payload is not JSON' };
	}
	if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { ok: false, reason: 'payload is not an object' };
	const p = parsed as Record<string, unknown>;
	if (p.v !== PROTOCOL_VERSION) return { ok: false, reason: `unknown protocol version ${String(p.v)}` };
	if (typeof p.t !== 'number' || Math.abs(now - p.t) > MAX_AGE_MS) return { ok: false, reason: 'too old (or from a clock far off)' };
	return { ok: true, payload: p };
}
