/**
 * The calls New Call places (from an ordinary extension, and from a Digit Validation) are written
 * as the switch profile in force says (sandbox/switch/profiles.ts), exactly as the played calls are:
 * the caller ID the extension or its DID (on the extension's channel either way), outside numbers
 * in the notifications' form in the SIP POST notifications and the DV request (CIDName, CIDNum,
 * DID), in the records' form in CDR Export and CDR Leg Details; whatever form New Call was given
 * (here 11 digits). A scripted phone ends a plain New Call busy or unanswered, and its CDR row says so.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { callbacksOf } from '../../../sandbox/switch/callbacks';
import { settingsOf, writeNumber } from '../../../sandbox/switch/profiles';
import { DEFAULT_SWITCH_KEY } from '../../../sandbox/server';
import { EVERY_PROFILE } from '../../helpers/switchProfiles';
import { useSandbox } from '../../helpers/sandbox';
import { until as waitUntil } from '../../helpers/until';

const env = useSandbox();

/** The application: receives the SIP POST notifications and the DV requests, answers `thanks` to a DV request. */
const app = { server: undefined as Server | undefined, url: '' };
beforeAll(async () => {
	app.server = createServer((req, res) => {
		req.resume();
		req.on('end', () => res.writeHead(200, { 'content-type': 'text/plain' }).end(req.url === '/dv' ? 'thanks' : '{"Status":"OK"}'));
	});
	await new Promise<void>((resolve) => app.server!.listen(0, '127.0.0.1', resolve));
	app.url = `http://127.0.0.1:${(app.server!.address() as AddressInfo).port}`;
});
afterAll(async () => {
	await new Promise((resolve) => app.server?.close(resolve));
});

