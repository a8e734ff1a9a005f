/**
 * Callbacks of the switch into the SolSwitch Trigger: Digit Validation answered from Fixed Answers
 * (no execution) or computed by the workflow (Answer Digit Validation), and a SIP POST notification
 * acknowledged, beside n8n's own Webhook answering the same.
 */
import { randomUUID } from 'node:crypto';
import type { BenchContext, BenchPath } from './types';
import { node, publish, TRIGGER_VERSIONS, webhook } from './workflows';
import { jsonAnswer, once, TRIGGER_ANSWERED_GOALS, webhookPath } from './webhookPath';

const dvRequest = (i: number) => ({ Digits: String(i % 10), ExtensionNumber: '510', CDRCallID: `bench.${i}`, CIDName: 'Bench', CIDNum: '5145550199', DID: '5145550100' });
const dvCheck = (status: number, text: string, i: number) => status === 200 && text === `queue-${i % 10}`;

const trigger = (parameters: Record<string, unknown>) => {
	const webhookId = randomUUID();
	return { webhookId, node: node('Trigger', 'n8n-nodes-solswitch.solSwitchTrigger', TRIGGER_VERSIONS.switch, parameters, { webhookId }) };
};

/** n8n's answer to a Digit Validation: Webhook → Respond to Webhook with the option as text. */
function plainDv(ctx: BenchContext) {
	return once(ctx, 'dv-plain', async () => {
		const path = `bench-dv-${randomUUID()}`;
		return await publish(ctx.n8n, ctx.api, 'Bench DV: Webhook + Respond', [
			webhook(path, 'responseNode'),
			node('Respond', 'n8n-nodes-base.respondToWebhook', 1.5, { respondWith: 'text', responseBody: "={{ 'queue-' + $json.body.Digits }}", options: {} }),
		], path);
	});
}
const PLAIN_DV = 'Webhook → Respond to Webhook';

const sipNotification = (i: number) => ({
	Event: 'Connected',
	CallID: `bench.${i}`,
	Customer: '1',
	SourceNumber: '5145550199',
	SourceChannel: 'SIP/trunk-0001',
	DestinationNumber: '201',
	DestinationChannel: 'SIP/201-0002',
	DialedNumber: '5145550100',
});

export const switchPaths: BenchPath[] = [
	webhookPath('dv-fixed', 'Digit Validation, fixed answer', async (ctx) => {
		const t = trigger({
			event: 'digit-validation',
			answerFrom: 'lastNode',
			answerField: 'option',
			fallbackOption: 'operator',
			fixedAnswers: { answers: Array.from({ length: 10 }, (_, d) => ({ digits: String(d), option: `queue-${d}` })) },
		});
		const ours = await publish(ctx.n8n, ctx.api, 'Bench DV: Fixed Answers', [t.node], `${t.webhookId}/digit-validation`);
		return {
			ours: { label: 'SolSwitch Trigger, Fixed Answers (no execution)', url: ours, body: dvRequest, check: dvCheck },
			plain: { label: PLAIN_DV, url: await plainDv(ctx), body: dvRequest, check: dvCheck },
		};
	}, TRIGGER_ANSWERED_GOALS),
	webhookPath('dv-computed', 'Digit Validation, answer computed by the workflow', async (ctx) => {
		const t = trigger({ event: 'digit-validation', answerFrom: 'responseNode', fallbackOption: 'operator' });
		const answer = node('Answer', 'n8n-nodes-solswitch.solSwitch', 1, { resource: 'digitValidation', operation: 'answer', Option: "={{ 'queue-' + $json.Digits }}" }, {
			credentials: { solSwitchApi: ctx.credentials.switch },
		});
		const ours = await publish(ctx.n8n, ctx.api, 'Bench DV: Answer Digit Validation', [t.node, answer], `${t.webhookId}/digit-validation`);
		return {
			ours: { label: 'SolSwitch Trigger → Answer Digit Validation', url: ours, body: dvRequest, check: dvCheck },
			plain: { label: PLAIN_DV, url: await plainDv(ctx), body: dvRequest, check: dvCheck },
		};
	}),
	webhookPath('sip-ack', 'SIP POST notification acknowledged (workflow started)', async (ctx) => {
		const t = trigger({ event: 'sip-notification', notificationEvents: ['Connected'] });
		const ours = await publish(ctx.n8n, ctx.api, 'Bench SIP: SolSwitch Trigger', [t.node], `${t.webhookId}/sip-notification`);
		const path = `bench-sip-${randomUUID()}`;
		const plain = await publish(ctx.n8n, ctx.api, 'Bench SIP: Webhook', [webhook(path, 'onReceived', { responseData: '{"Status":"OK"}' })], path);
		const check = jsonAnswer();
		return {
			ours: { label: 'SolSwitch Trigger (answers once the run is queued)', url: ours, body: sipNotification, check },
			plain: { label: 'Webhook, answering {"Status":"OK"} Immediately', url: plain, body: sipNotification, check },
		};
	}),
];
