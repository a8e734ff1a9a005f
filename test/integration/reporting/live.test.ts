import type { INodeParameters } from 'n8n-workflow';
import { runNode } from '../../../scripts/n8n-engine/n8nEngine';
import { useSandbox } from '../../helpers/sandbox';

const env = useSandbox({ reports: { seed: 9, legs: 50, days: 1, lastDay: '2026-03-10' } });

const run = (operation: string, fields: INodeParameters = {}, credentials = env.switchCredentials()) =>
	runNode({ type: 'solSwitch', parameters: { resource: 'queue', operation, ...fields, options: {} }, credentials });

describe('Queue > Live Queue Stats', () => {
	it('gives one item per queue, the trailing status object dropped, numbers as sent', async () => {
		const { items, error } = await run('getLiveQueueStats');
		expect(error).toBeUndefined();
		const answer = env.received('livequeuestat')[0].answer as Array<Record<string, unknown>>;
		expect(answer[answer.length - 1]).toEqual({ Status: 'OK' });
		expect(items.map((i) => i.json)).toEqual(answer.slice(0, -1));
		expect(items.map((i) => i.json.Ext)).toEqual(['600', '601']);
		expect(items[0].json).toMatchObject({ Queue: 'Support', Calls: '0', 'Avail.Agnts': expect.stringMatching(/^\d+$/), ServiceLevel: expect.stringMatching(/^0\.\d\d$/) });
	});

	it('counts a live call to the queue and restricts to one queue', async () => {
		await runNode({
			type: 'solSwitch',
			parameters: { resource: 'call', operation: 'newCall', Extension: '201', Destination: '601' },
			credentials: env.switchCredentials(),
		});
		const { items } = await run('getLiveQueueStats', { additionalFields: { queueID: '601' } });
		expect(env.received('livequeuestat')[0].body).toEqual({ queueID: '601', Key: 'sandbox-switch-key' });
		expect(items.map((i) => i.json)).toEqual([expect.objectContaining({ Ext: '601', Queue: 'Sales', Calls: '1' })]);
	});

	it('gives no items for a queue of another customer; customer 2 sees its own queue', async () => {
		const other = await run('getLiveQueueStats', { additionalFields: { queueID: '700' } });
		expect(other.error).toBeUndefined();
		expect(other.items).toEqual([]);
		const own = await run('getLiveQueueStats', {}, env.customer2Credentials());
		expect(own.items.map((i) => i.json.Ext)).toEqual(['700']);
	});

	it('sends a queue ID as given (the document states no form) and the switch answers for it', async () => {
		const { error } = await run('getLiveQueueStats', { additionalFields: { queueID: 'sales' } });
		expect(error?.message).toBe('The switch answered FAIL: Please use a numerical value');
		expect(env.received('livequeuestat')).toHaveLength(1);
	});
});

describe('Queue > Live Stats', () => {
	it('gives one item per queue by default', async () => {
		const { items, error } = await run('getLiveStats');
		expect(error).toBeUndefined();
		const answer = env.received('livestats')[0].answer as Record<string, unknown>;
		expect(items.map((i) => i.json)).toEqual(answer.queuestats);
		expect(items.map((i) => i.json.name)).toEqual(['Support', 'Sales']);
	});

	it('gives the totals, summed as the document says', async () => {
		const { items } = await run('getLiveStats', { liveStatsPart: 'totals' });
		const answer = env.received('livestats')[0].answer as { queuetotals: Record<string, string>; queuestats: Array<Record<string, string>> };
		expect(items.map((i) => i.json)).toEqual([answer.queuetotals]);
		const sum = answer.queuestats.reduce((s, q) => s + Number(q.answered), 0);
		expect(items[0].json.answered).toBe(String(sum));
	});

	it('gives one item per logged-in agent, and presence per extension with BUSY for a live call', async () => {
		await runNode({
			type: 'solSwitch',
			parameters: { resource: 'call', operation: 'newCall', Extension: '202', Destination: '5145550123' },
			credentials: env.switchCredentials(),
		});
		const agents = await run('getLiveStats', { liveStatsPart: 'agents' });
		expect(agents.items.map((i) => i.json.extension)).toEqual(['201', '202']);
		expect(agents.items[1].json).toMatchObject({ status: 'On Call', stats: { answered: expect.any(String), missed: expect.any(String) } });
		const presence = await run('getLiveStats', { liveStatsPart: 'presence' });
		expect(presence.items.map((i) => i.json)).toEqual(
			expect.arrayContaining([{ extension: '202', presence: 'BUSY' }, { extension: '203', presence: 'NOT_INUSE' }]),
		);
	});

	it('gives everything as one item with All', async () => {
		const { items } = await run('getLiveStats', { liveStatsPart: 'all', additionalFields: { queueID: '600' } });
		expect(items).toHaveLength(1);
		expect(Object.keys(items[0].json)).toEqual(['queuestats', 'queuetotals', 'agentstatus', 'presence']);
		expect((items[0].json.queuestats as unknown[]).length).toBe(1);
	});
});
