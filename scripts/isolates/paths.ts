/**
 * How many expression isolates n8n makes per call, counted with n8n's own metric
 * (`n8n_expression_pool_acquired_total` on /metrics, N8N_METRICS=true): one published workflow per
 * path a callback can take through the package's triggers, and the plain n8n flow a user builds
 * without the package (Webhook -> Respond to Webhook), in one n8n. Used by the e2e test (lazy
 * acquisition: exact counts asserted) and by scripts/isolates/compare.ts (every setting, with times).
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_COMPLIANCE_TEXTS } from '../../nodes/SolSwitchMessagingTrigger/replies/complianceTexts';
import type { N8nApi, N8nInstance } from '../n8n-harness';

export const INBOUND_KEY = 'isolates-inbound-key';
export const HOURS_REPLY = 'Open 11am-10pm, 7 days.';
export const COMPUTED_REPLY = 'Your PIZZA order is in';

/** The environment n8n needs to expose the expression counters. */
export const METRICS_ENV = { N8N_METRICS: 'true' };

export interface CallPath {
	name: string;
	/** One call; throws when n8n's answer is not the expected one. */
	call: () => Promise<void>;
}

/** The expression isolates n8n has acquired since it started. */
export async function isolatesAcquired(n8n: N8nInstance): Promise<number> {
	const text = await (await fetch(`${n8n.baseUrl}/metrics`)).text();
	const line = text.split('\n').find((l) => l.startsWith('n8n_expression_pool_acquired_total'));
	if (!line) throw new Error('n8n_expression_pool_acquired_total not on /metrics (is N8N_METRICS=true?)');
	return Number(line.trim().split(/\s+/).pop());
}

/** Isolates per call over `calls` sequential calls (after one unmeasured call). */
export async function isolatesPerCall(n8n: N8nInstance, path: CallPath, calls = 5): Promise<number> {
	await path.call();
	const before = await isolatesAcquired(n8n);
	for (let i = 0; i < calls; i++) await path.call();
	return ((await isolatesAcquired(n8n)) - before) / calls;
}

function node(name: string, type: string, typeVersion: number, parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) {
	return { id: randomUUID(), name, type, typeVersion, position: [0, 0] as [number, number], parameters, ...extra };
}

const chain = (...names: string[]) =>
	Object.fromEntries(names.slice(0, -1).map((n, i) => [n, { main: [[{ node: names[i + 1], type: 'main', index: 0 }]] }]));

