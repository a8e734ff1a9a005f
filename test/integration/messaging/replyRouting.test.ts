/**
 * The Messaging Trigger's send-and-wait routing, in n8n-core's webhook context (the trigger server)
 * against the sandbox's gateway, with a stand-in for n8n's waiting webhooks on the trigger's own
 * origin: registrations taken or refused, replies forwarded signed and answered by what the waiting
 * side says. The waiting node itself, and n8n's resume, are tested in real n8n (test/e2e).
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';
import { sendAndWaitWebhook } from '../../../nodes/SolSwitchMessaging/sendAndWait/webhook';
import { waitIdOf } from '../../../nodes/SolSwitchMessaging/sendAndWait/spec';
import type { AddressInfo } from 'node:net';
import { DEFAULT_INBOUND_KEY } from '../../../sandbox/gateway/config';
import { deriveKey, sign, verify, WAIT_HEADER } from '../../../nodes/shared/messaging/sendAndWait/signing';
import { WAITS_KEY } from '../../../nodes/SolSwitchMessagingTrigger/sendAndWait/waitStore';
import { FORWARD_TIMEOUT_MS, NOT_SIGNED } from '../../../nodes/SolSwitchMessagingTrigger/sendAndWait/router';
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
	forwards: [] as Array<{ execution: string; query: string; payload: Record<string, unknown> | undefined; reason?: string }>,
	answer: (_execution: string, _payload: Record<string, unknown>): { status: number; body: unknown; type?: string } => ({ status: 200, body: { accepted: true } }),
	/** Instead of `answer`: the whole request (its URL, its body), answered when the promise settles. */
	handle: undefined as undefined | ((url: string, body: unknown) => Promise<{ status: number; body: unknown }>),
};

let trigger: TriggerServer | undefined;

