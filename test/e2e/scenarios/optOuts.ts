// SHARED SCENARIO: the regular-mode e2e (test/e2e/examples.test.ts, run against n8n 2.x and 1.x) and
// the queue-mode suite call these same functions, so "every opt-out is kept" means the same thing in
// both. In a test file:
//
//   const target = await publishOptOutExample(env);   // env: { api, sandbox, webhookBaseUrl }
//   await sendOptOutsAndReadBack(target);
//
// publishOptOutExample imports examples/sms-auto-reply.json (importExample makes its Data Table),
// publishes it and points the sandbox gateway at its trigger under `webhookBaseUrl` (in queue mode:
// a webhook processor). REST calls go to `api`, n8n main.
//
// What it proves: STOP / ARRET from several numbers, and a repeated STOP, are each answered at once
// with the opt-out text; every number then has exactly one row in the "SMS opt-outs" table, with the
// DID it was sent to and the keyword of its latest opt-out. The rows are read back through n8n's
// REST API, so the test sees what a later campaign would read, not what a workflow run returned.
import { randomInt } from 'node:crypto';
import { DEFAULT_COMPLIANCE_TEXTS } from '../../../nodes/SolSwitchMessagingTrigger/replies/complianceTexts';
import { gatewayOf } from '../../../sandbox/gateway';
import { DEFAULT_GATEWAY_KEY, DEFAULT_INBOUND_KEY } from '../../../sandbox/gateway/config';
import type { Sandbox } from '../../../sandbox/server';
import type { N8nApi } from '../../../scripts/n8n-harness/n8n-api';
import { dataTableRows, type SavedDataTable } from '../../../scripts/start/dataTables';
import { importExample, webhookUrls } from '../../../scripts/start/examples';

/** The table the example's Record Opt-Out node writes to (its name in the example file). */
export const OPT_OUT_TABLE = 'SMS opt-outs';

export interface OptOutScenarioTarget {
	/** REST of n8n (the main process in queue mode), logged in as the owner. */
	api: N8nApi;
	/** The sandbox whose gateway delivers MO messages to the published example's trigger. */
	sandbox: Sandbox;
	/** The published example's id (its executions are waited for). */
	workflowId: string;
	/** The example's opt-out table (importExample's result: `dataTables['SMS opt-outs']`). */
	table: SavedDataTable;
	/** The short code or DID the phones text (default 55555). */
	to?: string;
}

export interface OptOutRow {
	id: number;
	from: string;
	to: string;
	keyword: string;
	optedOutAt: string;
}

/**
 * Imports and publishes the SMS auto-reply example (with a new Messaging credential pointing at the
 * sandbox, unless one is given) and points the sandbox gateway at its trigger.
 */
export async function publishOptOutExample(
	env: { api: N8nApi; sandbox: Sandbox; webhookBaseUrl: string },
	messagingCredentialId?: string,
): Promise<OptOutScenarioTarget> {
	const credentialId =
		messagingCredentialId ??
		(
			await env.api.createCredential('SolSwitch Messaging sandbox', 'solSwitchMessagingApi', {
				baseUrl: env.sandbox.url,
				apiKey: DEFAULT_GATEWAY_KEY,
				inboundApiKey: DEFAULT_INBOUND_KEY,
				inboundKeyType: 'body',
			})
		).id;
	const workflow = await importExample(env.api, 'examples/sms-auto-reply.json', { solSwitchMessagingApi: credentialId });
	await env.api.publishWorkflow(workflow.id);
	const [trigger] = webhookUrls(workflow, env.webhookBaseUrl);
	gatewayOf(env.sandbox).configure({ providerUrl: trigger.url, retries: 2 });
	return { api: env.api, sandbox: env.sandbox, workflowId: workflow.id, table: workflow.dataTables[OPT_OUT_TABLE] };
}

const OPT_OUT_ANSWERS: Record<string, string> = { STOP: DEFAULT_COMPLIANCE_TEXTS.stopText, ARRET: DEFAULT_COMPLIANCE_TEXTS.arretText };

/** Numbers no earlier call used: the scenario can run several times against one n8n. */
export function freshNumbers(count: number): string[] {
	const numbers = new Set<string>();
	while (numbers.size < count) numbers.add(`1438${String(randomInt(0, 10_000_000)).padStart(7, '0')}`);
	return [...numbers];
}

