import { byId, fromList, adminRunner } from './adminHelpers';
import { useSandbox } from '../../helpers/sandbox';

const env = useSandbox();
const admin = adminRunner(env);

describe('SIP Account suite', () => {
	it('add, view, edit, view, delete; passwords never come back', async () => {
		const [added] = await admin.ok('sipAccount', 'add', {
			CustID: fromList(1), Description: 'Lobby phone', Username: 'lobby', Type: 'static', Password: 's3cret', Host: '10.0.0.5',
			additionalFields: { TransportType: 'TCP', NAT: false },
		});
		const id = Number(added.ID);
		expect(admin.sent('sipaccount/add')).toEqual([
			{ CustID: '1', Description: 'Lobby phone', Username: 'lobby', Type: 'static', Password: 's3cret', Host: '10.0.0.5', TransportType: 'TCP', NAT: 0 },
		]);
		expect(admin.store.sipAccounts.get(id)).toMatchObject({ CustID: 1, Username: 'lobby', Host: '10.0.0.5', NAT: '0', Active: '1', Port: '5060' });

		// a given ID forces the Full view
		const [full] = await admin.ok('sipAccount', 'view', { additionalFields: { ID: byId(id) } });
		expect(full).toMatchObject({ ID: String(id), Username: 'lobby', Type: 'static', Host: '10.0.0.5', TransportType: 'TCP', DTMFMode: 'rfc2833' });
		expect(full).not.toHaveProperty('Password');
		expect(full).not.toHaveProperty('RegisterPassword');

		await admin.ok('sipAccount', 'edit', { ID: byId(id), additionalFields: { Description: 'Lobby', DTMFMode: 'inband' } });
		expect(admin.sent('sipaccount/edit')).toEqual([{ ID: String(id), Description: 'Lobby', DTMFMode: 'inband' }]);
		expect(admin.store.sipAccounts.get(id)).toMatchObject({ Description: 'Lobby', DTMFMode: 'inband', Host: '10.0.0.5', Password: 's3cret' });

		const partial = await admin.ok('sipAccount', 'view', {});
		expect(partial).toContainEqual({ ID: String(id), Username: 'lobby', Description: 'Lobby' });

		await admin.ok('sipAccount', 'delete', { ID: byId(id) });
		expect(admin.store.sipAccounts.has(id)).toBe(false);
	});

	it('requires Password and Host, or the four Register fields, according to Type (before sending)', async () => {
		const base = { CustID: byId(1), Description: 'D', Username: 'u' };
		// Left empty in the editor: n8n itself flags the shown required field.
		await expect(admin.run('sipAccount', 'add', { ...base, Type: 'static', Password: 'p' })).rejects.toThrow('Parameter "Host" is required');
		// Mapped from an item that has no value: the node's own check names the rule.
		const empty = '={{ $json.missing }}';
		const noHost = await admin.run('sipAccount', 'add', { ...base, Type: 'static', Password: 'p', Host: empty });
		expect(noHost.error?.message).toBe('Host is required when Type is static');
		const noPassword = await admin.run('sipAccount', 'add', { ...base, Type: 'dynamic', Password: empty });
		expect(noPassword.error?.message).toBe('Password is required when Type is dynamic');
		const register = await admin.run('sipAccount', 'add', { ...base, Type: 'register', RegisterUsername: 'ru', RegisterPassword: 'rp', RegisterName: 'rn', RegisterDomain: empty });
		expect(register.error?.message).toBe('Register Domain is required when Type is register');
		expect(env.received('sipaccount/add')).toHaveLength(0);
		const [ok] = await admin.ok('sipAccount', 'add', { ...base, Type: 'register', RegisterUsername: 'ru', RegisterPassword: 'rp', RegisterName: 'rn', RegisterDomain: 'carrier.example' });
		expect(admin.sent('sipaccount/add')[0]).not.toHaveProperty('Password');
		expect(admin.store.sipAccounts.get(Number(ok.ID))).toMatchObject({ Type: 'register', RegisterDomain: 'carrier.example' });
	});

	it('the sandbox applies the same rule to a request that skips the node', async () => {
		const answer = await env.sandbox.callSwitch('/api/sipaccount/add/', { Key: 'sandbox-switch-key', CustID: '1', Description: 'd', Username: 'u', Type: 'static', Password: 'p' }, '127.0.0.1');
		expect(answer).toEqual({ Status: 'FAIL', Reason: 'Missing required field Host' });
	});

	it('a customer-scoped key sees only its own customer\'s accounts', async () => {
		const seen = await admin.ok('sipAccount', 'view', {}, { credentials: env.customer2Credentials() });
		expect(seen.map((s) => s.Username)).toEqual(['dave201']);
	});
});

describe('Trunk suite', () => {
	it('add, view, edit, view, delete', async () => {
		const [added] = await admin.ok('trunk', 'add', { Name: 'Carrier B', Description: 'Backup', TrunkType: '2', additionalFields: { UseE164: true, CallLimit: 30 } });
		const id = Number(added.ID);
		expect(admin.sent('trunk/add')).toEqual([{ Name: 'Carrier B', Description: 'Backup', TrunkType: '2', UseE164: 1, CallLimit: 30 }]);
		expect(admin.store.trunks.get(id)).toMatchObject({ Name: 'Carrier B', TrunkType: '2', UseE164: '1', CallLimit: '30', AutoLearnWeight: '23' });

		const [full] = await admin.ok('trunk', 'view', { additionalFields: { ID: byId(id) } });
		expect(full).toMatchObject({ ID: String(id), Name: 'Carrier B', UseE164: '1', AutoLearnWeight: '23', SIPAccountsID: '0' });

		await admin.ok('trunk', 'edit', { ID: byId(id), additionalFields: { SIPAccountsID: fromList(1), AddPrefix: '9' } });
		expect(admin.sent('trunk/edit')).toEqual([{ ID: String(id), SIPAccountsID: '1', AddPrefix: '9' }]);
		expect(admin.store.trunks.get(id)).toMatchObject({ SIPAccountsID: '1', AddPrefix: '9', CallLimit: '30' });

		expect(await admin.ok('trunk', 'view', {})).toContainEqual({ ID: String(id), Name: 'Carrier B', Description: 'Backup' });

		await admin.ok('trunk', 'delete', { ID: byId(id) });
		expect(admin.store.trunks.has(id)).toBe(false);
		expect((await admin.run('trunk', 'delete', { ID: byId(id) })).error?.message).toBe(`The switch answered FAIL: Invalid ID ${id}: no such record`);
	});
});
