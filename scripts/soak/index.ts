// Fault soak (issue 10, not in CI; figures in docs/fault-soak.md and docs/fault-soak-and-doubles.md): MO messages through
// the sandbox gateway, with its real retry schedule (2 s doubling, 12 retries) on a compressed time
// scale, into queue-mode n8n (one webhook processor, one worker; Redis with an append-only file by
// default) running the SMS auto-reply example. Messages arrive spread out (--rate a second), with a
// burst halfway (--burst sent at once, their workflows overlapping), and one in five (--fault-share)
// meets a fault while its call is in n8n (faults.ts: worker killed mid-execution, webhook processor
// restarted, Redis stopped, n8n's answer dropped so the gateway retries). Then it counts, from n8n's
// executions and the example's Data Table (tally.ts): the messages the workflow saw (all of them, or
// the soak failed), the ones it acted on twice and the faults each met, and the opt-outs kept.
// Every "hello" also opens a ticket (a Data Table row keyed by its message ID, sideEffect.ts): the
// side effects that ran twice and the ones lost are counted from those rows; with --side-effect-once
// the ticket goes through the recipe of examples/sms-side-effect-once.json (a PostgreSQL claim with a
// lease, in the cluster's own PostgreSQL).
//
//   npx tsc -p tsconfig.tools.json && node build/scripts/soak/index.js [--messages=1000] [--rate=2]
//     [--burst=50] [--fault-share=0.2] [--redis=everysec|always|none] [--redis-down-ms=3000]
//     [--time-scale=0.05] [--callback-timeout-ms=10000] [--graceful-shutdown-s=5] [--recovery-ms=2000]
//     [--faults=worker,webhook,redis,drop,kill] [--webhook-processors=2] [--side-effect-once]
// Prints the figures as JSON and writes them to build/soak/. A fault message is sent only once the
// previous process fault is over and n8n has recovered from it, so the run takes about the sum of
// the restarts plus the sending. n8n runs supervised (a process that exits on its own is started
// again), as operators run it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gatewayOf } from '../../sandbox/gateway';
import { DEFAULT_GATEWAY_KEY, DEFAULT_INBOUND_KEY } from '../../sandbox/gateway/config';
import type { Delivery } from '../../sandbox/gateway/callbacks';
import { startSandbox } from '../../sandbox/server';
import { DEFAULT_OWNER, N8nApi, QueueCluster, nodeJson, packRepo, REPO_ROOT } from '../n8n-harness';
import { dataTableRows, dataTablesNeeded, ensureDataTables, remapDataTables } from '../start/dataTables';
import { fillDemoTexts } from '../start/demoTexts';
import { readExample, remapCredentials, webhookUrls } from '../start/examples';
import { FaultInjector } from './faults';
import { FaultProxy } from './faultProxy';
import { parseOptions, planMessages, type PlannedMessage } from './plan';
import { countSideEffects, recipePageBlocks, soakWorkflow } from './sideEffect';
import { tally, type ExecutionSeen, type MessageTrace } from './tally';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
	const options = parseOptions(process.argv.slice(2));
	const started = Date.now();
	const loadAtStart = os.loadavg()[0];
	const sandbox = await startSandbox({ timeScale: options.timeScale });
	const cluster = await QueueCluster.start({
		webhookProcessors: options.webhookProcessors,
		communityPackages: [await packRepo()],
		redisPersistence: options.redis,
		env: { N8N_GRACEFUL_SHUTDOWN_TIMEOUT: String(options.gracefulShutdownS) },
		supervised: true,
	});
	// With several processors the gateway's calls go through HAProxy (affinity), as docs/queue-mode.md sets it up.
	const proxy = await FaultProxy.start(() => cluster.webhookBaseUrl);
	try {
		const api = new N8nApi(cluster.main);
		await api.setupOwner(DEFAULT_OWNER);
		await api.login(DEFAULT_OWNER.email, DEFAULT_OWNER.password);
		const credential = await api.createCredential('Gateway', 'solSwitchMessagingApi', {
			baseUrl: sandbox.url,
			apiKey: DEFAULT_GATEWAY_KEY,
			inboundApiKey: DEFAULT_INBOUND_KEY,
			inboundKeyType: 'body',
		});
		// The recipe's claim table lives in n8n's own PostgreSQL (any PostgreSQL every n8n process reaches
		// will do), created with the recipe page's statement.
		if (options.sideEffectOnce) cluster.postgres.query(recipePageBlocks('sql')[0]);
		const postgres = await api.createCredential('Postgres', 'postgres', cluster.postgres.credential);
		const definition = soakWorkflow(readExample('examples/sms-auto-reply.json'), readExample('examples/sms-side-effect-once.json'), { once: options.sideEffectOnce });
		// The examples' Messaging Triggers leave INFO, HELP and AIDE to the user: the sandbox's demo texts, as npm start gives them.
		fillDemoTexts(definition);
		const dataTables = await ensureDataTables(api, dataTablesNeeded(definition));
		const workflow = await api.createWorkflow(remapDataTables(remapCredentials(definition, { solSwitchMessagingApi: credential.id, postgres: postgres.id }), dataTables));
		await api.publishWorkflow(workflow.id);
		const [trigger] = webhookUrls(workflow, proxy.url);
		const gateway = gatewayOf(sandbox);
		// A dropped answer or a process gone mid-call makes the gateway wait for its timeout.
		gateway.configure({ providerUrl: trigger.url, callbackTimeoutMs: options.callbackTimeoutMs });

		const plan = planMessages(options);
		const injector = new FaultInjector(cluster, proxy, options.redisDownMs, options.recoveryMs);
		const sent: Array<Promise<MessageTrace>> = [];
		const send = (message: PlannedMessage) => {
			if (message.fault) injector.assign(message.fault, message.ID);
			const delivery: Delivery = gateway.injectMo(message);
			sent.push(delivery.done.then((done) => traceOf(message, done, Date.now(), gateway.config.firstRetryMs * options.timeScale)));
			if (sent.length % 100 === 0) console.error(`${new Date().toISOString()} ${sent.length} of ${plan.length} sent`);
		};
		const sendingStarted = Date.now();
		let nextAt = Date.now();
		for (let i = 0; i < plan.length; i++) {
			const message = plan[i];
			if (message.burst) {
				// The burst meets no fault of its own: the ones before it are over first.
				await injector.idle();
				const burst = plan.slice(i).filter((m) => m.burst);
				for (const m of burst) send(m);
				i += burst.length - 1;
				nextAt = Date.now() + 1000 / options.rate;
				continue;
			}
			// A fault message waits until its fault may strike (faults.ts: one process fault at a time).
			if (message.fault) await injector.idle(message.fault);
			const wait = nextAt - Date.now();
			if (wait > 0) await pause(wait);
			nextAt = Math.max(nextAt, Date.now()) + 1000 / options.rate;
			send(message);
		}
		await injector.idle();
		const traces = await Promise.all(sent);
		const sendingMinutes = (Date.now() - sendingStarted) / 60_000;
		const executions = await settledExecutions(api, workflow.id);
		const rows = await dataTableRows<{ from: string }>(api, dataTables['SMS opt-outs']);
		const tickets = await dataTableRows<{ messageId: string }>(api, dataTables['SMS tickets']);
		// An n8n process that exited on its own was down from its exit until it was ready again.
		const exits = cluster.processes.flatMap((p) =>
			p.supervisedRestarts.map((r) => ({ fault: 'n8n exited on its own' as const, messageId: path.basename(p.logFile, '.log'), start: r.at, end: r.readyAt ?? Date.now() })),
		);
		const figures = tally(traces, executions, [...injector.allWindows(), ...exits], rows.map((r) => r.from), menuReply());
		const report = {
			date: new Date(started).toISOString(),
			n8n: path.basename(cluster.main.installation.n8nDir),
			machine: `${os.cpus().length} cores, load average ${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0].toFixed(1)} at the end`,
			options,
			minutes: round((Date.now() - started) / 60_000),
			sendingMinutes: round(sendingMinutes),
			downtimeMs: Object.fromEntries(Object.entries(injector.downtimes).map(([fault, ms]) => [fault, spread(ms)])),
			workerKilledWhileRunning: `${injector.workerKills.filter((k) => k.running > 0).length} of ${injector.workerKills.length}`,
			// n8n processes that exited on their own and the process manager started again.
			exitedOnTheirOwn: Object.fromEntries(
				cluster.processes.map((p) => [path.basename(p.logFile, '.log'), p.supervisedRestarts.map((r) => `code ${r.code} at ${new Date(r.at).toISOString()}`)]),
			),
			...figures,
			...countSideEffects(traces, tickets.map((t) => t.messageId), options.sideEffectOnce),
			// The recipe's claims at the end: done, and still open (a run that died after its claim, never taken over).
			...(options.sideEffectOnce ? { claims: claimsAtTheEnd(cluster) } : {}),
		};
		const out = path.join(REPO_ROOT, 'build', 'soak', `soak-${report.date.replace(/[:.]/g, '-')}.json`);
		fs.mkdirSync(path.dirname(out), { recursive: true });
		fs.writeFileSync(out, JSON.stringify(report, null, 2));
		console.log(JSON.stringify(report, null, 2));
		console.log(`written to ${out}`);
		const once = report.recipe ? 'with the recipe' : 'without the recipe';
		console.log(`side effects (${once}): ${report.sideEffects} for ${report.sideEffectsExpected} messages; twice: ${report.sideEffectsTwice.length}; lost: ${report.sideEffectsLost.length}`);
		// With the recipe, a side effect run twice or lost fails the soak as a lost message does.
		const recipeFailed = report.recipe && (report.sideEffectsTwice.length > 0 || report.sideEffectsLost.length > 0);
		process.exitCode = figures.lost.length || figures.optOutsKept < figures.optOutsSent || recipeFailed ? 1 : 0;
	} finally {
		await proxy.close();
		await cluster.stop();
		await sandbox.close();
	}
}

