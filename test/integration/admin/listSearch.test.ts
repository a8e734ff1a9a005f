import { SolSwitchAdmin } from '../../../nodes/SolSwitchAdmin/SolSwitchAdmin.node';
import { useSandbox } from '../../helpers/sandbox';
import { adminRunner, fromList } from './adminHelpers';
import { loadOptionsContext } from './loadOptionsContext';

const env = useSandbox();
const admin = adminRunner(env);
const search = new SolSwitchAdmin().methods.listSearch;

const context = (parameters: Record<string, unknown> = {}, credentials = env.switchCredentials()) =>
	loadOptionsContext({ resource: 'extension', operation: 'edit', ...parameters } as never, credentials as never);

describe('dropdowns loaded from the switch', () => {
	it('customers: every customer, by company and number, searchable', async () => {
		const { results } = await search.customers.call(context());
		expect(results).toEqual([
			{ name: 'Sol Demo Inc. [C-1001] (ID 1)', value: '1' },
			{ name: 'Customer Two Ltd. [C-1002] (ID 2)', value: '2' },
		]);
		expect(admin.sent('customer/view')).toEqual([{ ViewType: 'Partial' }]);
		expect(env.received('customer/view')[0].body).toMatchObject({ Key: 'sandbox-switch-key' });
		expect((await search.customers.call(context(), 'two')).results).toEqual([{ name: 'Customer Two Ltd. [C-1002] (ID 2)', value: '2' }]);
	});

	it("customers with a customer-scoped key: the credential's own customer (the suite needs a global key)", async () => {
		const { results } = await search.customers.call(context({}, env.customer2Credentials()));
		expect(results).toEqual([{ name: "Customer 2 (the credential's default customer)", value: '2' }]);
	});

	it('extensions of the customer chosen in the node, else of the credential default', async () => {
		const ofTwo = await search.extensions.call(context({ additionalFields: { Customer: fromList(2) } }));
		expect(ofTwo.results.map((r) => r.name)).toEqual([
			`201 Dave Two (ID ${admin.state.findExtension(2, '201')!.ID})`,
			`210 Erin Two (ID ${admin.state.findExtension(2, '210')!.ID})`,
		]);
		expect(admin.sent('extension/view')).toEqual([{ ViewType: 'Partial', Customer: '2' }]);
		const ofOne = await search.extensions.call(context(), 'alice');
		expect(ofOne.results).toEqual([{ name: `201 Alice Martin (ID ${admin.state.findExtension(1, '201')!.ID})`, value: String(admin.state.findExtension(1, '201')!.ID) }]);
	});

	it('SIP accounts, DIDs, trunks, voicemail boxes and firewall rules', async () => {
		expect((await search.sipAccounts.call(context())).results[0]).toEqual({ name: 'alice201 - Alice desk phone (ID 1)', value: '1' });
		expect((await search.dids.call(context(), '4165550100')).results).toEqual([{ name: '4165550100 (ID 3)', value: '3' }]);
		expect((await search.trunks.call(context())).results).toEqual([{ name: 'Carrier A (ID 1)', value: '1' }]);
		expect((await search.voicemailBoxes.call(context())).results).toEqual([{ name: '201 Alice Martin (ID 1)', value: '1' }]);
		expect((await search.firewallRules.call(context())).results.map((r) => r.value)).toEqual(['1', '2']);
	});

	it('an empty switch gives an empty list, and a refusal is an error naming the reason', async () => {
		expect((await search.voicemailBoxes.call(context({ Customer: fromList(2) }))).results).toEqual([]);
		await expect(search.dids.call(context({}, env.customer2Credentials()))).rejects.toThrow(
			'The switch answered FAIL: This function requires a key with global access',
		);
	});

	it('a value picked from the list is the ID the request carries', async () => {
		const [picked] = (await search.extensions.call(context(), 'bob')).results;
		await admin.ok('extension', 'edit', { ID: fromList(String(picked.value), picked.name), additionalFields: { Name: 'Robert Tremblay' } });
		expect(admin.sent('extension/edit')).toEqual([{ ID: picked.value, Name: 'Robert Tremblay' }]);
		expect(admin.state.extensions.get(Number(picked.value))?.Name).toBe('Robert Tremblay');
	});
});
