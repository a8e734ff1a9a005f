import { byId, adminRunner } from './adminHelpers';
import { useSandbox } from '../../helpers/sandbox';

const env = useSandbox();
const admin = adminRunner(env);

describe('lookups', () => {
	it('911 Info: one item per DID; AllDID adds DIDs no extension uses', async () => {
		const used = await admin.ok('lookup', 'e911Info', {});
		expect(used.map((d) => d.DID).sort()).toEqual(['4165550100', '5145550100', '5145550101']);
		expect(used.find((d) => d.DID === '5145550100')).toEqual({
			DID: '5145550100', custnum: '1', did: '5145550100', streetnumber: '100', streetname: 'Rue Sainte-Catherine', unit: '', city: 'Montreal', province: 'QC', country: 'CA', postalcode: 'H2X 1Z4',
		});
		await admin.ok('did', 'add', { DID: '5145559911', CustID: byId(1) });
		const all = await admin.ok('lookup', 'e911Info', { additionalFields: { AllDID: true } });
		expect(admin.sent('911info').at(-1)).toEqual({ AllDID: 1 });
		expect(all.map((d) => d.DID)).toContain('5145559911');
		const scoped = await admin.ok('lookup', 'e911Info', {}, { credentials: env.customer2Credentials() });
		expect(scoped.map((d) => d.DID)).toEqual(['4165550100']);
	});

	it('Check Time Rule: open, closed, and not found (a failure: it is not a list)', async () => {
		expect(await admin.ok('lookup', 'checkTimeRule', { ID: '1' })).toEqual([{ Status: 'OK', Reason: '', TimeRuleStatus: '0', TimeRuleStatusText: 'Open' }]);
		expect((await admin.ok('lookup', 'checkTimeRule', { ID: '2' }))[0]).toMatchObject({ TimeRuleStatus: '1', TimeRuleStatusText: 'Closed' });
		expect((await admin.run('lookup', 'checkTimeRule', { ID: '99' })).error?.message).toBe('The switch answered FAIL: Time rule not found');
		// The document states no rule for ID: it is sent, and the switch answers as it does for an unknown rule.
		expect((await admin.run('lookup', 'checkTimeRule', { ID: 'abc' })).error?.message).toBe('The switch answered FAIL: Time rule not found');
	});

	it('DID Report: one item per numbered entry', async () => {
		const report = await admin.ok('lookup', 'didReport', {});
		expect(report[0]).toEqual({ Entry: '0', DID: '5145550100', IRID: '0', CustID: '1', PrimaryRoute: '0' });
		expect(report.length).toBe(admin.state.dids.size);
		expect(admin.sent('didreport')).toEqual([{}]);
	});

	it('Find Me Follow Me and Scheduled Routing', async () => {
		expect(await admin.ok('lookup', 'findMeFollowMe', { ID: '1' })).toEqual([
			{ Status: 'OK', Reason: '', ID: '1', Name: 'Alice mobile', Numbers: ['5145550177', '5145550178'], OverflowRouteID: '0', OverflowRouteType: 'No Overflow', Recording: '0', AutoAnswer: '0', StepTime: '20', Extension: '201' },
		]);
		expect((await admin.run('lookup', 'findMeFollowMe', { ID: '42' })).error?.message).toBe('The switch answered FAIL: No Records Found.');
		expect((await admin.ok('lookup', 'scheduledRouting', { ID: '1' }))[0]).toMatchObject({ Name: 'Office hours', RouteExt: '201', IRID: '11' });
		// the sandbox's answer to a non-numeric ID, for a request that skips the node's check
		expect(await env.sandbox.callSwitch('/api/scheduledrouting/', { Key: 'sandbox-switch-key', ID: 'x' }, '127.0.0.1')).toEqual({ Status: 'FAIL', Reason: 'Please use a numerical value' });
	});
});