/**
 * Every execution of the workflow with its message ID, once none is still queued or running (or
 * their number has not moved for 30 s: a job lost with Redis stays queued for ever).
 */
async function settledExecutions(api: N8nApi, workflowId: string): Promise<ExecutionSeen[]> {
	let summaries = await api.executionSummaries(workflowId);
	let unsettled = -1;
	let since = Date.now();
	for (;;) {
		const pending = summaries.filter((s) => ['new', 'running', 'waiting'].includes(String(s.status))).length;
		if (pending === 0 || Date.now() - since > 30_000) break;
		if (pending !== unsettled) (unsettled = pending), (since = Date.now());
		await pause(2000);
		summaries = await api.executionSummaries(workflowId);
	}
	const seen: ExecutionSeen[] = [];
	// A few at a time: main answers each from PostgreSQL.
	for (let i = 0; i < summaries.length; i += 4) {
		seen.push(
			...(await Promise.all(
				summaries.slice(i, i + 4).map(async (summary) => {
					const execution = await api.getExecution(summary.id);
					// An execution that never ran (its job lost with Redis, or crashed with the worker) has no
					// trigger output in its run data: its message ID is still in the data it was queued with.
					let id: string;
					try {
						id = String(nodeJson(execution, 'Incoming SMS')[0]?.id ?? '');
					} catch {
						id = /"(soak-\d+)"/.exec(JSON.stringify(execution.data))?.[1] ?? '';
					}
					return { messageId: id, status: String(execution.status) };
				}),
			)),
		);
	}
	return seen;
}

