import { deriveKey, MAX_AGE_MS, sign, verify } from '../../../nodes/shared/messaging/sendAndWait/signing';

const NOW = 1_800_000_000_000;

describe('send-and-wait signing (HKDF from the inbound key, HMAC over the payload text)', () => {
	const key = deriveKey('inbound-secret', 'forward')!;

	it('derives no key without an inbound key: routing is refused', () => {
		expect(deriveKey('', 'forward')).toBeUndefined();
		expect(deriveKey('   ', 'register')).toBeUndefined();
		expect(deriveKey(undefined, 'register')).toBeUndefined();
		expect(verify(undefined, sign(key, { a: 1 }, NOW), NOW)).toEqual({ ok: false, reason: 'no inbound key in the credential' });
	});

	it('derives one key per purpose and per inbound key, never the key itself', () => {
		const register = deriveKey('inbound-secret', 'register')!;
		expect(key).toHaveLength(32);
		expect(key.equals(register)).toBe(false);
		expect(key.equals(deriveKey('other-secret', 'forward')!)).toBe(false);
		expect(key.toString('utf8')).not.toContain('inbound-secret');
		// A registration signed with its key does not pass as a forward.
		expect(verify(key, sign(register, { kind: 'register' }, NOW), NOW)).toEqual({ ok: false, reason: 'bad signature' });
	});

	it('accepts its own envelope and gives the payload back with version and time', () => {
		const envelope = sign(key, { kind: 'reply', text: 'YES' }, NOW);
		expect(verify(key, envelope, NOW + 1000)).toEqual({ ok: true, payload: { kind: 'reply', text: 'YES', v: 1, t: NOW } });
	});

	it('refuses a changed payload, a changed signature, a foreign key and bad shapes', () => {
		const envelope = sign(key, { kind: 'reply', text: 'NO' }, NOW);
		expect(verify(key, { ...envelope, payload: envelope.payload.replace('NO', 'YES') }, NOW)).toEqual({ ok: false, reason: 'bad signature' });
		const flipped = (envelope.signature[0] === 'a' ? 'b' : 'a') + envelope.signature.slice(1);
		expect(verify(key, { ...envelope, signature: flipped }, NOW)).toEqual({ ok: false, reason: 'bad signature' });
		expect(verify(deriveKey('guess', 'forward'), envelope, NOW)).toEqual({ ok: false, reason: 'bad signature' });
		for (const bad of [undefined, null, 'text', [], {}, { payload: 1, signature: envelope.signature }, { payload: envelope.payload, signature: 'zz' }]) {
			expect(verify(key, bad, NOW)).toEqual({ ok: false, reason: 'not a signed message' });
		}
	});

	it('refuses an old or future-dated message, an unknown version, a payload that is not an object', () => {
		expect(verify(key, sign(key, {}, NOW - MAX_AGE_MS - 1), NOW)).toEqual({ ok: false, reason: 'too old (or from a clock far off)' });
		expect(verify(key, sign(key, {}, NOW + MAX_AGE_MS + 1), NOW)).toEqual({ ok: false, reason: 'too old (or from a clock far off)' });
		const forge = (payload: string) => ({ payload, signature: require('node:crypto').createHmac('sha256', key).update(payload).digest('hex') });
		expect(verify(key, forge(JSON.stringify({ v: 2, t: NOW })), NOW)).toEqual({ ok: false, reason: 'unknown protocol version 2' });
		expect(verify(key, forge('[1]'), NOW)).toEqual({ ok: false, reason: 'payload is not an object' });
		expect(verify(key, forge('{'), NOW)).toEqual({ ok: false, reason: 'payload is not JSON' });
	});
});
