// Keys live only in credentials, which n8n stores encrypted. After workflows that use every
// credential type of the package have run in a real n8n (requests sent with each key, a request
// refused by the switch, a callback accepted with the inbound key), n8n's SQLite database holds no
// key in plain text: not in the stored workflows, their history, the executions' workflow copies
// and run data, nor anywhere else in its tables or files.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_GATEWAY_KEY, DEFAULT_INBOUND_KEY } from '../../sandbox/gateway/config';
import { DEFAULT_SWITCH_KEY } from '../../sandbox/server';
import { databaseFiles, expectedCredentialTypes, nodeJson, queryDatabase, readAllTables, REPO_ROOT } from '../../scripts/n8n-harness';
import { useN8nWithSandbox } from './withSandbox';

const env = useN8nWithSandbox();

const PACKET_API_KEY = `packet-key-${randomUUID()}`;
const SHARED_SECRET = `shared-secret-${randomUUID()}`;

/** One stored credential per credential type of the package, each with its secrets. */
const credentials = {
	solSwitchApi: { data: () => ({ baseUrl: env.sandbox.url, apiKey: DEFAULT_SWITCH_KEY, customer: '' }), secrets: [DEFAULT_SWITCH_KEY] },
	solSwitchMessagingApi: {
		data: () => ({ baseUrl: env.sandbox.url, apiKey: DEFAULT_GATEWAY_KEY, inboundApiKey: DEFAULT_INBOUND_KEY, inboundKeyType: 'body' }),
		secrets: [DEFAULT_GATEWAY_KEY, DEFAULT_INBOUND_KEY],
	},
	solSwitchCallbacksApi: {
		data: () => ({ packetApiKey: PACKET_API_KEY, sharedSecret: SHARED_SECRET }),
		secrets: [PACKET_API_KEY, SHARED_SECRET],
	},
};
const secrets = Object.values(credentials).flatMap((c) => c.secrets);
const CALL_ID = `secrets-${randomUUID()}`;
const SMS_BODY = `Stored-secrets check ${randomUUID()}`;
const MO_TEXT = `pizza ${randomUUID()}`;

const node = (name: string, type: string, x: number, parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
	id: randomUUID(),
	name,
	type,
	typeVersion: 1,
	position: [x, 0] as [number, number],
	parameters,
	...extra,
});

beforeAll(async () => {
	const saved: Record<string, { id: string; name: string }> = {};
	for (const [type, credential] of Object.entries(credentials)) saved[type] = await env.api.createCredential(`Secrets ${type}`, type, credential.data());
	const switchCredential = { credentials: { solSwitchApi: saved.solSwitchApi } };
	const messagingCredential = { credentials: { solSwitchMessagingApi: saved.solSwitchMessagingApi } };

	// Requests with the switch key and the gateway's sending key, one of them refused by the switch.
	const calls = await env.api.createWorkflow({
		name: 'Secrets: switch and gateway requests',
		nodes: [
			node('Start', 'n8n-nodes-base.manualTrigger', 0, {}),
			node('List Calls', 'n8n-nodes-solswitch.solSwitch', 200, { resource: 'call', operation: 'listActive', options: {} }, { ...switchCredential, alwaysOutputData: true }),
			node(
				'Hold Unknown Call',
				'n8n-nodes-solswitch.solSwitch',
				400,
				{ resource: 'call', operation: 'hold', Channel: { __rl: true, mode: 'id', value: 'SIP/999-0000dead' }, additionalFields: {}, options: {} },
				{ ...switchCredential, onError: 'continueRegularOutput' },
			),
			node('Send SMS', 'n8n-nodes-solswitch.solSwitchMessaging', 600, { resource: 'message', operation: 'sendSms', From: '55555', To: '15145550123', Body: SMS_BODY, options: {} }, messagingCredential),
		],
		connections: {
			Start: { main: [[{ node: 'List Calls', type: 'main', index: 0 }]] },
			'List Calls': { main: [[{ node: 'Hold Unknown Call', type: 'main', index: 0 }]] },
			'Hold Unknown Call': { main: [[{ node: 'Send SMS', type: 'main', index: 0 }]] },
		},
	});
	const run = await env.api.runManually(calls.id, 'Start');
	expect(run.status).toBe('success');
	expect(JSON.stringify(nodeJson(run, 'Hold Unknown Call'))).toMatch(/error/i);
	expect(nodeJson(run, 'Send SMS')).toHaveLength(1);

	// A callback accepted with the inbound key (the gateway puts it in the body), replied to by the workflow.
	const webhookId = randomUUID();
	const inbound = await env.api.createWorkflow({
		name: 'Secrets: inbound SMS',
		nodes: [
			node('SMS In', 'n8n-nodes-solswitch.solSwitchMessagingTrigger', 0, { events: ['sms'], replyMode: 'responseNode', compliance: true, options: {} }, { ...messagingCredential, webhookId }),
			node('Reply', 'n8n-nodes-solswitch.solSwitchMessaging', 200, { resource: 'message', operation: 'reply', Body: 'Thanks', options: {} }),
		],
		connections: { 'SMS In': { main: [[{ node: 'Reply', type: 'main', index: 0 }]] } },
	});
	await env.api.publishWorkflow(inbound.id);
	const answer = await env.api.callWebhook(`${webhookId}/message`, {
		body: { Type: 'Message', ID: randomUUID(), From: '15145550123', To: '55555', Body: MO_TEXT, Key: DEFAULT_INBOUND_KEY },
	});
	expect(answer.status).toBe(200);
	const [execution] = await env.api.waitForExecutions(inbound.id, 1);
	expect(execution.status).toBe('success');

	// A switch notification accepted with the callbacks credential's shared secret (?secret=), and
	// one refused without it: the secret decides, and is kept in the credential only.
	const callbacksWebhookId = randomUUID();
	const calls2 = await env.api.createWorkflow({
		name: 'Secrets: switch notification',
		nodes: [
			node(
				'Call In',
				'n8n-nodes-solswitch.solSwitchTrigger',
				0,
				{ event: 'sip-notification', notificationEvents: ['Incoming'], options: {} },
				{ typeVersion: 2, credentials: { solSwitchCallbacksApi: saved.solSwitchCallbacksApi }, webhookId: callbacksWebhookId },
			),
		],
		connections: {},
	});
	await env.api.publishWorkflow(calls2.id);
	const notification = { Event: 'Incoming', CallID: CALL_ID, SourceNumber: '15145550123', DestinationNumber: '201' };
	const refused = await env.api.callWebhook(`${callbacksWebhookId}/sip-notification`, { body: notification });
	expect(refused.status).toBe(401);
	const accepted = await env.api.callWebhook(`${callbacksWebhookId}/sip-notification?secret=${encodeURIComponent(SHARED_SECRET)}`, { body: notification });
	expect(accepted.status).toBe(200);
	const [notified] = await env.api.waitForExecutions(calls2.id, 1);
	expect(notified.status).toBe('success');
});

