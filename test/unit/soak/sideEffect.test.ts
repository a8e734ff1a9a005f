// The soak's side effect (scripts/soak/sideEffect.ts): the recipe example's ticket, with or without
// its claim (the lease made the soak's), spliced into the SMS auto-reply example on the hello branch; and the counting of
// tickets per message (twice, lost), on hand-made rows whose answers are known.
import { readExample } from '../../../scripts/start/examples';
import { countSideEffects, EXAMPLE_LEASE, RECIPE, recipePageBlocks, SOAK_LEASE, soakWorkflow, withLease } from '../../../scripts/soak/sideEffect';
import type { MessageTrace } from '../../../scripts/soak/tally';

const autoReply = () => readExample('examples/sms-auto-reply.json');
const recipe = () => readExample('examples/sms-side-effect-once.json');
type Node = { name: string; type: string; parameters: Record<string, unknown> };
type Connections = Record<string, { main: Array<Array<{ node: string }>> }>;
/** Each node's outputs, as the names they lead to. */
const wiring = (connections: Connections) => Object.fromEntries(Object.entries(connections).map(([from, c]) => [from, c.main.map((out) => out.map((l) => l.node))]));

describe('the soak workflow', () => {
	it('with the recipe: the hello branch claims the message in PostgreSQL; mine opens the ticket then marks it done, done gets the menu, busy fails the run', () => {
		const workflow = soakWorkflow(autoReply(), recipe(), { once: true });
		expect(wiring(workflow.connections as Connections)).toEqual({
			'Incoming SMS': [['Opt-Out?']],
			'Opt-Out?': [['Record Opt-Out'], [RECIPE.claim]],
			[RECIPE.claim]: [[RECIPE.check]],
			[RECIPE.check]: [[RECIPE.sideEffect], ['Reply with the Menu'], [RECIPE.busy]],
			[RECIPE.sideEffect]: [[RECIPE.done]],
			[RECIPE.done]: [['Reply with the Menu']],
		});
		// The nodes are the example's own, not copies written here; only the claim's lease is the soak's.
		const byName = (w: { nodes: unknown[] }, name: string) => (w.nodes as Node[]).find((n) => n.name === name);
		for (const name of [RECIPE.check, RECIPE.sideEffect, RECIPE.done, RECIPE.busy]) {
			expect(byName(workflow, name)).toEqual(expect.objectContaining({ type: byName(recipe(), name)!.type, parameters: byName(recipe(), name)!.parameters }));
		}
		const claim = byName(workflow, RECIPE.claim)!;
		const original = byName(recipe(), RECIPE.claim)!;
		expect(claim).toMatchObject({ type: 'n8n-nodes-base.postgres', parameters: { operation: 'executeQuery', options: original.parameters.options } });
		expect(claim.parameters.query).toBe(String(original.parameters.query).replace(EXAMPLE_LEASE, SOAK_LEASE));
		expect(claim.parameters.query).not.toBe(original.parameters.query);
		expect(new Set((workflow.nodes as Node[]).map((n) => n.name)).size).toBe(workflow.nodes.length);
	});

	it('the soak\'s lease is shorter than its gateway\'s retries (about 9 minutes at time scale 0.05), the example\'s far shorter than the real 2.5 h', () => {
		expect(SOAK_LEASE).toBe("interval '60 seconds'");
		expect(EXAMPLE_LEASE).toBe("interval '10 minutes'");
		expect(() => withLease('SELECT 1', SOAK_LEASE)).toThrow(/0 times, not once/);
		expect(() => withLease(`${EXAMPLE_LEASE} ${EXAMPLE_LEASE}`, SOAK_LEASE)).toThrow(/2 times, not once/);
	});

	it('without it: the hello branch opens the ticket on every run', () => {
		const workflow = soakWorkflow(autoReply(), recipe(), { once: false });
		expect(wiring(workflow.connections as Connections)).toEqual({
			'Incoming SMS': [['Opt-Out?']],
			'Opt-Out?': [['Record Opt-Out'], [RECIPE.sideEffect]],
			[RECIPE.sideEffect]: [['Reply with the Menu']],
		});
		expect((workflow.nodes as Node[]).map((n) => n.type)).not.toContain('n8n-nodes-base.postgres');
	});

	it('leaves the example files as they are, and refuses an auto-reply without its hello branch', () => {
		const before = JSON.stringify(autoReply());
		const recipeBefore = JSON.stringify(recipe());
		soakWorkflow(autoReply(), recipe(), { once: true });
		expect(JSON.stringify(autoReply())).toBe(before);
		expect(JSON.stringify(recipe())).toBe(recipeBefore);
		const broken = autoReply();
		(broken.connections as Connections)['Opt-Out?'].main[1] = [];
		expect(() => soakWorkflow(broken, recipe(), { once: true })).toThrow(/does not lead to "Reply with the Menu"/);
		expect(() => soakWorkflow(autoReply(), { ...recipe(), nodes: [] }, { once: true })).toThrow(/no node "Open a Ticket"/);
	});

	it('creates the claim table with the recipe page\'s own statement', () => {
		expect(recipePageBlocks('sql')[0]).toBe('CREATE TABLE sms_once (message_id text PRIMARY KEY, claimed_at timestamptz NOT NULL DEFAULT now(), done_at timestamptz);');
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
