import { byId, adminRunner } from './adminHelpers';
import { useSandbox } from '../../helpers/sandbox';

const env = useSandbox();
const admin = adminRunner(env);

const required = { CustomerNumber: 'C-2001', FirstName: 'Nora', LastName: 'Lake', Company: 'Lake Media', RouteGroupID: '3', MaxSIPAccounts: 5 };

describe('Customer suite', () => {
	it('add, view, edit, view, delete, the sandbox state checked after each step', async () => {
		const [added] = await admin.ok('customer', 'add', { ...required, additionalFields: { City: 'Quebec', AIFeatures: true } });
		expect(added).toEqual({ Status: 'OK', CustomerID: expect.stringMatching(/^\d+$/) });
		const id = Number(added.CustomerID);
		expect(admin.sent('customer/add')).toEqual([{ ...required, City: 'Quebec', AIFeatures: 1 }]);
		expect(admin.state.customers.get(id)).toMatchObject({ CustomerNumber: 'C-2001', Company: 'Lake Media', City: 'Quebec', AIFeatures: '1', Active: '1' });
		expect(admin.store.musicOnHold.has(id)).toBe(true);

		expect(await admin.ok('customer', 'view', { additionalFields: { ID: byId(id) } })).toEqual([
			{ ID: String(id), CustomerNumber: 'C-2001', Company: 'Lake Media', FirstName: 'Nora', LastName: 'Lake' },
		]);

		await admin.ok('customer', 'edit', { ID: byId(id), additionalFields: { Company: 'Lake Media Group', MaxTrunks: 2 } });
		expect(admin.sent('customer/edit')).toEqual([{ ID: String(id), Company: 'Lake Media Group', MaxTrunks: 2 }]);
		expect(admin.state.customers.get(id)).toMatchObject({ Company: 'Lake Media Group', MaxTrunks: '2', FirstName: 'Nora' });

		const [full] = await admin.ok('customer', 'view', { ViewType: 'Full', additionalFields: { CustomerNumber: 'C-2001' } });
		expect(full).toMatchObject({ ID: String(id), Company: 'Lake Media Group', MaxTrunks: '2', City: 'Quebec', Active: '1' });

		await admin.ok('customer', 'delete', { ID: byId(id) });
		expect(admin.state.customers.has(id)).toBe(false);
		expect(await admin.ok('customer', 'view', { additionalFields: { ID: byId(id) } })).toEqual([]);
	});

	it('deleting a customer removes its extensions, DIDs and SIP accounts', async () => {
		const [{ CustomerID }] = await admin.ok('customer', 'add', { ...required, CustomerNumber: 'C-2002' });
		const id = Number(CustomerID);
		await admin.ok('did', 'add', { DID: '5145559001', CustID: byId(id) });
		await admin.ok('extension', 'add', { Customer: byId(id), ExtensionNumber: '301', Name: 'Front desk', CIDNum: '5145559001' });
		await admin.ok('customer', 'delete', { ID: byId(id) });
		expect([...admin.state.dids.values()].some((d) => d.CustID === id)).toBe(false);
		expect([...admin.state.extensions.values()].some((e) => e.Customer === id)).toBe(false);
	});

	it('edit of an unknown customer fails', async () => {
		expect((await admin.run('customer', 'edit', { ID: byId(9999), additionalFields: { City: 'X' } })).error?.message).toBe(
			'The switch answered FAIL: Invalid ID 9999: no such record',
		);
	});

	it('connect-service groups: SSCGroup required with a server, limits shared by the group', async () => {
		const noGroup = await admin.run('customer', 'add', { ...required, CustomerNumber: 'C-2003', additionalFields: { SSCServerID: '4' } });
		expect(noGroup.error?.message).toBe('SSC Group is required when SSC Server ID is set (not 0)');
		expect(env.received('customer/add')).toHaveLength(0);

		const [{ CustomerID: a }] = await admin.ok('customer', 'add', {
			...required, CustomerNumber: 'C-2004', additionalFields: { SSCServerID: '4', SSCGroup: 'team.example.com', SSCMaxUsers: '10' },
		});
		// empty limits inherit the group's
		const [{ CustomerID: b }] = await admin.ok('customer', 'add', {
			...required, CustomerNumber: 'C-2005', additionalFields: { SSCServerID: '4', SSCGroup: 'team.example.com' },
		});
		expect(admin.state.customers.get(Number(b))?.SSCMaxUsers).toBe('10');
		// a given limit updates every customer of the group
		await admin.ok('customer', 'edit', { ID: byId(String(b)), additionalFields: { SSCMaxUsers: '25' } });
		expect(admin.state.customers.get(Number(a))?.SSCMaxUsers).toBe('25');
	});

	it('checks the SSC group name before sending', async () => {
		const { error } = await admin.run('customer', 'add', { ...required, additionalFields: { SSCGroup: 'not a domain!' } });
		expect(error?.message).toBe('SSC Group must be a domain name such as team.example.com');
		expect(env.received('customer/add')).toHaveLength(0);
	});

	it('refuses a customer-scoped key with a hint that a global key is needed', async () => {
		const { error } = await admin.run('customer', 'add', required, { credentials: env.customer2Credentials() });
		expect(error?.message).toMatch(/requires a key with global access/);
		expect(error?.description).toMatch(/^Customer > Create needs an API key with global \(system-level\) access/);
		expect([...admin.state.customers.values()].filter((c) => c.CustomerNumber === 'C-2001')).toHaveLength(0);
	});
});

describe('legacy customer functions (deprecated)', () => {
	it('Create Customer answers the CustomerID; Get Customer Information gives one item per matching customer', async () => {
		const [created] = await admin.ok('legacy', 'createCustomer', {
			FirstName: 'Old', LastName: 'Style', CustomerNumber: 'L-1', RouteGroupID: '1', TollPlanID: '1', MaxSIPAccounts: 0, MaxTrunks: 0,
			additionalFields: { City: 'Gatineau', PhoneNumber: '8195550100' },
		});
		expect(created).toEqual({ Status: 'OK', Reason: '', CustomerID: expect.stringMatching(/^\d+$/) });
		expect(admin.state.customers.get(Number(created.CustomerID))).toMatchObject({ Company: 'Old Style', City: 'Gatineau', Phone: '8195550100' });
		await admin.ok('legacy', 'createCustomer', {
			FirstName: 'Second', LastName: 'Match', CustomerNumber: 'L-1', RouteGroupID: '1', TollPlanID: '1', MaxSIPAccounts: 0, MaxTrunks: 0,
		});
		const found = await admin.ok('legacy', 'getCustomerInformation', { additionalFields: { CustomerNumber: 'L-1' } });
		expect(found).toHaveLength(2);
		expect(found[0]).toMatchObject({ ID: created.CustomerID, firstname: 'Old', company: 'Old Style', city: 'Gatineau', telephone: '8195550100' });
		expect(found[1]).toMatchObject({ firstname: 'Second', company: 'Second Match' });
	});

	it('a phone number with hyphens is refused before sending', async () => {
		const { error } = await admin.run('legacy', 'createCustomer', {
			FirstName: 'A', LastName: 'B', CustomerNumber: 'L-2', RouteGroupID: '1', TollPlanID: '1', MaxSIPAccounts: 0, MaxTrunks: 0,
			additionalFields: { PhoneNumber: '819-555-0100' },
		});
		expect(error?.message).toBe('Phone Number must be a numerical value (digits only)');
	});
});
