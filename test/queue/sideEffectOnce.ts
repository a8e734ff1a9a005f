// The recipe of docs/side-effect-once.md in queue mode, on the copies the trigger cannot tell apart:
// the same message delivered in the same instant to both webhook processors (each loads the
// workflow's static data before the other saved: both copies run, simultaneousCopies.ts). The
// workflow is examples/sms-side-effect-once.json itself (Redis Increment of the message ID, If
// count = 1, Open a Ticket, Reply); then the same example with the page's PostgreSQL claim pasted in
// place of the Redis node (its SQL and its node JSON read from the page). One ticket per message
// either way; how many messages ran twice (what the check had to stop) is printed.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_INBOUND_KEY } from '../../sandbox/gateway/config';
import { REPO_ROOT } from '../../scripts/n8n-harness';
import { dataTableRows } from '../../scripts/start/dataTables';
import { importExample, webhookUrls } from '../../scripts/start/examples';
import { createGatewayCredential, executionsAfterQuiet, messageIds } from '../e2e/scenarios/redelivery';
import { post } from '../e2e/scenarios/simultaneousCopies';
import type { QueueEnv } from './withQueueCluster';

const PAIRS = 8;
const REPLY = { Status: 'OK', Body: 'Thanks, we got your message and will get back to you.' };
type Node = { name: string; type: string; webhookId?: string; parameters: Record<string, unknown> };
type Workflow = { nodes: Array<Record<string, unknown>>; connections: Record<string, unknown> };

/** The page's code blocks of one language, in order. */
function pageBlocks(language: string): string[] {
	const page = fs.readFileSync(path.join(REPO_ROOT, 'docs', 'side-effect-once.md'), 'utf8');
	return [...page.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)\\n```', 'g'))].map((m) => m[1]);
}

/** The example with the PostgreSQL claim of the page in place of Count This Message, and First Time? on its row. */
function withPostgresClaim(workflow: Workflow, credentialId: string): void {
	const pasted = (JSON.parse(pageBlocks('json')[0]) as { nodes: Node[] }).nodes[0];
	const nodes = workflow.nodes as Node[];
	const count = nodes.findIndex((n) => n.name === 'Count This Message');
	nodes[count] = { ...pasted, id: randomUUID(), credentials: { postgres: { id: credentialId, name: 'Postgres' } } } as Node;
	const connections = workflow.connections as Record<string, { main: Array<Array<{ node: string }>> }>;
	connections['Incoming SMS'].main[0][0].node = pasted.name;
	connections[pasted.name] = connections['Count This Message'];
	delete connections['Count This Message'];
	const check = nodes.find((n) => n.name === 'First Time?')!;
	(check.parameters.conditions as { conditions: unknown[] }).conditions = [
		{ id: randomUUID(), leftValue: '={{ $json.message_id }}', rightValue: '', operator: { type: 'string', operation: 'exists', singleValue: true } },
	];
}

async function sendPairs(env: QueueEnv, claim: 'redis' | 'postgres') {
	const messaging = await createGatewayCredential(env);
	const redis = await env.api.createCredential('Redis', 'redis', { host: '127.0.0.1', port: env.cluster.redis.port, database: 0, password: '' });
	let postgres = '';
	if (claim === 'postgres') {
		const sql = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sms-once-')), 'table.sql');
		fs.writeFileSync(sql, pageBlocks('sql')[0]);
		env.cluster.postgres.restore(sql);
		const db = env.cluster.postgres.n8nEnv;
		postgres = (await env.api.createCredential('Postgres', 'postgres', { host: db.DB_POSTGRESDB_HOST, port: Number(db.DB_POSTGRESDB_PORT), database: db.DB_POSTGRESDB_DATABASE, user: db.DB_POSTGRESDB_USER, password: '', ssl: 'disable' })).id;
	}
	const workflow = await importExample(env.api, 'examples/sms-side-effect-once.json', { solSwitchMessagingApi: messaging, redis: redis.id }, {
		name: `Side effect once (${claim})`,
		transform: (w) => {
			// A webhook ID of its own: the example is imported once per claim.
			(w.nodes as Node[]).find((n) => n.name === 'Incoming SMS')!.webhookId = randomUUID();
			if (claim === 'postgres') withPostgresClaim(w, postgres);
		},
	});
	await env.api.publishWorkflow(workflow.id);
	const triggerPath = new URL(webhookUrls(workflow, env.webhookBaseUrl)[0].url).pathname;
	const ids = Array.from({ length: PAIRS }, () => `S-${randomUUID()}`);
	const answers = [];
	for (const [i, ID] of ids.entries()) {
		const body = { Type: 'Message', ID, From: '15145550170', To: '55555', Body: `broken ${i}`, Key: DEFAULT_INBOUND_KEY };
		answers.push(...(await Promise.all(env.cluster.webhookProcessors.map((p) => post(`${p.baseUrl}${triggerPath}`, body)))));
	}
	const ran = messageIds(await executionsAfterQuiet(env, workflow.id, PAIRS), 'Incoming SMS');
	const tickets = (await dataTableRows<{ messageId: string }>(env.api, workflow.dataTables['SMS tickets'])).map((t) => t.messageId).filter((id) => ids.includes(id));
	return { ids, answers, ran, tickets };
}

export function describeSideEffectOnce(env: QueueEnv) {
	it.each(['redis', 'postgres'] as const)(
		`side effect once (%s claim): ${PAIRS} messages, each delivered in the same instant to both webhook processors: one ticket per message, every copy answered with the reply`,
		async (claim) => {
			expect(env.cluster.webhookProcessors).toHaveLength(2);
			const { ids, answers, ran, tickets } = await sendPairs(env, claim);
			expect(answers).toEqual(answers.map(() => ({ status: 200, json: REPLY })));
			expect(ids.filter((id) => !ran.includes(id))).toEqual([]);
			expect(tickets.sort()).toEqual([...ids].sort());
			const twice = ids.filter((id) => ran.filter((r) => r === id).length > 1).length;
			process.stderr.write(`\nside effect once (${claim}): ${twice} of ${PAIRS} messages ran twice, ${tickets.length} tickets\n`);
		},
	);
}