beforeAll(async () => {
	waiting.server = createServer((req, res) => {
		let text = '';
		req.on('data', (c) => (text += c));
		req.on('end', () => {
			const execution = /^\/webhook-waiting\/([^/]+)\//.exec(req.url ?? '')?.[1] ?? '';
			const query = (req.url ?? '').split('?')[1] ?? '';
			const checked = verify(deriveKey(DEFAULT_INBOUND_KEY, 'forward'), JSON.parse(text || '{}'), Date.now());
			waiting.forwards.push({ execution, query, payload: checked.ok ? checked.payload : undefined, reason: checked.ok ? undefined : checked.reason });
			if (waiting.handle) {
				void waiting.handle(`${waiting.origin}${req.url}`, JSON.parse(text || '{}')).then(({ status, body }) => {
					res.writeHead(status, { 'content-type': 'application/json' });
					res.end(JSON.stringify(body));
				});
				return;
			}
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
	waiting.handle = undefined;
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

	it("R10: a new message meeting n8n's \"No action required\" page (the wait's execution finished, its entry still held) takes the ordinary path: the workflow runs, the wait dropped", async () => {
		await register(registration('15145550114'));
		waiting.answer = () => ({ status: 200, body: NO_ACTION_PAGE, type: 'text/html' });
		const delivery = await mo('15145550114', 'thanks, also call me');
		expect(delivery.attempts.map((a) => a.status)).toEqual([200]);
		expect(waits('15145550114')).toEqual([]);
		expect(trigger!.executions).toHaveLength(1);
		// Redelivered: answered from the trigger's memory, not forwarded again, nothing run again.
		await mo('15145550114', 'thanks, also call me', delivery.id);
		expect(waiting.forwards).toHaveLength(1);
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

describe('D6: one YES approves one iteration of a waiting node in a loop', () => {
	/**
	 * n8n's waiting webhook for execution 77, whose node "Ask" (id node-1) waits in a loop: the real
	 * waiting node (webhook.ts) runs for each request, its run index the loop's iteration now. Each
	 * forward it takes is one approval, after which the execution loops and the node waits again (its
	 * iteration + 1). n8n's answer to the first is held past the trigger's FORWARD_TIMEOUT_MS: n8n took it,
	 * the trigger does not know.
	 */
	const EXECUTION = '77';
	const WAIT_ID = waitIdOf(EXECUTION, 'node-1', (t) => createHash('sha256').update(t).digest('hex'));
	const PHONE = '15145550140';

	function loopingExecution() {
		const state = { iteration: 0, approvals: [] as Array<{ iteration: number; data: unknown }>, held: 0 };
		waiting.handle = async (url, body) => {
			const answer = await sendAndWaitWebhook.call({
				getQueryData: () => Object.fromEntries(new URL(url).searchParams),
				getNode: () => ({ id: 'node-1', name: 'Ask', type: 'n8n-nodes-solswitch.solSwitchMessaging', typeVersion: 1, position: [0, 0], parameters: {} }),
				getExecutionId: () => EXECUTION,
				getBodyData: () => body as IDataObject,
				getNodeParameter: (name: string, fallback?: unknown) => ({ From: CODE, To: PHONE } as IDataObject)[name] ?? fallback,
				// What n8n gives the waiting webhook: the waiting run taken out of the run data, so the index
				// of the run before it (-1 in the first iteration): iteration.ts.
				evaluateExpression: (expression: string) => (expression === '{{ $node["Ask"].runIndex }}' ? state.iteration - 1 : undefined),
				getCredentials: async () => ({ inboundApiKey: DEFAULT_INBOUND_KEY }),
			} as unknown as IWebhookFunctions);
			if (answer.workflowData) {
				state.approvals.push({ iteration: state.iteration, data: answer.workflowData[0][0].json.data });
				state.iteration++;
				if (state.approvals.length === 1) {
					state.held++;
					await new Promise((resolve) => setTimeout(resolve, FORWARD_TIMEOUT_MS + 1000));
				}
			}
			return { status: 200, body: answer.webhookResponse };
		};
		return state;
	}

	const registrationOfIteration = (iteration: number) =>
		sign(deriveKey(DEFAULT_INBOUND_KEY, 'register')!, { kind: 'register', id: WAIT_ID, nonce: `nonce-iteration-${iteration}`, resumeUrl: `${waiting.origin}/webhook-waiting/${EXECUTION}/node-1?iteration=${iteration}&nonce=nonce-iteration-${iteration}&signature=${SIG}`, phone: PHONE, code: CODE, word: 'YES', expiresAt: Date.now() + 600_000 }, Date.now());

	it('YES forwarded to iteration 1, n8n answers after the trigger gave up (503), iteration 2 registers under the same wait ID; the redelivery goes to iteration 1 only, is answered OK, and iteration 2 is NOT approved', async () => {
		const execution = loopingExecution();
		expect((await register(registrationOfIteration(0))).status).toBe(200);
		gatewayOf(env.sandbox).configure({ retries: 0 });
		try {
			// 1. The YES: forwarded, taken by iteration 1 (n8n resumes it), answered too late: 503.
			const first = await mo(PHONE, 'YES');
			expect(first.attempts.map((a) => a.status)).toEqual([503]);
			expect(execution.approvals.map((a) => a.iteration)).toEqual([0]);
			// 2. The loop comes round: the node waits again and registers, same wait ID, iteration 2.
			expect((await register(registrationOfIteration(1))).status).toBe(200);
			expect(waits(PHONE)).toEqual([WAIT_ID]);
			// 3. The gateway redelivers the YES (same message ID): to iteration 1's URL, the wait it went to.
			const again = await mo(PHONE, 'YES', first.id);
			expect(again.attempts.map((a) => [a.status, a.answer])).toEqual([[200, { Status: 'OK' }]]);
			expect(waiting.forwards.map((f) => new URL(`${waiting.origin}/x?${f.query}`).searchParams.get('iteration'))).toEqual(['0', '0']);
			// Iteration 2 is not approved; nothing ran the trigger's workflow; iteration 2 still waits.
			expect(execution.approvals.map((a) => a.iteration)).toEqual([0]);
			expect(trigger!.executions).toEqual([]);
			expect(waits(PHONE)).toEqual([WAIT_ID]);
			// 4. A new YES from the phone is for iteration 2, and approves it.
			const next = await mo(PHONE, 'YES');
			expect(next.attempts.map((a) => [a.status, a.answer])).toEqual([[200, { Status: 'OK' }]]);
			expect(execution.approvals.map((a) => a.iteration)).toEqual([0, 1]);
			expect(execution.approvals[1].data).toMatchObject({ approved: true, messageId: next.id });
		} finally {
			gatewayOf(env.sandbox).configure({ retries: 12 });
		}
	}, 60_000);
});
