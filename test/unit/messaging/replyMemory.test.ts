/**
 * The trigger remembers a reply computed by the workflow as n8n writes it (reply mode "Using Reply to
 * Message Node"). Reproduces, with n8n-workflow's real Workflow, what n8n 2.40.7 does to the webhook
 * call's static data: live-webhooks.js builds the webhook phase's Workflow on the static data loaded
 * for the call; workflow-runner.js establishContextForPersistence builds a second Workflow on the same
 * object (which resets its "changed" flag); webhook-helpers.js setupResponseNodePromise writes a
 * Buffer body with res.end(), then the callback saves the static data if the flag is set.
 */
import { Workflow, type IDataObject, type INodeTypes, type IWebhookFunctions } from 'n8n-workflow';
import { REPLIES_KEY, ReplyMemory } from '../../../nodes/shared/messaging/replyMemory';
import { answerByWorkflow, answerFromClaim, answerWhenQueued } from '../../../nodes/SolSwitchMessagingTrigger/replies/gatewayAnswers';
import { RESPONSE_DATA_FIELD } from '../../../nodes/SolSwitchMessagingTrigger/events';

let recallCount = 0;
/** What the static data holds for a key (read as a process that has no memory of its own would). */
const recall = (staticData: IDataObject, key: string, now: number) =>
	ReplyMemory.of({ getWorkflow: () => ({ id: `replyMemory-recall-${++recallCount}` }), getWorkflowStaticData: () => staticData }).recall(key, now);
/** Reply modes where the workflow answers: the trigger remembers the reply as n8n writes it. */
const rememberReplyWhenSent = (fn: IWebhookFunctions, key: string, now: number) => answerByWorkflow(fn, { output: { json: {} }, key, now, memory: ReplyMemory.of(fn) }, 'asWritten');

const nodeTypes = { getByName: () => undefined, getByNameAndVersion: () => undefined, getKnownTypes: () => ({}) } as unknown as INodeTypes;
const workflowOn = (staticData: IDataObject) => new Workflow({ id: 'wf', nodes: [], connections: {}, active: true, nodeTypes, staticData });

/** A response object like n8n's: end() records what went out. */
function response() {
	const sent: unknown[] = [];
	const res = { statusCode: 200, end: (chunk?: unknown) => void sent.push(chunk) };
	return { res, sent };
}

/** The static data as loaded from n8n's database for one call: the memory created at publication. */
function loaded(): IDataObject {
	const stored: IDataObject = {};
	ReplyMemory.createIn((stored.global = {}) as IDataObject);
	return JSON.parse(JSON.stringify(stored)) as IDataObject;
}

let workflowCount = 0;

function webhookCall(staticData: IDataObject, workflowId = `replyMemory-${++workflowCount}`) {
	const webhookWorkflow = workflowOn(staticData);
	const { res, sent } = response();
	const fn = {
		getWorkflow: () => ({ id: workflowId, active: true }),
		getWorkflowStaticData: () => webhookWorkflow.getStaticData('global'),
		getResponseObject: () => res,
	} as unknown as IWebhookFunctions;
	return { webhookWorkflow, fn, res, sent };
}

