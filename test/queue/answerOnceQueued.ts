// Reply mode Immediately in queue mode: the trigger hands n8n its {"Status":"OK"} and n8n 2.40 writes
// it only once the execution is queued in Redis (webhook-helpers.js shouldDeferOnReceivedResponse).
// So a message arriving while Redis is down is not acknowledged while it cannot be queued: the
// gateway gets its OK only after Redis is back (or an HTTP error, and sends it again). Either way the
// message runs, once. Before, the trigger answered first: the OK went out with Redis down, and a job
// that could not be queued was lost with nobody to send it again. The SolSwitch Trigger's SIP Packet
// POST (the switch repeats it until it gets SUCCESS) is answered the same way.
import { createHash, randomUUID } from 'node:crypto';
import { DEFAULT_INBOUND_KEY } from '../../sandbox/gateway/config';
import { createGatewayCredential, executionsAfterQuiet, messageIds, publishMessagingWorkflow } from '../e2e/scenarios/redelivery';
import { post } from '../e2e/scenarios/simultaneousCopies';
import { switchTriggerNode } from '../e2e/scenarios/switchTrigger';
import type { QueueEnv } from './withQueueCluster';

const REDIS_DOWN_MS = 3000;
const PACKET_KEY = 'queue-packet-key-7c1e';

/** Sends while Redis is stopped for REDIS_DOWN_MS; the first answer, when it came, and when Redis was back. */
async function sentWhileRedisDown<T>(env: QueueEnv, send: () => Promise<T>): Promise<{ answer: T; answeredAt: number; redisBackAt: number }> {
	await env.cluster.redis.pause();
	let answeredAt = 0;
	const first = send().then((answer) => {
		answeredAt = Date.now();
		return answer;
	});
	await new Promise((resolve) => setTimeout(resolve, REDIS_DOWN_MS));
	const redisBackAt = Date.now();
	await env.cluster.redis.resume();
	const answer = await first;
	return { answer, answeredAt, redisBackAt };
}

export function describeAnswerOnceQueued(env: QueueEnv) {
	it('a message arriving while Redis is down is not acknowledged until it is queued, and runs once', async () => {
		const credentialId = await createGatewayCredential(env);
		const { id, url } = await publishMessagingWorkflow(env, 'onReceived', credentialId);
		const message = { Type: 'Message', ID: `R-${randomUUID()}`, From: '15145550132', To: '55555', Body: 'while redis is down', Key: DEFAULT_INBOUND_KEY };

		const { answer, answeredAt, redisBackAt } = await sentWhileRedisDown(env, () => post(url, message));

		// An OK only once Redis was back; anything else is an error the gateway retries.
		if (answer.status === 200 && answer.json?.Status === 'OK') expect(answeredAt).toBeGreaterThanOrEqual(redisBackAt);
		else {
			expect(answer.status).toBeGreaterThanOrEqual(500);
			// The gateway's retry, once Redis is back.
			expect(await post(url, message)).toEqual({ status: 200, json: { Status: 'OK' } });
		}
		expect(messageIds(await executionsAfterQuiet(env, id, 1))).toEqual([message.ID]);
		process.stderr.write(`\nmessage sent while Redis was down: first answer HTTP ${answer.status} ${JSON.stringify(answer.json)}, ${answeredAt - redisBackAt} ms after Redis was back\n`);
	});

	it('a SIP Packet POST arriving while Redis is down gets SUCCESS (text/plain) only once its run is queued, and runs once', async () => {
		const credential = await env.api.createCredential('Switch callbacks (queue)', 'solSwitchCallbacksApi', { packetApiKey: PACKET_KEY, sharedSecret: '' });
		const webhookId = randomUUID();
		const workflow = await env.api.createWorkflow({
			name: 'Queue SIP packet',
			nodes: [
				switchTriggerNode(webhookId, { event: 'sip-packet', hashMismatch: 'reject' }, { credentials: { solSwitchCallbacksApi: { id: credential.id, name: credential.name } } }),
			],
			connections: {},
		});
		await env.api.publishWorkflow(workflow.id);
		const url = `${env.webhookBaseUrl}/webhook/${webhookId}/sip-packet`;
		const rawPacket = `INVITE sip:5145550100@switch SIP/2.0\r\nCall-ID: ${randomUUID()}\r\n\r\n`;
		const packet = (attempt: number) => ({ APIKey: PACKET_KEY, FromIP: '127.0.0.1', InviteTo: '5145550100', RawPacket: rawPacket, PacketHash: createHash('md5').update(rawPacket).digest('hex'), AttemptNumber: attempt });
		const postPacket = async (attempt: number) => {
			const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(packet(attempt)) });
			return { status: response.status, contentType: response.headers.get('content-type'), text: await response.text() };
		};

		const { answer, answeredAt, redisBackAt } = await sentWhileRedisDown(env, () => postPacket(1));

		const success = { status: 200, contentType: 'text/plain; charset=utf-8', text: 'SUCCESS' };
		if (answer.text === 'SUCCESS') {
			expect(answer).toEqual(success);
			expect(answeredAt).toBeGreaterThanOrEqual(redisBackAt);
		} else {
			// The switch's next attempt, once Redis is back.
			expect(answer.status).toBeGreaterThanOrEqual(500);
			expect(await postPacket(2)).toEqual(success);
		}
		const executions = await env.api.waitForExecutions(workflow.id, 1);
		await new Promise((resolve) => setTimeout(resolve, 3000));
		expect(await env.api.executionSummaries(workflow.id)).toHaveLength(executions.length);
		expect(executions).toHaveLength(1);
		process.stderr.write(`\nSIP Packet POST sent while Redis was down: first answer HTTP ${answer.status} ${answer.text}, ${answeredAt - redisBackAt} ms after Redis was back\n`);
	});
}
