// The onboarding example in real n8n: a form submission creates a customer, adds its DID and a
// first extension through the SolSwitch Admin node; the sandbox's state shows all three records.
// Run by test/e2e/onboardCustomer.test.ts (one n8n process) and test/queue/ (queue mode).
import { DEFAULT_SWITCH_KEY } from '../../../sandbox/server';
import { importExample } from '../../../scripts/start/examples';
import { nodeJson } from '../../../scripts/n8n-harness';
import type { ScenarioEnv } from './env';

export function describeOnboardCustomerScenario(env: ScenarioEnv) {
	/** Submits the n8n form as a browser does: multipart form data, fields named field-<index>. */
	async function submitForm(path: string, values: string[]) {
		const form = new FormData();
		values.forEach((v, i) => form.append(`field-${i}`, v));
		const response = await fetch(`${env.webhookBaseUrl}/form/${path}`, { method: 'POST', body: form });
		return { status: response.status, text: await response.text() };
	}

	test('a form submission creates the customer, its DID and its first extension on the switch', async () => {
		const credential = await env.api.createCredential('SolSwitch sandbox', 'solSwitchApi', { baseUrl: env.sandbox.url, apiKey: DEFAULT_SWITCH_KEY, customer: '' });
		const workflow = await importExample(env.api, 'examples/onboard-customer.json', { solSwitchApi: credential.id });
		await env.api.publishWorkflow(workflow.id);
		// Only this run's requests: earlier scenarios against the same sandbox (the call events' record
		// lookups in the queue file) asked the switch too.
		env.sandbox.exchanges.clear();

		const answer = await submitForm('onboard-customer', ['C-2042', 'Ada', 'Lovelace', 'Analytical Engines Ltd', '5145550142', '301', 'Ada Lovelace']);
		expect(answer.status).toBe(200);

		const [execution] = await env.api.waitForExecutions(workflow.id);
		expect(execution.status).toBe('success');
		const [created] = nodeJson(execution, 'Create Customer');
		const customerId = Number(created.CustomerID);
		expect(env.sandbox.state.customers.get(customerId)).toMatchObject({
			CustomerNumber: 'C-2042',
			FirstName: 'Ada',
			LastName: 'Lovelace',
			Company: 'Analytical Engines Ltd',
		});
		const did = [...env.sandbox.state.dids.values()].find((d) => d.DID === '5145550142');
		expect(did).toMatchObject({ CustID: customerId });
		expect(env.sandbox.state.findExtension(customerId, '301')).toMatchObject({ Name: 'Ada Lovelace', CIDNum: '5145550142' });
		const requests = env.sandbox.exchanges.find({ service: 'switch' }).map((e) => [e.path, e.body]);
		expect(requests).toEqual([
			['/api/customer/add/', { CustomerNumber: 'C-2042', FirstName: 'Ada', LastName: 'Lovelace', Company: 'Analytical Engines Ltd', RouteGroupID: '1', MaxSIPAccounts: 0, Key: DEFAULT_SWITCH_KEY }],
			['/api/did/add/', { DID: '5145550142', CustID: String(customerId), Description: 'Main number of Analytical Engines Ltd', Key: DEFAULT_SWITCH_KEY }],
			['/api/extension/add/', { Customer: String(customerId), ExtensionNumber: '301', Name: 'Ada Lovelace', CIDNum: '5145550142', Key: DEFAULT_SWITCH_KEY }],
		]);
	});
}