describe('Reply to Message: the reply remembered as n8n writes it', () => {
	it('marks the webhook call static data changed when the Buffer body passes, after n8n reset the flag', () => {
		const staticData = loaded();
		const { webhookWorkflow, fn, res, sent } = webhookCall(staticData);
		rememberReplyWhenSent(fn, 'message:A', 1000);
		workflowOn(staticData); // establishContextForPersistence: the flag is reset
		expect(webhookWorkflow.staticData.__dataChanged).toBe(false);
		const body = Buffer.from(JSON.stringify({ Status: 'OK', Body: 'Your pizza' }));
		res.end(body); // n8n's res.end(response.body), then its save
		expect(sent).toEqual([body]);
		expect(webhookWorkflow.staticData.__dataChanged).toBe(true);
		expect(recall(webhookWorkflow.getStaticData('global'), 'message:A', 2000)).toEqual({ at: 1000, body: 'Your pizza' });
		// What n8n saves is the whole object, with the reply in it.
		expect(JSON.parse(JSON.stringify(staticData)).global[REPLIES_KEY]).toEqual({ 'message:A': { at: 1000, body: 'Your pizza' } });
	});

	it('an MMS or report reply (Status only) is remembered without a Body', () => {
		const { fn, res, webhookWorkflow } = webhookCall(loaded());
		rememberReplyWhenSent(fn, 'message:M', 1000);
		res.end(Buffer.from('{"Status":"OK"}'));
		expect(recall(webhookWorkflow.getStaticData('global'), 'message:M', 2000)).toEqual({ at: 1000 });
	});

	it("n8n's error answer (the workflow failed) is not remembered: the gateway's retry runs the workflow again", () => {
		const { fn, res, webhookWorkflow, sent } = webhookCall(loaded());
		rememberReplyWhenSent(fn, 'message:E', 1000);
		workflowOn(webhookWorkflow.staticData as IDataObject);
		res.statusCode = 500;
		res.end('{"code":0,"message":"Error in workflow"}');
		expect(sent).toHaveLength(1);
		expect(webhookWorkflow.staticData.__dataChanged).toBe(false);
		expect(recall(webhookWorkflow.getStaticData('global'), 'message:E', 2000)).toBeUndefined();
	});

	it('only the first end is read (the wrapper puts the original back)', () => {
		const { fn, res, webhookWorkflow } = webhookCall(loaded());
		rememberReplyWhenSent(fn, 'message:B', 1000);
		res.end(Buffer.from('{"Status":"OK","Body":"one"}'));
		res.end(Buffer.from('{"Status":"OK","Body":"two"}'));
		expect(recall(webhookWorkflow.getStaticData('global'), 'message:B', 2000)).toEqual({ at: 1000, body: 'one' });
	});
});

describe('reply mode Immediately: the answer n8n writes once the run is queued is remembered', () => {
	it("is marked for saving again when n8n takes the answer after queuing, and another call's answer marks nothing of this call's", () => {
		const staticData = loaded();
		const { webhookWorkflow, fn, res } = webhookCall(staticData);
		const handed = answerWhenQueued({ output: { json: {} }, key: 'message:Q', now: 1000, memory: ReplyMemory.of(fn) });
		workflowOn(staticData); // WorkflowRunner.run: establishContextForPersistence resets the flag
		expect(webhookWorkflow.staticData.__dataChanged).toBe(false);
		// webhook-helpers.js: after run(), responseData is evaluated (natively or not: it does nothing),
		// then n8n reads the trigger's answer (extractWebhookOnReceivedResponse), then the callback saves.
		expect(RESPONSE_DATA_FIELD.resolve({ replyMode: 'onReceived' })).toBe('');
		expect(webhookWorkflow.staticData.__dataChanged).toBe(false);
		expect(handed.webhookResponse).toEqual({ Status: 'OK' });
		expect(webhookWorkflow.staticData.__dataChanged).toBe(true);
		expect(JSON.parse(JSON.stringify(staticData)).global[REPLIES_KEY]).toEqual({ 'message:Q': { at: 1000 } });
		webhookWorkflow.staticData.__dataChanged = false; // n8n saved it
		res.end('{"Status":"OK"}');
		const other = webhookCall(loaded(), 'replyMemory-other');
		const otherHanded = answerWhenQueued({ output: { json: {} }, key: 'message:R', now: 1000, memory: ReplyMemory.of(other.fn) });
		expect(otherHanded.webhookResponse).toEqual({ Status: 'OK' });
		expect(webhookWorkflow.staticData.__dataChanged).toBe(false);
	});

	it('with Acknowledge Redeliveries off, nothing is remembered or marked', () => {
		const staticData = loaded();
		const { webhookWorkflow } = webhookCall(staticData);
		const handed = answerWhenQueued({ output: { json: {} }, key: 'message:OFF', now: 1000 });
		expect(handed.webhookResponse).toEqual({ Status: 'OK' });
		expect(handed.workflowData).toEqual([[{ json: {} }]]);
		expect(webhookWorkflow.staticData.__dataChanged).toBe(false);
		expect(recall(webhookWorkflow.getStaticData('global'), 'message:OFF', 2000)).toBeUndefined();
	});

	it('responseData is the last node\'s first item in mode When Last Node Finishes only', () => {
		expect(RESPONSE_DATA_FIELD.resolve({ replyMode: 'lastNode' })).toBe('firstEntryJson');
		expect(RESPONSE_DATA_FIELD.resolve({ replyMode: 'responseNode' })).toBe('');
	});
});

