/**
 * The Messaging Trigger's send-and-wait routing, in n8n-core's webhook context (the trigger server)
 * against the sandbox's gateway, with a stand-in for n8n's waiting webhooks on the trigger's own
 * origin: registrations taken or refused, replies forwarded signed and answered by what the waiting
 * side says. The waiting node itself, and n8n's resume, are tested in real n8n (test/e2e).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_INBOUND_KEY } from '../../../sandbox/gateway/config';
import { deriveKey, sign, verify, WAIT_HEADER } from '../../../nodes/shared/messaging/sendAndWait/signing';
import { WAITS_KEY } from '../../../nodes/SolSwitchMessagingTrigger/sendAndWait/waitStore';
import { NOT_SIGNED } from '../../../nodes/SolSwitchMessagingTrigger/sendAndWait/router';
import { useSandbox } from '../../helpers/sandbox';
import { startTriggerServer, type TriggerServer } from '../../helpers/triggerServer';
import { gatewayOf, messagingCredentials } from './env';

jest.setTimeout(30_000);

const env = useSandbox();
const SIG = 'b'.repeat(64);
const CODE = '55555';

/** n8n's waiting webhooks, as far as the trigger sees them: an answer per execution, every forward kept. */
const waiting = {
	server: undefined as Server | undefined,
	origin: '',
	forwards: [] as Array<{ execution: string; payload: Record<string, unknown> | undefined; reason?: string }>,
	answer: (_execution: string, _payload: Record<string, unknown>): { status: number; body: unknown; type?: string } => ({ status: 200, body: { accepted: true } }),
};

let trigger: TriggerServer | undefined;

beforeAll(async () => {
	waiting.server = createServer((req, res) => {
		let text = '';
		req.on('data', (c) => (text += c));
		req.on('end', () => {
			const execution = /^\/webhook-waiting\/([^/]+)\//.exec(req.url ?? '')?.[1] ?? '';
			const checked = verify(deriveKey(DEFAULT_INBOUND_KEY, 'forward'), JSON.parse(text || '{}'), Date.now());
			waiting.forwards.push({ execution, payload: checked.ok ? checked.payload : undefined, reason: checked.ok ? undefined : checked.reason });
			const { status, body, type } = waiting.answer(execution, checked.ok ? checked.payload : {});
			res.writeHead(status, { 'content-type': type ?? 'application/json' });
			res.end(typeof body === 'string' ? body : JSON.stringify(body));
		});
	});
	await new Promise<void>((r) => waiting.server!.listen(0, '127.0.0.1', r));
	waiting.origin = `http://127.0.0.1:${(waiting.server!.address() as AddressInfo).port}`;
});

afterAll(async () => {
	await new Promise((r) => waiting.server?.close(r));
});

beforeEach(async () => {
	waiting.forwards = [];
	waiting.answer = () => ({ status: 200, body: { accepted: true } });
	trigger = await startTriggerServer({
		type: 'solSwitchMessagingTrigger',
		parameters: { events: ['sms', 'mms', 'report'], replyMode: 'onReceived', compliance: true, options: {} },
		credentials: { solSwitchMessagingApi: messagingCredentials(env.sandbox).solSwitchMessagingApi },
		webhookBaseUrl: `${waiting.origin}/webhook`,
	});
	gatewayOf(env.sandbox).configure({ providerUrl: trigger.url, inboundKey: DEFAULT_INBOUND_KEY, inboundKeyType: 'body' });
});

afterEach(async () => {
	await trigger?.close();
	trigger = undefined;
});

/** The head of n8n's page for a send-and-wait execution that finished (templates/send-and-wait-no-action-required.handlebars). */
const NO_ACTION_PAGE = "<html lang='en'>\n\t<head>\n\t\t<title>No action required</title>\n\t</head>\n\t<body><h1>No action required</h1></body>\n</html>";

let waitSeq = 0;
function registration(phone: string, over: Record<string, unknown> = {}, key = deriveKey(DEFAULT_INBOUND_KEY, 'register')!) {
	const n = ++waitSeq;
	return sign(key, { kind: 'register', id: `wait-${n}-0000000`, nonce: `nonce-${n}-000000`, resumeUrl: `${waiting.origin}/webhook-waiting/${n}/node-1?signature=${SIG}`, phone, code: CODE, word: 'YES', expiresAt: Date.now() + 600_000, ...over }, Date.now());
}

