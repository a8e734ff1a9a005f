/**
 * How answers become items or errors (issue 14): "nothing found" is no items only for functions that
 * return lists or reports, and a failure on every command; an answer without a valid Status is an
 * error; hints fit the function and the service; HTTP failures of the server or a proxy say so.
 */
import { runNode } from '../../../scripts/n8n-engine/n8nEngine';
import { useSandbox } from '../../helpers/sandbox';
import { messagingCredentials } from '../messaging/env';

const env = useSandbox();
const KEY = 'sandbox-switch-key';

const answer = (match: string, json: unknown, extra: Record<string, unknown> = {}) =>
	env.sandbox.faults.set({ match, mode: 'answer', json, times: 1, ...extra });

const call = (parameters: Record<string, unknown>, extra: { continueOnFail?: boolean } = {}) =>
	runNode({ type: 'solSwitch', parameters: { resource: 'call', ...parameters } as never, credentials: env.switchCredentials(), ...extra });

const NOTHING = ['No Records Found.', 'No data found.', 'No results returned', 'Time rule not found'];

describe('"nothing found" on a command is a failure', () => {
	it.each(NOTHING)('Hold Call answered "%s" fails with the Reason', async (reason) => {
		answer('holdcall', { Status: 'FAIL', Reason: reason });
		const { error, items } = await call({ operation: 'hold', Channel: 'SIP/201-0000002a' });
		expect(items).toHaveLength(0);
		expect(error?.message).toBe(`The switch answered FAIL: ${reason}`);
	});

	it('Transfer, Transmit DTMF and Toggle Monitoring fail too; under continueOnFail an error item', async () => {
		answer('transfercall', { Status: 'FAIL', Reason: 'No Records Found.' });
		const transfer = await call({ operation: 'transfer', Channel: 'SIP/201-0000002a', Destination: '5145550123' });
		expect(transfer.error?.message).toBe('The switch answered FAIL: No Records Found.');
		answer('dtmf', { Status: 'FAIL', Reason: 'No data found.' });
		const dtmf = await call({ operation: 'sendDtmf', Channel: 'SIP/201-0000002a', Tone: '1' }, { continueOnFail: true });
		expect(dtmf.error).toBeUndefined();
		expect(dtmf.items.map((i) => i.json.error)).toEqual(['The switch answered FAIL: No data found.']);
	});

	it('Check Time Rule with an unknown ID fails ("Time rule not found")', async () => {
		const { error, items } = await runNode({
			type: 'solSwitchAdmin',
			parameters: { resource: 'lookup', operation: 'checkTimeRule', ID: '999999' } as never,
			credentials: env.switchCredentials(),
		});
		expect(items).toHaveLength(0);
		expect(error?.message).toBe('The switch answered FAIL: Time rule not found');
	});

	it('Send SMS answered "No Records Found." fails', async () => {
		answer('/sms/', { Status: 'FAIL', Reason: 'No Records Found.' });
		const { error } = await runNode({
			type: 'solSwitchMessaging',
			parameters: { resource: 'message', operation: 'sendSms', From: '55555', To: '15145550123', Body: 'Hi' } as never,
			credentials: messagingCredentials(env.sandbox),
		});
		expect(error?.message).toBe('The gateway answered FAIL: No Records Found.');
	});

	it('a list answered "No Records Found." is no items, or the marker when asked', async () => {
		answer('listactivecalls', { Status: 'FAIL', Reason: 'No Records Found.' });
		const none = await call({ operation: 'listActive' });
		expect(none.error).toBeUndefined();
		expect(none.items).toHaveLength(0);
		answer('listactivecalls', { Status: 'FAIL', Reason: 'No data found.' });
		const marked = await call({ operation: 'listActive', options: { emitEmptyMarker: true } });
		expect(marked.items.map((i) => i.json)).toEqual([{ empty: true, Reason: 'No data found.' }]);
	});

	it('a command offers no Emit Empty Marker option; lists and reports do', async () => {
		const { solSwitchCatalog } = await import('../../../nodes/SolSwitch/catalog');
		const { buildProperties } = await import('../../../nodes/engine/generators/properties');
		const options = buildProperties(solSwitchCatalog).filter((p) => p.name === 'options');
		const markerFor = (operation: string) =>
			options
				.filter((p) => (p.displayOptions?.show?.operation as string[] | undefined)?.includes(operation))
				.some((p) => (p.options as Array<{ name: string }>).some((o) => o.name === 'emitEmptyMarker'));
		expect(markerFor('hold')).toBe(false);
		expect(markerFor('newCall')).toBe(false);
		expect(markerFor('getCallerId')).toBe(false);
		expect(markerFor('listActive')).toBe(true);
		expect(markerFor('exportCdr')).toBe(true);
	});
});

describe('an answer without a valid Status is an error that shows what came back', () => {
	it('no Status at all', async () => {
		answer('holdcall', { Result: 'done', Echo: KEY });
		const { error } = await call({ operation: 'hold', Channel: 'SIP/201-0000002a' });
		expect(error?.message).toBe('The switch answered without a Status (OK or FAIL): {"Result":"done","Echo":"***"}');
		expect(JSON.stringify(error, Object.getOwnPropertyNames(error as object))).not.toContain(KEY);
	});

	it('a Status other than OK or FAIL', async () => {
		answer('listactivecalls', { Status: 'PENDING' });
		const { error } = await call({ operation: 'listActive' });
		expect(error?.message).toBe('The switch answered without a Status (OK or FAIL): {"Status":"PENDING"}');
	});
});

