/**
 * The one memory of the call events (nodes/SolSwitchTrigger/calls/emittedCalls.ts): the CallIDs a
 * node started a run for, in its static data and shared by the calls of one process; a claim while
 * a call is looked up; a day's lifetime.
 */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';
import { alreadyStarted, claim, CLAIM_ABANDONED_MS, EMITTED_KEY, forgetProcessMemory, KEEP_MS, remember } from '../../../nodes/SolSwitchTrigger/calls/emittedCalls';

/** A webhook call of one node, on the static data n8n loaded for it. */
function call(staticData: IDataObject, node = 'Missed Call'): IWebhookFunctions {
	return {
		getWorkflow: () => ({ id: 'wf-1' }),
		getNode: () => ({ name: node }),
		getWorkflowStaticData: () => staticData,
	} as unknown as IWebhookFunctions;
}

beforeEach(() => forgetProcessMemory());

describe('calls that started a run', () => {
	it('are remembered in the static data (what n8n saves) and answered as started', () => {
		const saved: IDataObject = {};
		expect(alreadyStarted(call(saved), '1.1', 1000)).toBe(false);
		remember(call(saved), '1.1', 1000);
		expect(saved[EMITTED_KEY]).toEqual({ '1.1': 1000 });
		expect(alreadyStarted(call(saved), '1.1', 2000)).toBe(true);
	});

	it('survive a restart: a new process reads them from the static data', () => {
		const saved: IDataObject = {};
		remember(call(saved), '1.1', 1000);
		forgetProcessMemory();
		expect(alreadyStarted(call(JSON.parse(JSON.stringify(saved)) as IDataObject), '1.1', 2000)).toBe(true);
	});

	it('are not lost when two overlapping calls each save what they loaded: every call writes the process\'s entries', () => {
		const first: IDataObject = {};
		const second: IDataObject = {};
		remember(call(first), '1.1', 1000);
		remember(call(second), '1.2', 1001);
		// The last save wins in the database: it holds both.
		expect(second[EMITTED_KEY]).toEqual({ '1.1': 1000, '1.2': 1001 });
	});

	it('are kept per node, and forgotten after a day', () => {
		const saved: IDataObject = {};
		remember(call(saved, 'Missed Call'), '1.1', 1000);
		expect(alreadyStarted(call({}, 'Call Ended'), '1.1', 2000)).toBe(false);
		expect(alreadyStarted(call(saved), '1.1', 1000 + KEEP_MS + 1)).toBe(false);
	});
});

describe('a call being looked up', () => {
	it('is claimed once: a copy arriving meanwhile is not looked up again; released, it can be claimed', () => {
		const c = claim(call({}), '1.1', 1000)!;
		expect(claim(call({}), '1.1', 1500)).toBeUndefined();
		c.release();
		expect(claim(call({}), '1.1', 1600)).toBeDefined();
	});

	it('a claim never released (n8n did not take the answer) is taken over after CLAIM_ABANDONED_MS', () => {
		claim(call({}), '1.1', 1000);
		expect(claim(call({}), '1.1', 1000 + CLAIM_ABANDONED_MS)).toBeDefined();
	});
});
