import { useSandbox } from '../../helpers/sandbox';
import { DEFAULT_COMPLIANCE_TEXTS } from '../../../nodes/SolSwitchMessagingTrigger/replies/complianceTexts';
import { gatewayOf, messagingCredentials } from './env';
import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';
import { readBinary, startTriggerServer, type TriggerServer, type TriggerServerSetup } from '../../helpers/triggerServer';
import { INBOUND_KEY_REUSE_MS } from '../../../nodes/SolSwitchMessagingTrigger/inboundCredential';

const env = useSandbox();
let trigger: TriggerServer | undefined;

afterEach(async () => {
	await trigger?.close();
	trigger = undefined;
});

const credentials = (overrides: Record<string, unknown> = {}) => messagingCredentials(env.sandbox, overrides).solSwitchMessagingApi;

type ServeOptions = { credentials?: ICredentialDataDecryptedObject; then?: TriggerServerSetup['then'] };

const messagingTrigger = (parameters: IDataObject, { credentials: given = credentials(), then }: ServeOptions = {}) =>
	startTriggerServer({ type: 'solSwitchMessagingTrigger', parameters, credentials: { solSwitchMessagingApi: given }, then });

async function serve(parameters: IDataObject, options: ServeOptions = {}) {
	trigger = await messagingTrigger(parameters, options);
	gatewayOf(env.sandbox).configure({ providerUrl: trigger.url, inboundKeyType: 'body', retries: 12, firstRetryMs: 2000 });
	return trigger;
}

const all = { events: ['sms', 'mms', 'report'] };
const reply = (body: string) => ({ name: 'Reply', type: 'n8n-nodes-solswitch.solSwitchMessaging', parameters: { resource: 'message', operation: 'reply', Body: body } });

describe('Messaging Trigger: MO SMS answered at once', () => {
	it('acknowledges with {"Status":"OK"}, starts one execution with the item, the key removed', async () => {
		const t = await serve({ ...all, replyMode: 'onReceived' });
		const delivery = await gatewayOf(env.sandbox).injectMo({ From: '15145550123', To: '55555', Body: 'pizza Large please' }).done;
		expect(delivery.state).toBe('delivered');
		expect(delivery.attempts.map((a) => [a.status, a.answer])).toEqual([[200, { Status: 'OK' }]]);
		expect(delivery.replyBody).toBeUndefined();
		expect(t.executions).toHaveLength(1);
		const [item] = t.executions[0];
		expect(item.json).toEqual({
			type: 'sms',
			id: delivery.id,
			from: '15145550123',
			to: '55555',
			text: 'pizza Large please',
			keyword: 'PIZZA',
			optOut: false,
			answered: true,
			receivedAt: expect.any(String),
		});
		expect(JSON.stringify(item)).not.toContain('sandbox-inbound-key');
		const [out] = env.sandbox.exchanges.find({ service: 'gateway-mo', direction: 'out' });
		expect(out.body).toMatchObject({ Type: 'Message', Key: 'sandbox-inbound-key' });
	});

	it('acknowledges a redelivery (same ID) without a second execution', async () => {
		const t = await serve({ ...all, replyMode: 'onReceived' });
		const gateway = gatewayOf(env.sandbox);
		const first = await gateway.injectMo({ From: '15145550123', To: '55555', Body: 'order 12', ID: 'dup-1' }).done;
		const second = await gateway.injectMo({ From: '15145550123', To: '55555', Body: 'order 12', ID: 'dup-1' }).done;
		expect([first.state, second.state]).toEqual(['delivered', 'delivered']);
		expect(second.attempts[0].answer).toEqual({ Status: 'OK' });
		expect(t.executions).toHaveLength(1);
	});
});

