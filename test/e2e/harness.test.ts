// Proves the e2e harness against a real n8n 2.40, with n8n's built-in nodes only: the packed
// package loads as a community package, a published webhook answers through Respond to Webhook,
// a manual run's items come back through the execution API, and a stored credential reaches a
// request. Workflows are defined here, in n8n's export format, to keep the test self-contained.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {
	E2E_SETUP_TIMEOUT_MS,
	E2E_TEST_TIMEOUT_MS,
	N8nApi,
	N8nInstance,
	expectedCredentialTypes,
	expectedNodeTypes,
	nodeJson,
	packRepo,
	REPO_ROOT,
	startN8n,
} from '../../scripts/n8n-harness';

const packageJson = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));

jest.setTimeout(E2E_TEST_TIMEOUT_MS);

let n8n: N8nInstance;
let api: N8nApi;

beforeAll(async () => {
	const tarball = await packRepo();
	({ n8n, api } = await startN8n({ communityPackages: [tarball] }));
}, E2E_SETUP_TIMEOUT_MS);

afterAll(async () => {
	await n8n?.stop();
});

test('the packed package is installed as a community package and n8n loads its nodes and credentials', async () => {
	expect(n8n.packages.map((p) => p.name)).toEqual([packageJson.name]);
	const nodeTypes = await api.nodeTypeNames();
	expect(nodeTypes).toEqual(expect.arrayContaining(['n8n-nodes-solswitch.solSwitch', ...expectedNodeTypes(packageJson)]));
	expect(await api.credentialTypeNames()).toEqual(expect.arrayContaining(expectedCredentialTypes(packageJson)));
});

test("n8n serves each node with its codex (aliases, subcategories the node panel searches) and an icon of its own", async () => {
	const served = await api.nodeTypes();
	const iconUrls: string[] = [];
	for (const file of packageJson.n8n.nodes as string[]) {
		const codex = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, file.replace(/^dist\//, '').replace(/\.js$/, '.json')), 'utf8'));
		const type = served.find((t) => t.name === codex.node);
		expect(type?.codex).toMatchObject({ alias: codex.alias, subcategories: codex.subcategories });
		iconUrls.push(JSON.stringify(type?.iconUrl));
	}
	expect(new Set(iconUrls).size).toBe(packageJson.n8n.nodes.length);
});

test('a published Webhook workflow answers through Respond to Webhook', async () => {
	const workflow = await api.createWorkflow({
		name: 'E2E echo',
		nodes: [
			{
				id: randomUUID(),
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2.1,
				position: [0, 0],
				webhookId: randomUUID(),
				parameters: { httpMethod: 'POST', path: 'e2e-echo', responseMode: 'responseNode', options: {} },
			},
			{
				id: randomUUID(),
				name: 'Respond to Webhook',
				type: 'n8n-nodes-base.respondToWebhook',
				typeVersion: 1.5,
				position: [220, 0],
				parameters: { respondWith: 'json', responseBody: '={{ { "echo": $json.body.message } }}', options: {} },
			},
		],
		connections: { Webhook: { main: [[{ node: 'Respond to Webhook', type: 'main', index: 0 }]] } },
	});
	await api.publishWorkflow(workflow.id);

	const answer = await api.callWebhook('e2e-echo', { body: { message: 'hello from jest' } });

	expect(answer.status).toBe(200);
	expect(answer.json).toEqual({ echo: 'hello from jest' });
	const [execution] = await api.waitForExecutions(workflow.id);
	expect(execution).toMatchObject({ mode: 'webhook', status: 'success' });
	expect(nodeJson(execution, 'Webhook')[0]).toMatchObject({ body: { message: 'hello from jest' } });
});

test('a manual run of Manual Trigger -> Set gives back the Set items through the execution API', async () => {
	const workflow = await api.createWorkflow({
		name: 'E2E manual',
		nodes: [
			{
				id: randomUUID(),
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: randomUUID(),
				name: 'Set',
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				position: [220, 0],
				parameters: {
					mode: 'manual',
					assignments: {
						assignments: [
							{ id: randomUUID(), name: 'greeting', value: "={{ 'hello ' + 'world' }}", type: 'string' },
							{ id: randomUUID(), name: 'count', value: 3, type: 'number' },
						],
					},
					options: {},
				},
			},
		],
		connections: { Start: { main: [[{ node: 'Set', type: 'main', index: 0 }]] } },
	});

	const execution = await api.runManually(workflow.id, 'Start');

	expect(execution).toMatchObject({ mode: 'manual', status: 'success' });
	expect(nodeJson(execution, 'Set')).toEqual([{ greeting: 'hello world', count: 3 }]);
});

test('a stored credential is decrypted and sent by an HTTP Request node', async () => {
	// A local server that reports the header it received: proof the credential reached the wire.
	const server = http.createServer((req, res) => {
		res.setHeader('content-type', 'application/json');
		res.end(JSON.stringify({ key: req.headers['x-e2e-key'] ?? null }));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as { port: number };
	try {
		const credential = await api.createCredential('E2E header', 'httpHeaderAuth', {
			name: 'X-E2E-Key',
			value: 'secret-123',
		});
		const workflow = await api.createWorkflow({
			name: 'E2E credential',
			nodes: [
				{
					id: randomUUID(),
					name: 'Start',
					type: 'n8n-nodes-base.manualTrigger',
					typeVersion: 1,
					position: [0, 0],
					parameters: {},
				},
				{
					id: randomUUID(),
					name: 'Request',
					type: 'n8n-nodes-base.httpRequest',
					typeVersion: 4.2,
					position: [220, 0],
					parameters: {
						url: `http://127.0.0.1:${port}/check`,
						authentication: 'genericCredentialType',
						genericAuthType: 'httpHeaderAuth',
						options: {},
					},
					credentials: { httpHeaderAuth: { id: credential.id, name: credential.name } },
				},
			],
			connections: { Start: { main: [[{ node: 'Request', type: 'main', index: 0 }]] } },
		});

		const execution = await api.runManually(workflow.id, 'Start');

		expect(nodeJson(execution, 'Request')).toEqual([{ key: 'secret-123' }]);
	} finally {
		server.close();
	}
});
