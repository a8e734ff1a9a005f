// The once-only recipe of docs/fault-soak-and-doubles.md, in queue mode: for a workflow whose side
// effect must run once per message (a ticket, a charge), a check keyed by the message ID placed
// before the side effect, then Reply to Message; the trigger in mode Using Reply to Message Node
// answers {"Status":"OK"} when a run ends without a reply because the check dropped the message.
// The check is a Data Table's Row Not Exists on the table the side effect writes (keyed by message
// ID). n8n's Remove Duplicates node (Remove Items Processed in Previous Executions) was measured with
// this same scenario too and is not the recipe: its history is one database row per node, read,
// extended and written back whole by each run (n8n/dist/deduplication/deduplication-helper.js
// handleHashedItems), so runs that overlap overwrite each other's entries: 4 of 11 messages opened a
// second ticket, in each of two rounds (2026-11-26, n8n 2.40.7); Row Not Exists, 0 of 11 twice. Acknowledge Redeliveries is off here so that every copy
// runs: each second copy stands for a double the trigger's memory cannot prevent (a webhook processor
// restarted between queuing the run and relaying its reply, copies at two processors).
import { randomUUID } from 'node:crypto';
import { DEFAULT_INBOUND_KEY } from '../../sandbox/gateway/config';
import { dataTableRows, ensureDataTables } from '../../scripts/start/dataTables';
import { createGatewayCredential, executionsAfterQuiet, messageIds } from '../e2e/scenarios/redelivery';
import { post } from '../e2e/scenarios/simultaneousCopies';
import type { QueueEnv } from './withQueueCluster';

const MESSAGES = 10;

export type OnceOnlyCheck = 'removeDuplicates' | 'rowNotExists';

/** The recipe's workflow: trigger, the check, the side effect (a Data Table row), Reply to Message. */
function onceOnlyWorkflow(check: OnceOnlyCheck, credentialId: string, webhookId: string, table: { id: string; projectId: string }) {
	const tableId = { __rl: true, mode: 'list', value: table.id, cachedResultName: 'tickets', cachedResultUrl: `/projects/${table.projectId}/datatables/${table.id}` };
	const node = (name: string, type: string, typeVersion: number, x: number, parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
		id: randomUUID(),
		name,
		type,
		typeVersion,
		position: [x, 0],
		parameters,
		...extra,
	});
	const nodes = [
		node('SMS In', 'n8n-nodes-solswitch.solSwitchMessagingTrigger', 1.1, 0, { events: ['sms'], replyMode: 'responseNode', options: { acknowledgeRedeliveries: false } }, {
			webhookId,
			credentials: { solSwitchMessagingApi: { id: credentialId, name: 'Gateway' } },
		}),
		check === 'removeDuplicates'
			? node('Once Per Message', 'n8n-nodes-base.removeDuplicates', 2, 220, { operation: 'removeItemsSeenInPreviousExecutions', dedupeValue: '={{ $json.id }}' })
			: node('Once Per Message', 'n8n-nodes-base.dataTable', 1, 220, {
					resource: 'row',
					operation: 'rowNotExists',
					dataTableId: tableId,
					matchType: 'allConditions',
					filters: { conditions: [{ keyName: 'messageId', condition: 'eq', keyValue: '={{ $json.id }}' }] },
				}),
		node('Open Ticket', 'n8n-nodes-base.dataTable', 1, 440, {
			resource: 'row',
			operation: 'insert',
			dataTableId: tableId,
			columns: {
				mappingMode: 'defineBelow',
				value: { messageId: '={{ $json.id }}' },
				matchingColumns: [],
				schema: [{ id: 'messageId', displayName: 'messageId', required: false, defaultMatch: false, display: true, type: 'string', readOnly: false, removed: false, canBeUsedToMatch: true }],
				attemptToConvertTypes: false,
				convertFieldsToString: false,
			},
			options: {},
		}),
		node('Reply', 'n8n-nodes-solswitch.solSwitchMessaging', 1, 660, { resource: 'message', operation: 'reply', Body: '={{ "Ticket opened for " + $("SMS In").first().json.text }}', options: {} }),
	];
	const chain = ['SMS In', 'Once Per Message', 'Open Ticket', 'Reply'];
	const connections = Object.fromEntries(chain.slice(0, -1).map((from, i) => [from, { main: [[{ node: chain[i + 1], type: 'main', index: 0 }]] }]));
	return { name: `Once only ${webhookId.slice(0, 8)}`, nodes, connections };
}

/**
 * One message first (the check's history exists, as in a workflow that has run before), then
 * MESSAGES at once (their runs overlap on the worker), then each of them again.
 */
export async function runOnceOnlyRecipe(env: QueueEnv, check: OnceOnlyCheck) {
	const credentialId = await createGatewayCredential(env);
	const tables = await ensureDataTables(env.api, [{ name: `tickets ${randomUUID().slice(0, 8)}`, columns: [{ name: 'messageId', type: 'string' }] }]);
	const table = Object.values(tables)[0];
	const webhookId = randomUUID();
	const workflow = await env.api.createWorkflow(onceOnlyWorkflow(check, credentialId, webhookId, table));
	await env.api.publishWorkflow(workflow.id);
	const url = `${env.webhookBaseUrl}/webhook/${webhookId}/message`;
	const message = (i: number) => ({ Type: 'Message', ID: `T-${randomUUID()}`, From: '15145550160', To: '55555', Body: `broken ${i}`, Key: DEFAULT_INBOUND_KEY });
	const opened = (m: { Body: string }) => ({ status: 200, json: { Status: 'OK', Body: `Ticket opened for ${m.Body}` } });
	const first = message(0);
	const firstAnswer = await post(url, first);
	await executionsAfterQuiet(env, workflow.id, 1);
	const messages = Array.from({ length: MESSAGES }, (_, i) => message(i + 1));
	const burst = await Promise.all(messages.map((m) => post(url, m)));
	await executionsAfterQuiet(env, workflow.id, 1 + MESSAGES);
	const again = [];
	for (const m of [first, ...messages]) again.push(await post(url, m));
	const ran = messageIds(await executionsAfterQuiet(env, workflow.id, 2 * (1 + MESSAGES)));
	const tickets = (await dataTableRows<{ messageId: string }>(env.api, table)).map((row) => row.messageId);
	return { first, messages, opened, firstAnswer, burst, again, ran, tickets };
}

export function describeOnceOnlyRecipe(env: QueueEnv, check: OnceOnlyCheck) {
	it(`once-only recipe (${check}): a message, ${MESSAGES} at once, then each again: one ticket per message; each copy answered OK without a reply`, async () => {
		const { first, messages, opened, firstAnswer, burst, again, ran, tickets } = await runOnceOnlyRecipe(env, check);
		const all = [first, ...messages];
		expect([firstAnswer, ...burst]).toEqual(all.map(opened));
		// Each copy ran (Acknowledge Redeliveries off), the check dropped it, the run ended without a
		// reply, and the trigger answered OK: no Body, so the phone gets no second text.
		expect(again).toEqual(all.map(() => ({ status: 200, json: { Status: 'OK' } })));
		expect(ran).toEqual([...all, ...all].map((m) => m.ID).sort());
		expect(tickets.sort()).toEqual(all.map((m) => m.ID).sort());
	});
}
