// Why the suite's cluster and docs/queue-mode.md keep finished jobs (KEPT_JOBS_ENV): n8n 2.40.7 adds
// a job to Bull, runs the hook workflowExecuteBefore, then awaits job.finished() (workflow-runner.js
// enqueueExecution); Bull's finished() of a job that already completed and was removed (n8n's default
// N8N_EXECUTIONS_QUEUE_KEEP_LAST_COMPLETED=0) never resolves (OptimalBits/bull#1906, wontfix). The
// gap is made certain here, not left to load: with N8N_PRE_EXECUTE_ERROR_CREATES_EXECUTION=true an
// external 'workflow.preExecute' hook runs in it (execution-lifecycle-hooks.js hookFunctionsPreExecute,
// getLifecycleHooksForScalingMain); ours, on the webhook processors only, returns once Bull's queue
// holds no waiting or active job: the worker has run it. The adder sets removeOnComplete
// (scaling.service.js addJob), so one cluster tests both values: processor 1 with n8n's default,
// processor 2 with the recipe's, each called directly. Same code in n8n 2.41.3 and its Bull 4.16.4.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { DEFAULT_INBOUND_KEY } from '../../sandbox/gateway/config';
import { createGatewayCredential, publishMessagingWorkflow } from '../e2e/scenarios/redelivery';
import { useQueueCluster } from './withQueueCluster';

const hookDir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-kept-jobs-'));
const holdLog = path.join(hookDir, 'held.jsonl');
const hookFile = path.join(hookDir, 'hold-until-queue-idle.js');
fs.writeFileSync(
	hookFile,
	`// Holds a webhook call between n8n's addJob and job.finished() until the worker has run the job.
const { createRequire } = require('node:module');
const fs = require('node:fs');
const n8n = createRequire(require.main.filename); // n8n/bin/n8n: n8n's own module instances
module.exports = { workflow: { preExecute: [async function (_workflow, mode) {
	if (mode !== 'webhook') return;
	const { Container } = n8n('@n8n/di');
	const { ScalingService } = n8n('../dist/scaling/scaling.service.js');
	const queue = Container.get(ScalingService).defaultQueue;
	const lastJobId = await queue.client.get(queue.toKey('id')); // Bull's job ID counter: the newest job's ID
	const started = Date.now();
	let idle = false;
	while (!idle && Date.now() - started < 30000) {
		const c = await queue.getJobCounts();
		idle = c.waiting + c.active + c.delayed + c.paused === 0;
		if (!idle) await new Promise((resolve) => setTimeout(resolve, 50));
	}
	fs.appendFileSync(${JSON.stringify(holdLog)}, JSON.stringify({ port: process.env.N8N_PORT, lastJobId, idle, heldMs: Date.now() - started }) + '\\n');
}] } };
`,
);
const hold = { EXTERNAL_HOOK_FILES: hookFile, N8N_PRE_EXECUTE_ERROR_CREATES_EXECUTION: 'true' };
const keep = (count: string) => ({ N8N_EXECUTIONS_QUEUE_KEEP_LAST_COMPLETED: count, N8N_EXECUTIONS_QUEUE_KEEP_LAST_FAILED: count });
// Processor 1's unanswered run stays active: n8n would wait for it on stop (until the harness's SIGKILL, 20 s).
const shortShutdown = { N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '2' };
const env = useQueueCluster({ webhookProcessors: 2, webhookEnv: [{ ...hold, ...keep('0'), ...shortShutdown }, { ...hold, ...keep('100') }] });
afterAll(() => fs.rmSync(hookDir, { recursive: true, force: true }));

/** Longer than n8n's run plus several of Bull's 5 s watchdog polls; the gateway's own timeout is longer still. */
const NO_ANSWER_MS = 20_000;

/** A message to a workflow answering When Last Node Finishes, sent to one webhook processor; aborted after NO_ANSWER_MS. */
async function callThrough(processor: number) {
	const { id, webhookId } = await publishMessagingWorkflow(env, 'lastNode', await createGatewayCredential(env));
	const url = `${env.cluster.webhookProcessors[processor].baseUrl}/webhook/${webhookId}/message`;
	const body = { Type: 'Message', ID: `K-${randomUUID()}`, From: '15145550123', To: '55555', Body: 'alpha', Key: DEFAULT_INBOUND_KEY };
	const abort = new AbortController();
	const timer = setTimeout(() => abort.abort(), NO_ANSWER_MS);
	const answer = fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: abort.signal })
		.then(async (response) => ({ status: response.status, body: await response.json() }))
		.catch((error: Error) => ({ error: error.name }))
		.finally(() => clearTimeout(timer));
	const [execution] = await env.api.waitForExecutions(id, 1);
	const result = await answer;
	// Where the hook ran: after addJob (the newest job is this execution's, n8n's log says) and until the worker had run it.
	const webhookProcessor = env.cluster.webhookProcessors[processor];
	const log = fs.readFileSync(webhookProcessor.logFile, 'utf8');
	const held = fs.readFileSync(holdLog, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { port: string; lastJobId: string; idle: boolean });
	const holds = held.filter((h) => h.port === webhookProcessor.env.N8N_PORT).map((h) => ({ afterAddJob: log.includes(`Enqueued execution ${execution.id} (job ${h.lastJobId})`), idle: h.idle }));
	return { result, status: execution.status, holds };
}

test('n8n\'s default (finished jobs removed at once): the run ends with success, the answer never comes', async () => {
	expect(await callThrough(0)).toEqual({ result: { error: 'AbortError' }, status: 'success', holds: [{ afterAddJob: true, idle: true }] });
});

test('finished jobs kept (KEPT_JOBS_ENV, the recipe): the same call is answered', async () => {
	expect(await callThrough(1)).toEqual({ result: { status: 200, body: { Status: 'OK', Body: 'Got alpha' } }, status: 'success', holds: [{ afterAddJob: true, idle: true }] });
});
