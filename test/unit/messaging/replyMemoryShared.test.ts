/**
 * The memory one n8n process shares among its calls of a workflow (ReplyMemory, replyMemory.ts), against a
 * model of what n8n does with each webhook call's static data (n8n 2.40.7 live-webhooks.js: loaded
 * from the database when the call arrives, a Workflow built on it, saved whole after the answer when
 * its "changed" flag is set). The database here is the JSON n8n would store.
 */
import { Workflow, type IDataObject, type INodeTypes, type IWebhookFunctions } from 'n8n-workflow';
import { afterAnswerWritten, type AnswerResponse } from '../../../nodes/engine/trigger/n8nResponse';
import { COPY_ABANDONED_MS, COPY_WAIT_MS, REPLIES_KEY, ReplyMemory, type RememberedReply } from '../../../nodes/shared/messaging/replyMemory';
import type { ReceivedEvent } from '../../../nodes/engine/trigger/types';
import { answerByWorkflow } from '../../../nodes/SolSwitchMessagingTrigger/replies/gatewayAnswers';
import { handleCallback } from '../../../nodes/SolSwitchMessagingTrigger/handlers/message';

/** What the trigger does before answering a callback: the answer given before, "retry later", or the claim (ended as the answer is written). */
async function answerOfCopyInFlight(fn: IWebhookFunctions, key: string, at: number): Promise<RememberedReply | 'retryLater' | undefined> {
	const claim = await ReplyMemory.of(fn).claim(key, at);
	if ('answered' in claim) return claim.answered;
	if ('retryLater' in claim) return 'retryLater';
	afterAnswerWritten(fn.getResponseObject() as unknown as AnswerResponse, claim.claimed.done);
	return undefined;
}
/** Reply modes where the workflow answers: the trigger remembers the reply as n8n writes it. */
const rememberReplyWhenSent = (fn: IWebhookFunctions, key: string, now: number) => answerByWorkflow(fn, { output: { json: {} }, key, now, memory: ReplyMemory.of(fn) }, 'asWritten');
const answeredBefore = (fn: IWebhookFunctions, key: string, now: number) => ReplyMemory.of(fn).recall(key, now);

const nodeTypes = { getByName: () => undefined, getByNameAndVersion: () => undefined, getKnownTypes: () => ({}) } as unknown as INodeTypes;

let workflowCount = 0;

/** One workflow's row in n8n's database, and the calls n8n makes on it. */
function n8nModel() {
	const workflowId = `replyMemoryShared-${++workflowCount}`;
	const published: IDataObject = {};
	ReplyMemory.createIn((published.global = {}) as IDataObject);
	let database = JSON.stringify(published);

	/** A webhook call: loads the static data as stored now; `save()` is n8n's save after the answer. */
	function call() {
		const staticData = JSON.parse(database) as IDataObject;
		const workflow = new Workflow({ id: workflowId, nodes: [], connections: {}, active: true, nodeTypes, staticData });
		const sent: unknown[] = [];
		const res = { statusCode: 200, end: (chunk?: unknown) => void sent.push(chunk) };
		const fn = {
			getWorkflow: () => ({ id: workflowId, active: true }),
			getWorkflowStaticData: () => workflow.getStaticData('global'),
			getResponseObject: () => res,
		} as unknown as IWebhookFunctions;
		const save = () => {
			if (workflow.staticData.__dataChanged !== true) return false;
			database = JSON.stringify(workflow.staticData);
			workflow.staticData.__dataChanged = false;
			return true;
		};
		return { fn, res, sent, save };
	}
	const stored = () => (JSON.parse(database) as { global: Record<string, Record<string, unknown>> }).global[REPLIES_KEY];
	/** What another n8n process (a second webhook processor) saved meanwhile. */
	const savedElsewhere = (key: string, at: number) => {
		const data = JSON.parse(database) as { global: Record<string, Record<string, unknown>> };
		data.global[REPLIES_KEY][key] = { at };
		database = JSON.stringify(data);
	};
	/** A call that answers `key` (no copy before it) and remembers its reply as written, as the trigger does in reply mode Using Reply to Message Node. */
	async function answeringCall(key: string, at: number) {
		const answering = call();
		expect(await answerOfCopyInFlight(answering.fn, key, at)).toBeUndefined();
		rememberReplyWhenSent(answering.fn, key, at);
		return answering;
	}
	return { workflowId, call, answeringCall, stored, savedElsewhere };
}

