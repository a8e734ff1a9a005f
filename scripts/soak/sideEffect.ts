// The soak's side effect (issue 35): every "hello" opens a ticket, a row of the Data Table "SMS
// tickets" keyed by the message ID, so the soak can count how many times each message's side effect
// ran. The ticket node, and with --side-effect-once the claim around it (Claim This Message, a
// PostgreSQL claim with a lease; Claimed? (Switch): mine -> the ticket -> Mark Done, done -> the
// reply, busy -> Stop and Error so the gateway sends the message again), are taken from
// examples/sms-side-effect-once.json itself and spliced into the SMS auto-reply example on its
// "hello" branch (Opt-Out? false), before Reply with the Menu: the soak runs the recipe users import,
// not a copy of it. Only the lease is shorter (SOAK_LEASE): the soak's gateway retries for about 9
// minutes (time scale 0.05), not 2.5 h, and a copy must come after the lease of a claim whose run
// died. Without the flag the ticket is opened on every run, so the doubles the recipe removes are
// still counted. Pure but for reading the recipe's page: the unit tests check the wiring and the counting.
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../n8n-harness/paths';
import type { WorkflowDefinition } from '../n8n-harness/n8n-api';
import type { MessageTrace } from './tally';

/** The recipe's nodes in examples/sms-side-effect-once.json. */
export const RECIPE = { claim: 'Claim This Message', check: 'Claimed?', sideEffect: 'Open a Ticket', done: 'Mark Done', busy: 'Busy: Try Again Later' } as const;
/** The example's lease, as its claim query writes it, and the soak's (see above). */
export const EXAMPLE_LEASE = "interval '10 minutes'";
export const SOAK_LEASE = "interval '60 seconds'";
/** The auto-reply example's branch the side effect goes on, and the node it goes before. */
const OPT_OUT = 'Opt-Out?';
const MENU = 'Reply with the Menu';

type Node = Record<string, unknown> & { name: string; position?: [number, number]; parameters?: Record<string, unknown> };
type Link = { node: string; type: 'main'; index: 0 };
const link = (node: string): Link => ({ node, type: 'main', index: 0 });

/** The code blocks of one language on docs/side-effect-once.md, in order (its first sql block creates the claim table). */
export function recipePageBlocks(language: string): string[] {
	const page = fs.readFileSync(path.join(REPO_ROOT, 'docs', 'side-effect-once.md'), 'utf8');
	return [...page.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)\\n```', 'g'))].map((m) => m[1]);
}

function nodeNamed(workflow: WorkflowDefinition, name: string): Node {
	const node = (workflow.nodes as Node[]).find((n) => n.name === name);
	if (!node) throw new Error(`workflow "${workflow.name}" has no node "${name}"`);
	return JSON.parse(JSON.stringify(node)) as Node;
}

/** The claim query with another lease; refuses a query that does not hold the example's lease exactly once. */
export function withLease(query: string, lease: string): string {
	const parts = query.split(EXAMPLE_LEASE);
	if (parts.length !== 2) throw new Error(`the claim query holds ${EXAMPLE_LEASE} ${parts.length - 1} times, not once`);
	return parts.join(lease);
}

/**
 * The SMS auto-reply example with the recipe example's ticket on its hello branch: Opt-Out? (false)
 * -> [Claim This Message -> Claimed? (mine) ->] Open a Ticket [-> Mark Done] -> Reply with the Menu;
 * with the claim, Claimed? (done) goes straight to Reply with the Menu (a copy still gets the menu)
 * and Claimed? (busy) to Stop and Error.
 */
export function soakWorkflow(autoReply: WorkflowDefinition, recipe: WorkflowDefinition, { once }: { once: boolean }): WorkflowDefinition {
	const workflow = JSON.parse(JSON.stringify(autoReply)) as WorkflowDefinition;
	const connections = workflow.connections as Record<string, { main: Link[][] }>;
	const optOutBranches = connections[OPT_OUT]?.main;
	if (!optOutBranches?.[1]?.some((l) => l.node === MENU)) throw new Error(`"${OPT_OUT}" (false) does not lead to "${MENU}"`);
	const menu = nodeNamed(workflow, MENU);
	const [x, y] = menu.position ?? [480, 120];
	const place = (node: Node, dx: number, dy = 0) => ({ ...node, position: [x + dx, y + dy] as [number, number] });
	const ticket = place(nodeNamed(recipe, RECIPE.sideEffect), once ? 480 : 0);
	const added: Node[] = [ticket];
	if (once) {
		const claim = place(nodeNamed(recipe, RECIPE.claim), 0);
		claim.parameters = { ...claim.parameters, query: withLease(String(claim.parameters?.query), SOAK_LEASE) };
		added.push(claim, place(nodeNamed(recipe, RECIPE.check), 240), place(nodeNamed(recipe, RECIPE.done), 720), place(nodeNamed(recipe, RECIPE.busy), 480, 200));
		optOutBranches[1] = [link(RECIPE.claim)];
		connections[RECIPE.claim] = { main: [[link(RECIPE.check)]] };
		connections[RECIPE.check] = { main: [[link(RECIPE.sideEffect)], [link(MENU)], [link(RECIPE.busy)]] };
		connections[RECIPE.sideEffect] = { main: [[link(RECIPE.done)]] };
		connections[RECIPE.done] = { main: [[link(MENU)]] };
	} else {
		optOutBranches[1] = [link(RECIPE.sideEffect)];
		connections[RECIPE.sideEffect] = { main: [[link(MENU)]] };
	}
	(workflow.nodes as Node[]).push(...added);
	// The menu moves right of the ticket (and of Mark Done).
	const moved = (workflow.nodes as Node[]).find((n) => n.name === MENU)!;
	moved.position = [x + (once ? 960 : 240), y];
	return workflow;
}

export interface SideEffectFigures {
	/** Whether the recipe's claim (Claim This Message, Claimed?, Mark Done) was around the side effect. */
	recipe: boolean;
	/** Messages whose side effect should run once: every "hello" (a STOP goes to Record Opt-Out). */
	sideEffectsExpected: number;
	/** Side effects recorded in all (tickets). */
	sideEffects: number;
	/** Messages whose side effect ran more than once, with how many times. */
	sideEffectsTwice: string[];
	/** Messages whose side effect never ran (e.g. a claim whose run died, never taken over). */
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