describe('Messaging Trigger: inbound key', () => {
	it('Header key type: accepts Authorization Bearer and x-api-key', async () => {
		trigger = await messagingTrigger({ ...all, replyMode: 'onReceived' }, { credentials: credentials({ inboundKeyType: 'header' }) });
		gatewayOf(env.sandbox).configure({ providerUrl: trigger.url, inboundKeyType: 'header' });
		const delivery = await gatewayOf(env.sandbox).injectMo({ From: '15145550123', To: '55555', Body: 'hi' }).done;
		expect(delivery.state).toBe('delivered');
		const [out] = env.sandbox.exchanges.find({ service: 'gateway-mo', direction: 'out' });
		expect(out.headers).toEqual({ authorization: 'Bearer sandbox-inbound-key', 'x-api-key': 'sandbox-inbound-key' });
		expect(out.body).not.toHaveProperty('Key');
		expect(trigger.executions).toHaveLength(1);
	});

	it('a wrong key is refused with HTTP 401 without an execution, and the gateway retries on its schedule', async () => {
		trigger = await messagingTrigger({ ...all, replyMode: 'onReceived' }, { credentials: credentials({ inboundApiKey: 'another-key' }) });
		gatewayOf(env.sandbox).configure({ providerUrl: trigger.url, inboundKeyType: 'body', retries: 2, firstRetryMs: 2000 });
		const delivery = await gatewayOf(env.sandbox).injectMo({ From: '15145550123', To: '55555', Body: 'hi' }).done;
		expect(delivery.state).toBe('failed');
		expect(delivery.attempts.map((a) => [a.status, a.answer])).toEqual(
			Array(3).fill([401, { Status: 'FAIL', Reason: 'Not authorized.' }]),
		);
		expect(trigger.executions).toHaveLength(0);
	});

	it('a key in the wrong place (header when Body is configured) or none is refused', async () => {
		const t = await serve({ ...all, replyMode: 'onReceived' });
		const post = (headers: Record<string, string>, body: object) =>
			fetch(t.url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
		const message = { Type: 'Message', ID: 'k1', From: '15145550123', To: '55555', Body: 'hi' };
		expect((await post({ 'x-api-key': 'sandbox-inbound-key' }, message)).status).toBe(401);
		expect((await post({}, message)).status).toBe(401);
		expect(t.executions).toHaveLength(0);
	});
});

describe('Messaging Trigger: the credential is read once per period, not per callback', () => {
	// In n8n 2.x a webhook's getCredentials creates a new expression-engine isolate each time: it
	// cost the trigger two thirds of its throughput on answers it gives itself (HELP, redeliveries).
	const post = (t: TriggerServer, body: object) =>
		fetch(t.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
	const help = (id: string, key: string) => ({ Type: 'Message', ID: id, From: '15145550123', To: '55555', Body: 'help', Key: key });

	afterEach(() => jest.restoreAllMocks());

	it('answers several callbacks with one credential read', async () => {
		const t = await serve({ ...all, replyMode: 'onReceived' });
		const reads = jest.spyOn(t.credentialsHelper, 'getDecrypted');
		for (const id of ['r1', 'r2', 'r3']) expect((await post(t, help(id, 'sandbox-inbound-key'))).status).toBe(200);
		expect(reads).toHaveBeenCalledTimes(1);
	});

	it('a wrong key is refused after a fresh read, and a key just changed in the credential is accepted at once', async () => {
		const creds = credentials();
		const t = await serve({ ...all, replyMode: 'onReceived' }, { credentials: creds });
		const reads = jest.spyOn(t.credentialsHelper, 'getDecrypted');
		expect((await post(t, help('c1', 'sandbox-inbound-key'))).status).toBe(200);
		expect((await post(t, help('c2', 'not-the-key'))).status).toBe(401);
		expect(reads).toHaveBeenCalledTimes(2);
		creds.inboundApiKey = 'rotated-key';
		expect((await post(t, help('c3', 'rotated-key'))).status).toBe(200);
		expect(t.executions).toHaveLength(0);
	});

	it('reads the credential again after the reuse period, so a replaced key stops working', async () => {
		const creds = credentials();
		const t = await serve({ ...all, replyMode: 'onReceived' }, { credentials: creds });
		const start = Date.now();
		const clock = jest.spyOn(Date, 'now').mockReturnValue(start);
		expect((await post(t, help('p1', 'sandbox-inbound-key'))).status).toBe(200);
		creds.inboundApiKey = 'rotated-key';
		clock.mockReturnValue(start + INBOUND_KEY_REUSE_MS);
		expect((await post(t, help('p2', 'sandbox-inbound-key'))).status).toBe(401);
	});
});

describe('Messaging Trigger: bad requests', () => {
	it.each([
		[{ Type: 'Bogus', ID: '1', From: '1', To: '2', Body: 'x' }, 'Type must be Message or Report.'],
		[{ Type: 'Message', From: '1', To: '2', Body: 'x' }, 'Missing required field ID.'],
		[{ Type: 'Message', ID: '1', From: '1', To: '2' }, 'Missing required field Body.'],
		[{ Type: 'Report', ID: '1', From: '1', To: '2', Status: 'gone' }, 'Status must be a numeric delivery status.'],
	])('%j is rejected with FAIL and no execution', async (body, reason) => {
		const t = await serve({ ...all, replyMode: 'onReceived' });
		const res = await fetch(t.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...body, Key: 'sandbox-inbound-key' }) });
		expect(await res.json()).toEqual({ Status: 'FAIL', Reason: reason });
		expect(t.executions).toHaveLength(0);
	});

	it('malformed JSON never reaches the workflow', async () => {
		const t = await serve({ ...all, replyMode: 'onReceived' });
		const res = await fetch(t.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"Type": "Message",' });
		// n8n 2.40's body parser refuses it with 422 (UnprocessableRequestError) before any node runs;
		// the harness this test used before answered 400, which n8n does not.
		expect(res.status).toBe(422);
		expect(t.executions).toHaveLength(0);
	});
});

