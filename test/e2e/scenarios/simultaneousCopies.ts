// What remains possible with several webhook processors: two copies of one message arriving in the
// same instant at two processors. Each loads the workflow's static data before the other has saved
// its answer, so neither finds the other's and both may start an execution. Sent N times; the test
// holds what must hold (both copies answered OK, nothing lost: every message ran, none more than
// twice) and reports how many ran twice.
import { randomUUID } from 'node:crypto';
import { DEFAULT_INBOUND_KEY } from '../../../sandbox/gateway/config';
import type { ScenarioEnv } from './env';
import { computedReply, createGatewayCredential, executionsAfterQuiet, messageIds, publishMessagingWorkflow, type ReplyMode } from './redelivery';

export const SIMULTANEOUS_PAIRS = 20;

/** A gateway callback posted as the gateway posts it: HTTP status and JSON answer. */
export async function post(url: string, body: Record<string, unknown>) {
	const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
	return { status: response.status, json: (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined };
}

/** `processorUrls`: the base URL of each webhook processor (two, called directly, not through the proxy). */
export function describeSimultaneousCopies(env: ScenarioEnv, processorUrls: () => string[]) {
	it(`${SIMULTANEOUS_PAIRS} messages, each delivered twice in the same instant to two webhook processors: none lost, doubles counted`, async () => {
		const credentialId = await createGatewayCredential(env);
		const { id, url } = await publishMessagingWorkflow(env, 'onReceived', credentialId);
		const path = new URL(url).pathname;
		const [first, second] = processorUrls();
		const ids = Array.from({ length: SIMULTANEOUS_PAIRS }, () => `P-${randomUUID()}`);
		for (const messageId of ids) {
			const body = { Type: 'Message', ID: messageId, From: '15145550130', To: '55555', Body: 'pair', Key: DEFAULT_INBOUND_KEY };
			const answers = await Promise.all([post(`${first}${path}`, body), post(`${second}${path}`, body)]);
			expect(answers).toEqual([
				{ status: 200, json: { Status: 'OK' } },
				{ status: 200, json: { Status: 'OK' } },
			]);
		}
		const ran = messageIds(await executionsAfterQuiet(env, id, SIMULTANEOUS_PAIRS, 3000));
		const runs = new Map<string, number>();
		for (const messageId of ran) runs.set(messageId, (runs.get(messageId) ?? 0) + 1);
		expect(ids.filter((m) => !runs.has(m))).toEqual([]);
		expect([...runs.values()].every((n) => n <= 2)).toBe(true);
		const doubles = [...runs.values()].filter((n) => n === 2).length;
		process.stderr.write(`\nsimultaneous copies at two webhook processors: ${doubles} of ${SIMULTANEOUS_PAIRS} messages ran twice\n`);
	});
}

/**
 * Two copies of a message in the same instant at ONE n8n process (the gateway retrying while the
 * first copy's workflow still runs): the second waits for the first's answer and gets it, with no
 * second execution (nodes/shared/messaging/replyMemory.ts ReplyMemory.claim).
 */
export function describeSimultaneousCopiesInOneProcess(env: ScenarioEnv) {
	describe.each(['onReceived', 'responseNode'] as ReplyMode[])('reply mode %s', (replyMode) => {
		it(`${SIMULTANEOUS_PAIRS / 2} messages, each delivered twice in the same instant to one n8n process: each runs once, both copies get its answer`, async () => {
			const credentialId = await createGatewayCredential(env);
			const { id, url } = await publishMessagingWorkflow(env, replyMode, credentialId);
			const ids = Array.from({ length: SIMULTANEOUS_PAIRS / 2 }, () => `Q-${randomUUID()}`);
			const answer = replyMode === 'onReceived' ? { Status: 'OK' } : { Status: 'OK', Body: computedReply('pair') };
			for (const messageId of ids) {
				const body = { Type: 'Message', ID: messageId, From: '15145550131', To: '55555', Body: 'pair', Key: DEFAULT_INBOUND_KEY };
				expect(await Promise.all([post(url, body), post(url, body)])).toEqual([
					{ status: 200, json: answer },
					{ status: 200, json: answer },
				]);
			}
			expect(messageIds(await executionsAfterQuiet(env, id, ids.length, 3000))).toEqual([...ids].sort());
		});
	});
}
