// The proof that the package works inside a real n8n: the packed tarball installed as a community
// package, a stored SolSwitch API credential pointing at the sandbox, and a workflow that places a
// New Call. The items come back through n8n's execution API; the sandbox shows what n8n sent.
import { randomUUID } from 'node:crypto';
import { DEFAULT_SWITCH_KEY, startSandbox, type Sandbox } from '../../sandbox/server';
import { E2E_SETUP_TIMEOUT_MS, E2E_TEST_TIMEOUT_MS, N8nApi, N8nInstance, nodeJson, packRepo, startN8n } from './harness';

jest.setTimeout(E2E_TEST_TIMEOUT_MS);

let n8n: N8nInstance;
let api: N8nApi;
let sandbox: Sandbox;

beforeAll(async () => {
	sandbox = await startSandbox({ timeScale: 0.01 });
	({ n8n, api } = await startN8n({ communityPackages: [await packRepo()] }));
}, E2E_SETUP_TIMEOUT_MS);

afterAll(async () => {
	await n8n?.stop();
	await sandbox?.close();
});

test('a workflow places a New Call through the SolSwitch node and returns CallID and Channel', async () => {
	const credential = await api.createCredential('Sandbox switch', 'solSwitchApi', {
		baseUrl: sandbox.url,
		apiKey: DEFAULT_SWITCH_KEY,
		customer: '',
	});
	const workflow = await api.createWorkflow({
		name: 'E2E New Call',
		nodes: [
			{ id: randomUUID(), name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{
				id: randomUUID(),
				name: 'Call the customer',
				type: 'n8n-nodes-solswitch.solSwitch',
				typeVersion: 1,
				position: [220, 0],
				parameters: {
					resource: 'call',
					operation: 'newCall',
					Extension: '201',
					Destination: '5145550123',
					additionalFields: { CIDName: 'Sol Demo', Timeout: 30 },
				},
				credentials: { solSwitchApi: { id: credential.id, name: credential.name } },
			},
		],
		connections: { Start: { main: [[{ node: 'Call the customer', type: 'main', index: 0 }]] } },
	});

	const execution = await api.runManually(workflow.id, 'Start');

	expect(execution).toMatchObject({ mode: 'manual', status: 'success' });
	const [item] = nodeJson(execution, 'Call the customer');
	expect(item).toEqual({ Status: 'OK', CallID: expect.any(String), Channel: expect.stringMatching(/^SIP\/201-/) });
	const received = sandbox.exchanges.find({ service: 'switch', path: '/api/newcall/' });
	expect(received.map((e) => e.body)).toEqual([
		{ Extension: '201', Destination: '5145550123', CIDName: 'Sol Demo', Timeout: 30, Key: DEFAULT_SWITCH_KEY },
	]);
	expect(sandbox.state.calls.get(String(item.CallID))).toMatchObject({ SourceNumber: '201', DestinationNumber: '5145550123' });
});

test('a switch FAIL stops the workflow with the Reason, and the key stays out of the execution', async () => {
	const credential = await api.createCredential('Sandbox switch, wrong key', 'solSwitchApi', {
		baseUrl: sandbox.url,
		apiKey: 'definitely-not-the-key',
		customer: '',
	});
	const workflow = await api.createWorkflow({
		name: 'E2E New Call, wrong key',
		nodes: [
			{ id: randomUUID(), name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{
				id: randomUUID(),
				name: 'Call',
				type: 'n8n-nodes-solswitch.solSwitch',
				typeVersion: 1,
				position: [220, 0],
				parameters: { resource: 'call', operation: 'newCall', Extension: '201', Destination: '5145550123' },
				credentials: { solSwitchApi: { id: credential.id, name: credential.name } },
			},
		],
		connections: { Start: { main: [[{ node: 'Call', type: 'main', index: 0 }]] } },
	});

	const execution = await api.runManually(workflow.id, 'Start');

	expect(execution.status).toBe('error');
	const text = JSON.stringify(execution);
	expect(text).toContain('The switch answered FAIL: Provided API Key defi');
	expect(text).not.toContain('definitely-not-the-key');
});