async function expectAnswer(n8n: N8nInstance, url: string, body: unknown, check: (status: number, text: string) => boolean) {
	const response = await fetch(`${n8n.baseUrl}/webhook/${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
	const text = await response.text();
	if (!check(response.status, text)) throw new Error(`${url}: unexpected answer HTTP ${response.status} ${text.slice(0, 200)}`);
}

const ok = (body?: string) => (status: number, text: string) => status === 200 && text === JSON.stringify(body === undefined ? { Status: 'OK' } : { Status: 'OK', Body: body });

export interface PathOptions {
	/** The Messaging Trigger version new nodes get (1 for a build from before 1.1 existed). */
	messagingVersion?: number;
	/** Whether the build has Keyword Replies. */
	keywordTable?: boolean;
}

/** Publishes one workflow per path and returns the paths, each call checked. */
export async function publishPaths(n8n: N8nInstance, api: N8nApi, { messagingVersion = 1.1, keywordTable = true }: PathOptions = {}): Promise<CallPath[]> {
	const credential = await api.createCredential('Isolates gateway', 'solSwitchMessagingApi', {
		baseUrl: 'http://127.0.0.1:9',
		apiKey: '',
		inboundApiKey: INBOUND_KEY,
		inboundKeyType: 'body',
	});
	const credentials = { solSwitchMessagingApi: { id: credential.id, name: credential.name } };
	const publish = async (name: string, nodes: Array<ReturnType<typeof node>>) => {
		const saved = await api.createWorkflow({ name, nodes, connections: chain(...nodes.map((n) => n.name)) });
		await api.publishWorkflow(saved.id);
	};

	// The Messaging Trigger at a version (1: as saved workflows have it; its default: new nodes),
	// SMS only (reports are acknowledged and dropped), a keyword table, the reply computed by Reply to Message.
	const messagingHook = async (typeVersion: number) => {
		const hook = randomUUID();
		await publish(`Messaging Trigger ${typeVersion}`, [
			node('SMS In', 'n8n-nodes-solswitch.solSwitchMessagingTrigger', typeVersion, {
				events: ['sms'],
				replyMode: 'responseNode',
				...(keywordTable ? { keywordReplies: { keywords: [{ keyword: 'HOURS', reply: HOURS_REPLY }] } } : {}),
				options: {},
			}, { webhookId: hook, credentials }),
			node('Reply', 'n8n-nodes-solswitch.solSwitchMessaging', 1, { resource: 'message', operation: 'reply', Body: '={{ "Your " + $json.keyword + " order is in" }}' }),
		]);
		return `${hook}/message`;
	};
	const latest = await messagingHook(messagingVersion);
	const version1 = await messagingHook(1);

	const plainPath = `isolates-plain-${randomUUID()}`;
	await publish('Plain Webhook + Respond', [
		node('Webhook', 'n8n-nodes-base.webhook', 2.1, { httpMethod: 'POST', path: plainPath, responseMode: 'responseNode', options: {} }, { webhookId: randomUUID() }),
		node('Respond', 'n8n-nodes-base.respondToWebhook', 1.5, {
			respondWith: 'json',
			responseBody: '={{ { "Status": "OK", "Body": "Your " + $json.body.Body.trim().split(" ")[0].toUpperCase() + " order is in" } }}',
			options: {},
		}),
	]);

	// The SolSwitch Trigger (version 2, its default): notifications (Incoming not selected) and a
	// Digit Validation with a Fixed Answer.
	const notificationHook = randomUUID();
	await publish('SIP notifications', [
		node('Calls', 'n8n-nodes-solswitch.solSwitchTrigger', 2, { event: 'sip-notification', notificationEvents: ['Connected', 'Disconnected'], options: {} }, { webhookId: notificationHook }),
	]);
	const digitsHook = randomUUID();
	await publish('Digit Validation', [
		node('Digits', 'n8n-nodes-solswitch.solSwitchTrigger', 2, {
			event: 'digit-validation',
			answerFrom: 'lastNode',
			fixedAnswers: { answers: [{ digits: '1', option: 'sales' }] },
			options: {},
		}, { webhookId: digitsHook }),
		node('Route', 'n8n-nodes-base.noOp', 1, {}),
	]);

	const mo = (Body: string, extra: Record<string, unknown> = {}) => ({ Type: 'Message', ID: randomUUID(), From: '15145550123', To: '55555', Body, Key: INBOUND_KEY, ...extra });
	const redeliveredId = randomUUID();
	const call = { CallID: 'c-1', CallerID: '15145550123', DestinationNumber: '5145550100' };
	return [
		{ name: 'HELP', call: () => expectAnswer(n8n, latest, mo('help'), ok(DEFAULT_COMPLIANCE_TEXTS.helpText)) },
		...(keywordTable ? [{ name: 'keyword table (HOURS)', call: () => expectAnswer(n8n, latest, mo('Hours'), ok(HOURS_REPLY)) }] : []),
		{ name: 'redelivery (same ID)', call: () => expectAnswer(n8n, latest, mo('pizza', { ID: redeliveredId }), ok(COMPUTED_REPLY)) },
		{
			name: 'filtered event (report, SMS only)',
			call: () => expectAnswer(n8n, latest, { Type: 'Report', ID: randomUUID(), From: '55555', To: '15145550123', Status: '1', Key: INBOUND_KEY }, ok()),
		},
		{ name: 'refusal (bad key)', call: () => expectAnswer(n8n, latest, mo('pizza', { Key: 'wrong' }), (s) => s === 401) },
		{ name: 'Fixed Answer (Digit Validation)', call: () => expectAnswer(n8n, `${digitsHook}/digit-validation`, { Digits: '1' }, (s, t) => s === 200 && t === 'sales') },
		{ name: 'SIP notification (not selected)', call: () => expectAnswer(n8n, `${notificationHook}/sip-notification`, { Event: 'Incoming', ...call }, ok()) },
		{ name: 'SIP notification (starts the workflow)', call: () => expectAnswer(n8n, `${notificationHook}/sip-notification`, { Event: 'Connected', ...call }, ok()) },
		{ name: 'computed reply (Reply to Message)', call: () => expectAnswer(n8n, latest, mo('pizza'), ok(COMPUTED_REPLY)) },
		{ name: 'plain n8n: Webhook -> Respond to Webhook', call: () => expectAnswer(n8n, plainPath, mo('pizza'), ok(COMPUTED_REPLY)) },
		{ name: 'HELP, Messaging Trigger version 1', call: () => expectAnswer(n8n, version1, mo('help'), ok(DEFAULT_COMPLIANCE_TEXTS.helpText)) },
	];
}