describe('hints fit the function and the service', () => {
	it('"Unknown Channel" on Hold points at List Active Calls', async () => {
		const { error } = await call({ operation: 'hold', Channel: 'SIP/999-00000000' });
		expect(error?.description).toMatch(/List Active Calls/);
	});

	it('"Unknown Channel" on Send SMS or on a trunk add does not talk about calls', async () => {
		answer('/sms/', { Status: 'FAIL', Reason: 'Unknown Channel' });
		const sms = await runNode({
			type: 'solSwitchMessaging',
			parameters: { resource: 'message', operation: 'sendSms', From: '55555', To: '15145550123', Body: 'Hi' } as never,
			credentials: messagingCredentials(env.sandbox),
		});
		expect(sms.error?.message).toBe('The gateway answered FAIL: Unknown Channel');
		expect(sms.error?.description ?? '').not.toMatch(/call may have ended|List Active Calls/);
		answer('trunk/add', { Status: 'FAIL', Reason: 'Unknown Channel' });
		const trunk = await runNode({
			type: 'solSwitchAdmin',
			parameters: { resource: 'trunk', operation: 'add', Name: 'T', Description: 'D', TrunkType: '1' } as never,
			credentials: env.switchCredentials(),
		});
		expect(trunk.error?.message).toBe('The switch answered FAIL: Unknown Channel');
		expect(trunk.error?.description ?? '').not.toMatch(/call may have ended|List Active Calls/);
	});

	it('"Unknown CallID" points at CallIDs only where a CallID was sent', async () => {
		answer('holdcall', { Status: 'FAIL', Reason: 'Unknown CallID' });
		const hold = await call({ operation: 'hold', Channel: 'SIP/201-0000002a' });
		expect(hold.error?.description ?? '').not.toMatch(/Check the CallID/);
		const recording = await runNode({
			type: 'solSwitch',
			parameters: { resource: 'report', operation: 'getRecording', CallID: 'nope' } as never,
			credentials: env.switchCredentials(),
		});
		expect(recording.error?.message).toBe('The switch answered FAIL: Unknown CallID');
		expect(recording.error?.description).toMatch(/Check the CallID/);
	});
});

describe('HTTP failures', () => {
	const html = '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><hr><center>nginx</center></body></html>';

	it.each([
		[502, 'Bad Gateway'],
		[503, 'Service Unavailable'],
		[504, 'Gateway Timeout'],
	])('HTTP %i: the server or a proxy failed, no HTML in the message', async (status, name) => {
		answer('newcall', undefined, { status, text: html, contentType: 'text/html' });
		const { error } = await call({ operation: 'newCall', Extension: '201', Destination: '5145550123' });
		expect(error?.message).toBe(`The switch answered HTTP ${status} ${name}: the switch, or a proxy in front of it, failed`);
		expect(error?.message).not.toMatch(/[<>]/);
		expect(error?.description).not.toMatch(/[<>]/);
		expect(error?.description).toMatch(/502 Bad Gateway nginx/);
		expect(error?.description).not.toMatch(/Base URL/);
	});

	it('HTTP 404 and an HTML page on a 200 point at the Base URL, without HTML in the message', async () => {
		answer('newcall', undefined, { status: 404, text: '<html><body><h1>Not Found</h1></body></html>', contentType: 'text/html' });
		const missing = await call({ operation: 'newCall', Extension: '201', Destination: '5145550123' });
		expect(missing.error?.message).toBe('The switch answered HTTP 404 Not Found');
		expect(missing.error?.description).toMatch(/Check the Base URL/);
		answer('newcall', undefined, { status: 200, text: html, contentType: 'text/html' });
		const page = await call({ operation: 'newCall', Extension: '201', Destination: '5145550123' });
		expect(page.error?.message).toBe('The switch answered an HTML page, not JSON');
		expect(page.error?.description).toMatch(/Check the Base URL/);
		expect(page.error?.description).not.toMatch(/[<>]/);
	});
});

describe("the credential's Default Customer", () => {
	it('not a numeric customer ID: every function fails before anything is sent, saying so', async () => {
		const credentials = env.switchCredentials({ customer: 'acme' });
		const hold = await runNode({ type: 'solSwitch', parameters: { resource: 'call', operation: 'hold', Channel: 'SIP/201-0000002a' } as never, credentials });
		expect(hold.error?.message).toBe("The credential's Default Customer must be a numeric customer ID (it is \"acme\")");
		// Add Header has no Customer: the credential's own check (authenticate) refuses it.
		const header = await runNode({
			type: 'solSwitch',
			parameters: { resource: 'call', operation: 'addHeader', srcnumber: '201', header_name: 'X-A', value: '1' } as never,
			credentials,
		});
		expect(header.error?.message).toContain("The credential's Default Customer must be a numeric customer ID (it is \"acme\")");
		expect(header.error?.description ?? '').not.toMatch(/Base URL/);
		expect(env.sandbox.exchanges.find({ service: 'switch' })).toHaveLength(0);
	});
});
