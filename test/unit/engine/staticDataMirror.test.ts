/**
 * The one static-data mirror (nodes/engine/trigger/staticDataMirror.ts) in its two scopes: the
 * workflow's static data (the reply memory, the wait registry) and a node's own (the SolSwitch
 * Trigger's started calls); and the rule that the SolSwitch Trigger keeps no store of its own beside it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { IDataObject } from 'n8n-workflow';
import { StaticDataMirror, type MirrorCall } from '../../../nodes/engine/trigger/staticDataMirror';

/** A call of `node` in workflow `wf`, on the static data n8n loaded for it (per scope). */
function call(wf: string, node: string, loaded: { global: IDataObject; node: IDataObject }): MirrorCall {
	return { getWorkflow: () => ({ id: wf }), getNode: () => ({ name: node }), getWorkflowStaticData: (type: string) => loaded[type as 'global' | 'node'] };
}

const fresh = () => ({ global: {} as IDataObject, node: {} as IDataObject });

describe('a mirror of the node scope', () => {
	const mirror = new StaticDataMirror<{ entries: IDataObject }>('m', () => ({ entries: {} }), (s) => s.entries, 'node');
	beforeEach(() => mirror.forget());

	it("publishes into the node's static data, the same object for every call of that node in the process", () => {
		const a = fresh();
		const b = fresh();
		const first = mirror.of(call('wf', 'Missed Call', a));
		first.state.entries.x = 1;
		first.publish();
		mirror.of(call('wf', 'Missed Call', b)).publish();
		expect(a.node.m).toBe(b.node.m);
		expect(b.node.m).toEqual({ x: 1 });
		expect(a.global).toEqual({});
	});

	it('keeps one state per node and per workflow', () => {
		const one = mirror.of(call('wf', 'Missed Call', fresh())).state;
		expect(mirror.of(call('wf', 'Call Ended', fresh())).state).not.toBe(one);
		expect(mirror.of(call('other', 'Missed Call', fresh())).state).not.toBe(one);
		expect(mirror.of(call('wf', 'Missed Call', fresh())).state).toBe(one);
	});

	it('gives the copy another process saved as loaded, and nothing once its own object is in place; forget() is a restart', () => {
		const saved = { global: {}, node: { m: { y: 2 } } };
		const view = mirror.of(call('wf', 'Missed Call', saved));
		expect(view.loaded()).toEqual({ y: 2 });
		view.publish();
		expect(view.loaded()).toBeUndefined();
		const state = view.state;
		mirror.forget();
		expect(mirror.of(call('wf', 'Missed Call', saved)).state).not.toBe(state);
	});
});

it("the workflow scope stays the default: the workflow's static data, one state per workflow", () => {
	const mirror = new StaticDataMirror<{ entries: IDataObject }>('g', () => ({ entries: {} }), (s) => s.entries);
	const a = fresh();
	mirror.of(call('wf', 'A', a)).publish();
	expect(a.global.g).toEqual({});
	expect(a.node).toEqual({});
	expect(mirror.of(call('wf', 'B', fresh())).state).toBe(mirror.of(call('wf', 'A', fresh())).state);
});

it("the SolSwitch Trigger reads and writes static data only through the mirror (no copy of its own)", () => {
	const root = path.join(__dirname, '../../../nodes/SolSwitchTrigger');
	const files = (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts'));
	const own = files.filter((f) => /getWorkflowStaticData/.test(fs.readFileSync(path.join(root, f), 'utf8')));
	expect(files.length).toBeGreaterThan(5);
	expect(own).toEqual([]);
});
