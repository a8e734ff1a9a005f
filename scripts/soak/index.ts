// Fault soak (issue 10, not in CI; figures in the README, "Running in queue mode"): MO messages through the sandbox gateway, with its real retry
// schedule (2 s doubling, 12 retries) on a compressed time scale, into queue-mode n8n running the
// SMS auto-reply example, while one message in five meets a fault: the worker killed (SIGKILL) just
// after the message is sent and started again, the webhook processor restarted, Redis stopped for a
// few seconds, or n8n's answer dropped on its way back (the gateway retries). Then it counts, from
// n8n's executions and the example's Data Table: the messages the workflow saw (all of them, or the
// soak failed), the ones it acted on twice, and the opt-outs kept.
//
//   npx tsc -p tsconfig.tools.json && node build/scripts/soak/index.js [messages=1000] [timeScale=0.05]
// Each worker or webhook processor restart takes n8n's start-up time (10 to 20 s on 2 busy cores), and
// the faults come one at a time: 1,000 messages (200 faults) take the better part of an hour.
// Redis runs without persistence, so stopping it loses the jobs queued in it (their messages come
// back through the gateway's retries).
import { gatewayOf } from '../../sandbox/gateway';
import { DEFAULT_GATEWAY_KEY, DEFAULT_INBOUND_KEY } from '../../sandbox/gateway/config';
import type { Delivery } from '../../sandbox/gateway/callbacks';
import { startSandbox } from '../../sandbox/server';
import { DEFAULT_OWNER, N8nApi, QueueCluster, nodeJson, packRepo } from '../n8n-harness';
import { dataTableRows } from '../start/dataTables';
import { importExample, webhookUrls } from '../start/examples';
import { FaultProxy } from './faultProxy';

const MESSAGES = Number(process.argv[2] ?? 1000);
const TIME_SCALE = Number(process.argv[3] ?? 0.05);
const IN_FLIGHT = 8;
type Fault = 'worker killed' | 'webhook processor restarted' | 'Redis stopped' | 'answer dropped';
const FAULTS: Fault[] = ['worker killed', 'webhook processor restarted', 'Redis stopped', 'answer dropped'];
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
	const started = Date.now();
	const sandbox = await startSandbox({ timeScale: TIME_SCALE });
	const cluster = await QueueCluster.start({ webhookProcessors: 1, communityPackages: [await packRepo()] });
	const proxy = await FaultProxy.start(() => cluster.webhookProcessors[0].baseUrl);
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
		const workflow = await importExample(api, 'examples/sms-auto-reply.json', { solSwitchMessagingApi: credential.id });
		await api.publishWorkflow(workflow.id);
		const [trigger] = webhookUrls(workflow, proxy.url);
		const gateway = gatewayOf(sandbox);
		// A dropped answer or a process gone mid-call makes the gateway wait for its timeout: 10 s, not 30.
		gateway.configure({ providerUrl: trigger.url, callbackTimeoutMs: 10_000 });

		// Every tenth message is a STOP from a number of its own; the others say hello, which the
		// example answers with its menu from a workflow run (HOURS and the like the trigger answers
		// itself since the Keyword Replies, with no run to count).
		const messages = Array.from({ length: MESSAGES }, (_, i) => ({
			ID: `soak-${i}`,
			From: `1514${String(5000000 + i).padStart(7, '0')}`,
			To: '55555',
			Body: i % 10 === 0 ? 'STOP' : 'hello',
		}));
		const faultsMet = new Map<Fault, number>();
		let busy: Promise<void> = Promise.resolve();
		const deliveries: Array<Promise<Delivery>> = [];
		let next = 0;
		const sendOne = async (): Promise<void> => {
			const i = next++;
			if (i >= messages.length) return;
			const fault = i % 5 === 0 ? FAULTS[(i / 5) % FAULTS.length] : undefined;
			if (fault === 'answer dropped') proxy.dropNextAnswer.add(messages[i].ID);
			const delivery = gateway.injectMo(messages[i]).done;
			deliveries.push(delivery);
			if (fault && fault !== 'answer dropped') {
				// One fault at a time: the next waits until the processes are back.
				busy = busy.then(() => inject(fault));
			}
			if (fault) faultsMet.set(fault, (faultsMet.get(fault) ?? 0) + 1);
			await delivery;
			await sendOne();
		};
		const inject = async (fault: Fault) => {
			await pause(30);
			if (fault === 'worker killed') {
				await cluster.worker.kill();
				await cluster.worker.restart();
			} else if (fault === 'webhook processor restarted') {
				await cluster.webhookProcessors[0].restart();
			} else {
				await cluster.redis.pause();
				await pause(3000);
				await cluster.redis.resume();
			}
		};
		await Promise.all(Array.from({ length: IN_FLIGHT }, () => sendOne()));
		await busy;
		const done = await Promise.all(deliveries);
		await pause(5000);

		// What the workflow saw: every execution's trigger item, by message ID.
		const summaries = await api.executionSummaries(workflow.id);
		const seen = new Map<string, { runs: number; succeeded: number }>();
		for (const summary of summaries) {
			const execution = await api.getExecution(summary.id);
			// An execution that never ran (its job lost with Redis, or crashed with the worker) has no
			// trigger output in its run data: its message ID is still in the data it was queued with.
			let id: string;
			try {
				id = String(nodeJson(execution, 'Incoming SMS')[0]?.id ?? '');
			} catch {
				id = /"(soak-\d+)"/.exec(JSON.stringify(execution.data))?.[1] ?? '';
			}
			const entry = seen.get(id) ?? { runs: 0, succeeded: 0 };
			entry.runs++;
			if (execution.status === 'success') entry.succeeded++;
			seen.set(id, entry);
		}
		const lost = messages.filter((m) => !seen.get(m.ID)?.succeeded);
		const twice = messages.filter((m) => (seen.get(m.ID)?.succeeded ?? 0) > 1);
		const rows = await dataTableRows<{ from: string }>(api, workflow.dataTables['SMS opt-outs']);
		const stops = messages.filter((m) => m.Body === 'STOP');
		const kept = stops.filter((m) => rows.some((r) => r.from === m.From));
		const figures = {
			messages: MESSAGES,
			timeScale: TIME_SCALE,
			faults: Object.fromEntries(faultsMet),
			answersDropped: proxy.dropped,
			gatewayDelivered: done.filter((d) => d.state === 'delivered').length,
			gatewayFailed: done.filter((d) => d.state !== 'delivered').length,
			executions: summaries.length,
			executionsNotSuccessful: summaries.filter((s) => s.status !== 'success').length,
			messagesSeen: MESSAGES - lost.length,
			lost: lost.map((m) => m.ID),
			actedOnTwice: twice.map((m) => `${m.ID} (${m.Body})`),
			optOutsSent: stops.length,
			optOutsKept: kept.length,
			optOutRows: rows.length,
			minutes: Math.round((Date.now() - started) / 600) / 100,
		};
		console.log(JSON.stringify(figures, null, 2));
		process.exitCode = lost.length || kept.length < stops.length ? 1 : 0;
	} finally {
		await proxy.close();
		await cluster.stop();
		await sandbox.close();
	}
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
