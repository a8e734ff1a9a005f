// Call and Wait for Keypress end to end, wherever n8n runs: a published workflow (Webhook -> Call ->
// Done) calls a sandbox phone from the Digit Validation extension 510; the phone answers and presses
// keys; the switch's Digit Validation POSTs the keys to the execution's signed resume URL (CustomDVData
// URL, Header auth with the wait's secret), and gets back the option as plain text. Each case says what
// the switch heard, what the waiting execution became, and how long the switch's post took.
import { randomUUID } from 'node:crypto';
import { DEFAULT_SWITCH_KEY } from '../../../sandbox/server';
import type { DvPost, PhoneTurn } from '../../../sandbox/switch/digitValidation/dialer';
import { nodeJson, type Execution, type ExecutionSummary } from '../../../scripts/n8n-harness';
import type { ScenarioEnv } from './env';

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 90_000): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await probe();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
}

/** The keypress settings every case uses (the options of the sandbox's DV 510). */
export const KEYPRESS_PARAMETERS = { approveOption: 'thanks', declineOption: 'goodbye', otherKeyOption: 'repeat' };

export function callAndWaitFixture(env: ScenarioEnv) {
	let credentialId: string;
	let phoneSeq = 0;
	const control = async (path: string, body?: Record<string, unknown>) => {
		const answer = await fetch(`${env.sandbox.url}/_sandbox/digit-validation${path}`, body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {});
		return (await answer.json()) as Record<string, any>;
	};

	beforeAll(async () => {
		credentialId = (await env.api.createCredential('Sandbox switch (call and wait)', 'solSwitchApi', { baseUrl: env.sandbox.url, apiKey: DEFAULT_SWITCH_KEY, customer: '' })).id;
	});

	/** A new phone per case, scripted with its turns (one per call). */
	async function newPhone(turns: PhoneTurn[] = [{ answer: 'answer' }]) {
		const number = `1438555${String(2000 + ++phoneSeq).padStart(4, '0')}`;
		await control('/phone', { number, turns });
		return number;
	}

	/** A published workflow: Webhook (path) -> Call (Call and Wait for Keypress to `phone`) -> Done. */
	async function callWorkflow(phone: string, extra: Record<string, unknown> = {}) {
		const path = `call-${randomUUID()}`;
		const workflow = await env.api.createWorkflow({
			name: `Call ${phone} ${path.slice(5, 13)}`,
			nodes: [
				{ id: randomUUID(), name: 'Start', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], webhookId: randomUUID(), parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} } },
				{
					id: randomUUID(),
					name: 'Call',
					type: 'n8n-nodes-solswitch.solSwitch',
					typeVersion: 2,
					position: [220, 0],
					parameters: {
						resource: 'call',
						operation: 'sendAndWait',
						Extension: { __rl: true, mode: 'list', value: '510', cachedResultName: '510 Digit Validation' },
						Destination: `+${phone.slice(0, 1)} ${phone.slice(1, 4)} ${phone.slice(4)}`,
						...KEYPRESS_PARAMETERS,
						...extra,
					},
					credentials: { solSwitchApi: { id: credentialId, name: 'Sandbox switch (call and wait)' } },
				},
				{ id: randomUUID(), name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [440, 0], parameters: {} },
			],
			connections: { Start: { main: [[{ node: 'Call', type: 'main', index: 0 }]] }, Call: { main: [[{ node: 'Done', type: 'main', index: 0 }]] } },
		});
		await env.api.publishWorkflow(workflow.id);
		return { id: workflow.id, path };
	}

	/** Starts one run; resolves with its execution once it has a status other than running. */
	async function start(flow: { id: string; path: string }, status: 'waiting' | 'success' = 'waiting'): Promise<ExecutionSummary> {
		const before = new Set((await env.api.executionSummaries(flow.id)).map((e) => String(e.id)));
		const started = await fetch(`${env.webhookBaseUrl}/webhook/${flow.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ticket: 7 }) });
		expect(started.status).toBe(200);
		return await until(`the call execution to be ${status}`, async () => {
			const fresh = (await env.api.executionSummaries(flow.id)).filter((e) => !before.has(String(e.id)));
			const failed = fresh.find((e) => e.status === 'error' || e.status === 'crashed');
			if (failed) throw new Error(`the call execution failed: ${JSON.stringify((await env.api.getExecution(String(failed.id))).data.resultData?.error)}`);
			return fresh.find((e) => e.status === status);
		});
	}

	async function finished(executionId: string, timeoutMs?: number): Promise<Execution> {
		return await until(`execution ${executionId} to finish`, async () => {
			const execution = await env.api.getExecution(executionId);
			return execution.status === 'success' || execution.status === 'error' ? execution : undefined;
		}, timeoutMs);
	}

	/** The person on the phone presses keys; resolves with the switch's post and its answer. */
	async function press(phone: string, digits: string): Promise<{ post: DvPost; ended: boolean }> {
		const answer = await control('/press', { number: phone, digits });
		if (answer.Status !== 'OK') throw new Error(`could not press on ${phone}: ${answer.Reason}`);
		return { post: answer.post as DvPost, ended: answer.ended as boolean };
	}

	/** The New Call requests the switch received for a phone. */
	const newCalls = (phone: string) => env.sandbox.exchanges.find({ service: 'switch', path: '/api/newcall/' }).filter((e) => (e.body as Record<string, unknown>).Destination === phone);
	const dataOf = (execution: Execution) => (nodeJson(execution, 'Call')[0] as { data?: Record<string, unknown> }).data;
	const statusOf = async (executionId: string) => (await env.api.getExecution(executionId)).status;

	/** The switch's readings of what its documents leave open (sandbox/switch/profiles.ts), merged over the ones in force. */
	const reading = async (settings: Record<string, unknown>) =>
		await fetch(`${env.sandbox.url}/_sandbox/switch/profile`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ settings }) });
	const DEFAULT_READING = { legDetails: 'live', newCallAnswers: 'placed' };

	/**
	 * The person answers and presses 1 at once (0.3 s after the answer), under a reading of the switch:
	 * the run is approved (n8n would answer a key to a running execution 409 "running already", and the
	 * switch would take its failure route). Logs the latency figures.
	 */
	async function keyJustAfterAnswer(settings: { legDetails: string; newCallAnswers: string }) {
		await reading(settings);
		try {
			const phone = await newPhone([{ answer: 'answer', ringMs: 200, presses: ['1'], pressAfterMs: 300 }]);
			const flow = await callWorkflow(phone);
			const started = Date.now();
			await fetch(`${env.webhookBaseUrl}/webhook/${flow.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ticket: 7 }) });
			const call = await until('the keypress', async () => (await control('')).calls.find((c: any) => c.destination === phone && c.posts.length));
			const post = call.posts[0] as DvPost;
			expect(post).toMatchObject({ status: 200, answer: 'thanks', valid: true });
			const [summary] = await until('the execution', async () => {
				const all = await env.api.executionSummaries(flow.id);
				return all.length ? all : undefined;
			});
			const execution = await finished(String(summary.id));
			expect(dataOf(execution)).toMatchObject({ approved: true, digits: '1', answeredBy: phone });
			const [reply] = newCalls(phone);
			console.log(
				`[latency] leg details ${settings.legDetails}, New Call answers when ${settings.newCallAnswers}: workflow start to key ${Date.parse(post.at) - started} ms; New Call's answer to key ${Date.parse(post.at) - Date.parse(reply.at)} ms; key post answered in ${post.ms} ms; post to execution stopped ${Date.parse(execution.stoppedAt!) - Date.parse(post.at)} ms`,
			);
		} finally {
			await reading(DEFAULT_READING);
		}
	}

	/**
	 * How long after New Call's answer the execution waits: a probe (no secret) posted to the resume URL
	 * again and again from the moment the call exists gets n8n's 409 "running already" until the
	 * execution is saved as waiting, then the node's own 403. A key in that window would be lost. Logs
	 * the window; the run is then approved by a key as usual.
	 */
	async function waitAfterNewCall(settings: { legDetails: string; newCallAnswers: string }) {
		await reading(settings);
		try {
			// It rings 1 s (Ring Timeout 300 s: 3 s at the sandbox's time scale), so the probe starts before New Call answers under either reading.
			const phone = await newPhone([{ answer: 'answer', ringMs: 1000 }]);
			const flow = await callWorkflow(phone, { additionalFields: { Timeout: 300 } });
			await fetch(`${env.webhookBaseUrl}/webhook/${flow.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ticket: 7 }) });
			// The call's record, looked for without a pause: the probe starts as soon as the call exists.
			const deadline = Date.now() + 60_000;
			const inTime = (what: string) => {
				if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
			};
			let call: any;
			while (!(call = (await control('')).calls.find((c: any) => c.destination === phone))) inTime('the call');
			const url = call.custom.URL as string;
			let refusedSentAt: number | undefined;
			let probe: { sentAt: number; answeredAt: number; status: number; text: string };
			for (;;) {
				inTime('the wait');
				const sentAt = Date.now();
				const answer = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
				probe = { sentAt, status: answer.status, text: await answer.text(), answeredAt: Date.now() };
				if (!(probe.status === 409 && /running already/i.test(probe.text))) break;
				refusedSentAt = sentAt;
			}
			// The first answer that is not "running already" is the waiting node's own: no secret, 403.
			expect(probe.status).toBe(403);
			const [reply] = await until("New Call's answer", () => (newCalls(phone).length ? newCalls(phone) : undefined));
			const replied = Date.parse(reply.at);
			const answered = await until('the call answered', async () => (await control('')).calls.find((c: any) => c.destination === phone && c.outcome === 'answered'));
			console.log(
				`[latency] New Call answers when ${settings.newCallAnswers} (leg details ${settings.legDetails}): the execution waits ${refusedSentAt !== undefined ? `after ${refusedSentAt - replied} ms (a probe sent then got 409 "running already") and ` : ''}by ${probe.answeredAt - replied} ms (the node's 403 came back then) after New Call's answer; the phone answered ${answered.answeredAt - replied} ms after New Call's answer`,
			);
			const [summary] = await until('the execution', async () => {
				const all = await env.api.executionSummaries(flow.id);
				return all.length ? all : undefined;
			});
			await press(phone, '1');
			expect(dataOf(await finished(String(summary.id)))).toMatchObject({ approved: true });
		} finally {
			await reading(DEFAULT_READING);
		}
	}

	return { control, newPhone, callWorkflow, start, finished, press, newCalls, dataOf, statusOf, reading, keyJustAfterAnswer, waitAfterNewCall };
}