describe('Messaging Trigger: compliance keywords', () => {
	it('HELP is answered by the trigger with the help text, without an execution', async () => {
		const t = await serve({ ...all, replyMode: 'responseNode' }, { then: [reply('never used')] });
		const delivery = await gatewayOf(env.sandbox).injectMo({ From: '15145550123', To: '55555', Body: ' help ' }).done;
		expect(delivery.replyBody).toBe(DEFAULT_COMPLIANCE_TEXTS.helpText);
		expect(t.executions).toHaveLength(0);
		const [out] = env.sandbox.exchanges.find({ service: 'gateway-mo', direction: 'out' });
		expect(out.answer).toEqual({ Status: 'OK', Body: DEFAULT_COMPLIANCE_TEXTS.helpText });
	});

	it('AIDE and INFO use the configured French and bilingual texts', async () => {
		await serve({ ...all, replyMode: 'onReceived', options: { aideText: 'Aide: 514-555-0100', infoText: 'Pizza Co. / Pizza Cie' } });
		const gateway = gatewayOf(env.sandbox);
		expect((await gateway.injectMo({ From: '15145550123', To: '55555', Body: 'Aide' }).done).replyBody).toBe('Aide: 514-555-0100');
		expect((await gateway.injectMo({ From: '15145550123', To: '55555', Body: 'INFO' }).done).replyBody).toBe('Pizza Co. / Pizza Cie');
	});

	it('STOP is answered with the trigger\'s text once the run that records the opt-out has ended (whatever the workflow wrote)', async () => {
		const t = await serve({ ...all, replyMode: 'responseNode' }, { then: [reply('ignored: already answered')] });
		const delivery = await gatewayOf(env.sandbox).injectMo({ From: '15145550123', To: '55555', Body: 'ArrÊt' }).done;
		expect(delivery.replyBody).toBe(DEFAULT_COMPLIANCE_TEXTS.arretText);
		expect(t.executions).toHaveLength(1);
		expect(t.executions[0][0].json).toMatchObject({ keyword: 'ARRET', optOut: true, answered: true, compliance: { keyword: 'ARRET', kind: 'stop', language: 'fr' } });
		expect(t.runs[0].data.resultData.error).toBeUndefined();
	});

	it('a STOP whose run fails is not acknowledged: the gateway sends it again and the run is tried again (reply modes where the workflow answers)', async () => {
		// A run lost with its queue-mode worker is the same case: n8n writes nothing, the gateway retries.
		const t = await serve({ ...all, replyMode: 'responseNode' }, { then: [reply('={{ "x".repeat(137) }}')] });
		gatewayOf(env.sandbox).configure({ retries: 1 });
		const delivery = await gatewayOf(env.sandbox).injectMo({ From: '15145550123', To: '55555', Body: 'STOP', ID: 'stop-fails' }).done;
		expect(delivery.attempts.map((a) => [a.status, a.answer])).toEqual(Array(2).fill([500, { message: 'Error in workflow' }]));
		expect(delivery.state).toBe('failed');
		expect(t.executions).toHaveLength(2);
	});

	it('a STOP in reply mode When Last Node Finishes gets the trigger\'s text, not the last node\'s data', async () => {
		const t = await serve({ ...all, replyMode: 'lastNode' }, { then: [reply('={{ "not this" }}')] });
		const delivery = await gatewayOf(env.sandbox).injectMo({ From: '15145550123', To: '55555', Body: 'stop', ID: 'stop-last' }).done;
		expect(delivery.replyBody).toBe(DEFAULT_COMPLIANCE_TEXTS.stopText);
		expect(t.executions).toHaveLength(1);
	});

	it('a redelivered STOP gets the same answer without recording the opt-out twice', async () => {
		const t = await serve({ ...all, replyMode: 'onReceived' });
		const gateway = gatewayOf(env.sandbox);
		await gateway.injectMo({ From: '15145550123', To: '55555', Body: 'STOP', ID: 'stop-1' }).done;
		const again = await gateway.injectMo({ From: '15145550123', To: '55555', Body: 'STOP', ID: 'stop-1' }).done;
		expect(again.replyBody).toBe(DEFAULT_COMPLIANCE_TEXTS.stopText);
		expect(t.executions).toHaveLength(1);
	});

	it('INFO also runs the workflow when asked', async () => {
		const t = await serve({ ...all, replyMode: 'onReceived', options: { runOnInfoHelp: true } });
		await gatewayOf(env.sandbox).injectMo({ From: '15145550123', To: '55555', Body: 'info' }).done;
		expect(t.executions).toHaveLength(1);
	});

	it('with compliance off, HELP goes to the workflow like any text', async () => {
		const t = await serve({ ...all, replyMode: 'responseNode', compliance: false }, { then: [reply('={{ "You asked for " + $json.keyword }}')] });
		const delivery = await gatewayOf(env.sandbox).injectMo({ From: '15145550123', To: '55555', Body: 'help' }).done;
		expect(delivery.replyBody).toBe('You asked for HELP');
		expect(t.executions).toHaveLength(1);
	});

	it('a saved (version 1) compliance text over 136 characters is answered with the built-in text, not an HTTP 500 the gateway retries (review D4)', async () => {
		const t = await serve({ ...all, replyMode: 'onReceived', options: { helpText: 'h'.repeat(137) } });
		gatewayOf(env.sandbox).configure({ retries: 1 });
		const delivery = await gatewayOf(env.sandbox).injectMo({ From: '15145550123', To: '55555', Body: 'HELP' }).done;
		expect(delivery.attempts.map((a) => [a.status, a.answer])).toEqual([[200, { Status: 'OK', Body: DEFAULT_COMPLIANCE_TEXTS.helpText }]]);
		expect(t.executions).toHaveLength(0);
	});
});