test('the fixtures cover every credential type the package declares', () => {
	const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
	expect(Object.keys(credentials).sort()).toEqual(expectedCredentialTypes(pkg).sort());
});

test('each key was sent where it belongs (so its absence below means something)', () => {
	const sent = (service: string) => JSON.stringify(env.sandbox.exchanges.find({ service }).map((e) => e.body));
	expect(sent('switch')).toContain(DEFAULT_SWITCH_KEY);
	expect(sent('gateway')).toContain(DEFAULT_GATEWAY_KEY);
});

test('the stored workflows and the executions (workflow copies, run data) hold no key', async () => {
	const workflows = await queryDatabase(env.n8n, 'SELECT name, nodes FROM workflow_entity');
	expect(workflows.map((w) => w.name)).toEqual(expect.arrayContaining(['Secrets: switch and gateway requests', 'Secrets: inbound SMS']));
	const executions = await queryDatabase(env.n8n, 'SELECT workflowData, data FROM execution_data');
	// What is read here is the real thing: the workflow copies hold the parameters, the run data
	// what the nodes received and output (the switch's refusal, the inbound message).
	expect(executions.map((e) => String(e.workflowData)).join('\n')).toContain(SMS_BODY);
	const runData = executions.map((e) => String(e.data)).join('\n');
	expect(runData).toContain('The switch answered FAIL: Unknown Channel');
	expect(runData).toContain(MO_TEXT);
	expect(runData).toContain(CALL_ID);
	for (const text of [...workflows.map((w) => String(w.nodes)), ...executions.map((e) => `${e.workflowData}\n${e.data}`)]) {
		for (const secret of secrets) expect(text).not.toContain(secret);
	}
});

test('no table of the database and no database file holds a key in plain text', async () => {
	const tables = await readAllTables(env.n8n);
	expect(Object.keys(tables)).toEqual(expect.arrayContaining(['credentials_entity', 'workflow_entity', 'execution_data']));
	const found: string[] = [];
	for (const [name, rows] of Object.entries(tables)) {
		const text = JSON.stringify(rows);
		for (const secret of secrets) if (text.includes(secret)) found.push(`${name}: ${secret}`);
	}
	expect(found).toEqual([]);
	// The stored credentials are there, encrypted.
	const stored = await queryDatabase(env.n8n, 'SELECT type, data FROM credentials_entity');
	expect(stored.map((c) => c.type).sort()).toEqual(Object.keys(credentials).sort());
	for (const file of databaseFiles(env.n8n)) {
		const bytes = fs.readFileSync(file);
		for (const secret of secrets) expect({ file: path.basename(file), found: bytes.includes(secret) }).toEqual({ file: path.basename(file), found: false });
	}
});