export function describeCallAndWaitScenarios(env: ScenarioEnv, where: string) {
	describe(`Call and Wait for Keypress (${where})`, () => {
		const f = callAndWaitFixture(env);

		it('1 resumes with approved true at once; the switch gets the approval option as plain text', async () => {
			const phone = await f.newPhone();
			const flow = await f.callWorkflow(phone);
			const waiting = await f.start(flow);
			const [placed] = f.newCalls(phone);
			const body = placed.body as Record<string, any>;
			expect(body).toMatchObject({ Extension: '510', Destination: phone, WaitForStart: 1, CustomDVData: { Method: 'POST', Auth: 'Header', AuthInfo: { type: 'Bearer' } } });
			expect(body.CustomDVData.URL).toMatch(new RegExp(`/webhook-waiting/${waiting.id}/[^?]+\\?wait=[0-9a-f]{64}&signature=`));

			const { post, ended } = await f.press(phone, '1');
			expect(post).toMatchObject({ status: 200, answer: 'thanks', option: 'thanks', valid: true, headers: { Authorization: expect.stringMatching(/^Bearer /) } });
			expect(ended).toBe(true);
			const execution = await f.finished(String(waiting.id));
			expect(execution.status).toBe('success');
			expect(f.dataOf(execution)).toEqual({ approved: true, digits: '1', callId: expect.any(String), answeredBy: phone, to: phone, extension: '510', respondedAt: expect.any(String) });
			expect(f.dataOf(execution)!.callId).toBe(post.body.CDRCallID);
			// The switch's post waited for nothing but the webhook's decision (latency in the report).
			console.log(`[latency] switch post to n8n's plain-text answer: ${post.ms} ms; post to execution stopped: ${Date.parse(execution.stoppedAt!) - Date.parse(post.at)} ms`);
			expect(nodeJson(execution, 'Done')).toHaveLength(1);
		});

		it('2 resumes with approved false and the decline option', async () => {
			const phone = await f.newPhone();
			const waiting = await f.start(await f.callWorkflow(phone));
			const { post } = await f.press(phone, '2');
			expect(post).toMatchObject({ answer: 'goodbye', valid: true });
			const execution = await f.finished(String(waiting.id));
			expect(f.dataOf(execution)).toMatchObject({ approved: false, digits: '2' });
		});

		it('another key gets the prompt-again option and the wait goes on; then 1 approves', async () => {
			const phone = await f.newPhone();
			const waiting = await f.start(await f.callWorkflow(phone));
			const first = await f.press(phone, '7');
			expect(first).toMatchObject({ post: { answer: 'repeat', valid: true }, ended: false });
			expect(await f.statusOf(String(waiting.id))).toBe('waiting');
			await f.press(phone, '1');
			expect(f.dataOf(await f.finished(String(waiting.id)))).toMatchObject({ approved: true, digits: '1' });
		});

		it('a forged keypress (no secret, a wrong one) resumes nothing; a replayed one after the resume resumes nothing either', async () => {
			const phone = await f.newPhone();
			const waiting = await f.start(await f.callWorkflow(phone));
			const url = ((f.newCalls(phone)[0].body as Record<string, any>).CustomDVData.URL) as string;
			const keys = { Digits: '1', ExtensionNumber: '510', CDRCallID: '1.1', CIDName: phone, CIDNum: phone, DID: '5145550100' };
			const forge = async (headers: Record<string, string>) => await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(keys) });
			expect((await forge({})).status).toBe(403);
			expect((await forge({ authorization: 'Bearer guessed-secret' })).status).toBe(403);
			// The signed URL with its wait value changed: n8n's signature check refuses it before the node runs.
			expect((await fetch(url.replace(/wait=[0-9a-f]{4}/, 'wait=0000'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(keys) })).status).toBe(401);
			expect(await f.statusOf(String(waiting.id))).toBe('waiting');

			const { post } = await f.press(phone, '1');
			const execution = await f.finished(String(waiting.id));
			expect(f.dataOf(execution)).toMatchObject({ approved: true });
			// The switch's own post, replayed with its secret: the execution is over, nothing runs again.
			const replay = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: post.headers.Authorization }, body: JSON.stringify(post.body) });
			expect(replay.status).toBeLessThan(500);
			expect(await replay.text()).not.toBe('thanks');
			const again = await f.finished(String(waiting.id));
			expect(again.stoppedAt).toBe(execution.stoppedAt);
			expect(nodeJson(again, 'Done')).toHaveLength(1);
		});

		it.each(['placed', 'answered'])('busy, then no answer, then answered: the call is placed three times and the keypress resumes (New Call answers when %s)', async (newCallAnswers) => {
			await f.reading({ newCallAnswers });
			try {
				const phone = await f.newPhone([{ answer: 'busy' }, { answer: 'noAnswer' }, { answer: 'answer' }]);
				const waiting = await f.start(await f.callWorkflow(phone, { additionalFields: { Timeout: 5 }, options: { retries: 2, retryInterval: 0 } }));
				// The execution waits from the first call on; the node's call watcher calls again meanwhile.
				await until('three calls', () => (f.newCalls(phone).length === 3 ? true : undefined), 60_000);
				await until('the third call answered', async () => ((await f.control('')).calls.some((c: any) => c.destination === phone && c.outcome === 'answered') ? true : undefined));
				await f.press(phone, '1');
				expect(f.dataOf(await f.finished(String(waiting.id)))).toMatchObject({ approved: true });
			} finally {
				await f.reading({ newCallAnswers: 'placed' });
			}
		});

		it('nobody answers any call: the call watcher resumes the wait; the output says what happened, attempt by attempt', async () => {
			const phone = await f.newPhone([{ answer: 'busy' }, { answer: 'noAnswer' }]);
			const done = await f.start(await f.callWorkflow(phone, { additionalFields: { Timeout: 5 }, options: { retries: 1, retryInterval: 0 } }), 'success');
			const execution = await f.finished(String(done.id));
			expect(f.dataOf(execution)).toMatchObject({
				approved: false,
				answered: false,
				outcome: 'noAnswer',
				to: phone,
				attempts: [expect.objectContaining({ attempt: 1, outcome: 'busy' }), expect.objectContaining({ attempt: 2, outcome: 'noAnswer' })],
			});
		});

		it('answered but no key until Limit Wait Time: the run goes on with its input; a key pressed after that resumes nothing and gets no option', async () => {
			const phone = await f.newPhone();
			const flow = await f.callWorkflow(phone, { options: { limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: 0.05, resumeUnit: 'minutes' } } } });
			const waiting = await f.start(flow);
			// n8n's wait tracker ends the wait (it looks every minute): the node is passed over with its input, as n8n's own send-and-wait nodes are.
			const done = await f.finished(String(waiting.id), 150_000);
			expect(done.status).toBe('success');
			expect(nodeJson(done, 'Call')[0]).toMatchObject({ body: { ticket: 7 } });
			expect(f.dataOf(done)).toBeUndefined();
			expect(nodeJson(done, 'Done')).toHaveLength(1);
			// The person presses 1 after the wait ended: n8n answers the post itself (the node is not called:
			// n8n's waiting-webhooks answers a finished send-and-wait execution with its "no action required"
			// page), so the Digit Validation gets no option of its own and ends the call (its log's APIFail).
			const late = await f.press(phone, '1');
			expect(late.post).toMatchObject({ valid: false });
			expect(late.post.answer).not.toBe('thanks');
			expect(late.ended).toBe(true);
			const after = await f.finished(String(waiting.id));
			expect(after.stoppedAt).toBe(done.stoppedAt);
		}, 180_000);

		// The person answers and presses 1 at once (0.3 s after the answer), under both leg-details readings
		// of the switch and both readings of New Call's WaitForStart answer (when the call is placed, or only
		// once it started): the execution already waits (n8n would answer a running one 409 "running already").
		it.each([
			['live', 'placed'],
			['afterHangup', 'placed'],
			['live', 'answered'],
			['afterHangup', 'answered'],
		])('a key 0.3 s after the answer approves (leg details %s, New Call answers when %s)', async (legDetails, newCallAnswers) => {
			await f.keyJustAfterAnswer({ legDetails, newCallAnswers });
		});

		// What is left between New Call's answer and the wait, measured in this n8n (the figure is logged, not asserted).
		it.each(['placed', 'answered'])('the execution waits soon after New Call answers (New Call answers when %s): a probe gets 409 until then, the node\'s 403 after', async (newCallAnswers) => {
			await f.waitAfterNewCall({ legDetails: 'live', newCallAnswers });
		});

		it('two calls wait at once; each keypress resumes its own execution', async () => {
			const [a, b] = [await f.newPhone(), await f.newPhone()];
			const [flowA, flowB] = [await f.callWorkflow(a), await f.callWorkflow(b)];
			const [waitA, waitB] = await Promise.all([f.start(flowA), f.start(flowB)]);
			await f.press(b, '2');
			expect(f.dataOf(await f.finished(String(waitB.id)))).toMatchObject({ approved: false, answeredBy: b });
			expect(await f.statusOf(String(waitA.id))).toBe('waiting');
			await f.press(a, '1');
			expect(f.dataOf(await f.finished(String(waitA.id)))).toMatchObject({ approved: true, answeredBy: a });
		});
	});
}
