// The AI Agent's human review by phone (issue 28, item 2), in real n8n 2.40.7: n8n generates
// solSwitchHitlTool from SolSwitch > Call > Call and Wait for Keypress; here it gates this package's
// SolSwitch > Call > Place (a call from extension 201 to a customer). The agent (scripted chat model)
// calls the gated tool, the review node rings the person on call from the Digit Validation 510 and the
// execution waits; the sandbox phone presses a key: 1 runs the tool, 2 does not (the model reads that
// the person declined), and when nobody answers it does not run either (the model reads that).
import { randomUUID } from 'node:crypto';
import { ScriptedChatModel, type ChatRequest } from '../../helpers/scriptedChatModel';
import { DEFAULT_SWITCH_KEY } from '../../../sandbox/server';
import { useN8nWithSandbox } from '../withSandbox';
import { MANUAL_TRIGGER_NAME, agentWorkflow, createScriptedModelCredential, fromAI, packageTool, type WorkflowNode } from './agentWorkflow';
import { ended, gatedToolCall, lastToolResult } from './review';

// n8n 1.x generates no review tool; scripts/test.sh also runs the e2e project on 1.x.
const onN8n2 = (process.env.N8N_VERSION ?? '').startsWith('1.') ? describe.skip : describe;

const ON_CALL = '15145550777';
const CUSTOMER = '5145550999';

onN8n2("the AI Agent's human review by phone (generated solSwitchHitlTool)", () => {
	const env = useN8nWithSandbox();
	let model: ScriptedChatModel;
	let modelCredential: { id: string; name: string };
	let switchCredential: { id: string; name: string };

	const control = async (path: string, body: Record<string, unknown>) => {
		const answer = await fetch(`${env.sandbox.url}/_sandbox/digit-validation${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
		return (await answer.json()) as Record<string, any>;
	};

	beforeAll(async () => {
		model = await ScriptedChatModel.start();
		modelCredential = await createScriptedModelCredential(env, model.baseUrl);
		const saved = await env.api.createCredential('Sandbox switch (review)', 'solSwitchApi', { baseUrl: env.sandbox.url, apiKey: DEFAULT_SWITCH_KEY, customer: '' });
		switchCredential = { id: saved.id, name: saved.name };
	});
	afterAll(async () => model?.close());
	beforeEach(() => model.reset());

	const callCustomer = (request: ChatRequest) => gatedToolCall(request, 'Call_Customer', { Destination: CUSTOMER });

	function workflow() {
		const gated = packageTool(
			'solSwitch',
			'Call Customer',
			{ resource: 'call', operation: 'newCall', Extension: '201', Destination: fromAI('Destination', 'Number to call, digits only') },
			{ solSwitchApi: switchCredential },
		);
		const review: WorkflowNode = {
			id: randomUUID(),
			name: 'Phone Approval',
			type: 'n8n-nodes-solswitch.solSwitchHitlTool',
			typeVersion: 2,
			position: [600, 300],
			parameters: {
				message: '=The agent wants to run {{ $tool.name }}.',
				Extension: '510',
				Destination: ON_CALL,
				approveOption: 'thanks',
				declineOption: 'goodbye',
				otherKeyOption: 'repeat',
				approvalOptions: {},
				additionalFields: { Timeout: 5 },
				options: { retries: 0 },
			},
			credentials: { solSwitchApi: switchCredential },
		};
		return agentWorkflow({ prompt: `Call ${CUSTOMER} from extension 201`, modelCredential, tools: [{ node: review }, { node: gated, connectTo: 'Phone Approval' }] });
	}

	// The sandbox keeps every exchange of the file: only this test's calls.
	let testStart = '';
	beforeEach(() => (testStart = new Date().toISOString()));
	const customerCalls = () =>
		env.sandbox.exchanges.find({ service: 'switch', path: '/api/newcall/' }).filter((e) => (e.body as Record<string, unknown>).Destination === CUSTOMER && e.at >= testStart);

	async function untilWaiting(workflowId: string): Promise<string> {
		const execution = await env.api.runManually(workflowId, MANUAL_TRIGGER_NAME);
		expect(execution.status).toBe('waiting');
		return String(execution.id);
	}

	test('1 runs the held tool: the customer is called and the model reads the result', async () => {
		await control('/phone', { number: ON_CALL, turns: [{ answer: 'answer' }] });
		model.script([callCustomer, (request) => ({ text: `Done: ${lastToolResult(request)}` })]);
		const saved = await env.api.createWorkflow(workflow());
		const id = await untilWaiting(saved.id);
		expect(customerCalls()).toEqual([]);
		const pressed = await control('/press', { number: ON_CALL, digits: '1' });
		expect(pressed.post).toMatchObject({ answer: 'thanks', valid: true });
		const done = await ended(env.api, id);
		expect(model.problems).toEqual([]);
		expect(done.status).toBe('success');
		expect(customerCalls().map((e) => e.body)).toEqual([expect.objectContaining({ Extension: '201', Destination: CUSTOMER })]);
		expect(model.toolResults().map((r) => r.content).join(' ')).toContain('CallID');
	});

	test('2 does not run it: nobody is called; the model reads that the person declined by phone', async () => {
		await control('/phone', { number: ON_CALL, turns: [{ answer: 'answer' }] });
		model.script([callCustomer, (request) => ({ text: `Stopped: ${lastToolResult(request)}` })]);
		const saved = await env.api.createWorkflow(workflow());
		const id = await untilWaiting(saved.id);
		expect((await control('/press', { number: ON_CALL, digits: '2' })).post).toMatchObject({ answer: 'goodbye', valid: true });
		const done = await ended(env.api, id);
		expect(model.problems).toEqual([]);
		expect(done.status).toBe('success');
		expect(customerCalls()).toEqual([]);
		expect(model.toolResults().map((r) => r.content).join(' ')).toContain(`Declined by phone: ${ON_CALL} pressed 2.`);
	});

	test('nobody answers: nobody is called; the model reads that nobody answered', async () => {
		await control('/phone', { number: ON_CALL, turns: [{ answer: 'noAnswer' }] });
		model.script([callCustomer, (request) => ({ text: `No answer: ${lastToolResult(request)}` })]);
		const saved = await env.api.createWorkflow(workflow());
		// The review waits from the moment the call is placed (a key is never refused by n8n's 409);
		// the node's call watcher resumes it with the attempts once nobody answered.
		const done = await ended(env.api, await untilWaiting(saved.id));
		expect(model.problems).toEqual([]);
		expect(done.status).toBe('success');
		expect(customerCalls()).toEqual([]);
		expect(model.toolResults().map((r) => r.content).join(' ')).toContain(`Nobody answered the call to ${ON_CALL}`);
	});
});