const reply = (body: string) => Buffer.from(JSON.stringify({ Status: 'OK', Body: body }));

// A copy's wait is raced against a timer (COPY_WAIT_MS): fake timers, so none outlives a test.
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('the reply memory one n8n process shares among its calls', () => {
	it('calls whose workflows run at the same time: whichever n8n saves last writes every reply', () => {
		const n8n = n8nModel();
		// Ten messages arrive together: each call loads the memory before any reply is written.
		const calls = Array.from({ length: 10 }, (_, i) => ({ ...n8n.call(), key: `message:M${i}` }));
		for (const c of calls) rememberReplyWhenSent(c.fn, c.key, 1000);
		for (const [i, c] of calls.entries()) c.res.end(reply(`reply ${i}`));
		// n8n saves each call after its answer; the saves finish in any order: here the first last.
		for (const c of [...calls].reverse()) expect(c.save()).toBe(true);
		expect(Object.keys(n8n.stored()).sort()).toEqual(calls.map((c) => c.key).sort());
		expect(n8n.stored()['message:M3']).toEqual({ at: 1000, body: 'reply 3' });
	});

	it('keeps what another process saved: a save from here takes in the entries its call loaded', () => {
		const n8n = n8nModel();
		n8n.savedElsewhere('message:THERE', 500);
		const here = n8n.call();
		ReplyMemory.of(here.fn).remember('message:HERE', 1000);
		here.save();
		expect(n8n.stored()).toEqual({ 'message:THERE': { at: 500 }, 'message:HERE': { at: 1000 } });
	});

	it("a reply n8n writes after its save (reply mode When Last Node Finishes) is known to this process's next calls, and saved with the next save", () => {
		const n8n = n8nModel();
		const first = n8n.call();
		rememberReplyWhenSent(first.fn, 'message:L', 1000);
		expect(first.save()).toBe(false); // n8n saves before it writes the last node's JSON
		first.res.end(JSON.stringify({ Status: 'OK', Body: 'late' }));
		expect(n8n.stored()).toEqual({});
		const redelivery = n8n.call();
		expect(answeredBefore(redelivery.fn, 'message:L', 2000)).toEqual({ at: 1000, body: 'late' });
		const next = n8n.call();
		ReplyMemory.of(next.fn).remember('message:N', 3000);
		next.save();
		expect(n8n.stored()).toEqual({ 'message:L': { at: 1000, body: 'late' }, 'message:N': { at: 3000 } });
	});

	it('a copy arriving while the first is being answered waits, and gets the same answer without an execution', async () => {
		const n8n = n8nModel();
		const first = await n8n.answeringCall('message:C', 1000);
		const copy = n8n.call();
		let copyAnswer: unknown = 'waiting';
		const waiting = answerOfCopyInFlight(copy.fn, 'message:C', 1000).then((a) => (copyAnswer = a));
		await Promise.resolve();
		expect(copyAnswer).toBe('waiting');
		first.res.end(reply('once'));
		await waiting;
		expect(copyAnswer).toEqual({ at: 1000, body: 'once' });
	});

	it('two copies whose checks interleave (handled in the same instant): one claims the answering, the other waits for it', async () => {
		const n8n = n8nModel();
		const [first, copy] = [n8n.call(), n8n.call()];
		const outcomes: unknown[] = [];
		// Both started before either continues: a check with an await before the claim let both run.
		const both = Promise.all([answerOfCopyInFlight(first.fn, 'message:T', 1000), answerOfCopyInFlight(copy.fn, 'message:T', 1000)].map((p) => p.then((a) => outcomes.push(a))));
		for (let i = 0; i < 10; i++) await Promise.resolve();
		expect(outcomes).toEqual([undefined]);
		rememberReplyWhenSent(first.fn, 'message:T', 1000);
		first.res.end(reply('only once'));
		await both;
		expect(outcomes).toEqual([undefined, { at: 1000, body: 'only once' }]);
	});

	it('when the first copy fails (n8n answers an error), the waiting copy runs, and a third copy waits for it', async () => {
		const n8n = n8nModel();
		const first = await n8n.answeringCall('message:F', 1000);
		const second = n8n.call();
		const secondWaits = answerOfCopyInFlight(second.fn, 'message:F', 1000);
		first.res.statusCode = 500;
		first.res.end('{"code":0,"message":"Error in workflow"}');
		expect(await secondWaits).toBeUndefined();
		rememberReplyWhenSent(second.fn, 'message:F', 1000);
		const third = n8n.call();
		const thirdWaits = answerOfCopyInFlight(third.fn, 'message:F', 1000);
		second.res.end(reply('second time'));
		expect(await thirdWaits).toEqual({ at: 1000, body: 'second time' });
	});

	it('a first copy with no answer after COPY_WAIT_MS: the copy is told to come again later (no second run); after COPY_ABANDONED_MS a copy runs', async () => {
		const n8n = n8nModel();
		const first = await n8n.answeringCall('message:S', 1000);
		const second = n8n.call();
		let secondAnswer: unknown = 'waiting';
		const secondWaits = answerOfCopyInFlight(second.fn, 'message:S', 3000).then((a) => (secondAnswer = a));
		await jest.advanceTimersByTimeAsync(COPY_WAIT_MS - 1);
		expect(secondAnswer).toBe('waiting');
		await jest.advanceTimersByTimeAsync(1);
		await secondWaits;
		expect(secondAnswer).toBe('retryLater');
		// The first, still open long after (its worker killed, say): the next copy runs the workflow.
		const late = n8n.call();
		const lateAt = 1000 + COPY_ABANDONED_MS + 1;
		expect(await answerOfCopyInFlight(late.fn, 'message:S', lateAt)).toBeUndefined();
		rememberReplyWhenSent(late.fn, 'message:S', lateAt);
		// Copies now wait for that one, not for the first, whose error at last changes nothing.
		const third = n8n.call();
		let thirdAnswer: unknown = 'waiting';
		const thirdWaits = answerOfCopyInFlight(third.fn, 'message:S', lateAt + 1).then((a) => (thirdAnswer = a));
		first.res.statusCode = 500;
		first.res.end('{"code":0,"message":"Error in workflow"}');
		await jest.advanceTimersByTimeAsync(0);
		expect(thirdAnswer).toBe('waiting');
		late.res.end(reply('taken over'));
		await thirdWaits;
		expect(thirdAnswer).toEqual({ at: lateAt, body: 'taken over' });
	});

	it('a reply SMS remembered as still to send while its call is still sending it is not an answer yet: a copy waits for it, then gets Status only (R9)', async () => {
		const n8n = n8nModel();
		const first = n8n.call();
		expect(await answerOfCopyInFlight(first.fn, 'message:P', 1000)).toBeUndefined();
		// As the trigger does on a long code: remembered as still to send, then sent.
		ReplyMemory.of(first.fn).remember('message:P', 1000, undefined, { channel: 'sms', text: 'Got it' });
		const copy = n8n.call();
		let copyAnswer: unknown = 'waiting';
		const waiting = answerOfCopyInFlight(copy.fn, 'message:P', 1500).then((a) => (copyAnswer = a));
		await jest.advanceTimersByTimeAsync(0);
		expect(copyAnswer).toBe('waiting');
		ReplyMemory.of(first.fn).remember('message:P', 1000);
		first.res.end('{"Status":"OK"}');
		await waiting;
		expect(copyAnswer).toEqual({ at: 1000 });
	});

	it('a reply SMS still to send whose call is gone (it could not send it, or answered): the copy gets it to send; one still sending after COPY_WAIT_MS: retry later', async () => {
		const n8n = n8nModel();
		const first = n8n.call();
		expect(await answerOfCopyInFlight(first.fn, 'message:Q', 1000)).toBeUndefined();
		ReplyMemory.of(first.fn).remember('message:Q', 1000, undefined, { channel: 'sms', text: 'Got it' });
		const slow = answerOfCopyInFlight(n8n.call().fn, 'message:Q', 1500);
		await jest.advanceTimersByTimeAsync(COPY_WAIT_MS);
		expect(await slow).toBe('retryLater');
		first.res.statusCode = 503;
		first.res.end('{"Status":"RETRY"}');
		expect(await answerOfCopyInFlight(n8n.call().fn, 'message:Q', 2000)).toEqual({ at: 1000, pending: { channel: 'sms', text: 'Got it' } });
	});

	it('other workflows do not share the memory', () => {
		const one = n8nModel();
		const other = n8nModel();
		const call = one.call();
		ReplyMemory.of(call.fn).remember('message:W', 1000);
		expect(answeredBefore(other.call().fn, 'message:W', 2000)).toBeUndefined();
		expect(answeredBefore(one.call().fn, 'message:W', 2000)).toEqual({ at: 1000 });
	});
});

