import type { INodeParameters } from 'n8n-workflow';
import { runNode } from '../../../scripts/n8n-engine/n8nEngine';
import { useSandbox } from '../../helpers/sandbox';

const env = useSandbox({ reports: { seed: 4, legs: 50, days: 3, lastDay: '2026-03-10' } });

const dvLog = (fields: INodeParameters, options: INodeParameters = {}, credentials = env.switchCredentials()) =>
	runNode({ type: 'solSwitch', parameters: { resource: 'report', operation: 'getDvLog', ...fields, options }, credentials });

describe('Report > Digit Validation Log', () => {
	it('gives one item per log entry, values as the switch sent them', async () => {
		const { items, error } = await dvLog({ From: '2026-03-08', To: '2026-03-10' });
		expect(error).toBeUndefined();
		const [request] = env.received('dvlog');
		expect(request.body).toEqual({ From: '2026-03-08', To: '2026-03-10', Key: 'sandbox-switch-key' });
		expect(items.map((i) => i.json)).toEqual((request.answer as { Logs: unknown[] }).Logs);
		expect(items).toHaveLength(18);
		expect(items[0].json).toMatchObject({ DVExtension: '510', Time: expect.stringMatching(/^\d+$/), APIFail: expect.any(String) });
	});

	it('filters by DID and splits a range per day', async () => {
		const whole = await dvLog({ From: '2026-03-08', To: '2026-03-10', additionalFields: { DID: '5145550101' } });
		expect(whole.items.length).toBeGreaterThan(0);
		expect(whole.items.every((i) => i.json.DID === '5145550101')).toBe(true);
		env.sandbox.exchanges.clear();
		const split = await dvLog({ From: '2026-03-08', To: '2026-03-10', additionalFields: { DID: '5145550101' } }, { splitDays: 1 });
		expect(env.received('dvlog')).toHaveLength(3);
		expect(split.items.map((i) => i.json)).toEqual(whole.items.map((i) => i.json));
	});

	it('gives no items outside the data, and refuses a reversed range as the switch does', async () => {
		const none = await dvLog({ From: '2025-01-01', To: '2025-01-01' });
		expect(none.items).toEqual([]);
		const reversed = await dvLog({ From: '2026-03-10', To: '2026-03-08' });
		expect(reversed.error?.message).toBe('The switch answered FAIL: No matching end time');
	});

	it('refuses a malformed bound before any request', async () => {
		const { error } = await dvLog({ From: '2026-13', To: '2026-03-08' });
		expect(error?.message).toBe('From must be a date (YYYY-MM-DD) or a date and time (YYYY-MM-DD HH:MM:SS)');
		expect(env.received('dvlog')).toHaveLength(0);
	});
});
