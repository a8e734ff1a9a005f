/**
 * The memory one n8n process shares among its calls of a workflow (processReplyMemory.ts), against a
 * model of what n8n does with each webhook call's static data (n8n 2.40.7 live-webhooks.js: loaded
 * from the database when the call arrives, a Workflow built on it, saved whole after the answer when
 * its "changed" flag is set). The database here is the JSON n8n would store.
 */
import { Workflow, type IDataObject, type INodeTypes, type IWebhookFunctions } from 'n8n-workflow';
import { COPY_WAIT_MS, rememberShared } from '../../../nodes/shared/messaging/processReplyMemory';
import { REPLIES_KEY, createReplyMemory } from '../../../nodes/shared/messaging/replies';
import { answerOfCopyInFlight, answeredBefore, rememberReplyWhenSent } from '../../../nodes/SolSwitchMessagingTrigger/redeliveries';

const nodeTypes = { getByName: () => undefined, getByNameAndVersion: () => undefined, getKnownTypes: () => ({}) } as unknown as INodeTypes;

let workflowCount = 0;

/** One workflow's row in n8n's database, and the calls n8n makes on it. */
function n8nModel() {
	const workflowId = `processReplyMemory-${++workflowCount}`;
	const published: IDataObject = {};
	createReplyMemory((published.global = {}) as IDataObject);
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
	return { workflowId, call, stored, savedElsewhere };
}

const reply = (body: string) => Buffer.from(JSON.stringify({ Status: 'OK', Body: body }));

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
		rememberShared(n8n.workflowId, here.fn.getWorkflowStaticData('global'), 'message:HERE', 1000);
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
		rememberShared(n8n.workflowId, next.fn.getWorkflowStaticData('global'), 'message:N', 3000);
		next.save();
		expect(n8n.stored()).toEqual({ 'message:L': { at: 1000, body: 'late' }, 'message:N': { at: 3000 } });
	});

	it('a copy arriving while the first is being answered waits, and gets the same answer without an execution', async () => {
		const n8n = n8nModel();
		const first = n8n.call();
		expect(await answerOfCopyInFlight(first.fn, 'message:C', 1000)).toBeUndefined();
		rememberReplyWhenSent(first.fn, 'message:C', 1000);
		const copy = n8n.call();
		let copyAnswer: unknown = 'waiting';
		const waiting = answerOfCopyInFlight(copy.fn, 'message:C', 1000).then((a) => (copyAnswer = a));
		await Promise.resolve();
		expect(copyAnswer).toBe('waiting');
		first.res.end(reply('once'));
		await waiting;
		expect(copyAnswer).toEqual({ at: 1000, body: 'once' });
	});

	it('when the first copy fails (n8n answers an error), the waiting copy runs, and a third copy waits for it', async () => {
		const n8n = n8nModel();
		const first = n8n.call();
		await answerOfCopyInFlight(first.fn, 'message:F', 1000);
		rememberReplyWhenSent(first.fn, 'message:F', 1000);
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

	it('a first copy with no answer after COPY_WAIT_MS (its worker killed, say): the waiting copy runs, and later copies wait for it', async () => {
		jest.useFakeTimers();
		try {
			const n8n = n8nModel();
			const first = n8n.call();
			await answerOfCopyInFlight(first.fn, 'message:S', 1000);
			rememberReplyWhenSent(first.fn, 'message:S', 1000);
			const second = n8n.call();
			let secondAnswer: unknown = 'waiting';
			const secondWaits = answerOfCopyInFlight(second.fn, 'message:S', 1000).then((a) => (secondAnswer = a));
			await jest.advanceTimersByTimeAsync(COPY_WAIT_MS - 1);
			expect(secondAnswer).toBe('waiting');
			await jest.advanceTimersByTimeAsync(1);
			await secondWaits;
			expect(secondAnswer).toBeUndefined(); // it runs the workflow
			rememberReplyWhenSent(second.fn, 'message:S', 1000);
			const third = n8n.call();
			let thirdAnswer: unknown = 'waiting';
			const thirdWaits = answerOfCopyInFlight(third.fn, 'message:S', 1000).then((a) => (thirdAnswer = a));
			first.res.statusCode = 500;
			first.res.end('{"code":0,"message":"Error in workflow"}'); // the first, at last: no answer
			await jest.advanceTimersByTimeAsync(0);
			expect(thirdAnswer).toBe('waiting');
			second.res.end(reply('taken over'));
			await thirdWaits;
			expect(thirdAnswer).toEqual({ at: 1000, body: 'taken over' });
		} finally {
			jest.useRealTimers();
		}
	});

	it('other workflows do not share the memory', () => {
		const one = n8nModel();
		const other = n8nModel();
		const call = one.call();
		rememberShared(one.workflowId, call.fn.getWorkflowStaticData('global'), 'message:W', 1000);
		expect(answeredBefore(other.call().fn, 'message:W', 2000)).toBeUndefined();
		expect(answeredBefore(one.call().fn, 'message:W', 2000)).toEqual({ at: 1000 });
	});
});
