// The proof that the package works inside a real n8n: the packed tarball installed as a community
// package, a stored SolSwitch API credential pointing at the sandbox, and a workflow that places a
// New Call. The items come back through n8n's execution API; the sandbox shows what n8n sent.
import { randomUUID } from 'node:crypto';
import { DEFAULT_SWITCH_KEY } from '../../sandbox/server';
import { nodeJson } from '../../scripts/n8n-harness';
import { useN8nWithSandbox } from './withSandbox';

const env = useN8nWithSandbox();

test('a workflow places a New Call through the SolSwitch node and returns CallID and Channel', async () => {
	const credential = await env.api.createCredential('Sandbox switch', 'solSwitchApi', {
		baseUrl: env.sandbox.url,
		apiKey: DEFAULT_SWITCH_KEY,
		customer: '',
	});
	const workflow = await env.api.createWorkflow({
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
					// As the editor stores a pick from the Extension dropdown.
					Extension: { __rl: true, mode: 'list', value: '201', cachedResultName: '201 Alice Martin' },
					Destination: '5145550123',
					additionalFields: { CIDName: 'Sol Demo', Timeout: 30 },
				},
				credentials: { solSwitchApi: { id: credential.id, name: credential.name } },
			},
		],
		connections: { Start: { main: [[{ node: 'Call the customer', type: 'main', index: 0 }]] } },
	});

	const execution = await env.api.runManually(workflow.id, 'Start');

	expect(execution).toMatchObject({ mode: 'manual', status: 'success' });
	const [item] = nodeJson(execution, 'Call the customer');
	expect(item).toEqual({ Status: 'OK', CallID: expect.any(String), Channel: expect.stringMatching(/^SIP\/201-/) });
	const received = env.sandbox.exchanges.find({ service: 'switch', path: '/api/newcall/' });
	expect(received.map((e) => e.body)).toEqual([
		{ Extension: '201', Destination: '5145550123', CIDName: 'Sol Demo', Timeout: 30, Key: DEFAULT_SWITCH_KEY },
	]);
	expect(env.sandbox.state.calls.get(String(item.CallID))).toMatchObject({ SourceNumber: '201', DestinationNumber: '5145550123' });
});

test('a switch FAIL stops the workflow with the Reason, and the key stays out of the execution', async () => {
	const credential = await env.api.createCredential('Sandbox switch, wrong key', 'solSwitchApi', {
		baseUrl: env.sandbox.url,
		apiKey: 'definitely-not-the-key',
		customer: '',
	});
	const workflow = await env.api.createWorkflow({
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

	const execution = await env.api.runManually(workflow.id, 'Start');

	expect(execution.status).toBe('error');
	const text = JSON.stringify(execution);
	expect(text).toContain('The switch answered FAIL: Provided API Key defi');
	expect(text).not.toContain('definitely-not-the-key');
});

test('the editor\'s Extension dropdown is loaded from the switch through n8n\'s own endpoint', async () => {
	const credential = await env.api.createCredential('Sandbox switch for dropdowns', 'solSwitchApi', {
		baseUrl: env.sandbox.url,
		apiKey: DEFAULT_SWITCH_KEY,
		customer: '2',
	});
	const answer = await env.api.request<{ results: Array<{ name: string; value: string }> }>('POST', '/rest/dynamic-node-parameters/resource-locator-results', {
		path: 'Extension',
		methodName: 'extensionNumbers',
		nodeTypeAndVersion: { name: 'n8n-nodes-solswitch.solSwitch', version: 1 },
		currentNodeParameters: { resource: 'call', operation: 'newCall', Extension: { __rl: true, mode: 'list', value: '' }, Destination: '' },
		credentials: { solSwitchApi: { id: credential.id, name: credential.name } },
	});
	expect(answer.results).toEqual([
		{ name: '201 Dave Two', value: '201' },
		{ name: '210 Erin Two', value: '210' },
	]);
	expect(env.sandbox.exchanges.find({ service: 'switch', path: '/api/extension/view/' }).at(-1)!.body).toEqual({
		ViewType: 'Partial',
		Customer: '2',
		Key: DEFAULT_SWITCH_KEY,
	});
});
