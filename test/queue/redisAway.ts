// Redis away for longer than n8n tolerates: in queue mode every n8n process exits once it has tried
// to reach Redis for 10 s (QUEUE_BULL_REDIS_TIMEOUT_THRESHOLD, counted across outages less than 30 s
// apart: n8n/dist/services/redis-client.service.js), and leaves the restart to the operator's process
// manager. The cluster here runs under one (QueueCluster supervised). What must hold for the package:
// a message that arrived while Redis was away is not acknowledged (it could not be queued), so the
// gateway sends it again, and once n8n is back it runs, once.
import { randomUUID } from 'node:crypto';
import { DEFAULT_INBOUND_KEY } from '../../sandbox/gateway/config';
import { createGatewayCredential, executionsAfterQuiet, messageIds, publishMessagingWorkflow } from '../e2e/scenarios/redelivery';
import { post } from '../e2e/scenarios/simultaneousCopies';
import type { QueueEnv } from './withQueueCluster';

const REDIS_AWAY_MS = 15_000;

/** The call as the gateway sees it: an answer, or the connection lost with the process. */
async function call(url: string, body: Record<string, unknown>) {
	return await post(url, body).catch((error: Error) => ({ status: 0, json: { lost: String(error.cause ?? error.message) } as Record<string, unknown> }));
}

export function describeRedisAway(env: QueueEnv) {
	it(`Redis away ${REDIS_AWAY_MS / 1000} s: n8n's processes exit and are started again, and a message sent meanwhile runs once, after the gateway's retry`, async () => {
		const credentialId = await createGatewayCredential(env);
		const { id, url } = await publishMessagingWorkflow(env, 'onReceived', credentialId);
		const message = { Type: 'Message', ID: `A-${randomUUID()}`, From: '15145550133', To: '55555', Body: 'while redis is away', Key: DEFAULT_INBOUND_KEY };
		const restartsBefore = env.cluster.processes.map((p) => p.supervisedRestarts.length);

		await env.cluster.redis.pause();
		const first = call(url, message);
		await new Promise((resolve) => setTimeout(resolve, REDIS_AWAY_MS));
		await env.cluster.redis.resume();
		const answer = await first;
		await env.cluster.whenHealthy();

		// n8n's own rule: the worker and the webhook processor exited, and the process manager restarted them.
		const restarted = env.cluster.processes.filter((p, i) => p.supervisedRestarts.length > restartsBefore[i]);
		expect(restarted).toEqual(expect.arrayContaining([env.cluster.worker, env.cluster.webhookProcessors[0]]));
		// No OK for a message that could not be queued: the gateway keeps it and sends it again.
		expect(answer.json?.Status).not.toBe('OK');
		expect(await post(url, message)).toEqual({ status: 200, json: { Status: 'OK' } });
		expect(messageIds(await executionsAfterQuiet(env, id, 1))).toEqual([message.ID]);
		process.stderr.write(`\nRedis away ${REDIS_AWAY_MS} ms: first answer ${JSON.stringify(answer)}; restarted: ${restarted.map((p) => p.logFile.split('/').pop()).join(', ')}\n`);
	});
}
