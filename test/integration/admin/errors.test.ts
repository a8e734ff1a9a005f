import { byId, adminRunner } from './adminHelpers';
import { useSandbox } from '../../helpers/sandbox';

const env = useSandbox();
const admin = adminRunner(env);

describe('SolSwitch Admin: a switch that times out, fails or answers garbage', () => {
	it('times out with a clear error and nothing half-done in the output', async () => {
		env.sandbox.faults.set({ match: 'trunk/view', mode: 'slow', delayMs: 2000, times: 1 });
		const { error, items } = await admin.run('trunk', 'view', { options: { timeout: 100 } });
		expect(items).toHaveLength(0);
		expect(error?.message).toBe('The switch did not answer within 100 ms');
		expect(error?.description).toMatch(/raise Options > Timeout/);
	});

	it('HTTP 500 and non-JSON answers are errors, not items', async () => {
		env.sandbox.faults.set({ match: 'firewall/view', mode: 'http500', times: 1 });
		expect((await admin.run('firewall', 'view', {})).error?.message).toBe('The switch answered HTTP 500 Internal Server Error: the switch failed while answering');
		env.sandbox.faults.set({ match: 'firewall/view', mode: 'notJson', times: 1 });
		expect((await admin.run('firewall', 'view', {})).error?.message).toBe('The switch answered an HTML page, not JSON');
	});

	it('a wrong key is refused with the key hint, and the key never shows', async () => {
		const { error } = await admin.run('trunk', 'view', {}, { credentials: env.switchCredentials({ apiKey: 'not-the-key-123' }) });
		expect(error?.message).toBe('The switch answered FAIL: Provided API Key not-*********** is invalid.');
		expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).not.toContain('not-the-key-123');
	});

	it('continueOnFail: one item per input, a failed one carries its error, each paired with its input', async () => {
		const { items, error } = await admin.run(
			'trunk',
			'delete',
			{ ID: byId('={{ $json.id }}') },
			{ continueOnFail: true, input: [{ json: { id: '9999' } }, { json: { id: '1' } }, { json: { id: 'x' } }] },
		);
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json)).toEqual([
			{ error: 'The switch answered FAIL: Invalid ID 9999: no such record' },
			{ Status: 'OK' },
			// no rule of the document makes a trunk ID numeric: the switch answers for it
			{ error: 'The switch answered FAIL: Please use a numerical value', description: 'A numeric field received text: send digits only.' },
		]);
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(admin.store.trunks.has(1)).toBe(false);
	});
});