describe('reply mode Immediately: remembered means the answer went out (D1)', () => {
	it('a run n8n cannot queue (it writes an HTTP error without reading the answer) is not remembered: the redelivery runs', async () => {
		const staticData = loaded();
		const first = webhookCall(staticData, 'replyMemory-d1');
		const memory = ReplyMemory.of(first.fn);
		const claim = await memory.claim('message:D1', 1000);
		const call = { output: { json: {} }, key: 'message:D1', now: 1000, memory };
		expect(await answerFromClaim(first.fn, call, claim)).toBeUndefined();
		const handed = answerWhenQueued(call);
		expect(handed.workflowData).toEqual([[{ json: {} }]]);
		// webhook-helpers.js: the enqueue threw (Redis away); n8n writes its error, never reading webhookResponse.
		first.res.statusCode = 500;
		first.res.end('{"code":500,"message":"Error in workflow"}');
		expect(JSON.parse(JSON.stringify(first.webhookWorkflow.getStaticData('global')))[REPLIES_KEY]).toEqual({});
		// The gateway's next try, in the same process: it is this call's to answer, and the workflow runs.
		const again = webhookCall(JSON.parse(JSON.stringify(staticData)) as IDataObject, 'replyMemory-d1');
		expect(await ReplyMemory.of(again.fn).claim('message:D1', 3000)).toEqual({ claimed: { done: expect.any(Function) } });
	});
});

describe('a reply SMS still to send (a long code)', () => {
	it('an entry saved before pending replies named their channel (`sms`, for a day after an upgrade) is read as a pending SMS', () => {
		const saved: IDataObject = {};
		ReplyMemory.createIn(saved);
		(saved[REPLIES_KEY] as IDataObject)['message:U'] = { at: 1000, sms: 'Got it' };
		expect(recall(saved, 'message:U', 2000)).toEqual({ at: 1000, pending: { channel: 'sms', text: 'Got it' } });
		const later = ReplyMemory.of({ getWorkflow: () => ({ id: 'sms-pending-upgrade' }), getWorkflowStaticData: () => saved });
		later.remember('message:V', 1500);
		expect((saved[REPLIES_KEY] as IDataObject)['message:U']).toEqual({ at: 1000, pending: { channel: 'sms', text: 'Got it' } });
	});

	it('is held as pending, with its channel, kept when another process takes the saved copy in, and replaced by Status only once sent', () => {
		const saved: IDataObject = {};
		ReplyMemory.createIn(saved);
		const first = ReplyMemory.of({ getWorkflow: () => ({ id: 'sms-pending-a' }), getWorkflowStaticData: () => saved });
		first.remember('message:S', 1000, undefined, { channel: 'sms', text: 'Got it' });
		expect(recall(saved, 'message:S', 2000)).toEqual({ at: 1000, pending: { channel: 'sms', text: 'Got it' } });
		// Another process loads the saved copy and remembers something else: the pending SMS stays.
		const copy = JSON.parse(JSON.stringify(saved)) as IDataObject;
		const other = ReplyMemory.of({ getWorkflow: () => ({ id: 'sms-pending-b' }), getWorkflowStaticData: () => copy });
		other.remember('message:T', 1500);
		expect(recall(copy, 'message:S', 2000)).toEqual({ at: 1000, pending: { channel: 'sms', text: 'Got it' } });
		// Sent at the redelivery: Status only from then on.
		other.remember('message:S', 3000);
		expect(recall(copy, 'message:S', 4000)).toEqual({ at: 3000 });
	});
});
