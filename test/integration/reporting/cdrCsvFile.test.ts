/**
 * Report > Export Call Records with Output "CSV File", run through n8n-core's engine against the
 * sandbox over real HTTP: a day asked in windows that split, legs of calls running across window
 * boundaries written once, and the file equal, byte for byte, to the items output written as CSV.
 */
import type { INodeParameters } from 'n8n-workflow';
import { CDR_COLUMNS } from '../../../nodes/SolSwitch/shapers/cdrExport';
import { csvRow } from '../../../nodes/engine/export/csv';
import { callsBetween, cdrSize } from '../../../sandbox/switch/reports/cdr';
import { parseBound } from '../../../sandbox/time';
import { runNode } from '../../../scripts/n8n-engine/n8nEngine';
import { useSandbox } from '../../helpers/sandbox';
import { binaryBytes } from './binaryBytes';

jest.setTimeout(120000);

// One day of 12,000 legs (about 500 an hour): with 400 legs a request at most, every hour splits.
const env = useSandbox({ reports: { seed: 5, legs: 12000, days: 1, lastDay: '2026-03-10' } });
const DAY = { DateStart: '2026-03-10', DateEnd: '2026-03-10' };

const exportCdr = (fields: INodeParameters, options: INodeParameters = {}, typeVersion = 1) =>
	runNode({
		type: 'solSwitch',
		typeVersion,
		parameters: { resource: 'report', operation: 'exportCdr', ...fields, options },
		credentials: env.switchCredentials(),
	});

const bounds = (body: unknown) => {
	const b = body as { DateStart: string; DateEnd: string };
	return [parseBound(b.DateStart, false)!, parseBound(b.DateEnd, true)!];
};

