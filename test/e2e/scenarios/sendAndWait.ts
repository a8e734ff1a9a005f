// Send and Wait for Response end to end, wherever n8n runs (one process, or queue mode): a workflow
// asks by SMS and waits; the sandbox's phone replies; the gateway POSTs the reply to the Messaging
// Trigger of another, published workflow, which hands it to the waiting execution. Issue 20, item 6,
// in its order; each case says what the gateway heard, what the waiting execution became, and
// whether the inbound workflow ran (it must not for a routed reply, and must for one that is not).
import { randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gatewayOf } from '../../../sandbox/gateway';
import type { Delivery } from '../../../sandbox/gateway/callbacks';
import { DEFAULT_INBOUND_KEY, defaultGatewayConfig } from '../../../sandbox/gateway/config';
import { deriveKey, sign, WAIT_HEADER } from '../../../nodes/shared/messaging/sendAndWait/signing';
import { WAITS_KEY } from '../../../nodes/SolSwitchMessagingTrigger/sendAndWait/waitStore';
import { NOT_SIGNED } from '../../../nodes/SolSwitchMessagingTrigger/sendAndWait/router';
import { EARLIER_ITERATION } from '../../../nodes/shared/messaging/sendAndWait/forwarding';
import { nodeJson, type Execution, type ExecutionSummary, type WorkflowDefinition } from '../../../scripts/n8n-harness';
import type { ScenarioEnv } from './env';
import { createGatewayCredential, publishMessagingWorkflow } from './redelivery';

const CODE = '55555';
/** A long code: the gateway drops a callback Body there, so the trigger's prompts go as an SMS. */
const LONG_CODE = '15145550100';

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 90_000): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await probe();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
}

export interface AskSettings {
	responseType?: 'approval' | 'freeText';
	approvalOptions?: Record<string, unknown>;
	options?: Record<string, unknown>;
	message?: string;
	/** The code that sends (and receives the reply); 55555 unless given. */
	code?: string;
	/**
	 * A loop: after its first answer, Ask runs again once, after an HTTP GET of this URL (the case
	 * holds the execution there, running, as long as it needs): Ask -> Again (If: its first run) ->
	 * Hold (GET) -> Ask; Again's second run -> Done.
	 */
	loopThrough?: string;
}

/**
 * What every case needs: a gateway credential, a published inbound workflow (Messaging Trigger,
 * Immediately) that the gateway calls, and the helpers below. Call it inside a describe block: its
 * beforeAll points the sandbox gateway at this inbound workflow before the block's first case.
 */