/** The claim table's rows: done, and not done with their message IDs. */
function claimsAtTheEnd(cluster: QueueCluster): { done: number; notDone: string[] } {
	const done = Number(cluster.postgres.query('SELECT count(*) FROM sms_once WHERE done_at IS NOT NULL'));
	const notDone = cluster.postgres.query('SELECT message_id FROM sms_once WHERE done_at IS NULL ORDER BY message_id').split('\n').filter(Boolean);
	return { done, notDone };
}

/**
 * What the gateway did with one message. An attempt's end is not recorded: every attempt but the last
 * got no OK and ended when the gateway began its wait before the next (the first retry's wait,
 * doubling, on the sandbox's time scale); the last ended when the delivery left the queue.
 */
function traceOf(message: PlannedMessage, delivery: Delivery, doneAt: number, firstWaitMs: number): MessageTrace {
	const starts = delivery.attempts.map((a) => Date.parse(a.at));
	const failedAttempts = starts.slice(1).map((next, k) => ({ start: starts[k], end: next - firstWaitMs * 2 ** k }));
	if (delivery.state !== 'delivered' && starts.length) failedAttempts.push({ start: starts[starts.length - 1], end: doneAt });
	return { ...message, firstAttemptAt: starts[0] ?? doneAt, doneAt, attempts: starts.length, failedAttempts, state: delivery.state, replyBody: delivery.replyBody };
}

/** The reply only a run of the SMS example gives: its Reply with the Menu node's Body. */
function menuReply(): string {
	const example = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'examples', 'sms-auto-reply.json'), 'utf8')) as { nodes: Array<{ name: string; parameters: { Body?: string } }> };
	const body = example.nodes.find((n) => n.name === 'Reply with the Menu')?.parameters.Body;
	if (!body) throw new Error('examples/sms-auto-reply.json has no Reply with the Menu node with a Body');
	return body;
}

function round(n: number): number {
	return Math.round(n * 100) / 100;
}

function spread(ms: number[]): string {
	const sorted = [...ms].sort((a, b) => a - b);
	return `${sorted.length}: median ${sorted[Math.floor(sorted.length / 2)]}, min ${sorted[0]}, max ${sorted[sorted.length - 1]}`;
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