describe('the Messaging Trigger with a copy in flight', () => {
	/** A call's n8n context in reply mode Using Reply to Message Node; `written` holds what went out. */
	function webhookCall(workflowId: string) {
		const written: Array<{ status: number; body: string }> = [];
		const res = {
			statusCode: 200,
			headersSent: false,
			writeHead(status: number) {
				this.statusCode = status;
			},
			end(text?: unknown) {
				written.push({ status: this.statusCode, body: text === undefined ? '' : Buffer.isBuffer(text) ? text.toString('utf8') : String(text) });
			},
		};
		const staticData = {};
		const parameters: Record<string, unknown> = { options: {}, replyMode: 'responseNode', compliance: true, keywordReplies: {} };
		const fn = {
			getWorkflow: () => ({ id: workflowId, active: true }),
			getWorkflowStaticData: () => staticData,
			getResponseObject: () => res,
			getNode: () => ({ name: 'SMS In' }),
			getNodeParameter: (name: string, fallback?: unknown) => parameters[name] ?? fallback,
		} as unknown as IWebhookFunctions;
		return { fn, written };
	}
	const event = (id: string) =>
		({ kind: { value: 'sms' }, item: { type: 'sms', id, from: '1', to: '2', text: 'pizza', keyword: 'PIZZA' }, receivedAt: new Date(5000) }) as unknown as ReceivedEvent;

	it("mode Using Reply to Message Node: a run that ends without error and without a reply (n8n's empty 200) is answered OK, remembered; n8n's error is not", async () => {
		const workflowId = `replyMemoryShared-${++workflowCount}`;
		const call = webhookCall(workflowId);
		expect((await handleCallback(call.fn, event('N1'))).workflowData).toBeDefined();
		call.fn.getResponseObject().end(); // n8n: responseCallback(null, { data: undefined }) after the run
		expect(call.written).toEqual([{ status: 200, body: '{"Status":"OK"}' }]);
		expect(ReplyMemory.of(call.fn).recall('message:N1', 6000)).toEqual({ at: 5000 });
		const failing = webhookCall(workflowId);
		await handleCallback(failing.fn, event('N2'));
		const res = failing.fn.getResponseObject();
		res.statusCode = 500;
		res.end('{"message":"Error in workflow"}');
		expect(failing.written).toEqual([{ status: 500, body: '{"message":"Error in workflow"}' }]);
		expect(ReplyMemory.of(failing.fn).recall('message:N2', 6000)).toBeUndefined();
	});

	it('answers HTTP 503 with Status RETRY (the gateway keeps the message and retries) while the first copy takes longer than COPY_WAIT_MS', async () => {
		const workflowId = `replyMemoryShared-${++workflowCount}`;
		const first = webhookCall(workflowId);
		expect((await handleCallback(first.fn, event('M1'))).workflowData).toBeDefined();
		const copy = webhookCall(workflowId);
		const answered = handleCallback(copy.fn, event('M1'));
		await jest.advanceTimersByTimeAsync(COPY_WAIT_MS);
		expect(await answered).toEqual({ noWebhookResponse: true });
		expect(copy.written).toEqual([{ status: 503, body: JSON.stringify({ Status: 'RETRY', Reason: 'A copy of this message is still being answered; send it again later.' }) }]);
	});
});
