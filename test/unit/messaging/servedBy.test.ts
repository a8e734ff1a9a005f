// A Messaging Trigger served by several webhook processors at once says so once in n8n's log
// (nodes/SolSwitchMessagingTrigger/servedBy.ts); one processor, a failover and a restart say nothing.
// Each case is a workflow of its own (the module remembers per process and workflow).
import { randomUUID } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';
import { noteServingProcess, OVERLAP_MS, QUEUE_MODE_DOCS, SERVED_BY_KEY, severalProcessorsWarning } from '../../../nodes/SolSwitchMessagingTrigger/servedBy';

/** The database's copy of one workflow's static data; each call loads it and saves it whole (as n8n does). */
function workflow() {
	const id = randomUUID();
	let saved: IDataObject = {};
	const warnings: string[] = [];
	const call = (processId: string, now: number) => {
		const staticData = JSON.parse(JSON.stringify(saved)) as IDataObject;
		const ctx = { getWorkflow: () => ({ id, name: 'SMS' }), getWorkflowStaticData: () => staticData, logger: { warn: (m: string) => warnings.push(m) } };
		const warned = noteServingProcess(ctx, now, processId);
		saved = staticData;
		return warned;
	};
	return { id, call, warnings, saved: () => saved };
}

describe('a trigger served by several processors at once', () => {
	it('says nothing while one process serves it', () => {
		const w = workflow();
		for (let t = 0; t < 120_000; t += 700) expect(w.call('a', t)).toBe(false);
		expect(w.warnings).toEqual([]);
	});

	it('warns once, with the workflow and the docs link, when two processes alternate', () => {
		const w = workflow();
		const warned = [w.call('a', 0), w.call('b', 100), w.call('a', 200), w.call('b', 300), w.call('a', 400), w.call('b', 500)];
		// a's second call sees b's note (b served after a did): a warns; b warns on its second call too (its own process).
		expect(warned).toEqual([false, false, true, true, false, false]);
		expect(w.warnings).toEqual([severalProcessorsWarning(w.id, 'SMS'), severalProcessorsWarning(w.id, 'SMS')]);
		expect(w.warnings[0]).toContain(QUEUE_MODE_DOCS);
		expect(w.warnings[0]).toContain(`workflow ${w.id} ("SMS")`);
	});

	it('says nothing when another process takes over (failover) or a process starts again', () => {
		const w = workflow();
		w.call('a', 0);
		w.call('a', 1000);
		// a is gone; b serves from now on: b had not served this workflow.
		for (let t = 2000; t < 20_000; t += 500) expect(w.call('b', t)).toBe(false);
		// a started again (a new process ID) takes the URL back.
		for (let t = 20_000; t < 30_000; t += 500) expect(w.call('a2', t)).toBe(false);
		expect(w.warnings).toEqual([]);
	});

	it('says nothing when the other process served it longer ago than the overlap', () => {
		const w = workflow();
		w.call('a', 0);
		w.call('b', 1);
		expect(w.call('a', OVERLAP_MS + 1)).toBe(false);
		expect(w.warnings).toEqual([]);
	});

	it('writes the static data only when the serving process changed (R13: a read-only call saves nothing)', () => {
		const w = workflow();
		w.call('a', 1000);
		expect(w.saved()[SERVED_BY_KEY]).toEqual({ process: 'a', at: 1000 });
		// The same process, however much later: the static data is not touched (n8n would save it).
		for (const t of [2000, 1000 + 10_000, 1000 + OVERLAP_MS * 5]) {
			const staticData: IDataObject = { [SERVED_BY_KEY]: { process: 'a', at: 1000 } };
			const written: string[] = [];
			const observed = new Proxy(staticData, { set: (target, key, value) => (written.push(String(key)), Reflect.set(target, key, value)) });
			noteServingProcess({ getWorkflow: () => ({ id: w.id }), getWorkflowStaticData: () => observed, logger: { warn: () => undefined } }, t, 'a');
			expect(written).toEqual([]);
		}
		w.call('b', 5000);
		expect(w.saved()[SERVED_BY_KEY]).toEqual({ process: 'b', at: 5000 });
	});

	it('still warns when a process that had served alone for long (its note old) meets another', () => {
		const w = workflow();
		for (let t = 0; t < 5 * OVERLAP_MS; t += 1000) w.call('a', t);
		const warned = [w.call('b', 5 * OVERLAP_MS), w.call('a', 5 * OVERLAP_MS + 100), w.call('b', 5 * OVERLAP_MS + 200)];
		expect(warned).toEqual([false, true, true]);
	});

	it('takes a malformed note as none', () => {
		const w = workflow();
		const staticData: IDataObject = { [SERVED_BY_KEY]: 'garbage' };
		const warnings: string[] = [];
		expect(noteServingProcess({ getWorkflow: () => ({ id: w.id }), getWorkflowStaticData: () => staticData, logger: { warn: (m: string) => warnings.push(m) } }, 5, 'a')).toBe(false);
		expect(staticData[SERVED_BY_KEY]).toEqual({ process: 'a', at: 5 });
	});
});
