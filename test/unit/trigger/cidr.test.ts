import { isAddressInRanges, parseAddress, parseRange, parseRangeList } from '../../../nodes/engine/trigger/cidr';

const allowed = (address: string, list: string) => isAddressInRanges(address, parseRangeList(list).ranges);

describe('CIDR allow-lists', () => {
	it('matches IPv4 addresses by prefix, not by text', () => {
		expect(allowed('10.1.2.3', '10.0.0.0/8')).toBe(true);
		expect(allowed('110.0.0.1', '10.0.0.0/8')).toBe(false);
		expect(allowed('10.0.0.1', '10.0.0.1')).toBe(true);
		expect(allowed('10.0.0.10', '10.0.0.1')).toBe(false);
		expect(allowed('192.168.1.255', '192.168.1.0/24')).toBe(true);
		expect(allowed('192.168.2.0', '192.168.1.0/24')).toBe(false);
		expect(allowed('203.0.113.77', '203.0.113.64/26')).toBe(true);
		expect(allowed('203.0.113.128', '203.0.113.64/26')).toBe(false);
		expect(allowed('8.8.8.8', '0.0.0.0/0')).toBe(true);
	});

	it('matches IPv6 addresses, compressed or not', () => {
		expect(allowed('2001:db8::1', '2001:db8::/32')).toBe(true);
		expect(allowed('2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8::/32')).toBe(true);
		expect(allowed('2001:db9::1', '2001:db8::/32')).toBe(false);
		expect(allowed('::1', '::1/128')).toBe(true);
		expect(allowed('::2', '::1')).toBe(false);
		expect(allowed('fe80::1%eth0', 'fe80::/10')).toBe(true);
	});

	it('treats IPv4-mapped IPv6 addresses (dual-stack sockets) as IPv4', () => {
		expect(allowed('::ffff:127.0.0.1', '127.0.0.0/8')).toBe(true);
		expect(allowed('::ffff:7f00:1', '127.0.0.1')).toBe(true);
		expect(allowed('10.0.0.5', '::ffff:10.0.0.0/104')).toBe(true);
		expect(allowed('::ffff:11.0.0.5', '10.0.0.0/8')).toBe(false);
	});

	it('never matches across versions or for unparsable addresses', () => {
		expect(allowed('::1', '0.0.0.0/0')).toBe(false);
		expect(allowed('127.0.0.1', '::/0')).toBe(false);
		expect(allowed('not-an-ip', '0.0.0.0/0')).toBe(false);
		expect(allowed('', '0.0.0.0/0')).toBe(false);
	});

	it('reads lists separated by commas, spaces or new lines, and reports entries that are not ranges', () => {
		const list = parseRangeList('10.0.0.0/8, 192.168.1.1\n2001:db8::/32 ; 300.1.1.1 10.0.0.0/33 example.com 1.2.3.4/x 01.2.3.4');
		expect(list.ranges.map((r) => r.text)).toEqual(['10.0.0.0/8', '192.168.1.1', '2001:db8::/32']);
		expect(list.invalid).toEqual(['300.1.1.1', '10.0.0.0/33', 'example.com', '1.2.3.4/x', '01.2.3.4']);
	});

	it('parses addresses and ranges into numbers', () => {
		expect(parseAddress('1.2.3.4')).toEqual({ version: 4, value: 0x01020304n });
		expect(parseAddress('1:2:3:4:5:6:7:8')).toEqual({ version: 6, value: 0x00010002000300040005000600070008n });
		expect(parseAddress('1:2:3:4:5:6:7:8:9')).toBeUndefined();
		expect(parseAddress('1::2::3')).toBeUndefined();
		expect(parseAddress('1:2:3:4:5:6:7::8')).toBeUndefined();
		expect(parseRange('10.1.2.3/8')).toMatchObject({ network: 0x0a000000n, prefix: 8 });
	});
});
