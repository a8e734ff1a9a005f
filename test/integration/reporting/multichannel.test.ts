import type { INodeParameters } from 'n8n-workflow';
import { LEGACY_ROUTE } from '../../../sandbox/switch/reports/mcm';
import { runNode } from '../../../scripts/n8n-engine/n8nEngine';
import { MCM_COLUMNS } from '../../../nodes/SolSwitch/shapers/multichannelExport';
import { csvRow } from '../../../nodes/engine/export/csv';
import { useSandbox } from '../../helpers/sandbox';
import { binaryBytes } from './binaryBytes';

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

	it('Output: CSV File writes every message once, in windows of the range (conversations cut by window bounds)', async () => {
		const perMessage = await mcm({}, { mcmOutput: 'message' });
		env.sandbox.exchanges.clear();
		// 3 messages a request at most: conversations (2 to 5 messages over minutes) are cut across windows.
		const { items, error } = await mcm({}, { mcmOutput: 'csvFile', csvMaxRecords: 3 });
		expect(error).toBeUndefined();
		const requests = env.received('mcmexport');
		expect(items[0].json).toMatchObject({
			fileName: 'messages-2026-03-07_2026-03-10.csv',
			messages: perMessage.items.length,
			conversations: 16,
			windowsAsked: requests.length,
		});
		expect(items[0].json.windowsSplit).toBeGreaterThan(0);
		const text = (await binaryBytes(items[0].binary!.data)).toString('utf8');
		const [header, ...rows] = text.replace(/^\uFEFF/, '').split('\n');
		expect(header).toBe(MCM_COLUMNS.join(','));
		expect(Object.keys(perMessage.items[0].json)).toEqual([...MCM_COLUMNS]);
		// The same rows as One Item per Message (the file's order: window after window).
		const expected = perMessage.items.map((i) => csvRow(MCM_COLUMNS.map((c) => i.json[c])));
		expect([...rows].sort()).toEqual([...expected].sort());
		// Some conversation's messages came in more than one kept window (a split window is asked again from the same start).
		const start = (r: (typeof requests)[number]) => (r.body as { DateStart: string }).DateStart;
		const kept = requests.filter((r, i) => i === requests.length - 1 || start(requests[i + 1]) !== start(r));
		const windowsOf = new Map<string, Set<number>>();
		kept.forEach((r, w) => {
			for (const [queue, conversations] of Object.entries(r.answer as Answer)) {
				if (queue === 'Status') continue;
				for (const id of Object.keys(conversations)) windowsOf.set(id, new Set([...(windowsOf.get(id) ?? []), w]));
			}
		});
		expect([...windowsOf.values()].some((w) => w.size > 1)).toBe(true);
	});
});
