// Messages whose replies the workflow computes at the same time (reply mode "Using Reply to Message
// Node"): each webhook call loads the workflow's static data when it arrives and saves it, whole,
// when its reply goes out. The calls of one n8n process share one memory object
// (nodes/shared/messaging/replyMemory.ts), so whichever save comes last holds every reply:
// with one process receiving the calls, none may run twice. With two webhook processors, each
// process's last save lacks the other's replies (they loaded the static data before either saved),
// so a redelivery reaching the other processor can run again; one reaching the processor that
// answered it cannot. N different messages are sent at once, then each is redelivered.
import { randomUUID } from 'node:crypto';
import { DEFAULT_INBOUND_KEY } from '../../../sandbox/gateway/config';
import type { ScenarioEnv } from './env';
import { computedReply, createGatewayCredential, executionsAfterQuiet, messageIds, publishMessagingWorkflow } from './redelivery';
import { post } from './simultaneousCopies';

export const OVERLAPPING_MESSAGES = 10;

/**
 * 'none': every call reaches one n8n process, so no redelivery may run twice. `processors`: the base
 * URLs of two webhook processors, called directly: message i goes to processor i % 2, its redelivery
 * to processor (i + floor(i / 2)) % 2, so 6 redeliveries reach the processor that answered them
 * (none may run twice: its memory holds the reply) and 4 reach the other (each may run twice: the
 * stated bound, counted and reported).
 */
export type OverlapDoubles = 'none' | { processors: () => string[] };

export function describeOverlappingReplies(env: ScenarioEnv, where: string, doubles: OverlapDoubles) {
	const routed = doubles !== 'none';
	it(`${OVERLAPPING_MESSAGES} messages whose computed replies overlap, then each redelivered: answers right, none lost, ${routed ? 'none run twice where the redelivery reaches the processor that answered, the others counted' : 'none run twice'}`, async () => {
		const credentialId = await createGatewayCredential(env);
		const { id, url } = await publishMessagingWorkflow(env, 'responseNode', credentialId);
		const path = new URL(url).pathname;
		const processors = routed ? doubles.processors() : [];
		const firstUrl = (i: number) => (routed ? `${processors[i % 2]}${path}` : url);
		const againUrl = (i: number) => (routed ? `${processors[(i + Math.floor(i / 2)) % 2]}${path}` : url);
		const messages = Array.from({ length: OVERLAPPING_MESSAGES }, (_, i) => ({
			Type: 'Message',
			ID: `O-${randomUUID()}`,
			From: '15145550140',
			To: '55555',
			Body: `order ${i}`,
			Key: DEFAULT_INBOUND_KEY,
		}));
		const expected = messages.map((m) => ({ status: 200, json: { Status: 'OK', Body: computedReply(m.Body) } }));
		expect(await Promise.all(messages.map((m, i) => post(firstUrl(i), m)))).toEqual(expected);
		await executionsAfterQuiet(env, id, OVERLAPPING_MESSAGES);
		const again = [];
		for (const [i, m] of messages.entries()) again.push(await post(againUrl(i), m));
		expect(again).toEqual(expected);
		const ran = messageIds(await executionsAfterQuiet(env, id, OVERLAPPING_MESSAGES));
		const runs = new Map<string, number>();
		for (const messageId of ran) runs.set(messageId, (runs.get(messageId) ?? 0) + 1);
		expect(messages.filter((m) => !runs.has(m.ID))).toEqual([]);
		expect([...runs.values()].every((n) => n <= 2)).toBe(true);
		const crossing = messages.filter((_, i) => firstUrl(i) !== againUrl(i));
		const ranTwice = [...runs.values()].filter((n) => n === 2).length;
		process.stderr.write(`\noverlapping computed replies (${where}): ${ranTwice} of ${OVERLAPPING_MESSAGES} redelivered messages ran twice${routed ? ` (bound: the ${crossing.length} redelivered to the other processor)` : ''}\n`);
		// Where the redelivery reaches the process that answered, it never runs twice.
		const sameProcess = messages.filter((m) => !crossing.includes(m));
		expect(sameProcess.filter((m) => runs.get(m.ID) !== 1).map((m) => m.ID)).toEqual([]);
		expect(ranTwice).toBeLessThanOrEqual(crossing.length);
	});
}
