import type { INodeParameters } from 'n8n-workflow';
import { runNode } from '../../../scripts/n8n-engine/n8nEngine';
import { AGENT_COLUMNS } from '../../../nodes/SolSwitch/shapers/agentStats';
import { csvRow } from '../../../nodes/engine/export/csv';
import { useSandbox } from '../../helpers/sandbox';
import { binaryBytes } from './binaryBytes';

const env = useSandbox({ reports: { seed: 3, legs: 50, days: 3, lastDay: '2026-03-10' } });

const agentStats = (additionalFields: INodeParameters, credentials = env.switchCredentials(), options: INodeParameters = {}) =>
	runNode({
		type: 'solSwitch',
		parameters: { resource: 'agent', operation: 'getStats', additionalFields, options },
		credentials,
	});

describe('Agent > Agent Stats', () => {
	it('gives one item per action with its extension and action ID', async () => {
		const { items, error } = await agentStats({ Date: '2026-03-09' });
		expect(error).toBeUndefined();
		const [request] = env.received('agentstats');
		expect(request.body).toEqual({ Date: '2026-03-09', Key: 'sandbox-switch-key' });
		const answer = request.answer as Record<string, Record<string, Record<string, unknown>>>;
		const expected = Object.entries(answer)
			.filter(([k]) => k !== 'Status')
			.flatMap(([Extension, actions]) => Object.entries(actions).map(([ActionID, a]) => ({ Extension, ActionID, ...a })));
		expect(items.map((i) => i.json)).toEqual(expected);
		// Customer 1's agents 201, 202, 203, four actions each.
		expect(items).toHaveLength(12);
		expect(new Set(items.map((i) => i.json.Extension))).toEqual(new Set(['201', '202', '203']));
		expect(items.filter((i) => i.json.Extension === '201').map((i) => i.json.Action)).toEqual(['In', 'Paused', 'In', 'Out']);
		expect(items.find((i) => i.json.Action === 'Paused')!.json).toMatchObject({ ReasonCode: 'Lunch', DateTime: expect.stringMatching(/^2026-03-09 12:/) });
		expect(typeof items[0].json.DateTimeUnix).toBe('number');
	});

	it('takes a range with DateStart and DateEnd, and one extension', async () => {
		const { items, error } = await agentStats({ DateStart: '2026-03-08', DateEnd: '2026-03-10', Extension: '202' });
		expect(error).toBeUndefined();
		expect(env.received('agentstats')[0].body).toEqual({ DateStart: '2026-03-08', DateEnd: '2026-03-10', Extension: '202', Key: 'sandbox-switch-key' });
		expect(items).toHaveLength(12);
		expect(items.every((i) => i.json.Extension === '202')).toBe(true);
		expect(items.map((i) => String(i.json.DateTime).slice(0, 10))).toEqual([
			...Array(4).fill('2026-03-08'),
			...Array(4).fill('2026-03-09'),
			...Array(4).fill('2026-03-10'),
		]);
	});

	it('refuses DateStart without DateEnd (and the reverse) before any request', async () => {
		const onlyStart = await agentStats({ DateStart: '2026-03-08' });
		expect(onlyStart.error?.message).toBe('Both DateStart and DateEnd are required.');
		const onlyEnd = await agentStats({ DateEnd: '2026-03-08' });
		expect(onlyEnd.error?.message).toBe('Both DateStart and DateEnd are required.');
		expect(env.received('agentstats')).toHaveLength(0);
	});

	it('refuses Date together with a range, and a malformed date, before any request', async () => {
		const both = await agentStats({ Date: '2026-03-08', DateStart: '2026-03-08', DateEnd: '2026-03-09' });
		expect(both.error?.message).toBe('Give either Date, or DateStart with DateEnd, not both');
		const malformed = await agentStats({ Date: '03/08/2026' });
		expect(malformed.error?.message).toBe('Date must be a date (YYYY-MM-DD)');
		expect(env.received('agentstats')).toHaveLength(0);
		// No extension rule is stated for Agent Stats: 20 is sent, and the switch answers for it.
		const unknown = await agentStats({ Date: '2026-03-08', Extension: '20' });
		expect(unknown.error?.message).toBe('The switch answered FAIL: Unknown Extension Number');
		expect(env.received('agentstats')).toHaveLength(1);
	});

	it('without a date asks for today (the switch default)', async () => {
		const { items, error } = await agentStats({});
		expect(error).toBeUndefined();
		expect(env.received('agentstats')[0].body).toEqual({ Key: 'sandbox-switch-key' });
		const today = new Date().toISOString().slice(0, 10);
		expect(items.length).toBe(12);
		expect(items.every((i) => String(i.json.DateTime).startsWith(today))).toBe(true);
	});

	it('turns an unknown extension into an error with a hint', async () => {
		const { error } = await agentStats({ Date: '2026-03-08', Extension: '299' });
		expect(error?.message).toBe('The switch answered FAIL: Unknown Extension Number');
		expect(error?.description).toMatch(/Check the extension number/);
	});

	describe('Output: CSV File', () => {
		const asCsv = (rows: Array<{ json: Record<string, unknown> }>) =>
			`\uFEFF${[AGENT_COLUMNS, ...rows.map((i) => AGENT_COLUMNS.map((c) => i.json[c]))].map(csvRow).join('\n')}`;

		it('asks a range a day at a time (dates only) and writes each day\'s actions as its items', async () => {
			const days = ['2026-03-08', '2026-03-09', '2026-03-10'];
			const perDay = [];
			for (const Date of days) perDay.push(...(await agentStats({ Date })).items);
			env.sandbox.exchanges.clear();

			const { items, error } = await agentStats({ DateStart: '2026-03-08', DateEnd: '2026-03-10' }, env.switchCredentials(), { agentOutput: 'csvFile', csvMaxRecords: 10 });
			expect(error).toBeUndefined();
			// 12 actions a day are over the bound of 10, but a day is the finest window: kept, not split.
			expect(env.received('agentstats').map((r) => r.body)).toEqual(days.map((d) => ({ DateStart: d, DateEnd: d, Key: 'sandbox-switch-key' })));
			expect(items[0].json).toEqual({
				fileName: 'agent-stats-2026-03-08_2026-03-10.csv',
				DateStart: '2026-03-08',
				DateEnd: '2026-03-10',
				actions: 36,
				agents: 3,
				windowsAsked: 3,
				windowsSplit: 0,
			});
			expect(Object.keys(perDay[0].json)).toEqual([...AGENT_COLUMNS]);
			expect((await binaryBytes(items[0].binary!.data)).toString('utf8')).toBe(asCsv(perDay));
		});

		it('grows the window on a quiet range, and a Date alone is a one-day range (Date itself is not sent)', async () => {
			const quiet = await agentStats({ DateStart: '2026-03-08', DateEnd: '2026-03-10' }, env.switchCredentials(), { agentOutput: 'csvFile' });
			expect(quiet.items[0].json).toMatchObject({ actions: 36, windowsAsked: 2 });
			expect(env.received('agentstats').map((r) => r.body)).toEqual([
				{ DateStart: '2026-03-08', DateEnd: '2026-03-08', Key: 'sandbox-switch-key' },
				{ DateStart: '2026-03-09', DateEnd: '2026-03-10', Key: 'sandbox-switch-key' },
			]);
			env.sandbox.exchanges.clear();
			const day = await agentStats({ Date: '2026-03-09', Extension: '202' }, env.switchCredentials(), { agentOutput: 'csvFile' });
			expect(env.received('agentstats').map((r) => r.body)).toEqual([{ DateStart: '2026-03-09', DateEnd: '2026-03-09', Extension: '202', Key: 'sandbox-switch-key' }]);
			expect(day.items[0].json).toMatchObject({ fileName: 'agent-stats-2026-03-09.csv', actions: 4, agents: 1 });
		});

		it('without a date writes today, in the workflow\'s time zone', async () => {
			const today = new Date().toISOString().slice(0, 10);
			const { items, error } = await runNode({
				type: 'solSwitch',
				parameters: { resource: 'agent', operation: 'getStats', additionalFields: {}, options: { agentOutput: 'csvFile' } },
				credentials: env.switchCredentials(),
				timezone: 'UTC',
			});
			expect(error).toBeUndefined();
			expect(env.received('agentstats')[0].body).toEqual({ DateStart: today, DateEnd: today, Key: 'sandbox-switch-key' });
			expect(items[0].json).toMatchObject({ fileName: `agent-stats-${today}.csv`, actions: 12 });
		});
	});
});
