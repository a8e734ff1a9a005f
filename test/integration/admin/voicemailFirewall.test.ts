import { byId, fromList, adminRunner } from './adminHelpers';
import { useSandbox } from '../../helpers/sandbox';

const env = useSandbox();
const admin = adminRunner(env);

describe('Voicemail suite', () => {
	it('add, view, edit, view, delete; the password is never returned and an empty one keeps the current', async () => {
		const bob = admin.state.findExtension(1, '202')!.ID;
		const [added] = await admin.ok('voicemail', 'add', {
			Customer: fromList(1), ExtensionNumber: '202', Name: 'Bob box', Password: '4321',
			additionalFields: { Email: 'bob@example.com, desk@example.com', NotifyExtensions: String(bob), SayCallerID: true },
		});
		const id = Number(added.ID);
		expect(admin.sent('voicemail/add')).toEqual([
			{ Customer: '1', ExtensionNumber: '202', Name: 'Bob box', Password: '4321', Email: 'bob@example.com, desk@example.com', NotifyExtensions: [String(bob)], SayCallerID: 1 },
		]);
		expect(admin.store.voicemail.get(id)).toMatchObject({ Customer: 1, GivenID: '202', Password: '4321', NotifyExtensions: [String(bob)], SayCallerID: '1' });
		expect(admin.store.mailboxFolders.has(id)).toBe(true);

		const [full] = await admin.ok('voicemail', 'view', { ViewType: 'Full', additionalFields: { ID: byId(id) } });
		expect(full).toMatchObject({ ID: String(id), ExtensionNumber: '202', GivenID: '202', NotifyExtensions: [String(bob)], TranscriptionStrategy: 'priority', SayCallerID: '1' });
		expect(full).not.toHaveProperty('Password');

		await admin.ok('voicemail', 'edit', { ID: byId(id), additionalFields: { Name: 'Bob T.', Password: '', NotifyExtensions: '' } });
		expect(admin.sent('voicemail/edit')).toEqual([{ ID: String(id), Name: 'Bob T.' }]);
		expect(admin.store.voicemail.get(id)).toMatchObject({ Name: 'Bob T.', Password: '4321', NotifyExtensions: [String(bob)] });

		expect(await admin.ok('voicemail', 'view', { additionalFields: { ExtensionNumber: '202' } })).toEqual([
			{ ID: String(id), ExtensionNumber: '202', GivenID: '202', Name: 'Bob T.', Email: 'bob@example.com, desk@example.com' },
		]);

		await admin.ok('voicemail', 'delete', { ID: byId(id) });
		expect(admin.store.voicemail.has(id)).toBe(false);
		expect(admin.store.mailboxFolders.has(id)).toBe(false);
	});

	it('checks the passcode (3 to 7 digits) and number before sending', async () => {
		const base = { Customer: byId(1), ExtensionNumber: '777', Name: 'N' };
		for (const Password of ['12', '12345678', '12a4']) {
			expect((await admin.run('voicemail', 'add', { ...base, Password })).error?.message).toBe('Password must be a number of 3 to 7 digits');
		}
		expect((await admin.run('voicemail', 'add', { ...base, ExtensionNumber: '5', Password: '123' })).error?.message).toBe(
			'Extension Number must be 10 to 49, or 3 to 5 digits',
		);
		expect(env.received('voicemail/add')).toHaveLength(0);
	});

	it('transcripts need speech to text for the customer; notify extensions must be the customer\'s own', async () => {
		const transcript = await admin.run('voicemail', 'add', { Customer: byId(1), ExtensionNumber: '778', Name: 'T', Password: '123', additionalFields: { EmailTranscriptFlag: '2' } });
		expect(transcript.error?.message).toBe('The switch answered FAIL: Speech to text is not enabled for this customer');
		const daveId = admin.state.findExtension(2, '201')!.ID;
		const notify = await admin.run('voicemail', 'add', { Customer: byId(1), ExtensionNumber: '779', Name: 'T', Password: '123', additionalFields: { NotifyExtensions: String(daveId) } });
		expect(notify.error?.message).toBe(`The switch answered FAIL: NotifyExtensions must be extension IDs of the same customer (${daveId} is not)`);
		expect([...admin.store.voicemail.values()].some((b) => ['778', '779'].includes(String(b.ExtensionNumber)))).toBe(false);
	});

	it('a customer-scoped key sees only its own boxes', async () => {
		expect(await admin.ok('voicemail', 'view', {}, { credentials: env.customer2Credentials() })).toEqual([]);
		const [own] = await admin.ok('voicemail', 'add', { Customer: byId(2), ExtensionNumber: '210', Name: 'Erin', Password: '555' }, { credentials: env.customer2Credentials() });
		const seen = await admin.ok('voicemail', 'view', {}, { credentials: env.customer2Credentials() });
		expect(seen.map((b) => b.ID)).toEqual([own.ID]);
	});
});

