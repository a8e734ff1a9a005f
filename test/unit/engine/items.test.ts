import { appendItems, pairedWith } from '../../../nodes/engine/items';

describe('output item lists', () => {
	it('appends a list far longer than a spread of arguments can carry (a large CDR export)', () => {
		const items = [{ json: { n: -1 } }];
		const more = Array.from({ length: 300000 }, (_, n) => ({ json: { n } }));
		expect(() => items.push(...more)).toThrow(RangeError);
		items.length = 1;
		expect(appendItems(items, more)).toBe(300001);
		expect(items[0].json.n).toBe(-1);
		expect(items[300000]).toBe(more[299999]);
	});

	it('links an item to its input item without changing the item given', () => {
		const plain = { json: { CallID: 'c1', LegID: '1' } };
		expect(pairedWith(plain, 3)).toEqual({ json: plain.json, pairedItem: { item: 3 } });
		expect(plain).toEqual({ json: { CallID: 'c1', LegID: '1' } });
		const withBinary = { json: {}, binary: { data: { data: 'eA==', mimeType: 'text/plain' } }, pairedItem: { item: 9 } };
		expect(pairedWith(withBinary, 2)).toEqual({ json: {}, binary: withBinary.binary, pairedItem: { item: 2 } });
		expect(withBinary.pairedItem).toEqual({ item: 9 });
	});
});