export function sendAndWaitFixture(env: ScenarioEnv) {
	let credentialId: string;
	let inbound: { id: string; url: string };
	let phoneSeq = 0;
	const gateway = () => gatewayOf(env.sandbox);

	beforeAll(async () => {
		credentialId = await createGatewayCredential(env);
		inbound = await publishMessagingWorkflow(env, 'onReceived', credentialId);
		// The gateway's retries as configured by default (another file's scenarios may have lowered them).
		gateway().configure({ providerUrl: inbound.url, inboundKey: DEFAULT_INBOUND_KEY, retries: defaultGatewayConfig().retries });
	});

	/** A new phone number per case, so cases never see each other's waits. */
	const newPhone = () => `1514555${String(1000 + ++phoneSeq).padStart(4, '0')}`;

	/** A published workflow: Webhook (path) -> Ask (Send and Wait to `phone`) -> Done. */
	async function askWorkflow(phone: string, settings: AskSettings = {}) {
		const path = `ask-${randomUUID()}`;
		const definition: WorkflowDefinition = {
			name: `Ask ${phone} ${path.slice(4, 12)}`,
			nodes: [
				{ id: randomUUID(), name: 'Start', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], webhookId: randomUUID(), parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} } },
				{
					id: randomUUID(),
					name: 'Ask',
					type: 'n8n-nodes-solswitch.solSwitchMessaging',
					typeVersion: 1,
					position: [220, 0],
					parameters: {
						resource: 'message',
						operation: 'sendAndWait',
						From: settings.code ?? CODE,
						To: phone,
						message: settings.message ?? 'Deploy v2 to production?',
						triggerUrl: inbound.url,
						responseType: settings.responseType ?? 'approval',
						approvalOptions: settings.approvalOptions ?? {},
						options: settings.options ?? {},
					},
					credentials: { solSwitchMessagingApi: { id: credentialId, name: 'Gateway' } },
				},
				{ id: randomUUID(), name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [440, 0], parameters: {} },
			],
			connections: { Start: { main: [[{ node: 'Ask', type: 'main', index: 0 }]] }, Ask: { main: [[{ node: 'Done', type: 'main', index: 0 }]] } },
		};
		if (settings.loopThrough) {
			definition.nodes.push(
				{
					id: randomUUID(),
					name: 'Again',
					type: 'n8n-nodes-base.if',
					typeVersion: 2,
					position: [440, 0],
					parameters: {
						conditions: {
							options: { caseSensitive: true, leftValue: '', typeValidation: 'strict' },
							conditions: [{ id: randomUUID(), leftValue: '={{ $runIndex }}', rightValue: 1, operator: { type: 'number', operation: 'lt' } }],
							combinator: 'and',
						},
						options: {},
					},
				},
				{ id: randomUUID(), name: 'Hold', type: 'n8n-nodes-base.httpRequest', typeVersion: 4.2, position: [660, -120], parameters: { url: settings.loopThrough, options: {} } },
			);
			definition.connections = {
				Start: { main: [[{ node: 'Ask', type: 'main', index: 0 }]] },
				Ask: { main: [[{ node: 'Again', type: 'main', index: 0 }]] },
				Again: { main: [[{ node: 'Hold', type: 'main', index: 0 }], [{ node: 'Done', type: 'main', index: 0 }]] },
				Hold: { main: [[{ node: 'Ask', type: 'main', index: 0 }]] },
			};
		}
		const workflow = await env.api.createWorkflow(definition);
		await env.api.publishWorkflow(workflow.id);
		return { id: workflow.id, path };
	}

	/** Calls the ask workflow's Webhook where production webhooks answer (main, or the webhook processors). */
	const callAsk = async (path: string) =>
		await fetch(`${env.webhookBaseUrl}/webhook/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ticket: 7 }) });

	/** Starts one run of the ask workflow; resolves with its execution once it waits for the reply. */
	async function startWait(ask: { id: string; path: string }): Promise<ExecutionSummary> {
		const before = new Set((await env.api.executionSummaries(ask.id)).map((e) => String(e.id)));
		const started = await callAsk(ask.path);
		expect(started.status).toBe(200);
		return await until('the ask execution to wait', async () => {
			const fresh = (await env.api.executionSummaries(ask.id)).filter((e) => !before.has(String(e.id)));
			const failed = fresh.find((e) => e.status === 'error' || e.status === 'crashed');
			if (failed) throw new Error(`the ask execution failed: ${JSON.stringify((await env.api.getExecution(String(failed.id))).data.resultData?.error)}`);
			return fresh.find((e) => e.status === 'waiting');
		});
	}

	async function finished(executionId: string): Promise<Execution> {
		return await until(`execution ${executionId} to finish`, async () => {
			const execution = await env.api.getExecution(executionId);
			return execution.status === 'success' || execution.status === 'error' ? execution : undefined;
		});
	}

	const statusOf = async (executionId: string) => (await env.api.getExecution(executionId)).status;
	const inboundRuns = async () => (await env.api.executionSummaries(inbound.id)).length;
	const sentTo = (phone: string) => gateway().state.records.filter((r) => r.Direction === 'send' && r.To === phone).map((r) => r.text);
	const answerData = (execution: Execution) => (nodeJson(execution, 'Ask')[0] as { data?: Record<string, unknown> }).data;

	/** The phone answers its last SMS; resolves once the gateway has its answer (or gave up). */
	async function reply(phone: string, text: string): Promise<Delivery> {
		const delivery = gateway().phones.reply(phone, text);
		if (!delivery) throw new Error(`no SMS was sent to ${phone}`);
		return await delivery.done;
	}

	return {
		gateway,
		newPhone,
		askWorkflow,
		callAsk,
		startWait,
		finished,
		statusOf,
		inboundRuns,
		sentTo,
		answerData,
		reply,
		get inbound() {
			return inbound;
		},
	};
}

export type SendAndWaitFixture = ReturnType<typeof sendAndWaitFixture>;

/** A wait as the trigger saves it (registry.ts WaitEntry). */
interface SavedWait {
	id: string;
	nonce: string;
	url: string;
	phone: string;
	pin: string;
}

/**
 * An HTTP endpoint that holds every GET until release(): a workflow's HTTP Request node to it keeps
 * the execution running for as long as the case needs, without a timer.
 */
async function holdServer() {
	const waiting: ServerResponse[] = [];
	let released = false;
	const server = createServer((_req, res) => {
		if (released) res.writeHead(200, { 'content-type': 'application/json' }).end('{"held":false}');
		else waiting.push(res);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hold`,
		held: () => waiting.length > 0,
		release() {
			released = true;
			for (const res of waiting.splice(0)) res.writeHead(200, { 'content-type': 'application/json' }).end('{"held":true}');
		},
		close: async () => {
			for (const res of waiting.splice(0)) res.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

export function describeSendAndWaitScenarios(env: ScenarioEnv, label: string) {
	describe(`Send and Wait for Response, ${label}`, () => {
		const fixture = sendAndWaitFixture(env);
		const { gateway, newPhone, askWorkflow, callAsk, startWait, finished, statusOf, inboundRuns, sentTo, answerData, reply } = fixture;
		it('approve: YES resumes the waiting execution with data.approved true; the inbound workflow does not run', async () => {
			const phone = newPhone();
			const ask = await askWorkflow(phone);
			const wait = await startWait(ask);
			expect(sentTo(phone)).toEqual(['Deploy v2 to production?\nReply YES or NO']);
			const runsBefore = await inboundRuns();
			const delivery = await reply(phone, 'yes');
			expect(delivery.state).toBe('delivered');
			expect(delivery.attempts.at(-1)).toMatchObject({ status: 200, answer: { Status: 'OK' } });
			const done = await finished(String(wait.id));
			expect(done.status).toBe('success');
			expect(answerData(done)).toMatchObject({ approved: true, text: 'yes', from: phone, to: CODE, messageId: delivery.id });
			expect(nodeJson(done, 'Done')).toHaveLength(1);
			expect(await inboundRuns()).toBe(runsBefore);
		});

		it('a To mapped with a trailing space (as spreadsheets give it): the SMS goes to the number, and its YES resumes the wait', async () => {
			const phone = newPhone();
			const wait = await startWait(await askWorkflow(`${phone} `));
			expect(sentTo(phone)).toEqual(['Deploy v2 to production?\nReply YES or NO']);
			await reply(phone, 'YES');
			const done = await finished(String(wait.id));
			expect(done.status).toBe('success');
			expect(answerData(done)).toMatchObject({ approved: true, from: phone, to: CODE });
		});

		it('decline: NON resumes with data.approved false', async () => {
			const phone = newPhone();
			const wait = await startWait(await askWorkflow(phone));
			await reply(phone, 'Non');
			expect(answerData(await finished(String(wait.id)))).toMatchObject({ approved: false, text: 'Non' });
		});

		it('free text: the reply is data.text, with no approved key', async () => {
			const phone = newPhone();
			const wait = await startWait(await askWorkflow(phone, { responseType: 'freeText', message: 'When can you come?' }));
			expect(sentTo(phone)).toEqual(['When can you come?\nReply with your answer']);
			await reply(phone, 'Tomorrow 9 am');
			const data = answerData(await finished(String(wait.id)))!;
			expect(data.text).toBe('Tomorrow 9 am');
			expect('approved' in data).toBe(false);
		});

		it('unrecognised text: the phone gets the instruction again and the execution keeps waiting; then YES resumes it', async () => {
			const phone = newPhone();
			const wait = await startWait(await askWorkflow(phone));
			const runsBefore = await inboundRuns();
			const maybe = await reply(phone, 'maybe later');
			expect(maybe.replyBody).toBe('Reply YES or NO');
			expect(await statusOf(String(wait.id))).toBe('waiting');
			await reply(phone, 'YES');
			expect(answerData(await finished(String(wait.id)))).toMatchObject({ approved: true });
			expect(await inboundRuns()).toBe(runsBefore);
		});

		it('on a long code, unrecognised text: "Reply YES or NO" reaches the phone as one SMS from the code, once across a redelivery; then YES resumes', async () => {
			const phone = newPhone();
			const wait = await startWait(await askWorkflow(phone, { code: LONG_CODE }));
			const maybe = await reply(phone, 'maybe later');
			expect(maybe.attempts.map((a) => [a.status, a.answer])).toEqual([[200, { Status: 'OK' }]]);
			expect([maybe.replyBody, maybe.droppedBody, maybe.smsReplies]).toEqual([undefined, undefined, ['Reply YES or NO']]);
			const again = await gateway().injectMo({ From: phone, To: LONG_CODE, Body: 'maybe later', ID: maybe.id }).done;
			expect(again.smsReplies).toEqual([]);
			expect(gateway().inbox(phone)).toEqual([
				{ From: LONG_CODE, text: 'Deploy v2 to production?\nReply YES or NO', via: 'sms' },
				{ From: LONG_CODE, text: 'Reply YES or NO', via: 'sms' },
			]);
			expect(await statusOf(String(wait.id))).toBe('waiting');
			await reply(phone, 'YES');
			expect(answerData(await finished(String(wait.id)))).toMatchObject({ approved: true, to: LONG_CODE });
		});

		it('a long question with Split Long Text reaches the phone as numbered parts, the instruction ending the last; YES resumes', async () => {
			const phone = newPhone();
			const question =
				'Disk usage on db-01 reached 91% after the nightly import. The cleanup job can delete the archived partitions older than 90 days, about 40 GB, and restart the replica. Run the cleanup now?';
			const wait = await startWait(await askWorkflow(phone, { message: question, options: { splitLongText: 'numbered' } }));
			const parts = sentTo(phone).map(String);
			expect(parts).toHaveLength(2);
			parts.forEach((part, i) => expect(part.startsWith(`${i + 1}/2 `)).toBe(true));
			parts.forEach((part) => expect([...part].length).toBeLessThanOrEqual(136));
			expect(parts[1].endsWith('\nReply YES or NO')).toBe(true);
			expect(parts.map((part) => part.slice(4)).join(' ').replace('\nReply YES or NO', '')).toBe(question);
			const delivery = await reply(phone, 'YES');
			const done = await finished(String(wait.id));
			// One item, the answer, as without the option.
			expect(nodeJson(done, 'Ask')).toHaveLength(1);
			expect(answerData(done)).toMatchObject({ approved: true, text: 'YES', from: phone, messageId: delivery.id });
		});

		it('a forged registration (bad HMAC) is refused with 401 and stores nothing', async () => {
			const forged = sign(deriveKey('not-the-inbound-key', 'register')!, { kind: 'register', id: 'forged-wait-1', nonce: 'forged-nonce-1', resumeUrl: `${env.webhookBaseUrl}/webhook-waiting/1/x?signature=${'a'.repeat(64)}`, phone: '15145550000', code: CODE, word: 'YES', expiresAt: Date.now() + 60_000 }, Date.now());
			const answer = await fetch(fixture.inbound.url, { method: 'POST', headers: { 'content-type': 'application/json', [WAIT_HEADER]: 'register' }, body: JSON.stringify(forged) });
			expect(answer.status).toBe(401);
			expect(await answer.json()).toEqual({ accepted: false, reason: NOT_SIGNED });
			expect(JSON.stringify((await env.api.getWorkflow(fixture.inbound.id)).staticData ?? {})).not.toContain('forged-wait-1');
		});

		it('a forged forward (bad HMAC) to the resume URL keeps the execution waiting', async () => {
			const phone = newPhone();
			const wait = await startWait(await askWorkflow(phone));
			// The trigger keeps it in its workflow's global static data, as n8n saved it.
			const saved = (await env.api.getWorkflow(fixture.inbound.id)) as { staticData?: { global?: Record<string, { waits?: Array<{ phone: string; url: string; id: string }> }> } };
			const entry = saved.staticData?.global?.[WAITS_KEY]?.waits?.find((w) => w.phone === phone);
			expect(entry).toBeDefined();
			const forged = sign(deriveKey('not-the-inbound-key', 'forward')!, { kind: 'reply', waitId: entry!.id, from: phone, to: CODE, text: 'YES', messageId: 'x', receivedAt: new Date().toISOString() }, Date.now());
			const answer = await fetch(entry!.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(forged) });
			expect(await answer.json()).toEqual({ accepted: false, reason: 'bad signature' });
			// The registration's nonce is in the URL n8n signed.
			expect(new URL(entry!.url).searchParams.get('nonce')).toBe((entry as { nonce?: string }).nonce);
			expect(await statusOf(String(wait.id))).toBe('waiting');
			await reply(phone, 'NO');
			expect(answerData(await finished(String(wait.id)))).toMatchObject({ approved: false });
		});

		it('a registration whose resume URL is on another origin is refused (no open relay)', async () => {
			const key = deriveKey(DEFAULT_INBOUND_KEY, 'register')!;
			const registration = sign(key, { kind: 'register', id: 'relay-wait-01', nonce: 'relay-nonce-1', resumeUrl: `http://198.51.100.7:5678/webhook-waiting/1/x?signature=${'a'.repeat(64)}`, phone: '15145550000', code: CODE, word: 'YES', expiresAt: Date.now() + 60_000 }, Date.now());
			const answer = await fetch(fixture.inbound.url, { method: 'POST', headers: { 'content-type': 'application/json', [WAIT_HEADER]: 'register' }, body: JSON.stringify(registration) });
			expect(answer.status).toBe(400);
			expect(((await answer.json()) as { reason: string }).reason).toMatch(/is not on this n8n/);
		});

		it('an MO without the inbound key is refused by the trigger (401) and resumes nothing', async () => {
			const phone = newPhone();
			const wait = await startWait(await askWorkflow(phone));
			gateway().configure({ inboundKey: '' });
			try {
				const last = gateway().phones.lastReceived(phone)!;
				const delivery = gateway().injectMo({ From: phone, To: last.From, Body: 'YES' });
				// The gateway retries a 401; one refused attempt is enough to see.
				await until('a refused attempt', () => (delivery.attempts.length ? delivery.attempts : undefined));
				expect(delivery.attempts[0].status).toBe(401);
			} finally {
				gateway().configure({ inboundKey: DEFAULT_INBOUND_KEY });
			}
			expect(await statusOf(String(wait.id))).toBe('waiting');
			await reply(phone, 'YES');
			expect(answerData(await finished(String(wait.id)))).toMatchObject({ approved: true });
		});

		it('a reply from another number takes the ordinary path: the inbound workflow runs, the wait goes on', async () => {
			const phone = newPhone();
			const other = newPhone();
			const wait = await startWait(await askWorkflow(phone));
			const runsBefore = await inboundRuns();
			const delivery = await gateway().injectMo({ From: other, To: CODE, Body: 'YES' }).done;
			expect(delivery.state).toBe('delivered');
			await until('the inbound run', async () => ((await inboundRuns()) > runsBefore ? true : undefined));
			expect(await statusOf(String(wait.id))).toBe('waiting');
			await reply(phone, 'YES');
			expect(answerData(await finished(String(wait.id)))).toMatchObject({ approved: true });
		});

		it('a reply after the timeout takes the ordinary path; the timed-out run went on with its input', async () => {
			const phone = newPhone();
			const wait = await startWait(await askWorkflow(phone, { options: { limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: 0.05, resumeUnit: 'minutes' } } } }));
			// n8n's wait tracker resumes it (it checks every minute): the node's input goes on, no data.
			const done = await until('the timeout', async () => {
				const execution = await env.api.getExecution(String(wait.id));
				return execution.status === 'success' ? execution : undefined;
			}, 150_000);
			expect(nodeJson(done, 'Ask')[0]).toMatchObject({ body: { ticket: 7 } });
			expect(answerData(done)).toBeUndefined();
			const runsBefore = await inboundRuns();
			await reply(phone, 'YES');
			await until('the inbound run', async () => ((await inboundRuns()) > runsBefore ? true : undefined));
		});

		it('a reply within a second of sending: 503 while the run is not waiting yet, then the retry resumes it', async () => {
			const phone = newPhone();
			gateway().phones.setAutoReply(phone, { Body: 'YES', delayMs: 0 });
			try {
				const ask = await askWorkflow(phone);
				const started = await callAsk(ask.path);
				expect(started.status).toBe(200);
				const delivery = await until('the phone to answer', () => gateway().callbacks.deliveries.find((d) => d.body.From === phone));
				await delivery.done;
				expect(delivery.state).toBe('delivered');
				expect(delivery.attempts.some((a) => a.status === 503)).toBe(true);
				const [execution] = await env.api.executionSummaries(ask.id);
				expect(answerData(await finished(String(execution.id)))).toMatchObject({ approved: true });
			} finally {
				gateway().phones.setAutoReply(phone, undefined);
			}
		});

		it('a redelivered reply resumes once: the copy gets the same answer and starts nothing', async () => {
			const phone = newPhone();
			const ask = await askWorkflow(phone);
			const wait = await startWait(ask);
			const first = await reply(phone, 'YES');
			await finished(String(wait.id));
			const runsBefore = await inboundRuns();
			const copy = await gateway().injectMo({ From: phone, To: CODE, Body: 'YES', ID: first.id }).done;
			expect(copy.attempts.at(-1)).toMatchObject({ status: 200, answer: { Status: 'OK' } });
			await new Promise((resolve) => setTimeout(resolve, 1500));
			expect((await env.api.executionSummaries(ask.id)).map((e) => e.status)).toEqual(['success']);
			expect(await inboundRuns()).toBe(runsBefore);
		});

		it('a reply that resumed its wait through a process that died before noting it: its redelivery takes the ordinary path (the trigger cannot tell it from a new message: R10), and the wait is not resumed twice', async () => {
			const phone = newPhone();
			const ask = await askWorkflow(phone);
			const wait = await startWait(ask);
			// What the killed processor did before it died: the reply forwarded, signed, to the resume URL;
			// neither its answer to the gateway nor the trigger's state went out.
			const saved = (await env.api.getWorkflow(fixture.inbound.id)) as { staticData?: { global?: Record<string, { waits?: Array<{ phone: string; url: string; id: string; nonce: string; pin: string }> }> } };
			const entry = saved.staticData?.global?.[WAITS_KEY]?.waits?.find((w) => w.phone === phone);
			expect(entry).toBeDefined();
			const messageId = `mo-${randomUUID()}`;
			const forward = sign(deriveKey(DEFAULT_INBOUND_KEY, 'forward')!, { kind: 'reply', waitId: entry!.id, nonce: entry!.nonce, from: phone, to: CODE, text: 'YES', messageId, receivedAt: new Date().toISOString(), pin: entry!.pin }, Date.now());
			const resumed = await fetch(entry!.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(forward) });
			expect(await resumed.json()).toMatchObject({ accepted: true });
			expect(answerData(await finished(String(wait.id)))).toMatchObject({ approved: true, messageId });
			// The gateway, without an answer, sends the reply again: no note says it went to that wait, so
			// it is a message like any other (a double the side-effects recipe covers), never a second resume.
			const runsBefore = await inboundRuns();
			const copy = await gateway().injectMo({ From: phone, To: CODE, Body: 'YES', ID: messageId }).done;
			expect(copy.attempts.at(-1)).toMatchObject({ status: 200 });
			await new Promise((resolve) => setTimeout(resolve, 1500));
			expect((await env.api.executionSummaries(ask.id)).map((e) => e.status)).toEqual(['success']);
			expect(await inboundRuns()).toBe(runsBefore + 1);
		});

		it(LOOP_CASE, async () => {
			await loopCase(env, fixture);
		});

		it(`${PARALLEL_WAITS} waits started at once while other messages flow: every reply resumes its wait (lost registrations counted)`, async () => {
			await parallelWaits(env, fixture, label, 'none');
		}, PARALLEL_WAITS_TIMEOUT_MS);

		it('two waits on one number: the second SMS shows its pin; a bare YES is asked which; the pin picks', async () => {
			const phone = newPhone();
			const ask = await askWorkflow(phone);
			const firstWait = await startWait(ask);
			const secondWait = await startWait(ask);
			const [, second] = sentTo(phone);
			const pin = /Reply YES (\d{4}) or NO \1$/.exec(second ?? '')?.[1];
			expect(pin).toBeDefined();
			const bare = await reply(phone, 'YES');
			expect(bare.replyBody).toMatch(/^2 requests wait for your reply\. Add the number of the one you answer: YES \d{4}, YES \d{4}$/);
			expect(await statusOf(String(firstWait.id))).toBe('waiting');
			await reply(phone, `yes ${pin}`);
			expect(answerData(await finished(String(secondWait.id)))).toMatchObject({ approved: true, text: 'yes' });
			expect(await statusOf(String(firstWait.id))).toBe('waiting');
			// One wait left: a reply without a pin goes to it.
			await reply(phone, 'no');
			expect(answerData(await finished(String(firstWait.id)))).toMatchObject({ approved: false });
		});
	});
}

