/** Comparing secrets without telling an attacker, by timing, how much of a guess was right. */
import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * True when both strings are equal. Both sides are hashed first so the comparison takes the same
 * time whatever their lengths (timingSafeEqual itself requires equal lengths and would leak them).
 */
export function constantTimeEqual(given: string, expected: string): boolean {
	const a = createHash('sha256').update(given, 'utf8').digest();
	const b = createHash('sha256').update(expected, 'utf8').digest();
	return timingSafeEqual(a, b) && given.length === expected.length;
}

/** MD5 of a text as lower-case hex (the switch's PacketHash). */
export function md5Hex(text: string): string {
	return createHash('md5').update(text, 'utf8').digest('hex');
}