describe('Firewall suite', () => {
	const order = () => [...admin.store.firewall.values()].sort((a, b) => Number(a.Position) - Number(b.Position)).map((r) => `${r.Position}:${r.Name}`);

	it('add, view, edit, view, delete, with positions shifting', async () => {
		expect(order()).toEqual(['1:Reserved block list', '2:Office']);
		const [added] = await admin.ok('firewall', 'add', { Name: 'Branch', RuleType: 'Allow', AddressType: 'Subnet', Address: '192.0.2.0/24', additionalFields: { SIP: false } });
		const id = Number(added.ID);
		expect(admin.sent('firewall/add')).toEqual([{ Name: 'Branch', RuleType: 'Allow', AddressType: 'Subnet', Address: '192.0.2.0/24', SIP: 0 }]);
		// default position 2: Office moves down by one
		expect(order()).toEqual(['1:Reserved block list', '2:Branch', '3:Office']);

		const [full] = await admin.ok('firewall', 'view', { additionalFields: { ID: byId(id) } });
		expect(full).toEqual({ ID: String(id), Name: 'Branch', RuleType: 'Allow', AddressType: 'Subnet', Position: '2', Address: '192.0.2.0/24', Country: '', Web: '1', SysAdmin: '1', Provisioning: '1', SIP: '0' });

		await admin.ok('firewall', 'add', { Name: 'No XX', RuleType: 'Deny', AddressType: 'Country', Country: 'CA', additionalFields: { Position: 3 } });
		expect(order()).toEqual(['1:Reserved block list', '2:Branch', '3:No XX', '4:Office']);

		await admin.ok('firewall', 'edit', { ID: byId(id), additionalFields: { Position: 4, Name: 'Branch office' } });
		expect(admin.sent('firewall/edit')).toEqual([{ ID: String(id), Position: 4, Name: 'Branch office' }]);
		expect(order()).toEqual(['1:Reserved block list', '2:No XX', '3:Office', '4:Branch office']);

		expect((await admin.ok('firewall', 'view', {})).map((r) => r.Name)).toEqual(['Reserved block list', 'No XX', 'Office', 'Branch office']);

		await admin.ok('firewall', 'delete', { ID: byId(id) });
		expect(admin.store.firewall.has(id)).toBe(false);
		expect(order()).toEqual(['1:Reserved block list', '2:No XX', '3:Office']);
	});

	it('checks position, address and country before sending', async () => {
		const base = { Name: 'R', RuleType: 'Deny' };
		expect((await admin.run('firewall', 'add', { ...base, AddressType: 'Address', Address: '10.0.0.1', additionalFields: { Position: 1 } })).error?.message).toBe(
			'Position must be 2 or more (position 1 is reserved for the reserved block list)',
		);
		expect((await admin.run('firewall', 'add', { ...base, AddressType: 'Address', Address: '10.0.0.300' })).error?.message).toBe(
			'Address must be an address xxx.xxx.xxx.xxx, or a subnet xxx.xxx.xxx.xxx/yy',
		);
		expect((await admin.run('firewall', 'add', { ...base, AddressType: 'Country', Country: 'CAN' })).error?.message).toBe(
			'Country must be a two-letter country code such as CA or UK',
		);
		expect(env.received('firewall/add')).toHaveLength(0);
		// each Address Type takes its own form of Address
		const wrongKind = await admin.run('firewall', 'add', { ...base, AddressType: 'Address', Address: '10.0.0.0/8' });
		expect(wrongKind.error?.message).toBe('Address must be xxx.xxx.xxx.xxx for an Address rule');
		const bareSubnet = await admin.run('firewall', 'add', { ...base, AddressType: 'Subnet', Address: '10.0.0.1' });
		expect(bareSubnet.error?.message).toBe('Address must be xxx.xxx.xxx.xxx/yy for a Subnet rule');
		expect(env.received('firewall/add')).toHaveLength(0);
	});
});