/** The loop case (D6, R7), run here and in the focused suite of every n8n line (everyLine.test.ts). */
export const LOOP_CASE =
	"in a loop: a YES the trigger sends again to the first iteration's URL once the second iteration waits approves nothing (the node answers EARLIER_ITERATION: OK, nothing starts); the second iteration's own YES approves it (D6, R7)";

/**
 * The loop case: Ask waits, is resumed, loops and waits again in the same execution (same wait ID,
 * same URL path); a YES the trigger noted for the first iteration's wait, sent again by the gateway
 * once the second iteration waits, goes to the first iteration's URL, which n8n still accepts: the
 * waiting node refuses it by the iteration n8n signed into the URL. Call inside a describe block that
 * set up `f`.
 */
export async function loopCase(env: ScenarioEnv, f: SendAndWaitFixture) {
	const { gateway, newPhone, askWorkflow, startWait, finished, statusOf, inboundRuns, sentTo, reply } = f;
	/** The trigger's wait for `phone`, as n8n saved the trigger's static data. */
	const waitEntry = async (phone: string) => {
		const saved = (await env.api.getWorkflow(f.inbound.id)) as { staticData?: { global?: Record<string, { waits?: SavedWait[] }> } };
		const entry = saved.staticData?.global?.[WAITS_KEY]?.waits?.find((w) => w.phone === phone);
		if (!entry) throw new Error(`the trigger holds no wait for ${phone}`);
		return entry;
	};
	/** A YES from `phone` as the trigger forwards it to `entry` (router.ts forward). */
	const forwardOf = (entry: SavedWait, phone: string, messageId: string) =>
		sign(deriveKey(DEFAULT_INBOUND_KEY, 'forward')!, { kind: 'reply', waitId: entry.id, from: phone, to: CODE, text: 'YES', messageId, receivedAt: new Date().toISOString(), pin: entry.pin }, Date.now());
	const phone = newPhone();
	const hold = await holdServer();
	// One attempt per delivery: the case sends the gateway's redelivery itself, when it needs it.
	gateway().configure({ retries: 0 });
	try {
		const ask = await askWorkflow(phone, { loopThrough: hold.url });
		const wait = await startWait(ask);
		const id = String(wait.id);
		const first = await waitEntry(phone);
		expect(new URL(first.url).searchParams.get('iteration')).toBe('0');
		// Iteration 1 is resumed by a trigger process that died before noting it (as in "a reply that
		// resumed its wait through a process that died"): the trigger still holds iteration 1's wait.
		// The execution loops and is held, running, before Ask runs again.
		const resumed = await fetch(first.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(forwardOf(first, phone, `mo-${randomUUID()}`)) });
		expect(await resumed.json()).toMatchObject({ accepted: true });
		await until('the loop to reach Hold', () => (hold.held() ? true : undefined));
		// The phone's YES now: the trigger notes it goes to iteration 1's wait, forwards it there, n8n
		// says the execution runs: 503, the gateway is to send it again.
		const early = await gateway().injectMo({ From: phone, To: CODE, Body: 'YES' }).done;
		expect(early.attempts.map((a) => a.status)).toEqual([503]);
		hold.release();
		// Iteration 2 registers under the same wait ID, with its own URL, sends its SMS and waits.
		const second = await until('iteration 2 to register', async () => {
			const entry = await waitEntry(phone).catch(() => undefined);
			return entry && entry.nonce !== first.nonce ? entry : undefined;
		});
		expect(second.id).toBe(first.id);
		expect(new URL(second.url).searchParams.get('iteration')).toBe('1');
		await until('iteration 2 to wait', async () => {
			const execution = await env.api.getExecution(id);
			return execution.status === 'waiting' && execution.data.resultData.runData.Ask?.length === 2 ? true : undefined;
		});
		expect(sentTo(phone)).toHaveLength(2);
		// The gateway sends the early YES again: the trigger sends it where it noted, to iteration 1's
		// URL, still valid for n8n (same path, its own signature); the node, waiting in iteration 2,
		// refuses it as meant for an earlier wait; the trigger takes it as handled (consumed): OK,
		// nothing starts, iteration 2 keeps waiting, and its wait stays the trigger's.
		const runsBefore = await inboundRuns();
		const again = await gateway().injectMo({ From: phone, To: CODE, Body: 'YES', ID: early.id }).done;
		expect(again.attempts.at(-1)).toMatchObject({ status: 200, answer: { Status: 'OK' } });
		expect(await statusOf(id)).toBe('waiting');
		expect(await inboundRuns()).toBe(runsBefore);
		expect((await waitEntry(phone)).nonce).toBe(second.nonce);
		// What the node answers at iteration 1's URL, asked directly.
		const direct = await fetch(first.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(forwardOf(first, phone, `mo-${randomUUID()}`)) });
		expect(await direct.json()).toEqual({ accepted: false, reason: EARLIER_ITERATION });
		expect(await statusOf(id)).toBe('waiting');
		// The phone answers iteration 2's SMS: that YES approves it, and the loop ends.
		const own = await reply(phone, 'YES');
		expect(own.attempts.at(-1)).toMatchObject({ status: 200, answer: { Status: 'OK' } });
		const done = await finished(id);
		expect(done.status).toBe('success');
		expect(nodeJson(done, 'Ask', { run: 1 })[0]).toMatchObject({ data: { approved: true, messageId: own.id } });
		expect(nodeJson(done, 'Done')).toHaveLength(1);
		expect(await inboundRuns()).toBe(runsBefore);
	} finally {
		gateway().configure({ retries: defaultGatewayConfig().retries });
		await hold.close();
	}
}

