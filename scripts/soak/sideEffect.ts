// The soak's side effect (issue 35): every "hello" opens a ticket, a row of the Data Table "SMS
// tickets" keyed by the message ID, so the soak can count how many times each message's side effect
// ran. The ticket node, and with --side-effect-once the check in front of it (Redis > Increment of
// sms-once:<ID>, then First Time? on count = 1), are taken from examples/sms-side-effect-once.json
// itself and spliced into the SMS auto-reply example on its "hello" branch (Opt-Out? false), before
// Reply with the Menu: the soak runs the recipe users import, not a copy of it. Without the flag the
// ticket is opened on every run, so the doubles the recipe removes are still counted.
// Pure: the unit tests check the wiring and the counting.
import type { WorkflowDefinition } from '../n8n-harness/n8n-api';
import type { MessageTrace } from './tally';

/** The recipe's nodes in examples/sms-side-effect-once.json. */
export const RECIPE = { count: 'Count This Message', check: 'First Time?', sideEffect: 'Open a Ticket' } as const;
/** The auto-reply example's branch the side effect goes on, and the node it goes before. */
const OPT_OUT = 'Opt-Out?';
const MENU = 'Reply with the Menu';

type Node = Record<string, unknown> & { name: string; position?: [number, number] };
type Link = { node: string; type: 'main'; index: 0 };
const link = (node: string): Link => ({ node, type: 'main', index: 0 });

function nodeNamed(workflow: WorkflowDefinition, name: string): Node {
	const node = (workflow.nodes as Node[]).find((n) => n.name === name);
	if (!node) throw new Error(`workflow "${workflow.name}" has no node "${name}"`);
	return JSON.parse(JSON.stringify(node)) as Node;
}

/**
 * The SMS auto-reply example with the recipe example's ticket on its hello branch: Opt-Out? (false)
 * -> [Count This Message -> First Time? (true) ->] Open a Ticket -> Reply with the Menu; with the
 * check, First Time? (false) goes straight to Reply with the Menu (every copy still gets the menu).
 */
export function soakWorkflow(autoReply: WorkflowDefinition, recipe: WorkflowDefinition, { once }: { once: boolean }): WorkflowDefinition {
	const workflow = JSON.parse(JSON.stringify(autoReply)) as WorkflowDefinition;
	const connections = workflow.connections as Record<string, { main: Link[][] }>;
	const optOutBranches = connections[OPT_OUT]?.main;
	if (!optOutBranches?.[1]?.some((l) => l.node === MENU)) throw new Error(`"${OPT_OUT}" (false) does not lead to "${MENU}"`);
	const menu = nodeNamed(workflow, MENU);
	const [x, y] = menu.position ?? [480, 120];
	const place = (node: Node, dx: number) => ({ ...node, position: [x + dx, y] as [number, number] });
	const ticket = place(nodeNamed(recipe, RECIPE.sideEffect), once ? 480 : 0);
	const added: Node[] = [ticket];
	if (once) {
		added.push(place(nodeNamed(recipe, RECIPE.count), 0), place(nodeNamed(recipe, RECIPE.check), 240));
		optOutBranches[1] = [link(RECIPE.count)];
		connections[RECIPE.count] = { main: [[link(RECIPE.check)]] };
		connections[RECIPE.check] = { main: [[link(RECIPE.sideEffect)], [link(MENU)]] };
	} else {
		optOutBranches[1] = [link(RECIPE.sideEffect)];
	}
	connections[RECIPE.sideEffect] = { main: [[link(MENU)]] };
	(workflow.nodes as Node[]).push(...added);
	// The menu moves right of the ticket.
	const moved = (workflow.nodes as Node[]).find((n) => n.name === MENU)!;
	moved.position = [x + (once ? 720 : 240), y];
	return workflow;
}

export interface SideEffectFigures {
	/** Whether the check of the recipe (Redis Increment + If) was in front of the side effect. */
	recipe: boolean;
	/** Messages whose side effect should run once: every "hello" (a STOP goes to Record Opt-Out). */
	sideEffectsExpected: number;
	/** Side effects recorded in all (tickets). */
	sideEffects: number;
	/** Messages whose side effect ran more than once, with how many times. */
	sideEffectsTwice: string[];
	/** Messages whose side effect never ran (e.g. a copy dropped by the check after the first run died mid-way). */
	sideEffectsLost: string[];
	/** Tickets for a message that should have none (not sent, or a STOP): none, or the wiring is wrong. */
	sideEffectsUnknown: string[];
}

/** Counts the side effects per message from the tickets' message IDs. */
export function countSideEffects(messages: Array<Pick<MessageTrace, 'ID' | 'Body' | 'fault'>>, ticketMessageIds: string[], recipe: boolean): SideEffectFigures {
	const counts = new Map<string, number>();
	for (const id of ticketMessageIds) counts.set(id, (counts.get(id) ?? 0) + 1);
	const expected = messages.filter((m) => m.Body !== 'STOP');
	const sent = new Set(messages.map((m) => m.ID));
	const label = (m: Pick<MessageTrace, 'ID' | 'fault'>) => `${m.ID}${m.fault ? ` (${m.fault})` : ''}`;
	return {
		recipe,
		sideEffectsExpected: expected.length,
		sideEffects: ticketMessageIds.length,
		sideEffectsTwice: expected.filter((m) => (counts.get(m.ID) ?? 0) > 1).map((m) => `${label(m)}: ${counts.get(m.ID)} times`),
		sideEffectsLost: expected.filter((m) => !counts.has(m.ID)).map(label),
		sideEffectsUnknown: [...counts.keys()].filter((id) => !sent.has(id) || messages.find((m) => m.ID === id)?.Body === 'STOP'),
	};
}