async function register(body: unknown) {
	const res = await fetch(trigger!.url, { method: 'POST', headers: { 'content-type': 'application/json', [WAIT_HEADER]: 'register' }, body: JSON.stringify(body) });
	return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

const mo = (From: string, Body: string, ID?: string, To = CODE) => gatewayOf(env.sandbox).injectMo({ From, To, Body, ID }).done;
/** A long code (answerBy.ts): the sandbox drops a callback Body there, so the trigger's prompts go as an SMS. */
const LONG_CODE = '15145550100';
/** The waits the trigger's saved static data holds for a phone (the process's registry is shared by the file's trigger servers: one workflow id). */
const waits = (phone: string) =>
	(((trigger!.staticData.global as Record<string, unknown> | undefined)?.[WAITS_KEY] as { waits?: Array<{ id: string; phone: string }> } | undefined)?.waits ?? [])
		.filter((w) => w.phone === phone)
		.map((w) => w.id);

describe('Messaging Trigger: send-and-wait registrations', () => {
	it('takes a signed registration, stores it, answers its pin; the same one again is one wait', async () => {
		const body = registration('15145550101');
		const first = await register(body);
		expect(first).toEqual({ status: 200, json: { accepted: true, pin: expect.stringMatching(/^\d{4}$/), others: 0, saved: false } });
		// Sent again (the sending node's confirmation): the saved state has it now, and says so.
		expect(await register(body)).toEqual({ ...first, json: { ...first.json, saved: true } });
		expect(waits('15145550101')).toHaveLength(1);
		expect(trigger!.executions).toEqual([]);
	});

	it('tells how many other waits the phone has', async () => {
		await register(registration('15145550102'));
		expect((await register(registration('15145550102'))).json).toMatchObject({ accepted: true, others: 1 });
	});

	it('refuses a forged registration (401), another origin (400), and without an inbound key (401), storing nothing', async () => {
		// One reason for every signature refusal: nothing said about the credential (D9).
		expect(await register(registration('15145550103', {}, deriveKey('guessed-key', 'register')!))).toEqual({ status: 401, json: { accepted: false, reason: NOT_SIGNED } });
		const relay = await register(registration('15145550103', { resumeUrl: `http://198.51.100.7/webhook-waiting/1/n?signature=${SIG}` }));
		expect(relay.status).toBe(400);
		expect(relay.json.reason).toMatch(/is not on this n8n/);
		expect(await register({ hello: 'world' })).toEqual({ status: 401, json: { accepted: false, reason: NOT_SIGNED } });
		expect(waits('15145550103')).toEqual([]);
		await trigger!.close();
		trigger = await startTriggerServer({
			type: 'solSwitchMessagingTrigger',
			parameters: { events: ['sms'], replyMode: 'onReceived', options: {} },
			credentials: { solSwitchMessagingApi: messagingCredentials(env.sandbox, { inboundApiKey: '' }).solSwitchMessagingApi },
			webhookBaseUrl: `${waiting.origin}/webhook`,
		});
		expect(await register(registration('15145550103'))).toEqual({ status: 401, json: { accepted: false, reason: NOT_SIGNED } });
	});
});

describe('Messaging Trigger: replies to waits', () => {
	it('forwards a reply, signed, and answers OK without starting the workflow; the wait is then gone', async () => {
		await register(registration('15145550111'));
		const delivery = await mo('15145550111', 'yes');
		expect(delivery.attempts.map((a) => [a.status, a.answer])).toEqual([[200, { Status: 'OK' }]]);
		expect(waiting.forwards).toHaveLength(1);
		expect(waiting.forwards[0].payload).toMatchObject({ kind: 'reply', from: '15145550111', to: CODE, text: 'yes', messageId: delivery.id, pin: expect.stringMatching(/^\d{4}$/) });
		expect(trigger!.executions).toEqual([]);
		expect(waits('15145550111')).toEqual([]);
		// The wait is over: the next message takes the ordinary path.
		await mo('15145550111', 'yes');
		expect(trigger!.executions).toHaveLength(1);
	});

	it('passes the waiting side\'s text back to the phone and keeps the wait when it refuses', async () => {
		await register(registration('15145550112'));
		waiting.answer = () => ({ status: 200, body: { accepted: false, reason: 'not understood', replyText: 'Reply YES or NO' } });
		const delivery = await mo('15145550112', 'maybe');
		expect(delivery.replyBody).toBe('Reply YES or NO');
		expect(waits('15145550112')).toHaveLength(1);
		expect(trigger!.executions).toEqual([]);
	});

	it('on a long code, the waiting side\'s text reaches the phone as one SMS from the code, once across a redelivery', async () => {
		await register(registration('15145550122', { code: LONG_CODE }));
		waiting.answer = () => ({ status: 200, body: { accepted: false, reason: 'not understood', replyText: 'Reply YES or NO' } });
		const delivery = await mo('15145550122', 'maybe later', 'maybe-long', LONG_CODE);
		expect(delivery.attempts.map((a) => [a.status, a.answer])).toEqual([[200, { Status: 'OK' }]]);
		expect([delivery.replyBody, delivery.smsReplies]).toEqual([undefined, ['Reply YES or NO']]);
		const again = await mo('15145550122', 'maybe later', 'maybe-long', LONG_CODE);
		expect(again.smsReplies).toEqual([]);
		expect(waiting.forwards).toHaveLength(1);
		expect(gatewayOf(env.sandbox).inbox('15145550122')).toEqual([{ From: LONG_CODE, text: 'Reply YES or NO', via: 'sms' }]);
		expect(waits('15145550122')).toHaveLength(1);
		expect(trigger!.executions).toEqual([]);
	});

	it('on a long code, two waits: the phone is asked which one by an SMS', async () => {
		await register(registration('15145550124', { code: LONG_CODE }));
		await register(registration('15145550124', { code: LONG_CODE }));
		const bare = await mo('15145550124', 'yes', undefined, LONG_CODE);
		expect(bare.replyBody).toBeUndefined();
		expect(bare.smsReplies).toEqual([expect.stringMatching(/^2 requests wait for your reply\. Add the number of the one you answer: YES \d{4}, YES \d{4}$/)]);
		expect(waiting.forwards).toHaveLength(0);
	});

	it('answers 503 RETRY while the execution is not waiting yet (409 running), then the retry goes through', async () => {
		await register(registration('15145550113'));
		let calls = 0;
		waiting.answer = (execution) => (++calls === 1 ? { status: 409, body: { code: 409, message: `The execution "${execution}" is running already.` } } : { status: 200, body: { accepted: true } });
		const delivery = await mo('15145550113', 'YES');
		expect(delivery.attempts.map((a) => a.status)).toEqual([503, 200]);
		expect(waiting.forwards).toHaveLength(2);
		expect(trigger!.executions).toEqual([]);
	});

	it("takes n8n's \"No action required\" page while it still holds the wait (an earlier delivery of this reply resumed it through a processor killed before it answered): OK, nothing runs, the wait dropped; the next message takes the ordinary path", async () => {
		await register(registration('15145550114'));
		waiting.answer = () => ({ status: 200, body: NO_ACTION_PAGE, type: 'text/html' });
		const delivery = await mo('15145550114', 'YES');
		expect(delivery.attempts.map((a) => [a.status, a.answer])).toEqual([[200, { Status: 'OK' }]]);
		expect(waits('15145550114')).toEqual([]);
		expect(trigger!.executions).toEqual([]);
		// Redelivered again: answered from the trigger's memory, not forwarded, nothing run.
		await mo('15145550114', 'YES', delivery.id);
		expect(waiting.forwards).toHaveLength(1);
		expect(trigger!.executions).toEqual([]);
		await mo('15145550114', 'thanks');
		expect(trigger!.executions).toHaveLength(1);
	});

	it('the failover path: 409 running (the earlier delivery\'s resume still runs), 503, then the finished page: one OK, nothing runs', async () => {
		await register(registration('15145550120'));
		let calls = 0;
		waiting.answer = (execution) => (++calls === 1 ? { status: 409, body: { code: 409, message: `The execution "${execution}" is running already.` } } : { status: 200, body: NO_ACTION_PAGE, type: 'text/html' });
		const delivery = await mo('15145550120', 'YES');
		expect(delivery.attempts.map((a) => a.status)).toEqual([503, 200]);
		expect(trigger!.executions).toEqual([]);
		expect(waits('15145550120')).toEqual([]);
	});

	it('a cancelled execution (409 finished with error) frees its wait and the reply runs the workflow, as after the wait ended', async () => {
		await register(registration('15145550125'));
		waiting.answer = (execution) => ({ status: 409, body: { code: 409, message: `The execution "${execution}" has finished with error.` } });
		const delivery = await mo('15145550125', 'YES');
		expect(delivery.attempts.map((a) => a.status)).toEqual([200]);
		expect(waits('15145550125')).toEqual([]);
		expect(trigger!.executions).toHaveLength(1);
	});

	it('a reply after the wait\'s Limit Wait Time is not forwarded: the workflow runs, whatever n8n would say', async () => {
		await register(registration('15145550126', { expiresAt: Date.now() + 1500 }));
		waiting.answer = () => ({ status: 200, body: NO_ACTION_PAGE, type: 'text/html' });
		await new Promise((resolve) => setTimeout(resolve, 1600));
		await mo('15145550126', 'YES');
		expect(waiting.forwards).toEqual([]);
		expect(trigger!.executions).toHaveLength(1);
	});

	it('a reply within 20 s of the wait\'s Limit Wait Time whose execution no longer waits (the timeout may have resumed it) runs the workflow', async () => {
		await register(registration('15145550127', { expiresAt: Date.now() + 10_000 }));
		waiting.answer = () => ({ status: 200, body: NO_ACTION_PAGE, type: 'text/html' });
		await mo('15145550127', 'YES');
		expect(waiting.forwards).toHaveLength(1);
		expect(waits('15145550127')).toEqual([]);
		expect(trigger!.executions).toHaveLength(1);
	});

	it('answers 503 RETRY when n8n answers the forward 500, keeping the wait; the retry goes through (D5)', async () => {
		await register(registration('15145550115'));
		let calls = 0;
		waiting.answer = () => (++calls === 1 ? { status: 500, body: { message: 'There was a problem executing the workflow' } } : { status: 200, body: { accepted: true } });
		const delivery = await mo('15145550115', 'YES');
		expect(delivery.attempts.map((a) => [a.status, a.answer])).toEqual([
			[503, { Status: 'RETRY', Reason: expect.any(String) }],
			[200, { Status: 'OK' }],
		]);
		expect(waiting.forwards).toHaveLength(2);
		expect(trigger!.executions).toEqual([]);
	});

	it('answers 503 RETRY when the waiting node refuses the signature (the ends hold different keys), never OK (D3)', async () => {
		await register(registration('15145550118'));
		let calls = 0;
		waiting.answer = () => (++calls === 1 ? { status: 200, body: { accepted: false, reason: 'bad signature' } } : { status: 200, body: { accepted: true } });
		const delivery = await mo('15145550118', 'YES');
		expect(delivery.attempts.map((a) => a.status)).toEqual([503, 200]);
		expect(waits('15145550118')).toEqual([]);
		expect(trigger!.executions).toEqual([]);
	});

	it('answers a redelivered reply from its memory: forwarded once', async () => {
		await register(registration('15145550116'));
		const first = await mo('15145550116', 'YES');
		await mo('15145550116', 'YES', first.id);
		expect(waiting.forwards).toHaveLength(1);
		expect(trigger!.executions).toEqual([]);
	});

	it('never takes STOP as an answer: answered as always, the workflow runs, the wait stays', async () => {
		await register(registration('15145550117'));
		const delivery = await mo('15145550117', 'Stop');
		expect(delivery.replyBody).toMatch(/unsubscribed|STOP/i);
		expect(waiting.forwards).toEqual([]);
		expect(waits('15145550117')).toHaveLength(1);
		expect(trigger!.executions).toHaveLength(1);
	});

	it('does not route a reply from another number', async () => {
		await register(registration('15145550118'));
		await mo('15145550999', 'YES');
		expect(waiting.forwards).toEqual([]);
		expect(trigger!.executions).toHaveLength(1);
	});

	it('routes a reply from the number however the gateway writes it (10 or 11 digits, as the document allows), and keeps the wait\'s digits', async () => {
		expect((await register(registration(' +1 (514) 555-0121'))).status).toBe(200);
		expect(waits('15145550121')).toHaveLength(1);
		const delivery = await mo('5145550121', 'YES');
		expect(delivery.attempts.map((a) => [a.status, a.answer])).toEqual([[200, { Status: 'OK' }]]);
		expect(waiting.forwards).toHaveLength(1);
		expect(waiting.forwards[0].payload).toMatchObject({ from: '5145550121', to: CODE, text: 'YES' });
		expect(trigger!.executions).toEqual([]);
	});

	it('refuses a registration whose number is no number (400), storing nothing', async () => {
		expect(await register(registration('514-555-CALL'))).toEqual({ status: 400, json: { accepted: false, reason: 'the To number is not a phone number' } });
		expect(waits('514-555-CALL')).toEqual([]);
	});

	it('two waits on one number: a bare reply is asked which one; the pin picks', async () => {
		const first = await register(registration('15145550119'));
		const second = await register(registration('15145550119'));
		const bare = await mo('15145550119', 'YES');
		expect(bare.replyBody).toBe(`2 requests wait for your reply. Add the number of the one you answer: YES ${second.json.pin}, YES ${first.json.pin}`);
		expect(waiting.forwards).toEqual([]);
		await mo('15145550119', `YES ${second.json.pin}`);
		expect(waiting.forwards.map((f) => f.payload?.pin)).toEqual([second.json.pin]);
		await mo('15145550119', 'NO');
		expect(waiting.forwards.map((f) => f.payload?.pin)).toEqual([second.json.pin, first.json.pin]);
		expect(trigger!.executions).toEqual([]);
	});
});