/** How many waits the concurrency case starts at once (issue 20, item 6). */
export const PARALLEL_WAITS = 50;

/** 50 ask workflows published, 50 waits, 50 replies: more than a case's usual 90 s on a loaded machine. */
const PARALLEL_WAITS_TIMEOUT_MS = 420_000;

/**
 * What the concurrency case may expect of lost registrations (docs/send-and-wait.md, "Regular and
 * queue mode"):
 * - 'none': every registration and every reply reaches one n8n process (one process, or queue mode
 *   with one webhook processor), which keeps every wait it registered: no reply may miss its wait.
 * - 'counted': several webhook processors. A registration saved by one can be saved over by an
 *   overlapping call of the other, and a reply reaching the other then finds no wait: it takes the
 *   ordinary path (the inbound workflow runs for it) and the wait goes on until its timeout. How
 *   often is measured and printed, not asserted; what is asserted is what is promised: every reply
 *   either resumed its own wait or ran the inbound workflow, never both, never neither; no wait
 *   resumed twice or by another phone's reply.
 */
export type LostRegistrations = 'none' | 'counted';

/**
 * PARALLEL_WAITS waits started at once while other MOs flow to the same trigger (each a webhook call
 * that saves the trigger's static data, the registry's store), then every phone replies YES at once.
 */
