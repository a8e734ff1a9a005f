/** Deterministic numbers from a seed and indexes: the same seed and size always give the same data. */

/** A number in [0, 1) that depends only on its arguments (a 32-bit integer hash). */
export function unit(...parts: number[]): number {
	let h = 0x9e3779b9;
	for (const part of parts) {
		h = Math.imul(h ^ (part | 0), 0x85ebca6b);
		h ^= h >>> 13;
		h = Math.imul(h, 0xc2b2ae35);
		h ^= h >>> 16;
		// Large numbers (unix times) keep their high bits too.
		h ^= Math.floor(part / 0x100000000) | 0;
	}
	h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
	h ^= h >>> 12;
	return (h >>> 0) / 0x100000000;
}

/** An integer in [min, max]. */
export function between(min: number, max: number, ...parts: number[]): number {
	return min + Math.floor(unit(...parts) * (max - min + 1));
}

export function pick<T>(list: readonly T[], ...parts: number[]): T {
	return list[Math.floor(unit(...parts) * list.length)];
}

/** A short hex token (for recording download links). */
export function token(...parts: number[]): string {
	return Math.floor(unit(...parts) * 0xffffffff).toString(16).padStart(8, '0');
}
