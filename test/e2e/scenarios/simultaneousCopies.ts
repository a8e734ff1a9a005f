// What remains possible with several webhook processors: two copies of one message arriving in the
// same instant at two processors. Each loads the workflow's static data before the other has saved
// its answer, so neither finds the other's and both may start an execution. Sent N times; the test
// holds what must hold (both copies answered OK, nothing lost: every message ran, none more than
// twice) and reports how many ran twice.
import { randomUUID } from 'node:crypto';
import { DEFAULT_INBOUND_KEY } from '../../../sandbox/gateway/config';
import type { ScenarioEnv } from './env';
import { computedReply, createGatewayCredential, executionsAfterQuiet, messageIds, publishMessagingWorkflow, REPLY_MODES } from './redelivery';

export const SIMULTANEOUS_PAIRS = 20;

/** A gateway callback posted as the gateway posts it: HTTP status and JSON answer. */
export async function post(url: string, body: Record<string, unknown>) {
	const { status, json } = await postSeen(url, body);
	return { status, json };
}

/** The same, with the bytes as they came too: an answer that is not JSON is reported as it was. */
export async function postSeen(url: string, body: Record<string, unknown>) {
	const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
	const text = await response.text();
	let json: Record<string, unknown> | undefined;
	try {
		json = JSON.parse(text) as Record<string, unknown>;
	} catch {
		json = undefined;
	}
	return { status: response.status, json, text };
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
		const ran = messageIds(await executionsAfterQuiet(env, id, SIMULTANEOUS_PAIRS));
		const runs = new Map<string, number>();
		for (const messageId of ran) runs.set(messageId, (runs.get(messageId) ?? 0) + 1);
		// The bound the code can promise here: none lost, and at most one run per processor (each
		// processor's own copies are claimed once); nothing better, since neither copy can see the other.
		expect(ids.filter((m) => !runs.has(m))).toEqual([]);
		expect([...runs.entries()].filter(([, n]) => n > 2)).toEqual([]);
		expect(ran.length).toBeLessThanOrEqual(2 * SIMULTANEOUS_PAIRS);
		const doubles = [...runs.values()].filter((n) => n === 2).length;
		process.stderr.write(`\nsimultaneous copies at two webhook processors: ${doubles} of ${SIMULTANEOUS_PAIRS} messages ran twice\n`);
	});
}

/**
 * Two copies of a message in the same instant at ONE n8n process (the gateway retrying while the
 * first copy's workflow still runs), in every reply mode: one copy claims the answering and runs the
 * workflow; the other waits for its answer (nodes/shared/messaging/replyMemory.ts ReplyMemory.claim).
 * What the code promises, and what is asserted: every answer is JSON with a Status (an empty HTTP 200
 * was seen once in queue mode, reply mode Using Reply to Message Node); the waiting copy gets 200
 * with the first's answer if it comes within COPY_WAIT_MS (5 s), else 503 RETRY, and then the answer
 * on its next try (sent here once the first copy's answer has arrived, as the gateway's later retry
 * would be); one execution per message either way. How many copies were told to retry is printed
 * (0 on an idle machine).
 */
/**
 * The pairs go one after another, each waiting for its run in reply modes Last Node and Reply Node:
 * about 5 s for 20 on an idle machine, over 90 s at a load of 10 in queue mode (a run through Redis
 * and the worker per pair), where jest's usual 90 s cut the case before it could report.
 */
const COPIES_IN_ONE_PROCESS_TIMEOUT_MS = 300_000;

export function describeSimultaneousCopiesInOneProcess(env: ScenarioEnv, pairs = SIMULTANEOUS_PAIRS / 2) {
	describe.each(REPLY_MODES)('reply mode %s', (replyMode) => {
		it(`${pairs} messages, each delivered twice in the same instant to one n8n process: each runs once, both copies get its answer with a Status (the second at once or on its next try)`, async () => {
			const credentialId = await createGatewayCredential(env);
			const { id, url } = await publishMessagingWorkflow(env, replyMode, credentialId);
			const ids = Array.from({ length: pairs }, () => `Q-${randomUUID()}`);
			const answer = replyMode === 'onReceived' ? { Status: 'OK' } : { Status: 'OK', Body: computedReply('pair') };
			const ok = { status: 200, json: answer };
			const retry = { status: 503, json: { Status: 'RETRY', Reason: 'A copy of this message is still being answered; send it again later.' } };
			let retried = 0;
			const withoutStatus: string[] = [];
			for (const messageId of ids) {
				const body = { Type: 'Message', ID: messageId, From: '15145550131', To: '55555', Body: 'pair', Key: DEFAULT_INBOUND_KEY };
				const copies = await Promise.all([postSeen(url, body), postSeen(url, body)]);
				// Counted over every pair, then asserted: how often it happens is part of the report.
				const bare = copies.filter((c) => typeof c.json?.Status !== 'string');
				withoutStatus.push(...bare.map((c) => `${messageId}: HTTP ${c.status} ${c.text === '' ? '(empty body)' : c.text}`));
				if (bare.length > 0) continue;
				// The copy that ran the workflow answers with its reply; the other with the same, or RETRY.
				expect(copies.map(({ status, json }) => ({ status, json }))).toContainEqual(ok);
				for (const { status, json } of copies) expect([ok, retry]).toContainEqual({ status, json });
				for (let n = copies.filter((c) => c.status === 503).length; n > 0; n--) {
					retried++;
					expect(await post(url, body)).toEqual(ok);
				}
			}
			process.stderr.write(`\nsimultaneous copies in one process (${replyMode}): ${withoutStatus.length} answers without a Status in ${ids.length} pairs\n`);
			expect(withoutStatus).toEqual([]);
			expect(messageIds(await executionsAfterQuiet(env, id, ids.length))).toEqual([...ids].sort());
			process.stderr.write(`\nsimultaneous copies in one process (${replyMode}): ${retried} of ${ids.length} second copies answered 503 RETRY first\n`);
		}, COPIES_IN_ONE_PROCESS_TIMEOUT_MS);
	});
}
