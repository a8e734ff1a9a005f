/**
 * The SolSwitch node's dropdowns, run in n8n-core's real LoadOptionsContext against the sandbox:
 * channels of the calls in progress, and the customer's extensions by number.
 */
import { SolSwitch } from '../../../nodes/SolSwitch/SolSwitch.node';
import { runNode } from '../../../scripts/n8n-engine/n8nEngine';
import { useSandbox } from '../../helpers/sandbox';
import { loadOptionsContext } from '../admin/loadOptionsContext';

const env = useSandbox();
const search = new SolSwitch().methods.listSearch;
const context = (parameters: Record<string, unknown>, credentials = env.switchCredentials()) =>
	loadOptionsContext({ resource: 'call', ...parameters } as never, credentials as never, 'solSwitch');

describe('SolSwitch node dropdowns', () => {
	it('Channel lists both sides of every call in progress, searchable, and the pick works for Hold', async () => {
		env.sandbox.state.calls.clear();
		const placed = await runNode({
			type: 'solSwitch',
			parameters: { resource: 'call', operation: 'newCall', Extension: '201', Destination: '5145550123' },
			credentials: env.switchCredentials(),
		});
		const { Channel, CallID } = placed.items[0].json as { Channel: string; CallID: string };
		const call = env.sandbox.state.calls.get(CallID)!;

		const { results } = await search.activeChannels.call(context({ operation: 'hold' }));
		expect(results.map((r) => r.value)).toEqual([call.SourceChannel, call.DestinationChannel]);
		expect(results[0].name).toMatch(new RegExp(`^201 \\(calling side of 201 → 5145550123, \\d\\d:\\d\\d:\\d\\d\\): ${Channel.replace(/[/-]/g, '\\$&')}$`));
		expect((await search.activeChannels.call(context({ operation: 'hold' }), 'called')).results.map((r) => r.value)).toEqual([call.DestinationChannel]);
		expect(env.received('listactivecalls').at(-1)!.body).toEqual({ Key: 'sandbox-switch-key' });

		// A channel picked from the list arrives as a resource locator value.
		const held = await runNode({
			type: 'solSwitch',
			parameters: { resource: 'call', operation: 'hold', Channel: { __rl: true, mode: 'list', value: results[0].value } },
			credentials: env.switchCredentials(),
		});
		expect(held.error).toBeUndefined();
		expect(env.sandbox.state.calls.get(CallID)!.held).toEqual([Channel]);
	});

	it('Channel lists only the calls of the credential default customer', async () => {
		env.sandbox.state.calls.clear();
		await runNode({
			type: 'solSwitch',
			parameters: { resource: 'call', operation: 'newCall', Extension: '201', Destination: '5145550123' },
			credentials: env.switchCredentials(),
		});
		const { results } = await search.activeChannels.call(context({ operation: 'transfer' }, env.customer2Credentials()));
		expect(results).toEqual([]);
		expect(env.received('listactivecalls').at(-1)!.body).toEqual({ Customer: '2', Key: 'sandbox-customer2-key' });
	});

	it('Extension lists the extensions by number, of the Customer set in the node', async () => {
		const ofOne = await search.extensionNumbers.call(context({ operation: 'newCall' }));
		expect(ofOne.results).toEqual([
			{ name: '201 Alice Martin', value: '201' },
			{ name: '202 Bob Tremblay', value: '202' },
			{ name: '203 Carol Roy', value: '203' },
			{ name: '500 Main IVR', value: '500' },
			{ name: '510 Digit Validation', value: '510' },
		]);
		const ofTwo = await search.extensionNumbers.call(context({ operation: 'newCall', additionalFields: { Customer: 2 } }), 'erin');
		expect(ofTwo.results).toEqual([{ name: '210 Erin Two', value: '210' }]);
		expect(env.received('extension/view').at(-1)!.body).toEqual({ ViewType: 'Partial', Customer: '2', Key: 'sandbox-switch-key' });
	});

	it('an extension picked from the list or typed by number places the call', async () => {
		for (const Extension of [{ __rl: true, mode: 'list', value: '202' }, { __rl: true, mode: 'id', value: '203' }, '201']) {
			const { error } = await runNode({
				type: 'solSwitch',
				parameters: { resource: 'call', operation: 'newCall', Extension, Destination: '5145550123' } as never,
				credentials: env.switchCredentials(),
			});
			expect(error).toBeUndefined();
		}
		expect(env.received('newcall').map((e) => (e.body as { Extension: string }).Extension)).toEqual(['202', '203', '201']);
	});
});