describe('Messaging Trigger: replies computed by the workflow', () => {
	it('Reply to Message answers the waiting callback; the phone gets the Body', async () => {
		const t = await serve({ ...all, replyMode: 'responseNode' }, { then: [reply('={{ "Your " + $json.keyword.toLowerCase() + " is on its way" }}')] });
		const delivery = await gatewayOf(env.sandbox).injectMo({ From: '15145550123', To: '55555', Body: 'Pizza margherita', ID: 'r-1' }).done;
		expect(delivery.state).toBe('delivered');
		expect(delivery.replyBody).toBe('Your pizza is on its way');
		expect(t.runs[0].data.resultData.runData.Reply[0].data?.main[0]?.[0].json).toEqual({ Status: 'OK', Body: 'Your pizza is on its way' });
		// A redelivery (answer lost) gets the same reply without a second execution.
		const again = await gatewayOf(env.sandbox).injectMo({ From: '15145550123', To: '55555', Body: 'Pizza margherita', ID: 'r-1' }).done;
		expect(again.replyBody).toBe('Your pizza is on its way');
		expect(t.executions).toHaveLength(1);
	});

	it('a reply over 136 characters fails the workflow: the gateway gets an HTTP error and retries', async () => {
		const t = await serve({ ...all, replyMode: 'responseNode' }, { then: [reply('={{ "x".repeat(137) }}')] });
		gatewayOf(env.sandbox).configure({ retries: 1 });
		const delivery = await gatewayOf(env.sandbox).injectMo({ From: '15145550123', To: '55555', Body: 'long please' }).done;
		expect(delivery.state).toBe('failed');
		expect(delivery.attempts.map((a) => a.status)).toEqual([500, 500]);
		expect(t.executions).toHaveLength(2);
		const error = t.runs[0].data.resultData.runData.Reply[0].error;
		expect(error?.message).toBe('Reply must be 1 to 136 characters (it has 137)');
	});

	it('When Last Node Finishes: Reply to Message as last node gives the answer', async () => {
		const t = await serve({ ...all, replyMode: 'lastNode' }, { then: [reply('Thanks!')] });
		const delivery = await gatewayOf(env.sandbox).injectMo({ From: '15145550123', To: '55555', Body: 'thanks' }).done;
		expect(delivery.replyBody).toBe('Thanks!');
		expect(t.executions).toHaveLength(1);
	});
});

