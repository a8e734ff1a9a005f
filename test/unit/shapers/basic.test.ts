import { shapeResponse } from '../../../nodes/engine/shapers/basic';
import type { ShapeContext } from '../../../nodes/engine/catalog/types';

const ctx = {} as ShapeContext;
const json = async (...args: Parameters<typeof shapeResponse>) => (await shapeResponse(...args)).map((i) => i.json);

describe('the basic response kinds', () => {
	it('keyed: one item per key, the envelope left out, numbered entries sent as an array read alike', async () => {
		const asObject = { Status: 'OK', '0': { DID: '5145550100' }, '1': { DID: '5145550101' } };
		const asArray = [{ DID: '5145550100' }, { DID: '5145550101' }];
		const expected = [
			{ Entry: '0', DID: '5145550100' },
			{ Entry: '1', DID: '5145550101' },
		];
		expect(await json({ kind: 'keyed', keyName: 'Entry' }, asObject, ctx)).toEqual(expected);
		expect(await json({ kind: 'keyed', keyName: 'Entry' }, asArray, ctx)).toEqual(expected);
	});

	it('keyed under a key: the collection of answer[key] (911 Info Data by DID)', async () => {
		const answer = { Status: 'OK', Data: { '5145550100': { city: 'Laval' } } };
		expect(await json({ kind: 'keyed', key: 'Data', keyName: 'DID' }, answer, ctx)).toEqual([{ DID: '5145550100', city: 'Laval' }]);
		expect(await json({ kind: 'keyed', key: 'Data', keyName: 'DID' }, { Status: 'OK' }, ctx)).toEqual([]);
	});

	it('list: one item per element, a single bare record as one item, nothing when absent', async () => {
		expect(await json({ kind: 'list', key: 'Calls' }, { Calls: [{ CallID: '1' }, { CallID: '2' }] }, ctx)).toEqual([{ CallID: '1' }, { CallID: '2' }]);
		expect(await json({ kind: 'list', key: 'Calls' }, { Calls: { CallID: '1' } }, ctx)).toEqual([{ CallID: '1' }]);
		expect(await json({ kind: 'list', key: 'Calls' }, { Status: 'OK' }, ctx)).toEqual([]);
	});
});