describe('toll', () => {
	it('Toll Rates: one item per rate, or the rate of one prefix', async () => {
		const rates = await admin.ok('toll', 'rates', { tollPlanID: '1' });
		expect(rates).toEqual([
			{ Prefix: '1514', Area: 'Montreal', Value: '0.0100' },
			{ Prefix: '1416', Area: 'Toronto', Value: '0.0120' },
			{ Prefix: '44', Area: 'United Kingdom', Value: '0.0450' },
		]);
		expect(await admin.ok('toll', 'rates', { tollPlanID: '1', additionalFields: { tollPrefix: '44' } })).toEqual([{ Prefix: '44', Area: 'United Kingdom', Value: '0.0450' }]);
		expect(admin.sent('tollrates').at(-1)).toEqual({ tollPlanID: '1', tollPrefix: '44' });
	});

	it('Toll Reporting: a per-customer summary, a per-call breakdown with CustNum or a customer key', async () => {
		const summary = await admin.ok('toll', 'report', { DateStart: '2026-01-01', DateEnd: '2026-01-31' });
		expect(admin.sent('tollreport')[0]).toEqual({ DateStart: '2026-01-01', DateEnd: '2026-01-31' });
		expect(summary).toEqual([
			{ Entry: '0', CustNum: 'C-1001', Company: 'Sol Demo Inc.', Area: 'Toronto', RateCost: '0.0120', CallCost: '0.0240' },
			{ Entry: '1', CustNum: 'C-1001', Company: 'Sol Demo Inc.', Area: 'United Kingdom', RateCost: '0.0450', CallCost: '0.0450' },
			{ Entry: '2', CustNum: 'C-1002', Company: 'Customer Two Ltd.', Area: 'Montreal', RateCost: '0.0100', CallCost: '0.0300' },
		]);
		const perCall = await admin.ok('toll', 'report', { DateStart: '2026-01-06T00:00:00', DateEnd: '2026-01-06T23:00:00', additionalFields: { CustNum: 'C-1001' } });
		expect(admin.sent('tollreport')[1]).toEqual({ DateStart: '2026-01-06', DateEnd: '2026-01-06 23:00:00', CustNum: 'C-1001' });
		expect(perCall).toEqual([
			{ Entry: '0', Company: 'Sol Demo Inc.', Area: 'United Kingdom', RateCost: '0.0450', CallCost: '0.0450', CallID: '1767000000.2', StartTime: '2026-01-06 11:00:00', Length: '60', SrcNumber: '202', DstNumber: '442071234567' },
		]);
		const own = await admin.ok('toll', 'report', { DateStart: '2026-01-01', DateEnd: '2026-01-31' }, { credentials: env.customer2Credentials() });
		expect(own.map((r) => r.CallID)).toEqual(['1767000000.3']);
		expect((await admin.run('toll', 'report', { DateStart: 'last week', DateEnd: '2026-01-31' })).error?.message).toBe(
			'Date Start must be a date (YYYY-MM-DD) or a date and time (YYYY-MM-DD HH:MM:SS)',
		);
	});
});

describe('legacy DID functions (deprecated)', () => {
	it('Add DID and Remove DID change the DID table', async () => {
		expect(await admin.ok('legacy', 'addDid', { DID: '5145558800' })).toEqual([{ Status: 'OK', Reason: '' }]);
		const did = [...admin.state.dids.values()].find((d) => d.DID === '5145558800');
		expect(did).toMatchObject({ CustID: 1, Active: '1' });
		expect((await admin.run('legacy', 'addDid', { DID: '5145558800' })).error?.message).toBe('The switch answered FAIL: DID 5145558800 is already in use; nothing was added');
		await admin.ok('legacy', 'removeDid', { DID: '5145558800' });
		expect(admin.state.dids.has(did!.ID)).toBe(false);
		expect((await admin.run('legacy', 'removeDid', { DID: '5145558800' })).error?.message).toBe('The switch answered FAIL: Invalid DID 5145558800');
	});
});