describe('Report > Export Call Records > Output: CSV File', () => {
	it('writes the day in windows, the same bytes as the items written as CSV', async () => {
		const items = await exportCdr(DAY);
		expect(items.error).toBeUndefined();
		expect(items.items).toHaveLength(12000);
		// The sandbox streamed that answer as it made it, and its log keeps a summary, not the day.
		expect(env.received('cdrexport')[0].answer).toEqual({ Status: 'OK', streamed: `${cdrSize(env.sandbox.state, 1).calls} calls, sent as made and not kept` });
		env.sandbox.exchanges.clear();

		const { items: out, error } = await exportCdr(DAY, { cdrOutput: 'csvFile', csvMaxRecords: 400 });
		expect(error).toBeUndefined();
		expect(out).toHaveLength(1);
		const file = out[0].binary!.data;
		expect(file).toMatchObject({ fileName: 'cdr-2026-03-10.csv', mimeType: 'text/csv' });
		const bytes = await binaryBytes(file);

		// The items, in their order and with their keys, written as CSV: the header is the items' keys.
		expect(Object.keys(items.items[0].json)).toEqual([...CDR_COLUMNS]);
		const expected = `\uFEFF${[CDR_COLUMNS, ...items.items.map((i) => CDR_COLUMNS.map((c) => i.json[c]))].map(csvRow).join('\n')}`;
		expect(bytes.toString('utf8')).toBe(expected);
		expect(bytes.equals(Buffer.from(expected, 'utf8'))).toBe(true);

		// Windows: contiguous, covering the day, each answer within the bound once kept.
		const requests = env.received('cdrexport');
		expect(out[0].json).toEqual({
			fileName: 'cdr-2026-03-10.csv',
			DateStart: '2026-03-10',
			DateEnd: '2026-03-10',
			legs: 12000,
			calls: cdrSize(env.sandbox.state, 1).calls,
			windowsAsked: requests.length,
			windowsSplit: expect.any(Number),
		});
		expect(out[0].json.windowsSplit).toBeGreaterThan(0);
		expect(requests.length).toBeGreaterThan(24);
		const kept = requests.filter((r, i) => i === requests.length - 1 || bounds(requests[i + 1].body)[0] > bounds(r.body)[0]);
		expect(kept.map((r) => (r.body as { DateStart: string }).DateStart)[0]).toBe('2026-03-10 00:00:00');
		expect((kept[kept.length - 1].body as { DateEnd: string }).DateEnd).toBe('2026-03-10 23:59:59');
		for (let i = 1; i < kept.length; i++) expect(bounds(kept[i].body)[0]).toBe(bounds(kept[i - 1].body)[1] + 1000);

		// Calls still running when their window ended (legs ending in a later window) are in the file once.
		let straddling = 0;
		for (const r of kept) {
			const [from, to] = bounds(r.body);
			for (const call of callsBetween(env.sandbox.state, 1, from, to)) if (call.legs.some((l) => l.endMs > to)) straddling++;
		}
		expect(straddling).toBeGreaterThan(20);
	});

	it('puts the file in the field asked for, and a range of hours in its name', async () => {
		const { items, error } = await exportCdr(
			{ DateStart: '2026-03-10T08:00:00', DateEnd: '2026-03-10T09:59:59' },
			{ cdrOutput: 'csvFile', csvBinaryProperty: 'cdr' },
		);
		expect(error).toBeUndefined();
		expect(Object.keys(items[0].binary!)).toEqual(['cdr']);
		expect(items[0].binary!.cdr.fileName).toBe('cdr-2026-03-10T080000_2026-03-10T095959.csv');
		const expectedLegs = [...callsBetween(env.sandbox.state, 1, parseBound('2026-03-10 08:00:00', false)!, parseBound('2026-03-10 09:59:59', true)!)].reduce(
			(n, c) => n + c.legs.length,
			0,
		);
		expect(items[0].json.legs).toBe(expectedLegs);
		const lines = (await binaryBytes(items[0].binary!.cdr)).toString('utf8').split('\n');
		expect(lines).toHaveLength(expectedLegs + 1);
		// Each window's first request starts where the previous window ended.
		expect((env.received('cdrexport')[0].body as { DateStart: string }).DateStart).toBe('2026-03-10 08:00:00');
	});

	it('version 2 with Return All off: a file of the first Limit legs, no request after them', async () => {
		const { items, error } = await exportCdr({ ...DAY, returnAll: false, limit: 7 }, { cdrOutput: 'csvFile' }, 2);
		expect(error).toBeUndefined();
		expect(items[0].json.legs).toBe(7);
		expect((await binaryBytes(items[0].binary!.data)).toString('utf8').split('\n')).toHaveLength(8);
		expect(env.received('cdrexport')).toHaveLength(1);
	});

	it('a range without calls gives a file with the header only', async () => {
		const { items, error } = await exportCdr({ DateStart: '2025-01-01', DateEnd: '2025-01-01' }, { cdrOutput: 'csvFile' });
		expect(error).toBeUndefined();
		expect((await binaryBytes(items[0].binary!.data)).toString('utf8')).toBe(`\uFEFF${CDR_COLUMNS.join(',')}`);
		expect(items[0].json).toMatchObject({ legs: 0, calls: 0 });
	});

	it('a quiet night then a busy day (the sandbox\'s quietThenBusy profile): no request spans more than an hour', async () => {
		const control = (body: Record<string, unknown>) =>
			fetch(`${env.sandbox.url}/_sandbox/reports`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
		const refused = await control({ profile: 'busy' });
		expect(refused.status).toBe(400);
		expect(await refused.json()).toMatchObject({ Status: 'Failed', Reason: expect.stringMatching(/profile must be one of even, quietThenBusy/) });
		expect((await control({ profile: 'quietThenBusy' })).status).toBe(200);
		try {
			env.sandbox.exchanges.clear();
			// 12,000 legs between 08:00 and 17:59: 1,200 an hour against a bound of 400.
			const { items, error } = await exportCdr(DAY, { cdrOutput: 'csvFile', csvMaxRecords: 400 });
			expect(error).toBeUndefined();
			expect(items[0].json.legs).toBe(12000);
			const spans = env.received('cdrexport').map((r) => bounds(r.body)).map(([from, to]) => ({ from, to, legs: 0 }));
			for (const span of spans) for (const call of callsBetween(env.sandbox.state, 1, span.from, span.to)) span.legs += call.legs.length;
			// The night is asked an hour at a time and brings nothing; no window grew over it.
			expect(spans.every((s) => s.to - s.from < 3600 * 1000)).toBe(true);
			expect(spans.slice(0, 8).map((s) => s.legs)).toEqual(Array(8).fill(0));
			// The one answer over the bound is the first busy hour's (about 1,200 legs); the size found holds after it.
			expect(spans.filter((s) => s.legs > 400)).toHaveLength(1);
			expect(Math.max(...spans.map((s) => s.legs))).toBeLessThan(1300);
		} finally {
			await control({ profile: 'even' });
		}
	});

	it('refuses an end before the start, and passes the switch\'s refusal on', async () => {
		const backwards = await exportCdr({ DateStart: '2026-03-10', DateEnd: '2026-03-09' }, { cdrOutput: 'csvFile' });
		expect(backwards.error?.message).toMatch(/DateEnd|before/);
		expect(env.received('cdrexport')).toHaveLength(0);
		const badKey = await runNode({
			type: 'solSwitch',
			parameters: { resource: 'report', operation: 'exportCdr', ...DAY, options: { cdrOutput: 'csvFile' } },
			credentials: env.switchCredentials({ apiKey: 'wrong-key' }),
		});
		expect(badKey.error?.message).toMatch(/FAIL/);
		expect(badKey.error?.message).not.toContain('wrong-key');
	});
});
