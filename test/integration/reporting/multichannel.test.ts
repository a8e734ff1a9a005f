import type { INodeParameters } from 'n8n-workflow';
import { LEGACY_ROUTE } from '../../../sandbox/switch/reports/mcm';
import { runNode } from '../../../scripts/n8n-engine/n8nEngine';
import { useSandbox } from '../../helpers/sandbox';

const env = useSandbox({ reports: { seed: 2, legs: 50, days: 4, lastDay: '2026-03-10' } });

const mcm = (fields: INodeParameters, options: INodeParameters = {}) =>
	runNode({
		type: 'solSwitch',
		parameters: { resource: 'report', operation: 'exportMessages', DateStart: '2026-03-07', DateEnd: '2026-03-10', ...fields, options },
		credentials: env.switchCredentials(),
	});

type Answer = Record<string, Record<string, { Messages: Array<Record<string, unknown>> } & Record<string, unknown>>>;

describe('Report > Multichannel Message Export', () => {
	it('gives one item per conversation with its queue ID and conversation ID', async () => {
		const { items, error } = await mcm({});
		expect(error).toBeUndefined();
		const answer = env.received('mcmexport')[0].answer as Answer;
		const expected = Object.entries(answer)
			.filter(([k]) => k !== 'Status')
			.flatMap(([QueueID, conversations]) =>
				Object.entries(conversations).map(([ConversationID, c]) => ({ QueueID, ConversationID, ...c })),
			);
		expect(items.map((i) => i.json)).toEqual(expected);
		expect(items).toHaveLength(16);
		// Conversations of a deleted queue come under its legacy route ID.
		expect(new Set(items.map((i) => i.json.QueueID))).toEqual(new Set(['600', '601', LEGACY_ROUTE]));
	});

	it('gives one item per message with its conversation fields when asked', async () => {
		const { items } = await mcm({}, { mcmOutput: 'message' });
		const answer = env.received('mcmexport')[0].answer as Answer;
		const messages = Object.entries(answer)
			.filter(([k]) => k !== 'Status')
			.flatMap(([, conversations]) => Object.values(conversations).flatMap((c) => c.Messages));
		expect(items).toHaveLength(messages.length);
		expect(items[0].json).toEqual({
			QueueID: expect.any(String),
			ConversationID: expect.any(String),
			Type: expect.stringMatching(/^(SMS|Webchat)$/),
			Source: expect.any(String),
			Label: expect.any(String),
			...messages[0],
		});
		expect(items[0].json.Messages).toBeUndefined();
	});

	it('restricts to one queue and one conversation', async () => {
		const all = await mcm({});
		const one = all.items.find((i) => i.json.QueueID === '601')!;
		const { items } = await mcm({ additionalFields: { queueID: '601', sessionID: String(one.json.ConversationID) } });
		expect(env.received('mcmexport')[1].body).toMatchObject({ queueID: '601', sessionID: one.json.ConversationID });
		expect(items.map((i) => i.json)).toEqual([one.json]);
	});

	it('gives no items for a queue the customer does not own', async () => {
		const { items, error } = await mcm({ additionalFields: { queueID: '700' } });
		expect(error).toBeUndefined();
		expect(items).toEqual([]);
	});

	it('refuses a missing bound before any request', async () => {
		const { error } = await mcm({ DateStart: '={{ $json.none }}' });
		expect(error?.message).toBe('Date Start is required');
		expect(env.received('mcmexport')).toHaveLength(0);
	});
});
