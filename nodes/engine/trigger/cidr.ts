/**
 * Source-address allow-lists: CIDR ranges (IPv4 and IPv6) compared as numbers, never as text, so
 * "10.0.0.1" does not match "110.0.0.1" and "::ffff:10.0.0.1" (an IPv4 client on a dual-stack
 * socket) matches "10.0.0.0/8".
 */

export interface AddressRange {
	/** As the user wrote it, for messages. */
	text: string;
	version: 4 | 6;
	/** First address of the range with the host bits cleared. */
	network: bigint;
	prefix: number;
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function parseIpv4(text: string): bigint | undefined {
	const m = IPV4.exec(text);
	if (!m) return undefined;
	let value = 0n;
	for (const part of m.slice(1)) {
		if (part.length > 1 && part.startsWith('0')) return undefined; // octal-looking, ambiguous
		const n = Number(part);
		if (n > 255) return undefined;
		value = (value << 8n) | BigInt(n);
	}
	return value;
}

function parseIpv6(input: string): bigint | undefined {
	let text = input.replace(/^\[|\]$/g, '').replace(/%.*$/, ''); // brackets, zone index
	let tail: bigint[] = [];
	// An embedded IPv4 tail (::ffff:1.2.3.4) stands for the last two groups.
	const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
	if (v4) {
		const n = parseIpv4(v4[1]);
		if (n === undefined) return undefined;
		tail = [(n >> 16n) & 0xffffn, n & 0xffffn];
		text = text.slice(0, -v4[1].length);
		if (text.endsWith(':') && !text.endsWith('::')) text = text.slice(0, -1);
	}
	const halves = text.split('::');
	if (halves.length > 2) return undefined;
	const parse = (s: string) => (s === '' ? [] : s.split(':'));
	const head = parse(halves[0]);
	const rest = halves.length === 2 ? parse(halves[1]) : [];
	const groupsWanted = 8 - tail.length;
	const given = head.length + rest.length;
	// '::' stands for one or more groups of zeros.
	if (halves.length === 1 ? given !== groupsWanted : given >= groupsWanted) return undefined;
	const groups = [...head, ...Array<string>(groupsWanted - given).fill('0'), ...rest];
	let value = 0n;
	for (const g of groups) {
		if (!/^[0-9a-f]{1,4}$/i.test(g)) return undefined;
		value = (value << 16n) | BigInt(parseInt(g, 16));
	}
	for (const g of tail) value = (value << 16n) | g;
	return value;
}

/** An address as a version and a number; IPv4-mapped IPv6 addresses count as IPv4. */
export function parseAddress(text: string): { version: 4 | 6; value: bigint } | undefined {
	const trimmed = text.trim();
	const v4 = parseIpv4(trimmed);
	if (v4 !== undefined) return { version: 4, value: v4 };
	if (!trimmed.includes(':')) return undefined;
	const v6 = parseIpv6(trimmed);
	if (v6 === undefined) return undefined;
	if (v6 >> 32n === 0xffffn) return { version: 4, value: v6 & 0xffffffffn };
	return { version: 6, value: v6 };
}

function mask(version: 4 | 6, prefix: number): bigint {
	const bits = version === 4 ? 32 : 128;
	return ((1n << BigInt(bits)) - 1n) ^ ((1n << BigInt(bits - prefix)) - 1n);
}

export function parseRange(text: string): AddressRange | undefined {
	const [address, prefixText, extra] = text.trim().split('/');
	if (extra !== undefined) return undefined;
	const parsed = parseAddress(address);
	if (!parsed) return undefined;
	const bits = parsed.version === 4 ? 32 : 128;
	let prefix = bits;
	if (prefixText !== undefined) {
		if (!/^\d{1,3}$/.test(prefixText)) return undefined;
		prefix = Number(prefixText);
		// A prefix written for an IPv4-mapped IPv6 range (::ffff:10.0.0.0/104) counts from bit 96.
		if (parsed.version === 4 && address.includes(':')) prefix -= 96;
		if (prefix < 0 || prefix > bits) return undefined;
	}
	return { text: text.trim(), version: parsed.version, network: parsed.value & mask(parsed.version, prefix), prefix };
}

/**
 * The ranges of a list written by a person: separated by commas, spaces or new lines.
 * Entries that are not addresses or ranges are returned in `invalid` (the caller refuses to run).
 */
export function parseRangeList(text: string): { ranges: AddressRange[]; invalid: string[] } {
	const ranges: AddressRange[] = [];
	const invalid: string[] = [];
	for (const entry of text.split(/[\s,;]+/).filter(Boolean)) {
		const range = parseRange(entry);
		if (range) ranges.push(range);
		else invalid.push(entry);
	}
	return { ranges, invalid };
}

export function isAddressInRanges(address: string, ranges: AddressRange[]): boolean {
	const parsed = parseAddress(address);
	if (!parsed) return false;
	return ranges.some((r) => r.version === parsed.version && (parsed.value & mask(r.version, r.prefix)) === r.network);
}