async function parallelWaits(env: ScenarioEnv, f: SendAndWaitFixture, label: string, expectation: LostRegistrations) {
	const phones = Array.from({ length: PARALLEL_WAITS }, () => f.newPhone());
	// Published 10 at a time: 50 publications at once on a loaded machine outlast n8n's 60 s to publish each.
	const asks: Array<{ id: string; path: string }> = [];
	for (let i = 0; i < phones.length; i += 10) asks.push(...(await Promise.all(phones.slice(i, i + 10).map((phone) => f.askWorkflow(phone)))));
	const inboundBefore = new Set((await env.api.executionSummaries(f.inbound.id)).map((e) => String(e.id)));
	// Other MO traffic to the same trigger meanwhile: each message is a webhook call that saves the static data.
	let flowing = true;
	const otherIds: string[] = [];
	const traffic = (async () => {
		while (flowing) {
			const n = otherIds.length + 1;
			const delivery = await f.gateway().injectMo({ From: `1438555${String(n).padStart(4, '0')}`, To: CODE, Body: `order ${n}` }).done;
			otherIds.push(delivery.id);
		}
	})();
	const waits = await Promise.all(asks.map((ask) => f.startWait(ask)));
	flowing = false;
	await traffic;
	// Diagnostic: how many waits the database holds as the replies start (a process may know more).
	const saved = (await env.api.getWorkflow(f.inbound.id)) as { staticData?: { global?: Record<string, { waits?: Array<{ phone: string }> }> } };
	const savedPhones = new Set((saved.staticData?.global?.[WAITS_KEY]?.waits ?? []).map((w) => w.phone));
	const inDatabase = phones.filter((phone) => savedPhones.has(phone)).length;
	const deliveries = await Promise.all(phones.map((phone) => f.reply(phone, 'YES')));

	// Which message each new run of the inbound workflow was started for (run data read once per run).
	const ranFor = new Map<string, string>();
	const inboundRunsNow = async () => {
		const fresh = (await env.api.executionSummaries(f.inbound.id)).filter((e) => !inboundBefore.has(String(e.id)));
		for (const e of fresh) {
			if (ranFor.has(String(e.id)) || e.status === 'running' || e.status === 'new') continue;
			ranFor.set(String(e.id), String(nodeJson(await env.api.getExecution(String(e.id)), 'SMS In')[0]?.id));
		}
		return fresh;
	};
	// Settled when each reply has resumed its wait or run the inbound workflow (a lost registration's
	// wait stays waiting: it is counted, not awaited), then the inbound runs list stays the same.
	const deadline = Date.now() + 60_000;
	let executions: Execution[] = [];
	for (;;) {
		executions = await Promise.all(waits.map((wait) => env.api.getExecution(String(wait.id))));
		await inboundRunsNow();
		const ordinary = new Set(ranFor.values());
		const accounted = executions.every((e, i) => (e.status !== 'waiting' && e.status !== 'running') || ordinary.has(deliveries[i].id));
		if (accounted || Date.now() > deadline) break;
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
	let listed = '';
	const quiet = Date.now() + 60_000;
	for (let same = 0; same < 3 && Date.now() < quiet; ) {
		await new Promise((resolve) => setTimeout(resolve, 500));
		const fresh = await inboundRunsNow();
		const seen = fresh.map((e) => `${e.id}:${e.status}`).sort().join(',');
		same = seen === listed && fresh.every((e) => ranFor.has(String(e.id))) ? same + 1 : 0;
		listed = seen;
	}
	executions = await Promise.all(waits.map((wait) => env.api.getExecution(String(wait.id))));

	const runsOf = new Map<string, number>();
	for (const messageId of ranFor.values()) runsOf.set(messageId, (runsOf.get(messageId) ?? 0) + 1);
	const resumed = executions.map((e) => e.status !== 'waiting');
	const ordinary = deliveries.map((d) => runsOf.has(d.id));
	const lost = resumed.filter((r) => !r).length;
	console.log(
		`[send and wait, ${label}] ${PARALLEL_WAITS} waits, ${otherIds.length} other messages meanwhile: ${lost} lost registrations` +
			` (${ordinary.filter(Boolean).length} replies took the ordinary path; ${inDatabase} of ${PARALLEL_WAITS} waits in the database as the replies began)`,
	);

	expect(deliveries.every((d) => d.state === 'delivered')).toBe(true);
	// Every reply either resumed its wait or took the ordinary path: never both, never neither.
	expect(phones.filter((_, i) => resumed[i] === ordinary[i])).toEqual([]);
	// A resumed wait got its own phone's reply, once.
	for (const [i, e] of executions.entries()) {
		if (!resumed[i]) continue;
		expect(e.status).toBe('success');
		expect(f.answerData(e)).toMatchObject({ approved: true, text: 'YES', from: phones[i], to: CODE, messageId: deliveries[i].id });
		expect(nodeJson(e, 'Done')).toHaveLength(1);
	}
	// One execution per ask workflow: nothing resumed into a second run.
	expect((await Promise.all(asks.map((ask) => env.api.executionSummaries(ask.id)))).map((list) => list.length)).toEqual(asks.map(() => 1));
	// The inbound workflow ran once for each other message and each reply that took the ordinary path, and for nothing else.
	expect([...runsOf.entries()].filter(([, runs]) => runs !== 1)).toEqual([]);
	expect([...runsOf.keys()].sort()).toEqual([...otherIds, ...deliveries.filter((_, i) => ordinary[i]).map((d) => d.id)].sort());
	if (expectation === 'none') {
		expect(lost).toBe(0);
		// Only the other messages ran the inbound workflow: no reply took the ordinary path.
		expect(ranFor.size).toBe(otherIds.length);
	}
}

/**
 * The concurrency case alone, for a cluster with several webhook processors behind a load balancer:
 * the registrations (first and second), the other messages, the replies and the forwards to the
 * resume URLs all go through it, so they are spread over the processors.
 */
export function describeParallelWaits(env: ScenarioEnv, label: string, expectation: LostRegistrations) {
	describe(`Send and Wait for Response, ${label}`, () => {
		const fixture = sendAndWaitFixture(env);
		it(`${PARALLEL_WAITS} waits started at once while other messages flow: ${expectation === 'none' ? 'every reply resumes its wait' : 'each reply resumes its wait or takes the ordinary path'} (lost registrations counted)`, async () => {
			await parallelWaits(env, fixture, label, expectation);
		}, PARALLEL_WAITS_TIMEOUT_MS);
	});
}
