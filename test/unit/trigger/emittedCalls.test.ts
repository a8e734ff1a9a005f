/**
 * The one memory of the call events (nodes/SolSwitchTrigger/calls/emittedCalls.ts): the CallIDs a
 * node started a run for, in its static data and shared by the calls of one process; a claim while
 * a call is looked up; a day's lifetime.
 */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';
import { alreadyStarted, claim, CLAIM_ABANDONED_MS, EMITTED_KEY, forgetProcessMemory, KEEP_MS, remember } from '../../../nodes/SolSwitchTrigger/calls/emittedCalls';
import { GRACE_MS, LONGEST_CALL_MS, MAX_RECORD_WAIT_S } from '../../../nodes/SolSwitchTrigger/calls/deadline';
import { SWITCH_EVENTS } from '../../../nodes/SolSwitchTrigger/events';

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

	it("live in the node's own static data (n8n's 'node' scope), never the workflow's", () => {
		const node: IDataObject = {};
		const workflow: IDataObject = {};
		const fn = {
			getWorkflow: () => ({ id: 'wf-1' }),
			getNode: () => ({ name: 'Missed Call' }),
			getWorkflowStaticData: (type: string) => (type === 'node' ? node : workflow),
		} as unknown as IWebhookFunctions;
		remember(fn, '1.1', 1000);
		expect(node[EMITTED_KEY]).toEqual({ '1.1': 1000 });
		expect(workflow).toEqual({});
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

	it('a claim never released (n8n neither took the answer nor wrote an error) is taken over after CLAIM_ABANDONED_MS', () => {
		claim(call({}), '1.1', 1000);
		expect(claim(call({}), '1.1', 1000 + CLAIM_ABANDONED_MS)).toBeDefined();
	});

	it('is not taken over while a lookup can still be going on: a repeat 65 s (or 130 s) later is answered as a copy', () => {
		const first = claim(call({}), '1.1', 1000)!;
		expect(claim(call({}), '1.1', 1000 + 65_000)).toBeUndefined();
		expect(claim(call({}), '1.1', 1000 + LONGEST_CALL_MS)).toBeUndefined();
		// The first lookup's release still lets the call go.
		first.release();
		expect(claim(call({}), '1.1', 1000 + 65_001)).toBeDefined();
	});

	it('the take-over comes after the longest lookup: the largest Wait for Call Record plus 10 s, plus a margin', () => {
		const fields = SWITCH_EVENTS.filter((e) => ['missed-call', 'call-ended', 'new-recording'].includes(e.value)).map((e) => e.properties?.find((p) => p.name === 'recordWait'));
		expect(fields.map((f) => f?.typeOptions?.maxValue)).toEqual([MAX_RECORD_WAIT_S, MAX_RECORD_WAIT_S, MAX_RECORD_WAIT_S]);
		expect(LONGEST_CALL_MS).toBe(MAX_RECORD_WAIT_S * 1000 + GRACE_MS);
		expect(CLAIM_ABANDONED_MS).toBeGreaterThan(LONGEST_CALL_MS);
	});

	it('a taken-over claim is not released by the lookup it was taken from', () => {
		const old = claim(call({}), '1.1', 1000)!;
		const taken = claim(call({}), '1.1', 1000 + CLAIM_ABANDONED_MS)!;
		old.release();
		expect(claim(call({}), '1.1', 1000 + CLAIM_ABANDONED_MS + 1)).toBeUndefined();
		taken.release();
		expect(claim(call({}), '1.1', 1000 + CLAIM_ABANDONED_MS + 2)).toBeDefined();
	});
});
