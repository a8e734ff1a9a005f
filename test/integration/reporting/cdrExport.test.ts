import type { INodeParameters } from 'n8n-workflow';
import { callsBetween, cdrSize } from '../../../sandbox/switch/reports/cdr';
import { parseBound } from '../../../sandbox/time';
import { runNode } from '../../../scripts/n8n-engine/n8nEngine';
import { useSandbox } from '../../helpers/sandbox';

// Three days of data ending 2026-03-10: 300 legs of customer 1, 30 of customer 2.
const env = useSandbox({ reports: { seed: 7, legs: 300, days: 3, lastDay: '2026-03-10' } });

const exportCdr = (fields: INodeParameters, options: INodeParameters = {}, credentials = env.switchCredentials()) =>
	runNode({
		type: 'solSwitch',
		parameters: { resource: 'report', operation: 'exportCdr', ...fields, options },
		credentials,
	});

const wholePeriod = { DateStart: '2026-03-08', DateEnd: '2026-03-10' };

describe('Report > CDR Export', () => {
	it('gives one item per call leg, each with its CallID, legs as the switch sent them', async () => {
		const { items, error } = await exportCdr(wholePeriod);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(cdrSize(env.sandbox.state, 1).legs);
		expect(items).toHaveLength(300);
		const [request] = env.received('cdrexport');
		expect(request.body).toEqual({ DateStart: '2026-03-08', DateEnd: '2026-03-10', Key: 'sandbox-switch-key' });
		const answer = request.answer as Record<string, unknown>;
		const single = Object.entries(answer).find(([, v]) => v && typeof v === 'object' && !Array.isArray(v));
		const multi = Object.entries(answer).find(([, v]) => Array.isArray(v));
		expect(single).toBeDefined();
		expect(multi).toBeDefined();
		// A single leg sent as an object is one item; a call's array of legs is one item per leg.
		expect(items.filter((i) => i.json.CallID === single![0]).map((i) => i.json)).toEqual([{ CallID: single![0], ...(single![1] as object) }]);
		const multiLegs = multi![1] as Array<Record<string, unknown>>;
		expect(items.filter((i) => i.json.CallID === multi![0]).map((i) => i.json)).toEqual(multiLegs.map((leg) => ({ CallID: multi![0], ...leg })));
		// Numeric-looking values stay as the switch sent them; unanswered legs keep an empty ConnectTime.
		expect(typeof items[0].json.LegID).toBe('string');
		expect(items.some((i) => i.json.Disposition === 'NOANSWER' && i.json.ConnectTime === '')).toBe(true);
		expect(items.every((i) => (i.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	it('sends date-times with their time and dates alone as YYYY-MM-DD', async () => {
		const { items, error } = await exportCdr({ DateStart: '2026-03-09T08:00:00', DateEnd: '2026-03-09T11:59:59' });
		expect(error).toBeUndefined();
		const [request] = env.received('cdrexport');
		expect(request.body).toMatchObject({ DateStart: '2026-03-09 08:00:00', DateEnd: '2026-03-09 11:59:59' });
		const expected = [...callsBetween(env.sandbox.state, 1, parseBound('2026-03-09 08:00:00', false)!, parseBound('2026-03-09 11:59:59', true)!)];
		expect(items.map((i) => i.json.CallID)).toEqual(expected.flatMap((c) => c.legs.map(() => c.CallID)));
		expect(items.length).toBeGreaterThan(0);
	});

	it('gives one item per call with its legs nested when asked', async () => {
		const { items } = await exportCdr(wholePeriod, { cdrOutput: 'call' });
		const calls = cdrSize(env.sandbox.state, 1).calls;
		expect(items).toHaveLength(calls);
		expect(items.reduce((n, i) => n + (i.json.Legs as unknown[]).length, 0)).toBe(300);
		const singleLeg = items.find((i) => (i.json.Legs as unknown[]).length === 1)!;
		expect(Object.keys(singleLeg.json)).toEqual(['CallID', 'Legs']);
		expect((singleLeg.json.Legs as Array<Record<string, unknown>>)[0]).toHaveProperty('LegID');
	});

	it('splits a long range into one request per day and merges the answers in order', async () => {
		const whole = await exportCdr(wholePeriod);
		env.sandbox.exchanges.clear();
		const split = await exportCdr(wholePeriod, { splitDays: 1 });
		expect(env.received('cdrexport').map((e) => e.body)).toEqual([
			{ DateStart: '2026-03-08', DateEnd: '2026-03-08', Key: 'sandbox-switch-key' },
			{ DateStart: '2026-03-09', DateEnd: '2026-03-09', Key: 'sandbox-switch-key' },
			{ DateStart: '2026-03-10', DateEnd: '2026-03-10', Key: 'sandbox-switch-key' },
		]);
		expect(split.items.map((i) => i.json)).toEqual(whole.items.map((i) => i.json));
	});

	const exportCdrV2 = (parameters: INodeParameters) =>
		runNode({
			type: 'solSwitch',
			typeVersion: 2,
			parameters: { resource: 'report', operation: 'exportCdr', ...wholePeriod, ...parameters },
			credentials: env.switchCredentials(),
		});

	it('version 2: the whole range by default (Return All starts on for a report)', async () => {
		const { items, error } = await exportCdrV2({});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(300);
	});

	it('version 2: keeps the first Limit legs, and a split range asks no further day once they are there', async () => {
		const whole = await exportCdr(wholePeriod);
		env.sandbox.exchanges.clear();
		const { items, error } = await exportCdrV2({ returnAll: false, limit: 5, options: { splitDays: 1 } });
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json)).toEqual(whole.items.slice(0, 5).map((i) => i.json));
		expect(env.received('cdrexport').map((e) => (e.body as { DateStart: string }).DateStart)).toEqual(['2026-03-08']);
	});

	it('splits by a chosen span, keeping the time of date-time bounds', async () => {
		const { items } = await exportCdr({ DateStart: '2026-03-07T12:00:00', DateEnd: '2026-03-10T12:00:00' }, { splitDays: 2 });
		expect(env.received('cdrexport').map((e) => { const body = e.body as Record<string, unknown>; return [body.DateStart, body.DateEnd]; })).toEqual([
			['2026-03-07 12:00:00', '2026-03-09 11:59:59'],
			['2026-03-09 12:00:00', '2026-03-10 12:00:00'],
		]);
		expect(items.length).toBeGreaterThan(0);
	});

	it('gives no items for a range without calls, or one marker with Emit Empty Marker', async () => {
		const none = await exportCdr({ DateStart: '2025-01-01', DateEnd: '2025-01-02' });
		expect(none.error).toBeUndefined();
		expect(none.items).toEqual([]);
		expect(env.received('cdrexport')[0].answer).toEqual({ Status: 'FAIL', Reason: 'No Records Found.' });
		const marked = await exportCdr({ DateStart: '2025-01-01', DateEnd: '2025-01-02' }, { emitEmptyMarker: true });
		expect(marked.items.map((i) => i.json)).toEqual([{ empty: true, Reason: 'No Records Found.' }]);
	});

	it('a day without calls inside a split range does not hide the other days', async () => {
		const { items } = await exportCdr({ DateStart: '2026-03-05', DateEnd: '2026-03-08' }, { splitDays: 1 });
		expect(env.received('cdrexport')).toHaveLength(4);
		const day8 = await exportCdr({ DateStart: '2026-03-08', DateEnd: '2026-03-08' });
		expect(items.map((i) => i.json)).toEqual(day8.items.map((i) => i.json));
		expect(items.length).toBeGreaterThan(0);
	});

	it('uses the credential default customer: customer 2 sees its own records only', async () => {
		const { items, error } = await exportCdr(wholePeriod, {}, env.customer2Credentials());
		expect(error).toBeUndefined();
		expect(items).toHaveLength(30);
		expect(env.received('cdrexport')[0].body).toMatchObject({ Customer: 2 });
	});

	it('refuses a missing or malformed date before any request', async () => {
		// An expression that yields nothing (an empty field is already refused by n8n's own check).
		const missing = await exportCdr({ DateStart: '2026-03-08', DateEnd: '={{ $json.missing }}' });
		expect(missing.error?.message).toBe('Date End is required');
		const malformed = await exportCdr({ DateStart: 'yesterday', DateEnd: '2026-03-08' });
		expect(malformed.error?.message).toBe(
			'Date Start must be a date (YYYY-MM-DD) or a date and time (YYYY-MM-DD HH:MM:SS)',
		);
		expect(env.received('cdrexport')).toHaveLength(0);
	});

	it('reports the switch\'s refusal of a wrong key without showing the key', async () => {
		const { error } = await exportCdr(wholePeriod, {}, env.switchCredentials({ apiKey: 'wrong-key-123' }));
		expect(error?.message).toMatch(/^The switch answered FAIL: Provided API Key wron\*+ is invalid\.$/);
		expect(error?.description).toMatch(/Check the Key in the credential/);
		expect(JSON.stringify(error)).not.toContain('wrong-key-123');
	});

	it('gives a clear error when the switch does not answer in time', async () => {
		env.sandbox.faults.set({ match: 'cdrexport', mode: 'slow', delayMs: 2000, times: 1 });
		const { error } = await exportCdr(wholePeriod, { timeout: 200 });
		expect(error?.message).toBe('The switch did not answer within 200 ms');
	});

	it('continues on fail with the error on the item', async () => {
		const { items } = await runNode({
			type: 'solSwitch',
			parameters: { resource: 'report', operation: 'exportCdr', DateStart: '2026-03-10', DateEnd: '2026-03-01', options: {} },
			credentials: env.switchCredentials(),
			continueOnFail: true,
		});
		expect(items.map((i) => i.json)).toEqual([{ error: 'The switch answered FAIL: No matching end time' }]);
	});
});
