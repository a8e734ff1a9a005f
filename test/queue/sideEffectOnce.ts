// The recipe of docs/side-effect-once.md in queue mode, on the copies the trigger cannot tell apart and
// on the runs that die. The workflow is examples/sms-side-effect-once.json itself (Claim This Message,
// a PostgreSQL claim with a lease; Claimed?: mine -> Open a Ticket -> Mark Done -> Reply, done ->
// Reply, busy -> Stop and Error), its claim table created with the page's statement in the cluster's
// PostgreSQL:
// - the same message delivered in the same instant to both webhook processors (each loads the
//   workflow's static data before the other saved: both copies run, simultaneousCopies.ts): one
//   ticket per message; a copy that met the other's fresh claim is answered an HTTP error, which the
//   gateway retries (messaging-gateway.md, Errors 2), and its retry gets the reply;
// - a claim whose run died (lease over, not done, written here as the dead run leaves it): the next
//   copy takes it over and opens the ticket, once;
// - a fresh claim another run holds: the copy is answered an HTTP error and opens nothing, and once
//   that lease is over the next copy opens the ticket.
// Then the page's simpler Redis count pasted in place of the claim, on same-instant copies.
import { randomUUID } from 'node:crypto';
import { DEFAULT_INBOUND_KEY } from '../../sandbox/gateway/config';
import { recipePageBlocks } from '../../scripts/soak/sideEffect';
import { dataTableRows } from '../../scripts/start/dataTables';
import { importExample, webhookUrls, type ImportedWorkflow } from '../../scripts/start/examples';
import { createGatewayCredential, executionsAfterQuiet, messageIds } from '../e2e/scenarios/redelivery';
import { post } from '../e2e/scenarios/simultaneousCopies';
import type { QueueEnv } from './withQueueCluster';

const PAIRS = 8;
const REPLY = { status: 200, json: { Status: 'OK', Body: 'Thanks, we got your message and will get back to you.' } };
/** A claim taken before the example's lease (10 minutes): its run died. */
const LEASE_OVER = "now() - interval '11 minutes'";
type Node = { name: string; type: string; webhookId?: string; parameters: Record<string, unknown>; credentials?: Record<string, unknown> };
type Links = Record<string, { main: Array<Array<{ node: string; type: 'main'; index: 0 }>> }>;
type Workflow = { nodes: Array<Record<string, unknown>>; connections: Record<string, unknown> };
const link = (node: string) => ({ node, type: 'main' as const, index: 0 as const });

/** The example with the page's Redis count and If in place of the claim, the Switch, Mark Done and Stop and Error. */
function withRedisCount(workflow: Workflow, credentialId: string): void {
	const pasted = (JSON.parse(recipePageBlocks('json')[0]) as { nodes: Node[]; connections: Links }).nodes;
	const [count, check] = pasted.map((n) => n.name);
	const replaced = ['Claim This Message', 'Claimed?', 'Mark Done', 'Busy: Try Again Later'];
	workflow.nodes = [
		...(workflow.nodes as Node[]).filter((n) => !replaced.includes(n.name)),
		...pasted.map((n) => ({ ...n, id: randomUUID(), ...(n.credentials ? { credentials: { redis: { id: credentialId, name: 'Redis' } } } : {}) })),
	];
	const pastedLinks = (JSON.parse(recipePageBlocks('json')[0]) as { connections: Links }).connections;
	workflow.connections = {
		'Incoming SMS': { main: [[link(count)]] },
		...pastedLinks,
		[check]: { main: [[link('Open a Ticket')], [link('Reply')]] },
		'Open a Ticket': { main: [[link('Reply')]] },
	};
}

interface Recipe {
	workflow: ImportedWorkflow;
	/** The trigger's URL at each webhook processor, called directly. */
	urls: string[];
	send(ID: string, processor?: number): Promise<{ status: number; json: unknown }>;
	tickets(ids: string[]): Promise<string[]>;
}

