import { runNode } from '../../../scripts/n8n-engine/n8nEngine';
import { allNodeTypes } from '../../../scripts/n8n-engine/packageTypes';
import { useSandbox } from '../../helpers/sandbox';
import { gatewayOf, gatewayReceived, messagingCredentials } from './env';

const env = useSandbox();

beforeAll(() => {
	const state = gatewayOf(env.sandbox).state;
	// A quarter of traffic: one message on each of these days.
	for (const day of ['2026-01-05', '2026-02-10', '2026-03-20', '2026-03-31']) {
		state.record({ From: '55555', To: '15145550123', Direction: 'send', text: 'hello', at: new Date(`${day}T12:00:00Z`) });
	}
	state.record({ From: '15145550123', To: '55555', Direction: 'recv', text: 'x'.repeat(200), at: new Date('2026-02-11T08:00:00Z') });
});

const report = (extra: Record<string, unknown> = {}) => ({ resource: 'usage', operation: 'report', FromDate: '2026-01-01', ToDate: '2026-03-31', Details: 'yes', ...extra });

describe('Usage > Usage Report', () => {
	it('splits a quarter into 45-day queries and merges them: summary added up, records concatenated', async () => {
		const { items, error } = await runNode({ type: 'solSwitchMessaging', parameters: report(), credentials: messagingCredentials(env.sandbox) });
		expect(error).toBeUndefined();
		const requests = gatewayReceived(env.sandbox, '/sms/report');
		expect(requests.map((r) => [r.body as Record<string, unknown>].map((b) => [b.FromDate, b.ToDate, b.Details])[0])).toEqual([
			['2026-01-01', '2026-02-14', 'yes'],
			['2026-02-15', '2026-03-31', 'yes'],
		]);
		expect(requests.every((r) => (r.answer as { Status: string }).Status === 'OK')).toBe(true);
		expect(items[0].json).toEqual({ type: 'summary', FromDate: '2026-01-01', ToDate: '2026-03-31', Total: 6, Sent: 4, Received: 2, CarrierLookups: 5, queries: 2 });
		expect(items.slice(1).map((i) => [i.json.type, i.json.DateTime, i.json.Direction, i.json.Segments])).toEqual([
			['record', '2026-01-05 12:00:00', 'send', '1'],
			['record', '2026-02-10 12:00:00', 'send', '1'],
			['record', '2026-02-11 08:00:00', 'recv', '2'],
			['record', '2026-03-20 12:00:00', 'send', '1'],
			['record', '2026-03-31 12:00:00', 'send', '1'],
		]);
	});

	it('Output "Summary Only" with Details no', async () => {
		const { items } = await runNode({ type: 'solSwitchMessaging', parameters: report({ Details: 'no', ToDate: '2026-01-31', options: { output: 'summary' } }), credentials: messagingCredentials(env.sandbox) });
		expect(items.map((i) => i.json)).toEqual([{ type: 'summary', FromDate: '2026-01-01', ToDate: '2026-01-31', Total: 1, Sent: 1, Received: 0, CarrierLookups: 1, queries: 1 }]);
	});

	// Details = No asks the gateway for the summary only, so Output = Records Only had nothing to output
	// and said nothing: now refused before asking, with what to change, in every node version.
	it.each([allNodeTypes.solSwitchMessaging.description.version].flat())('v%s: Details No with Output "Records Only" is refused before asking the gateway, saying what to change', async (typeVersion) => {
		const { items, error } = await runNode({
			type: 'solSwitchMessaging',
			typeVersion,
			parameters: report({ Details: 'no', ToDate: '2026-01-31', options: { output: 'records' } }),
			credentials: messagingCredentials(env.sandbox),
		});
		expect(items).toEqual([]);
		expect(error?.message).toBe('Output "Records Only" needs Details on');
		expect(error?.description).toBe('With Details off (No) the gateway sends the summary only, so there would be no records to output. Turn Details on (Yes), or set Output to "Summary Only".');
		expect(gatewayReceived(env.sandbox, '/sms/report')).toHaveLength(0);
	});

	// Version 2 shows Details as a toggle; the gateway receives what the dropdown sent.
	it('v2: Details off sends "no" (summary only), Details left at its default sends "yes"', async () => {
		const off = await runNode({ type: 'solSwitchMessaging', typeVersion: 2, parameters: report({ Details: false, ToDate: '2026-01-31', options: { output: 'summary' } }), credentials: messagingCredentials(env.sandbox) });
		expect(off.error).toBeUndefined();
		expect(off.items.map((i) => i.json.type)).toEqual(['summary']);
		const { Details: _omitted, ...withoutDetails } = report({ ToDate: '2026-01-31' });
		const byDefault = await runNode({ type: 'solSwitchMessaging', typeVersion: 2, parameters: withoutDetails, credentials: messagingCredentials(env.sandbox) });
		expect(byDefault.error).toBeUndefined();
		expect(gatewayReceived(env.sandbox, '/sms/report').slice(-2).map((r) => (r.body as Record<string, unknown>).Details)).toEqual(['no', 'yes']);
	});

	it('v2: Details off with Output "Records Only" is refused as in version 1', async () => {
		const { items, error } = await runNode({ type: 'solSwitchMessaging', typeVersion: 2, parameters: report({ Details: false, options: { output: 'records' } }), credentials: messagingCredentials(env.sandbox) });
		expect(items).toEqual([]);
		expect(error?.message).toBe('Output "Records Only" needs Details on');
	});

	it('Details Yes with Output "Records Only" gives the records alone', async () => {
		const { items, error } = await runNode({ type: 'solSwitchMessaging', parameters: report({ ToDate: '2026-01-31', options: { output: 'records' } }), credentials: messagingCredentials(env.sandbox) });
		expect(error).toBeUndefined();
		expect(items.map((i) => [i.json.type, i.json.DateTime])).toEqual([['record', '2026-01-05 12:00:00']]);
	});

	it('refuses a date that is not a date before asking the gateway', async () => {
		const { error } = await runNode({ type: 'solSwitchMessaging', parameters: report({ FromDate: 'last monday' }), credentials: messagingCredentials(env.sandbox) });
		expect(error?.message).toBe('From Date must be a date (YYYY-MM-DD)');
		expect(gatewayReceived(env.sandbox, '/sms/report')).toHaveLength(0);
	});

	it('the gateway itself refuses more than 45 days per query', async () => {
		const res = await fetch(`${env.sandbox.url}/sms/report`, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: 'FromDate=2026-01-01&ToDate=2026-02-15&Details=no&Key=sandbox-gateway-key',
		});
		expect(await res.json()).toEqual({ Status: 'FAIL', Reason: 'The report covers at most 45 days per query.' });
	});

	it('a gateway answering HTML is a clear error', async () => {
		env.sandbox.faults.set({ match: '/sms/report', mode: 'notJson', times: 1 });
		const { error } = await runNode({ type: 'solSwitchMessaging', parameters: report({ ToDate: '2026-01-31' }), credentials: messagingCredentials(env.sandbox) });
		expect(error?.message).toBe('The gateway answered an HTML page, not JSON');
		expect(error?.description).toMatch(/Check the Base URL/);
	});
});
