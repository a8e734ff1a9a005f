// Reply mode Immediately in queue mode: the trigger hands n8n its {"Status":"OK"} and n8n 2.40 writes
// it only once the execution is queued in Redis (webhook-helpers.js shouldDeferOnReceivedResponse).
// So a message arriving while Redis is down is not acknowledged while it cannot be queued: the
// gateway gets its OK only after Redis is back (or an HTTP error, and sends it again). Either way the
// message runs, once. Before, the trigger answered first: the OK went out with Redis down, and a job
// that could not be queued was lost with nobody to send it again.
import { randomUUID } from 'node:crypto';
import { DEFAULT_INBOUND_KEY } from '../../sandbox/gateway/config';
import { createGatewayCredential, executionsAfterQuiet, messageIds, publishMessagingWorkflow } from '../e2e/scenarios/redelivery';
import { post } from '../e2e/scenarios/simultaneousCopies';
import type { QueueEnv } from './withQueueCluster';

const REDIS_DOWN_MS = 3000;

export function describeAnswerOnceQueued(env: QueueEnv) {
	it('a message arriving while Redis is down is not acknowledged until it is queued, and runs once', async () => {
		const credentialId = await createGatewayCredential(env);
		const { id, url } = await publishMessagingWorkflow(env, 'onReceived', credentialId);
		const message = { Type: 'Message', ID: `R-${randomUUID()}`, From: '15145550132', To: '55555', Body: 'while redis is down', Key: DEFAULT_INBOUND_KEY };

		await env.cluster.redis.pause();
		const redisBackAt = { at: Infinity };
		let answeredAt = 0;
		const first = post(url, message).then((answer) => {
			answeredAt = Date.now();
			return answer;
		});
		await new Promise((resolve) => setTimeout(resolve, REDIS_DOWN_MS));
		redisBackAt.at = Date.now();
		await env.cluster.redis.resume();
		const answer = await first;

		// An OK only once Redis was back; anything else is an error the gateway retries.
		if (answer.status === 200 && answer.json?.Status === 'OK') expect(answeredAt).toBeGreaterThanOrEqual(redisBackAt.at);
		else {
			expect(answer.status).toBeGreaterThanOrEqual(500);
			// The gateway's retry, once Redis is back.
			expect(await post(url, message)).toEqual({ status: 200, json: { Status: 'OK' } });
		}
		expect(messageIds(await executionsAfterQuiet(env, id, 1, 3000))).toEqual([message.ID]);
		process.stderr.write(`\nmessage sent while Redis was down: first answer HTTP ${answer.status} ${JSON.stringify(answer.json)}, ${answeredAt - redisBackAt.at} ms after Redis was back\n`);
	});
}
