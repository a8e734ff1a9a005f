// The soak's side effect (scripts/soak/sideEffect.ts): the recipe example's ticket, with or without
// its check, spliced into the SMS auto-reply example on the hello branch; and the counting of
// tickets per message (twice, lost), on hand-made rows whose answers are known.
import { readExample } from '../../../scripts/start/examples';
import { countSideEffects, RECIPE, soakWorkflow } from '../../../scripts/soak/sideEffect';
import type { MessageTrace } from '../../../scripts/soak/tally';

const autoReply = () => readExample('examples/sms-auto-reply.json');
const recipe = () => readExample('examples/sms-side-effect-once.json');
type Node = { name: string; type: string; parameters: Record<string, unknown> };
type Connections = Record<string, { main: Array<Array<{ node: string }>> }>;
/** Each node's outputs, as the names they lead to. */
const wiring = (connections: Connections) => Object.fromEntries(Object.entries(connections).map(([from, c]) => [from, c.main.map((out) => out.map((l) => l.node))]));

describe('the soak workflow', () => {
	it('with the recipe: the hello branch counts the message in Redis, and only a first count opens the ticket; every copy gets the menu', () => {
		const workflow = soakWorkflow(autoReply(), recipe(), { once: true });
		expect(wiring(workflow.connections as Connections)).toEqual({
			'Incoming SMS': [['Opt-Out?']],
			'Opt-Out?': [['Record Opt-Out'], [RECIPE.count]],
			[RECIPE.count]: [[RECIPE.check]],
			[RECIPE.check]: [[RECIPE.sideEffect], ['Reply with the Menu']],
			[RECIPE.sideEffect]: [['Reply with the Menu']],
		});
		// The nodes are the example's own, not copies written here.
		const byName = (w: { nodes: unknown[] }, name: string) => (w.nodes as Node[]).find((n) => n.name === name);
		for (const name of Object.values(RECIPE)) expect(byName(workflow, name)).toEqual(expect.objectContaining({ parameters: byName(recipe(), name)!.parameters }));
		expect(byName(workflow, RECIPE.count)).toMatchObject({ type: 'n8n-nodes-base.redis', parameters: { operation: 'incr', key: '=sms-once:{{ $json.id }}', expire: true } });
		expect(new Set((workflow.nodes as Node[]).map((n) => n.name)).size).toBe(workflow.nodes.length);
	});

	it('without it: the hello branch opens the ticket on every run', () => {
		const workflow = soakWorkflow(autoReply(), recipe(), { once: false });
		expect(wiring(workflow.connections as Connections)).toEqual({
			'Incoming SMS': [['Opt-Out?']],
			'Opt-Out?': [['Record Opt-Out'], [RECIPE.sideEffect]],
			[RECIPE.sideEffect]: [['Reply with the Menu']],
		});
		expect((workflow.nodes as Node[]).map((n) => n.type)).not.toContain('n8n-nodes-base.redis');
	});

	it('leaves the example files as they are, and refuses an auto-reply without its hello branch', () => {
		const before = JSON.stringify(autoReply());
		soakWorkflow(autoReply(), recipe(), { once: true });
		expect(JSON.stringify(autoReply())).toBe(before);
		const broken = autoReply();
		(broken.connections as Connections)['Opt-Out?'].main[1] = [];
		expect(() => soakWorkflow(broken, recipe(), { once: true })).toThrow(/does not lead to "Reply with the Menu"/);
		expect(() => soakWorkflow(autoReply(), { ...recipe(), nodes: [] }, { once: true })).toThrow(/no node "Open a Ticket"/);
	});
});

describe('counting the side effects', () => {
	const messages: Array<Pick<MessageTrace, 'ID' | 'Body' | 'fault'>> = [
		{ ID: 'soak-0', Body: 'STOP' },
		{ ID: 'soak-1', Body: 'hello', fault: 'worker killed' },
		{ ID: 'soak-2', Body: 'hello' },
		{ ID: 'soak-3', Body: 'hello', fault: 'webhook processor killed' },
		{ ID: 'soak-4', Body: 'hello' },
	];

	it('each hello should have one ticket: more is twice, none is lost (a STOP has none)', () => {
		const figures = countSideEffects(messages, ['soak-2', 'soak-3', 'soak-3', 'soak-4', 'soak-2', 'soak-2'], false);
		expect(figures).toEqual({
			recipe: false,
			sideEffectsExpected: 4,
			sideEffects: 6,
			sideEffectsTwice: ['soak-2: 3 times', 'soak-3 (webhook processor killed): 2 times'],
			sideEffectsLost: ['soak-1 (worker killed)'],
			sideEffectsUnknown: [],
		});
	});

	it('one ticket each: nothing twice, nothing lost', () => {
		expect(countSideEffects(messages, ['soak-4', 'soak-1', 'soak-3', 'soak-2'], true)).toMatchObject({ recipe: true, sideEffects: 4, sideEffectsTwice: [], sideEffectsLost: [], sideEffectsUnknown: [] });
	});

	it('a ticket for a message that should have none (a STOP, an ID not sent) is shown, not counted against a hello', () => {
		const figures = countSideEffects(messages, ['soak-1', 'soak-2', 'soak-3', 'soak-4', 'soak-0', 'other-9'], true);
		expect(figures.sideEffectsUnknown).toEqual(['soak-0', 'other-9']);
		expect(figures.sideEffectsTwice).toEqual([]);
		expect(figures.sideEffectsLost).toEqual([]);
	});
});
