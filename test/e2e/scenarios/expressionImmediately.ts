// Reply mode Immediately with an expression in the trigger's settings. The trigger remembers its
// answer when it hands it to n8n; n8n then queues the run, which resets the static data's "changed"
// flag (n8n behaviour N3, nodes/engine/trigger/n8nResponse.ts), so the trigger marks it again when
// n8n takes the answer, just before n8n's save. That mark used to sit in the webhook description's
// responseData resolver, which n8n 2.40 calls only while the node's parameters hold no expression:
// with one, the answer reached the database only with the next save from that process. Here the
// answer must reach the database with its own call, and a redelivery sent after it (to another
// webhook processor where there are two) must start nothing.
import { randomUUID } from 'node:crypto';
import { DEFAULT_INBOUND_KEY } from '../../../sandbox/gateway/config';
import type { ScenarioEnv } from './env';
import { createGatewayCredential, executionsAfterQuiet, messageIds, publishMessagingWorkflow, untilRemembered } from './redelivery';
import { post } from './simultaneousCopies';

/** An expression in the trigger's Options (the body size limit), evaluated by n8n's expression engine. */
export const EXPRESSION_OPTIONS = { maxBodyKb: '={{ 32 + 32 }}' };

/**
 * `urls(url)`: where the message and then its redelivery are posted (the trigger's URL twice for one
 * process; each webhook processor's own address where there are two).
 */
export function describeExpressionInImmediately(env: ScenarioEnv, urls: (url: string) => [string, string] = (url) => [url, url]) {
	it('reply mode Immediately with an expression in the settings: the answer is saved with its own call, and a redelivery after it starts nothing', async () => {
		const credentialId = await createGatewayCredential(env);
		const { id, url } = await publishMessagingWorkflow(env, 'onReceived', credentialId, undefined, EXPRESSION_OPTIONS);
		const [first, second] = urls(url);
		const messageId = `X-${randomUUID()}`;
		const body = { Type: 'Message', ID: messageId, From: '15145550150', To: '55555', Body: 'expression', Key: DEFAULT_INBOUND_KEY };
		expect(await post(first, body)).toEqual({ status: 200, json: { Status: 'OK' } });
		// Nothing else is sent meanwhile: no later save can carry the entry for it.
		await untilRemembered(env, id, messageId);
		expect(await post(second, body)).toEqual({ status: 200, json: { Status: 'OK' } });
		expect(messageIds(await executionsAfterQuiet(env, id, 1))).toEqual([messageId]);
	});
}