async function injectMo(sandbox: Sandbox, From: string, To: string, Body: string) {
	const res = await fetch(`${sandbox.url}/_sandbox/gateway/mo`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ From, To, Body, wait: true }),
	});
	return (await res.json()) as { state: string; replyBody?: string };
}

async function executionCount(api: N8nApi, workflowId: string): Promise<number> {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const list = await api.request<{ count: number }>('GET', `/rest/executions?filter=${filter}&limit=1`);
	return list.count;
}

/**
 * Sends STOP (and one ARRET) from `numbers`, then STOP again from the first, through the gateway;
 * waits for the runs the opt-outs started; checks the table holds each number once. Returns the
 * rows of those numbers, for a caller that wants more.
 */
export async function sendOptOutsAndReadBack(target: OptOutScenarioTarget, numbers = freshNumbers(4)): Promise<OptOutRow[]> {
	const { api, sandbox, workflowId, to = '55555' } = target;
	expect(numbers.length).toBeGreaterThanOrEqual(2);
	const before = await executionCount(api, workflowId);

	// The last number says ARRET (French); the first says STOP a second time, after the others.
	const texts = numbers.map((from, i) => ({ from, body: i === numbers.length - 1 ? 'arret' : 'STOP' }));
	texts.push({ from: numbers[0], body: ' Stop ' });
	for (const { from, body } of texts) {
		const keyword = body.trim().toUpperCase();
		// Answered by the trigger itself, before (and whatever happens to) the run that records it.
		const delivery = await injectMo(sandbox, from, to, body);
		expect({ from, sent: body, state: delivery.state, replyBody: delivery.replyBody }).toEqual({
			from,
			sent: body,
			state: 'delivered',
			replyBody: OPT_OUT_ANSWERS[keyword],
		});
	}

	const rows = await expectEveryOptOutKept(target, numbers, before, texts.length);
	for (const row of rows) expect(row).toMatchObject({ keyword: row.from === numbers[numbers.length - 1] ? 'ARRET' : 'STOP' });
	return rows;
}

/**
 * STOP from `numbers` all at once: the runs that record them overlap (n8n 1.x on SQLite without a
 * connection pool failed some of them: "SQLITE_ERROR: no such savepoint"). Each must still be kept.
 */
export async function sendSimultaneousOptOutsAndReadBack(target: OptOutScenarioTarget, numbers = freshNumbers(12)): Promise<OptOutRow[]> {
	const { api, sandbox, workflowId, to = '55555' } = target;
	const before = await executionCount(api, workflowId);
	const deliveries = await Promise.all(numbers.map((from) => injectMo(sandbox, from, to, 'STOP')));
	expect(deliveries.map((d) => d.replyBody)).toEqual(numbers.map(() => OPT_OUT_ANSWERS.STOP));
	return await expectEveryOptOutKept(target, numbers, before, numbers.length);
}

/** Waits for the `runs` runs after `before`; each succeeded, and each number has exactly one row. */
async function expectEveryOptOutKept(target: OptOutScenarioTarget, numbers: string[], before: number, runs: number): Promise<OptOutRow[]> {
	const { api, workflowId, table, to = '55555' } = target;
	const settled = await api.waitForExecutions(workflowId, before + runs);
	// (A failed run shows its error here: the status alone would not say why.)
	const outcome = settled.slice(0, runs).map((e) => ({ status: e.status, error: e.data.resultData.error?.message }));
	expect(outcome).toEqual(outcome.map(() => ({ status: 'success', error: undefined })));
	expect(outcome).toHaveLength(runs);

	const rows = (await dataTableRows<OptOutRow>(api, table)).filter((row) => numbers.includes(row.from));
	const byNumber = numbers.map((from) => ({ from, rows: rows.filter((row) => row.from === from).length }));
	expect(byNumber).toEqual(numbers.map((from) => ({ from, rows: 1 })));
	for (const row of rows) {
		expect(row).toMatchObject({ to });
		expect(Number.isNaN(Date.parse(String(row.optedOutAt)))).toBe(false);
	}
	return rows;
}
