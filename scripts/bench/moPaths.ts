/**
 * MO messages into the Messaging Trigger (computed reply through Reply to Message; HELP answered
 * by the trigger; a keyword answered from the trigger's Keyword Replies table; a redelivered message
 * answered from the trigger's memory) beside what a user
 * builds without the package: Webhook → IF on the key → IF on the keyword → Respond to Webhook.
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_INBOUND_KEY } from '../../sandbox/gateway/config';
import type { BenchContext, BenchPath } from './types';
import { node, publish, TRIGGER_VERSIONS, webhook } from './workflows';
import { jsonAnswer, once, TRIGGER_ANSWERED_GOALS, webhookPath, type WebhookSides } from './webhookPath';

export const HELP = 'Help: support@example.com or 1-800-555-0100. Msg&data rates may apply. Reply STOP to opt out.';
export const COMPUTED = 'Your PIZZA order is in';
const HOURS = 'Open 11am-10pm, 7 days.';

const ifNode = (name: string, left: string, right: string) =>
	node(name, 'n8n-nodes-base.if', 2.2, {
		conditions: {
			options: { caseSensitive: true, leftValue: '', typeValidation: 'loose', version: 2 },
			conditions: [{ id: randomUUID(), leftValue: left, rightValue: right, operator: { type: 'string', operation: 'equals' } }],
			combinator: 'and',
		},
		options: {},
	});

/**
 * What a user builds without the package for a keyword answered with a fixed text: the key checked,
 * the keyword compared, the fixed reply or the computed one.
 */
async function plainFlow(ctx: BenchContext, name: string, keyword: string, reply: string): Promise<string> {
	const path = `bench-mo-${randomUUID()}`;
	const first = '$json.body.Body.trim().split(" ")[0].toUpperCase()';
	const nodes = [
		webhook(path, 'responseNode'),
		// The trigger checks the inbound key on every callback: so does the alternative.
		ifNode('Key OK', '={{ $json.body.Key }}', DEFAULT_INBOUND_KEY),
		node('Refuse', 'n8n-nodes-base.respondToWebhook', 1.5, { respondWith: 'json', responseBody: JSON.stringify({ Status: 'FAIL', Reason: 'Not authorized.' }), options: { responseCode: 401 } }),
		ifNode('Is Keyword', `={{ ${first} }}`, keyword),
		node('Respond Keyword', 'n8n-nodes-base.respondToWebhook', 1.5, { respondWith: 'json', responseBody: JSON.stringify({ Status: 'OK', Body: reply }), options: {} }),
		node('Respond', 'n8n-nodes-base.respondToWebhook', 1.5, { respondWith: 'json', responseBody: `={{ { "Status": "OK", "Body": "Your " + ${first} + " order is in" } }}`, options: {} }),
	];
	return await publish(ctx.n8n, ctx.api, name, nodes, path, {
		connections: {
			Webhook: { main: [[{ node: 'Key OK', type: 'main', index: 0 }]] },
			'Key OK': { main: [[{ node: 'Is Keyword', type: 'main', index: 0 }], [{ node: 'Refuse', type: 'main', index: 0 }]] },
			'Is Keyword': { main: [[{ node: 'Respond Keyword', type: 'main', index: 0 }], [{ node: 'Respond', type: 'main', index: 0 }]] },
		},
	});
}

/** The MO workflows, built once per n8n: the trigger's URL and the plain flows' (HELP, HOURS). */
function moWorkflows(ctx: BenchContext) {
	return once(ctx, 'mo', async () => {
		const hook = randomUUID();
		const trigger = node(
			'SMS In',
			'n8n-nodes-solswitch.solSwitchMessagingTrigger',
			TRIGGER_VERSIONS.messaging,
			{ events: ['sms'], replyMode: 'responseNode', keywordReplies: { keywords: [{ keyword: 'HOURS', reply: HOURS }] }, options: { helpText: HELP } },
			{ webhookId: hook, credentials: { solSwitchMessagingApi: ctx.credentials.messaging } },
		);
		const reply = node('Reply', 'n8n-nodes-solswitch.solSwitchMessaging', 1, { resource: 'message', operation: 'reply', Body: '={{ "Your " + $json.keyword + " order is in" }}' });
		const ours = await publish(ctx.n8n, ctx.api, 'Bench MO: Messaging Trigger', [trigger, reply], `${hook}/message`);
		const plain = await plainFlow(ctx, 'Bench MO: Webhook + IF + Respond', 'HELP', HELP);
		const plainHours = await plainFlow(ctx, 'Bench MO HOURS: Webhook + IF + Respond', 'HOURS', HOURS);
		return { ours, plain, plainHours };
	});
}

const mo = (id: string, text: string) => ({ Type: 'Message', ID: id, From: '15145550123', To: '55555', Body: text, Key: DEFAULT_INBOUND_KEY });
const OURS = 'Messaging Trigger';
const PLAIN = 'Webhook → IF (key) → IF (keyword) → Respond to Webhook';

export function moSides(text: string, body: string, ids: (i: number) => string): (ctx: BenchContext) => Promise<WebhookSides> {
	return async (ctx) => {
		const { ours, plain, plainHours } = await moWorkflows(ctx);
		const check = jsonAnswer(body);
		const label = text === 'help' ? `${OURS} (answers HELP itself)` : text === 'hours' ? `${OURS} (Keyword Replies answers HOURS)` : `${OURS} → Reply to Message`;
		return {
			ours: { label, url: ours, body: (i) => mo(ids(i), text), check },
			plain: { label: PLAIN, url: text === 'hours' ? plainHours : plain, body: (i) => mo(ids(i), text), check },
		};
	};
}

const fresh = () => `bench-${randomUUID()}`;
const REDELIVERED = 10;
const redeliveredId = (i: number) => `bench-redelivery-${i % REDELIVERED}`;

export const moPaths: BenchPath[] = [
	webhookPath('mo-computed', 'MO SMS, reply computed by the workflow', moSides('pizza', COMPUTED, fresh), { lazy: 1 }),
	webhookPath('mo-help', 'MO SMS, HELP', moSides('help', HELP, fresh), TRIGGER_ANSWERED_GOALS),
	webhookPath('mo-keyword', 'MO SMS, a keyword of the Keyword Replies table', moSides('hours', HOURS, fresh), TRIGGER_ANSWERED_GOALS),
	webhookPath('mo-redelivery', 'MO SMS redelivered (same ID after a lost answer)', async (ctx) => {
		const sides = await moSides('pizza', COMPUTED, redeliveredId)(ctx);
		return {
			ours: { ...sides.ours, label: `${OURS}: answered from its memory, no execution` },
			plain: { ...sides.plain, label: `${PLAIN} (runs again)` },
			// The first delivery of each ID runs the workflow; what is measured are the ones after.
			prime: async () => {
				for (let i = 0; i < REDELIVERED; i++) {
					await fetch(sides.ours.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(mo(redeliveredId(i), 'pizza')) });
				}
			},
		};
	}, TRIGGER_ANSWERED_GOALS),
];
