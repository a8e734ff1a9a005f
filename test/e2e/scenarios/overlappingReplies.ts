// The limit of the redelivery memory for replies computed by the workflow (reply mode "Using Reply to
// Message Node"): each webhook call loads the workflow's static data when it arrives and saves it,
// whole, when its reply goes out (nodes/shared/messaging/replies.ts). Calls whose workflows run at the
// same time each save what they loaded plus their own reply, so the last save erases the replies the
// others saved meanwhile. N different messages are sent at once (their replies computed at the same
// time), then each is redelivered: the test holds what must hold (every answer right, nothing lost,
// nothing run more than twice) and reports how many ran twice.
import { randomUUID } from 'node:crypto';
import { DEFAULT_INBOUND_KEY } from '../../../sandbox/gateway/config';
import type { ScenarioEnv } from './env';
import { computedReply, createGatewayCredential, executionsAfterQuiet, messageIds, publishMessagingWorkflow } from './redelivery';
import { post } from './simultaneousCopies';

export const OVERLAPPING_MESSAGES = 10;

export function describeOverlappingReplies(env: ScenarioEnv, where: string) {
	it(`${OVERLAPPING_MESSAGES} messages whose computed replies overlap, then each redelivered: answers right, none lost, doubles counted`, async () => {
		const credentialId = await createGatewayCredential(env);
		const { id, url } = await publishMessagingWorkflow(env, 'responseNode', credentialId);
		const messages = Array.from({ length: OVERLAPPING_MESSAGES }, (_, i) => ({
			Type: 'Message',
			ID: `O-${randomUUID()}`,
			From: '15145550140',
			To: '55555',
			Body: `order ${i}`,
			Key: DEFAULT_INBOUND_KEY,
		}));
		const expected = messages.map((m) => ({ status: 200, json: { Status: 'OK', Body: computedReply(m.Body) } }));
		expect(await Promise.all(messages.map((m) => post(url, m)))).toEqual(expected);
		await executionsAfterQuiet(env, id, OVERLAPPING_MESSAGES);
		const again = [];
		for (const m of messages) again.push(await post(url, m));
		expect(again).toEqual(expected);
		const ran = messageIds(await executionsAfterQuiet(env, id, OVERLAPPING_MESSAGES));
		const runs = new Map<string, number>();
		for (const messageId of ran) runs.set(messageId, (runs.get(messageId) ?? 0) + 1);
		expect(messages.filter((m) => !runs.has(m.ID))).toEqual([]);
		expect([...runs.values()].every((n) => n <= 2)).toBe(true);
		const doubles = [...runs.values()].filter((n) => n === 2).length;
		process.stderr.write(`\noverlapping computed replies (${where}): ${doubles} of ${OVERLAPPING_MESSAGES} redelivered messages ran twice\n`);
	});
}
