import { byId, fromList, adminRunner } from './adminHelpers';
import { useSandbox } from '../../helpers/sandbox';

const env = useSandbox();
const admin = adminRunner(env);

describe('DID suite', () => {
	it('add, view, edit, view, delete: a batch of DIDs, the sandbox state checked after each step', async () => {
		// add: two numbers, the same optional values for each
		const [added] = await admin.ok('did', 'add', {
			DID: '5145550201, 5145550202',
			CustID: fromList(2, 'Customer Two Ltd.'),
			additionalFields: { Description: 'Sales line', SMSOnly: true, DIDLimit: 3 },
		});
		expect(added).toEqual({ Status: 'OK', IDs: [expect.any(String), expect.any(String)] });
		expect(admin.sent('did/add')).toEqual([
			{ DID: ['5145550201', '5145550202'], CustID: '2', Description: 'Sales line', SMSOnly: 1, DIDLimit: 3 },
		]);
		const ids = (added.IDs as string[]).map(Number);
		for (const [i, id] of ids.entries()) {
			expect(admin.state.dids.get(id)).toMatchObject({
				DID: `514555020${i + 1}`, CustID: 2, Description: 'Sales line', SMSOnly: '1', DIDLimit: '3', Active: '1', InternalRouteDestinationID: '0',
			});
		}

		// view (Full, filtered by the new IDs): one item per record, numbers as the switch sent them
		const viewed = await admin.ok('did', 'view', { ViewType: 'Full', additionalFields: { ID: byId(ids.join(',')) } });
		expect(viewed).toHaveLength(2);
		expect(viewed[0]).toMatchObject({ ID: String(ids[0]), DID: '5145550201', CustID: '2', SMSOnly: '1', InternalRouteDestinationID: '0' });
		expect(admin.sent('did/view').at(-1)).toEqual({ ViewType: 'Full', ID: [String(ids[0]), String(ids[1])] });

		// edit both: only the fields set are sent
		const [edited] = await admin.ok('did', 'edit', { ID: byId(`${ids[0]}, ${ids[1]}`), additionalFields: { Notes: 'moved', Active: false } });
		expect(edited).toEqual({ Status: 'OK', IDs: ids.map(String) });
		expect(admin.sent('did/edit')).toEqual([{ ID: ids.map(String), Notes: 'moved', Active: 0 }]);
		for (const id of ids) expect(admin.state.dids.get(id)).toMatchObject({ Notes: 'moved', Active: '0', Description: 'Sales line' });

		// view (Partial): the short set
		const partial = await admin.ok('did', 'view', { additionalFields: { DID: '5145550202' } });
		expect(partial).toEqual([{ ID: String(ids[1]), DID: '5145550202', Description: 'Sales line', Active: '0' }]);

		// delete both
		const [deleted] = await admin.ok('did', 'delete', { ID: byId(ids.join(',')) });
		expect(deleted).toEqual({ Status: 'OK', IDs: ids.map(String) });
		for (const id of ids) expect(admin.state.dids.has(id)).toBe(false);
		// nothing left: an empty result, not an error
		expect(await admin.ok('did', 'view', { additionalFields: { DID: '5145550201' } })).toEqual([]);
	});

	it('refuses the whole batch when one DID is already in use: nothing is inserted', async () => {
		const before = admin.state.dids.size;
		const { error, items } = await admin.run('did', 'add', { DID: '5145550301,5145550100', CustID: byId(1) });
		expect(items).toHaveLength(0);
		expect(error?.message).toBe('The switch answered FAIL: DID 5145550100 is already in use; nothing was added');
		expect(admin.state.dids.size).toBe(before);
		expect([...admin.state.dids.values()].some((d) => d.DID === '5145550301')).toBe(false);
	});

	it('refuses an edit naming an unknown ID: no DID of the request changes', async () => {
		const { error } = await admin.run('did', 'edit', { ID: byId('1, 999'), additionalFields: { Notes: 'should not stick' } });
		expect(error?.message).toBe('The switch answered FAIL: Invalid ID 999: no such record');
		expect(admin.state.dids.get(1)?.Notes).toBeUndefined();
	});

	it('keeps a routed DID on its customer and active until the route is removed', async () => {
		const [{ IDs }] = await admin.ok('did', 'add', { DID: '5145550401', CustID: byId(1) });
		const id = Number((IDs as string[])[0]);
		admin.state.dids.get(id)!.InternalRouteDestinationID = '17';
		const moved = await admin.run('did', 'edit', { ID: byId(id), additionalFields: { CustID: byId(2) } });
		expect(moved.error?.message).toBe(
			'The switch answered FAIL: DID 5145550401 has a route assigned: remove the route before changing its customer or setting it inactive',
		);
		const deactivated = await admin.run('did', 'edit', { ID: byId(id), additionalFields: { Active: false } });
		expect(deactivated.error?.message).toMatch(/has a route assigned/);
		expect(admin.state.dids.get(id)).toMatchObject({ CustID: 1, Active: '1' });
		// other fields may still change
		await admin.ok('did', 'edit', { ID: byId(id), additionalFields: { Description: 'routed' } });
		expect(admin.state.dids.get(id)?.Description).toBe('routed');
	});

	it('moves the 911 record with a changed customer', async () => {
		const [{ IDs }] = await admin.ok('did', 'add', { DID: '5145550501', CustID: byId(1) });
		admin.store.e911.set('5145550501', { custnum: '1', did: '5145550501', streetnumber: '1', streetname: 'Main', unit: '', city: 'Laval', province: 'QC', country: 'CA', postalcode: 'H7N 1A1' });
		await admin.ok('did', 'edit', { ID: byId((IDs as string[])[0]), additionalFields: { CustID: byId(2) } });
		expect(admin.store.e911.get('5145550501')?.custnum).toBe('2');
	});

	it('stops a delete at the DID whose 911 provider is invalid; earlier DIDs of the batch stay deleted', async () => {
		const [{ IDs }] = await admin.ok('did', 'add', { DID: '5145550601,5145550602', CustID: byId(1) });
		const [first, second] = (IDs as string[]).map(Number);
		admin.store.e911.set('5145550602', { custnum: '1', did: '5145550602', streetnumber: '', streetname: '', unit: '', city: '', province: '', country: '', postalcode: '' });
		admin.store.e911Provider = 'Other911';
		try {
			const { error } = await admin.run('did', 'delete', { ID: byId(`${first},${second}`) });
			expect(error?.message).toBe('The switch answered FAIL: Invalid Provider');
			expect(admin.state.dids.has(first)).toBe(false);
			expect(admin.state.dids.has(second)).toBe(true);
		} finally {
			admin.store.e911Provider = 'none';
		}
	});

	it('refuses a customer-scoped key, and the error says a global key is needed', async () => {
		const { error, items } = await admin.run('did', 'view', {}, { credentials: env.customer2Credentials() });
		expect(items).toHaveLength(0);
		expect(error?.message).toBe('The switch answered FAIL: This function requires a key with global access');
		expect(error?.description).toBe(
			'DID > Get Many needs an API key with global (system-level) access; a key assigned to one customer cannot be used for it. Put a global key in the SolSwitch API credential.',
		);
	});

	it('sends DIDs as written: the document states no form for them (a short service number too)', async () => {
		const [{ IDs }] = await admin.ok('did', 'add', { DID: '611', CustID: byId(1) });
		expect(admin.sent('did/add')).toEqual([{ DID: '611', CustID: '1' }]);
		expect(IDs).toHaveLength(1);
	});

	it('sends the same request as form variables when asked', async () => {
		const [{ IDs }] = await admin.ok('did', 'add', { DID: '5145550801', CustID: byId(1), options: { bodyFormat: 'form' } });
		expect(IDs).toHaveLength(1);
		const [exchange] = env.received('did/add');
		expect(exchange.contentType).toContain('application/x-www-form-urlencoded');
		expect(admin.state.dids.get(Number((IDs as string[])[0]))?.DID).toBe('5145550801');
	});
});
