/**
 * Node version 2 of SolSwitch Admin: Return All / Limit on list operations and Simplify on records
 * with dozens of fields; a version 1 node (a saved workflow, no such parameters stored) runs as before.
 * Run through n8n-core's engine, which fills each version's defaults as n8n does.
 */
import { useSandbox } from '../../helpers/sandbox';
import { adminRunner } from './adminHelpers';

const env = useSandbox();
const admin = adminRunner(env);
const V2 = { typeVersion: 2 };

describe('SolSwitch Admin version 2: Return All / Limit and Simplify', () => {
	it('keeps the first Limit records of a list (the switch has no paging), or all with Return All', async () => {
		const all = await admin.ok('did', 'view', { returnAll: true }, V2);
		expect(all.length).toBeGreaterThanOrEqual(3);
		const two = await admin.ok('did', 'view', { limit: 2 }, V2);
		expect(two).toEqual(all.slice(0, 2));
		// The request is the same either way: the limit is applied to the answer.
		expect(admin.sent('did/view').at(-1)).toEqual(admin.sent('did/view').at(-2));
	});

	it('defaults to 50 records for a new node; a version 1 node gets every record', async () => {
		for (let i = 0; i < 55; i++) env.sandbox.state.addDid({ DID: `43855501${String(i).padStart(2, '0')}`, CustID: 1 } as never);
		expect(await admin.ok('did', 'view', {}, V2)).toHaveLength(50);
		expect((await admin.ok('did', 'view', {})).length).toBe(env.sandbox.state.dids.size);
	});

	it('simplifies customers by default: the Full view asked for, the short set returned', async () => {
		const simple = await admin.ok('customer', 'view', {}, V2);
		expect(admin.sent('customer/view').at(-1)).toEqual({ ViewType: 'Full' });
		expect(simple[0]).toEqual({
			ID: '1', CustomerNumber: 'C-1001', Company: 'Sol Demo Inc.', FirstName: 'Sol', LastName: 'Demo',
			...pick(simple[0], ['Phone', 'City', 'Timezone', 'Active']),
		});
		expect(Object.keys(simple[0])).toEqual(
			['ID', 'CustomerNumber', 'Company', 'FirstName', 'LastName', 'Phone', 'City', 'Timezone', 'Active'].filter((k) => k in simple[0]),
		);
		// Simplify off: the View Type chosen is sent and the record comes back as the switch sent it.
		const full = await admin.ok('customer', 'view', { simplify: false, ViewType: 'Full' }, V2);
		expect(admin.sent('customer/view').at(-1)).toEqual({ ViewType: 'Full' });
		expect(Object.keys(full[0]).length).toBeGreaterThan(Object.keys(simple[0]).length);
		const partial = await admin.ok('customer', 'view', { simplify: false }, V2);
		expect(admin.sent('customer/view').at(-1)).toEqual({ ViewType: 'Partial' });
		expect(Object.keys(partial[0]).sort()).toEqual(['Company', 'CustomerNumber', 'FirstName', 'ID', 'LastName']);
	});

	it('a saved version 1 workflow runs unchanged: its View Type sent, every field of it returned', async () => {
		const v1 = await admin.ok('customer', 'view', { ViewType: 'Partial' });
		expect(admin.sent('customer/view').at(-1)).toEqual({ ViewType: 'Partial' });
		expect(Object.keys(v1[0]).sort()).toEqual(['Company', 'CustomerNumber', 'FirstName', 'ID', 'LastName']);
		expect(v1.length).toBe(env.sandbox.state.customers.size);
	});
});

function pick(record: Record<string, unknown>, keys: string[]) {
	return Object.fromEntries(keys.filter((k) => k in record).map((k) => [k, record[k]]));
}
