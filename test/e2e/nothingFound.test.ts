// "Nothing found" in a real n8n (issue 14): a command answered "No Records Found." fails the
// workflow with the Reason, while a list answered the same way gives no items (and, asked for, the
// Emit Empty Marker item). The sandbox gives the answer through its fault injection. And n8n's own
// credential test refuses a Default Customer that is not a numeric customer ID.
import { randomUUID } from 'node:crypto';
import { DEFAULT_SWITCH_KEY } from '../../sandbox/server';
import { nodeJson } from '../../scripts/n8n-harness';
import { useN8nWithSandbox } from './withSandbox';

const env = useN8nWithSandbox();
const NOTHING = { Status: 'FAIL', Reason: 'No Records Found.' };

async function runOne(name: string, parameters: Record<string, unknown>) {
	const credential = await env.api.createCredential(`Sandbox switch (${name})`, 'solSwitchApi', {
		baseUrl: env.sandbox.url,
		apiKey: DEFAULT_SWITCH_KEY,
		customer: '',
	});
	const workflow = await env.api.createWorkflow({
		name: `E2E ${name}`,
		nodes: [
			{ id: randomUUID(), name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{
				id: randomUUID(),
				name: 'SolSwitch',
				type: 'n8n-nodes-solswitch.solSwitch',
				typeVersion: 1,
				position: [220, 0],
				parameters,
				credentials: { solSwitchApi: { id: credential.id, name: credential.name } },
			},
		],
		connections: { Start: { main: [[{ node: 'SolSwitch', type: 'main', index: 0 }]] } },
	});
	return await env.api.runManually(workflow.id, 'Start');
}

test('Hold Call answered "No Records Found." fails the workflow with the Reason', async () => {
	env.sandbox.faults.set({ match: 'holdcall', mode: 'answer', json: NOTHING, times: 1 });
	const execution = await runOne('Hold, nothing found', { resource: 'call', operation: 'hold', Channel: 'SIP/201-0000002a' });
	expect(execution.status).toBe('error');
	expect(execution.data.resultData.runData.SolSwitch[0].error?.message).toBe('The switch answered FAIL: No Records Found.');
	expect(env.sandbox.exchanges.find({ service: 'switch', path: '/api/holdcall/' })).toHaveLength(1);
});

test('List Active Calls answered "No Records Found." succeeds with no items, or the marker item when asked', async () => {
	env.sandbox.faults.set({ match: 'listactivecalls', mode: 'answer', json: NOTHING, times: 1 });
	const none = await runOne('List, nothing found', { resource: 'call', operation: 'listActive' });
	expect(none.status).toBe('success');
	expect(nodeJson(none, 'SolSwitch')).toEqual([]);

	env.sandbox.faults.set({ match: 'listactivecalls', mode: 'answer', json: NOTHING, times: 1 });
	const marked = await runOne('List, nothing found, marker', { resource: 'call', operation: 'listActive', options: { emitEmptyMarker: true } });
	expect(marked.status).toBe('success');
	expect(nodeJson(marked, 'SolSwitch')).toEqual([{ empty: true, Reason: 'No Records Found.' }]);
});

test("n8n's credential test refuses a Default Customer that is not a numeric customer ID", async () => {
	const credential = await env.api.createCredential('Sandbox switch, bad default customer', 'solSwitchApi', {
		baseUrl: env.sandbox.url,
		apiKey: DEFAULT_SWITCH_KEY,
		customer: 'acme',
	});
	const test = (customer: string) =>
		env.api.request<{ status: string; message: string }>('POST', '/rest/credentials/test', {
			credentials: { id: credential.id, name: credential.name, type: 'solSwitchApi', data: { baseUrl: env.sandbox.url, apiKey: DEFAULT_SWITCH_KEY, customer } },
		});
	const refused = await test('acme');
	expect(refused.status).toBe('Error');
	expect(refused.message).toContain('Default Customer must be a numeric customer ID');
	expect(await test('1')).toEqual({ status: 'OK', message: expect.any(String) });
});
