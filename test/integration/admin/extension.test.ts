import { byId, fromList, adminRunner } from './adminHelpers';
import { useSandbox } from '../../helpers/sandbox';

const env = useSandbox();
const admin = adminRunner(env);

describe('Extension suite', () => {
	it('add, view, edit, view, delete; deleting leaves the SIP account', async () => {
		const [added] = await admin.ok('extension', 'add', {
			Customer: fromList(1, 'Sol Demo Inc.'),
			ExtensionNumber: '4321',
			Name: 'Gina Cote',
			CIDNum: '5145550100',
			additionalFields: { SIPAccountsID: fromList(2, 'bob202'), CallWaiting: false, FwdAfterSeconds: 20 },
		});
		const id = Number(added.ID);
		expect(added).toEqual({ Status: 'OK', ID: String(id) });
		expect(admin.sent('extension/add')).toEqual([
			{ Customer: '1', ExtensionNumber: '4321', Name: 'Gina Cote', CIDNum: '5145550100', SIPAccountsID: '2', CallWaiting: 0, FwdAfterSeconds: 20 },
		]);
		expect(admin.state.extensions.get(id)).toMatchObject({ Customer: 1, ExtensionNumber: '4321', SIPAccountsID: '2', CallWaiting: '0', AlwaysUseCID: '1', IRID: String(id) });

		const [viewed] = await admin.ok('extension', 'view', { ViewType: 'Full', additionalFields: { ID: byId(id) } });
		expect(viewed).toMatchObject({ ID: String(id), ExtensionNumber: '4321', Name: 'Gina Cote', SIPUsername: 'bob202', CallWaiting: '0' });

		await admin.ok('extension', 'edit', { ID: byId(id), additionalFields: { Name: 'Gina Côté', ExtensionNumber: '42' } });
		expect(admin.sent('extension/edit')).toEqual([{ ID: String(id), Name: 'Gina Côté', ExtensionNumber: '42' }]);
		expect(admin.state.extensions.get(id)).toMatchObject({ Name: 'Gina Côté', ExtensionNumber: '42', CIDNum: '5145550100', CallWaiting: '0' });

		expect(await admin.ok('extension', 'view', { additionalFields: { ExtensionNumber: '42' } })).toEqual([
			{ ID: String(id), ExtensionNumber: '42', Name: 'Gina Côté', Active: '1' },
		]);

		await admin.ok('extension', 'delete', { ID: byId(id) });
		expect(admin.state.extensions.has(id)).toBe(false);
		expect(admin.store.sipAccounts.has(2)).toBe(true);
	});

	it('checks extension numbers and caller ID before sending', async () => {
		const base = { Customer: byId(1), Name: 'X', CIDNum: '5145550100' };
		for (const ExtensionNumber of ['9', '50', '99', '123456', '12a']) {
			const { error } = await admin.run('extension', 'add', { ...base, ExtensionNumber });
			expect(error?.message).toBe('Extension Number must be 10 to 49, or 3 to 5 digits');
		}
		const cid = await admin.run('extension', 'add', { ...base, ExtensionNumber: '777', CIDNum: '514-555-0100' });
		expect(cid.error?.message).toBe('CID Number must be a number in the form NPA NXX XXXX (10 digits, leading 1 optional)');
		expect(env.received('extension/add')).toHaveLength(0);
	});

	it('refuses a number already used by the customer', async () => {
		const { error } = await admin.run('extension', 'add', { Customer: byId(1), ExtensionNumber: '201', Name: 'Dup', CIDNum: '5145550100' });
		expect(error?.message).toBe('The switch answered FAIL: Extension number 201 is already in use');
	});

	it('a customer-scoped key sees and changes only its own extensions, and cannot set RouteGroupID', async () => {
		const own = await admin.ok('extension', 'view', {}, { credentials: env.customer2Credentials() });
		expect(own.map((e) => e.ExtensionNumber).sort()).toEqual(['201', '210']);
		expect(admin.sent('extension/view').at(-1)).toEqual({ ViewType: 'Partial', Customer: 2 });

		const other = await admin.run('extension', 'view', { additionalFields: { Customer: byId(1) } }, { credentials: env.customer2Credentials() });
		expect(other.error?.message).toBe('The switch answered FAIL: No access to customer number 1');

		const aliceId = admin.state.findExtension(1, '201')!.ID;
		const edit = await admin.run('extension', 'edit', { ID: byId(aliceId), additionalFields: { Name: 'taken over' } }, { credentials: env.customer2Credentials() });
		expect(edit.error?.message).toBe(`The switch answered FAIL: Invalid ID ${aliceId}: no such record`);
		expect(admin.state.extensions.get(aliceId)?.Name).toBe('Alice Martin');

		const routeGroup = await admin.run(
			'extension', 'add',
			{ Customer: byId(2), ExtensionNumber: '220', Name: 'Two', CIDNum: '4165550100', additionalFields: { RouteGroupID: '5' } },
			{ credentials: env.customer2Credentials() },
		);
		expect(routeGroup.error?.message).toBe('The switch answered FAIL: RouteGroupID can only be set with a global key');
		expect(admin.state.findExtension(2, '220')).toBeUndefined();
	});

	it('the customer of an extension cannot change on edit', async () => {
		const aliceId = admin.state.findExtension(1, '202')!.ID;
		const { error } = await admin.run('extension', 'edit', { ID: byId(aliceId), additionalFields: { Customer: byId(2) } });
		expect(error?.message).toBe('The switch answered FAIL: Customer cannot be changed');
	});

	it('edits of an unknown ID fail and an unknown SIP account is refused', async () => {
		expect((await admin.run('extension', 'edit', { ID: byId(9999), additionalFields: { Name: 'x' } })).error?.message).toBe(
			'The switch answered FAIL: Invalid ID 9999: no such record',
		);
		const sip = await admin.run('extension', 'add', { Customer: byId(1), ExtensionNumber: '778', Name: 'S', CIDNum: '5145550100', additionalFields: { SIPAccountsID: byId(999) } });
		expect(sip.error?.message).toBe('The switch answered FAIL: Unknown SIP account ID 999');
	});
});