async function api(fn: string, body: Record<string, unknown>) {
	const answer = await fetch(`${env.sandbox.url}/api/${fn}/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ Key: DEFAULT_SWITCH_KEY, ...body }) });
	return (await answer.json()) as Record<string, any>;
}
async function phone(number: string, turns: Array<Record<string, unknown>>) {
	await fetch(`${env.sandbox.url}/_sandbox/digit-validation/phone`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ number, turns }) });
}
const until = <T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 15_000) => waitUntil(what, probe, timeoutMs);
const notificationsOf = (callId: string) =>
	env.sandbox.exchanges.find({ direction: 'out', service: 'sipNotification' }).map((e) => e.body as Record<string, string>).filter((b) => b.CallID === callId);
/** The call's CDR Export row, once CDR Export holds it. */
async function cdrRow(callId: string) {
	const day = new Date().toISOString().slice(0, 10);
	return await until(`the CDR row of ${callId}`, async () => (await api('cdrexport', { DateStart: `${day} 00:00:00`, DateEnd: `${day} 23:59:59` }))[callId] as Record<string, string> | undefined);
}
const detailsOf = async (callId: string) => ((await api('cdrlegdetailsapi', { CallID: callId })).Details as Array<{ State: string; Action: string }>).map((d) => `${d.State}: ${d.Action}`);

let seq = 0;
/** A fresh outside number per call, given to New Call with the leading 1. */
const nextNumber = () => `1438555${String(2000 + ++seq)}`;

describe.each(EVERY_PROFILE)('calls New Call places, under the %s profile', (profile) => {
	const settings = settingsOf(profile);
	const inNotifications = (n: string) => writeNumber(n, settings.notificationNumbers);
	const inRecords = (n: string) => writeNumber(n, settings.cdrNumbers);
	/** The caller in the SIP POST notifications: the caller ID as in the records, or the extension (`notifiedCaller`). */
	const notified = (caller: string, extension: string) => (settings.notifiedCaller === 'extension' ? extension : inNotifications(caller));
	beforeAll(() => {
		env.sandbox.state.settings = settings;
		callbacksOf(env.sandbox).configure({ sipNotificationUrls: [`${app.url}/notify`] });
	});
	afterAll(() => {
		env.sandbox.state.settings = settingsOf('default');
		callbacksOf(env.sandbox).configure({ sipNotificationUrls: [] });
	});

	it('from an ordinary extension, unanswered: notifications and CDR row in the profile\'s forms, the caller ID as set, the extension\'s channel', async () => {
		const to = nextNumber();
		await phone(to, [{ answer: 'noAnswer' }]);
		const placed = await api('newcall', { Extension: '201', Destination: to, Timeout: 5 });
		expect(placed).toEqual({ Status: 'OK', CallID: expect.any(String), Channel: expect.stringMatching(/^SIP\/201-/) });
		const caller = settings.outboundCallerId === 'did' ? '5145550100' : '201';
		const row = await cdrRow(placed.CallID);
		expect(row).toMatchObject({ SourceNumber: inRecords(caller), DestinationNumber: inRecords(to), DialedNumber: inRecords(to), Disposition: 'NOANSWER', ConnectTime: '' });
		await callbacksOf(env.sandbox).idle();
		expect(notificationsOf(placed.CallID).map((n) => [n.Event, n.SourceNumber, n.DestinationNumber, n.DialedNumber])).toEqual([
			['Outgoing', notified(caller, '201'), inNotifications(to), inNotifications(to)],
			['Disconnected', notified(caller, '201'), inNotifications(to), inNotifications(to)],
		]);
		expect(notificationsOf(placed.CallID)[0].SourceChannel).toMatch(/^SIP\/201-/);
		expect(await detailsOf(placed.CallID)).toEqual([`Routed: Call from ${inRecords(caller)} routed to ${inRecords(to)}`, 'Ended: Hangup']);
	});

	it('from an ordinary extension with New Call\'s CIDNum, busy: the CDR row says BUSY and the caller ID is the CIDNum where the switch writes a DID', async () => {
		const to = nextNumber();
		await phone(to, [{ answer: 'busy' }]);
		const placed = await api('newcall', { Extension: '202', Destination: to, CIDNum: '15145550101' });
		const caller = settings.outboundCallerId === 'did' ? '5145550101' : '202';
		expect(await cdrRow(placed.CallID)).toMatchObject({ SourceNumber: inRecords(caller), DestinationNumber: inRecords(to), Disposition: 'BUSY' });
	});

	it('from a Digit Validation, answered and a key pressed: the DV request\'s CIDName, CIDNum and DID, the notifications, the details and the CDR row in the profile\'s forms', async () => {
		const to = nextNumber();
		await phone(to, [{ answer: 'answer', presses: ['1'] }]);
		const placed = await api('newcall', { Extension: '510', Destination: to, CustomDVData: { URL: `${app.url}/dv`, Method: 'POST' } });
		expect(placed.Channel).toMatch(/^SIP\/510-/);
		const caller = settings.outboundCallerId === 'did' ? '5145550100' : '510';
		const row = await cdrRow(placed.CallID);
		expect(row).toMatchObject({ SourceNumber: inRecords(caller), DestinationNumber: inRecords(to), Disposition: 'ANSWERED', ConnectTime: expect.stringMatching(/^\d{4}-/) });
		const [request] = env.sandbox.exchanges.find({ direction: 'out', service: 'digitValidation' });
		expect(request.body).toEqual({ Digits: '1', ExtensionNumber: '510', CDRCallID: placed.CallID, CIDName: inNotifications(to), CIDNum: inNotifications(to), DID: inNotifications('5145550100') });
		await callbacksOf(env.sandbox).idle();
		expect(notificationsOf(placed.CallID).map((n) => [n.Event, n.SourceNumber, n.DestinationNumber])).toEqual(
			['Outgoing', 'Connected', 'Disconnected'].map((event) => [event, notified(caller, '510'), inNotifications(to)]),
		);
		expect(await detailsOf(placed.CallID)).toEqual([`Routed: Call from ${inRecords(caller)} routed to ${inRecords(to)}`, `Answered: Answered by ${inRecords(to)}`, 'Ended: Hangup']);
	});
});