export function describeSideEffectOnce(env: QueueEnv) {
	let table: Promise<void> | undefined;
	/** The claim table, created once per cluster with the page's own statement. */
	const claimTable = () => (table ??= Promise.resolve(void env.cluster.postgres.query(recipePageBlocks('sql')[0])));
	const claimOf = (ID: string) => env.cluster.postgres.query(`SELECT done_at IS NOT NULL FROM sms_once WHERE message_id = '${ID}'`);

	async function importRecipe(name: string, variant: 'lease' | 'redis' = 'lease'): Promise<Recipe> {
		const messaging = await createGatewayCredential(env);
		await claimTable();
		const postgres = await env.api.createCredential('Postgres', 'postgres', env.cluster.postgres.credential);
		const redis = variant === 'redis' ? await env.api.createCredential('Redis', 'redis', { host: '127.0.0.1', port: env.cluster.redis.port, database: 0, password: '' }) : undefined;
		const workflow = await importExample(env.api, 'examples/sms-side-effect-once.json', { solSwitchMessagingApi: messaging, postgres: postgres.id }, {
			name,
			transform: (w) => {
				// A webhook ID of its own: the example is imported once per case.
				(w.nodes as Node[]).find((n) => n.name === 'Incoming SMS')!.webhookId = randomUUID();
				if (redis) withRedisCount(w, redis.id);
			},
		});
		await env.api.publishWorkflow(workflow.id);
		const triggerPath = new URL(webhookUrls(workflow, env.webhookBaseUrl)[0].url).pathname;
		const urls = env.cluster.webhookProcessors.map((p) => `${p.baseUrl}${triggerPath}`);
		return {
			workflow,
			urls,
			send: (ID, processor = 0) => post(urls[processor], { Type: 'Message', ID, From: '15145550170', To: '55555', Body: `broken ${ID}`, Key: DEFAULT_INBOUND_KEY }),
			tickets: async (ids) => (await dataTableRows<{ messageId: string }>(env.api, workflow.dataTables['SMS tickets'])).map((t) => t.messageId).filter((id) => ids.includes(id)).sort(),
		};
	}

	const newIds = (n: number) => Array.from({ length: n }, () => `S-${randomUUID()}`);

	it(`side effect once (claim with a lease): ${PAIRS} messages, each delivered in the same instant to both webhook processors: one ticket per message; a copy that met the other's claim is answered an error, and its retry the reply`, async () => {
		expect(env.cluster.webhookProcessors).toHaveLength(2);
		const recipe = await importRecipe('Side effect once (same instant)');
		const ids = newIds(PAIRS);
		const answers: Array<{ ID: string; status: number; json: unknown }> = [];
		for (const ID of ids) answers.push(...(await Promise.all([0, 1].map(async (p) => ({ ID, ...(await recipe.send(ID, p)) })))));
		// The claim's holder always gets the reply; its copy the reply (the claim was done) or HTTP 500 (busy).
		for (const ID of ids) expect(answers.filter((a) => a.ID === ID && a.status === 200)).toContainEqual({ ID, ...REPLY });
		const refused = answers.filter((a) => a.status !== 200);
		for (const a of refused) expect({ status: a.status, ok: (a.json as { Status?: string } | undefined)?.Status === 'OK' }).toEqual({ status: 500, ok: false });
		// The gateway sends a refused copy again: the claim is done by then, so it gets the reply and opens nothing.
		for (const a of refused) expect(await recipe.send(a.ID, 0)).toEqual(REPLY);
		const ran = messageIds(await executionsAfterQuiet(env, recipe.workflow.id, PAIRS), 'Incoming SMS');
		expect(ids.filter((id) => !ran.includes(id))).toEqual([]);
		expect(await recipe.tickets(ids)).toEqual([...ids].sort());
		expect(ids.map(claimOf)).toEqual(ids.map(() => 't'));
		const twice = ids.filter((id) => ran.filter((r) => r === id).length > 1).length;
		process.stderr.write(`\nside effect once (lease): ${twice} of ${PAIRS} messages ran twice, ${refused.length} copies answered busy, ${ids.length} tickets\n`);
	});

	it('side effect once (claim with a lease): a claim whose run died (lease over, not done) is taken over by the next copy, which opens the ticket once; a later copy gets the reply and nothing more', async () => {
		const recipe = await importRecipe('Side effect once (dead holder)');
		const [ID] = newIds(1);
		env.cluster.postgres.query(`INSERT INTO sms_once (message_id, claimed_at) VALUES ('${ID}', ${LEASE_OVER})`);
		expect(await recipe.send(ID, 0)).toEqual(REPLY);
		expect(claimOf(ID)).toBe('t');
		// At the other processor: answered from the trigger's memory (the first answer was saved), or run and claimed done.
		expect(await recipe.send(ID, 1)).toEqual(REPLY);
		const executions = await executionsAfterQuiet(env, recipe.workflow.id, 1);
		expect(executions.map((e) => e.status)).toEqual(executions.map(() => 'success'));
		expect(await recipe.tickets([ID])).toEqual([ID]);
	});

	it('side effect once (claim with a lease): a fresh claim another run holds: the copy is answered an HTTP error (the gateway retries it) and opens nothing; after that lease the next copy opens the ticket', async () => {
		const recipe = await importRecipe('Side effect once (busy)');
		const [ID] = newIds(1);
		env.cluster.postgres.query(`INSERT INTO sms_once (message_id) VALUES ('${ID}')`);
		const refused = await recipe.send(ID, 0);
		expect({ status: refused.status, ok: (refused.json as { Status?: string } | undefined)?.Status === 'OK' }).toEqual({ status: 500, ok: false });
		const [failed] = await executionsAfterQuiet(env, recipe.workflow.id, 1);
		expect(failed.status).toBe('error');
		expect(await recipe.tickets([ID])).toEqual([]);
		expect(claimOf(ID)).toBe('f');
		// The holder died: its lease runs out, and the gateway's next copy (at the same processor: an error is not remembered) takes over.
		env.cluster.postgres.query(`UPDATE sms_once SET claimed_at = ${LEASE_OVER} WHERE message_id = '${ID}'`);
		expect(await recipe.send(ID, 0)).toEqual(REPLY);
		expect(await recipe.tickets([ID])).toEqual([ID]);
		expect(claimOf(ID)).toBe('t');
	});

	it(`side effect once (the page's Redis count): ${PAIRS} messages, each delivered in the same instant to both webhook processors: one ticket per message, every copy answered with the reply`, async () => {
		const recipe = await importRecipe('Side effect once (Redis count)', 'redis');
		const ids = newIds(PAIRS);
		const answers = [];
		for (const ID of ids) answers.push(...(await Promise.all([0, 1].map((p) => recipe.send(ID, p)))));
		expect(answers).toEqual(answers.map(() => REPLY));
		const ran = messageIds(await executionsAfterQuiet(env, recipe.workflow.id, PAIRS), 'Incoming SMS');
		expect(ids.filter((id) => !ran.includes(id))).toEqual([]);
		expect(await recipe.tickets(ids)).toEqual([...ids].sort());
		const twice = ids.filter((id) => ran.filter((r) => r === id).length > 1).length;
		process.stderr.write(`\nside effect once (Redis count): ${twice} of ${PAIRS} messages ran twice, ${ids.length} tickets\n`);
	});
}