describe('Messaging Trigger: MMS and reports', () => {
	it('parses the MMS link and downloads the file into binary data', async () => {
		const t = await serve({ ...all, replyMode: 'onReceived', options: { downloadMedia: true } });
		const jpeg = Buffer.from('ffd8ffe000104a464946', 'hex');
		const delivery = await gatewayOf(env.sandbox).injectMo({ From: '15145550123', To: '55555', mms: { filename: 'cat.jpg', contentType: 'image/jpeg', content: jpeg } }).done;
		expect(delivery.state).toBe('delivered');
		const [item] = t.executions[0];
		expect(item.json).toMatchObject({
			type: 'mms',
			keyword: '',
			mms: { filename: 'cat.jpg', contentType: 'image/jpeg', mms: expect.any(String), hash: expect.any(String), url: expect.stringContaining(`${env.sandbox.url}/mms/download?`) },
		});
		expect(item.binary?.data).toMatchObject({ fileName: 'cat.jpg', mimeType: 'image/jpeg' });
		expect((await readBinary(item.binary!.data)).equals(jpeg)).toBe(true);
		expect(env.sandbox.exchanges.find({ service: 'gateway', path: '/mms/download' })[0].status).toBe(200);
	});

	it('MMS in reply mode: Reply to Message answers Status only', async () => {
		await serve({ ...all, replyMode: 'responseNode' }, { then: [reply('not for MMS')] });
		const delivery = await gatewayOf(env.sandbox).injectMo({ From: '15145550123', To: '55555', mms: { filename: 'a.png', contentType: 'image/png', content: Buffer.from('png') } }).done;
		expect(delivery.attempts[0].answer).toEqual({ Status: 'OK' });
	});

	it('a delivery report after an MT with Receipt yes carries the status name', async () => {
		const t = await serve({ ...all, replyMode: 'onReceived' });
		const gateway = gatewayOf(env.sandbox);
		const sent = await fetch(`${env.sandbox.url}/sms/`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ From: '55555', To: '15145550123', Body: 'Hi', Receipt: 'yes', Key: 'sandbox-gateway-key' }),
		}).then((r) => r.json() as Promise<{ ID: string }>);
		await new Promise((r) => setTimeout(r, 50));
		const [report] = gateway.callbacks.byId(sent.ID).filter((d) => d.kind === 'report');
		await report.done;
		expect(t.executions[0][0].json).toMatchObject({ type: 'report', id: sent.ID, from: '55555', to: '15145550123', status: 0, statusName: 'DELIVERED', reason: '' });
	});

	it('reports: each status once; a repeated report is acknowledged without an execution', async () => {
		const t = await serve({ ...all, replyMode: 'onReceived' });
		const gateway = gatewayOf(env.sandbox);
		await gateway.sendReport('900', '55555', '15145550123', '3').done;
		await gateway.sendReport('900', '55555', '15145550123', '5', 'Handset unreachable').done;
		await gateway.sendReport('900', '55555', '15145550123', '5', 'Handset unreachable').done;
		expect(t.executions.map((e) => [e[0].json.statusName, e[0].json.reason])).toEqual([
			['IN-TRANSIT', ''],
			['UNDELIVERABLE/FAILED', 'Handset unreachable'],
		]);
	});

	it('events not selected are acknowledged with Status OK and start nothing', async () => {
		const t = await serve({ events: ['report'], replyMode: 'onReceived' });
		const delivery = await gatewayOf(env.sandbox).injectMo({ From: '15145550123', To: '55555', Body: 'hello' }).done;
		expect(delivery.attempts[0].answer).toEqual({ Status: 'OK' });
		expect(t.executions).toHaveLength(0);
	});
});
