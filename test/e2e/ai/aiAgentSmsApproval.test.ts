// The "AI agent with SMS approval" example (examples/ai-agent-sms-approval.json) end to end in real
// n8n 2.x, imported from its file, with the scripted chat model in place of OpenAI: a customer update
// reaches its Webhook, the AI Agent calls Text the Customer (Messaging > Send SMS), which the
// generated review tool Manager Approval holds: the manager's phone gets the approval SMS and the run
// waits; the manager's reply reaches the Messaging Trigger of another published workflow (as the SMS
// auto-reply example's in `npm start`), which resumes the wait. YES sends the customer's SMS; NO does not.
import { gatewayOf } from '../../../sandbox/gateway';
import { importExample, webhookUrls } from '../../../scripts/start/examples';
import { nodeJson } from '../../../scripts/n8n-harness';
import { gatewayReceived } from '../../integration/messaging/env';
import { ScriptedChatModel, contentText, type ChatRequest } from '../../helpers/scriptedChatModel';
import { createGatewayCredential, publishMessagingWorkflow } from '../scenarios/redelivery';
import { useN8nWithSandbox } from '../withSandbox';
import { createScriptedModelCredential } from './agentWorkflow';
import { ended, gatedToolCall, lastToolResult, phoneReplies } from './review';

// n8n 1.x generates no review tool; scripts/test.sh also runs the e2e project on 1.x.
const onN8n2 = (process.env.N8N_VERSION ?? '').startsWith('1.') ? describe.skip : describe;

const FILE = 'examples/ai-agent-sms-approval.json';
const MANAGER = '15145550100';
const CUSTOMER = '15145550999';
const UPDATE = 'The technician is delayed and arrives at 3 pm';
const TEXT = 'Hello! Your technician is running late and will arrive at 3 pm today. Sorry for the wait.';

onN8n2('example: AI agent with SMS approval (scripted chat model)', () => {
	const env = useN8nWithSandbox();
	let model: ScriptedChatModel;
	let workflowId: string;
	let updateUrl: string;

	beforeAll(async () => {
		model = await ScriptedChatModel.start();
		const gatewayCredential = await createGatewayCredential(env);
		// The published Messaging Trigger the gateway posts the code's messages to (the manager's reply too).
		const inbound = await publishMessagingWorkflow(env, 'onReceived', gatewayCredential);
		gatewayOf(env.sandbox).configure({ providerUrl: inbound.url });
		const workflow = await importExample(
			env.api,
			FILE,
			{ solSwitchMessagingApi: gatewayCredential, openAiApi: await createScriptedModelCredential(env, model.baseUrl) },
			{
				// What the user does (the sticky note says so): the review's Messaging Trigger URL is that trigger's.
				transform: (definition) => {
					const review = definition.nodes.find((n) => n.name === 'Manager Approval')!;
					(review.parameters as { triggerUrl: string }).triggerUrl = inbound.url;
				},
			},
		);
		workflowId = workflow.id;
		await env.api.publishWorkflow(workflow.id);
		[{ url: updateUrl }] = webhookUrls(workflow, env.webhookBaseUrl);
	});
	afterAll(async () => model?.close());

	// The sandbox keeps every exchange of the file: only this test's.
	let testStart = '';
	beforeEach(() => (testStart = new Date().toISOString()));
	const smsTo = (phone: string) =>
		gatewayReceived(env.sandbox, '/sms/')
			.filter((e) => (e.body as { To?: string }).To === phone && e.at >= testStart)
			.map((e) => ({ ...(e.body as { From: string; Body: string }), answer: e.answer as { ID?: string } }));

	const textTheCustomer = (request: ChatRequest) => gatedToolCall(request, 'Text_the_Customer', { To: CUSTOMER, Body: TEXT });

	/** Posts the update as the example's sticky note shows; returns the execution once it waits for the manager. */
	async function updateUntilWaiting(): Promise<string> {
		const before = (await env.api.executionSummaries(workflowId)).length;
		const posted = await fetch(updateUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ customer: CUSTOMER, update: UPDATE }) });
		expect(posted.status).toBe(200);
		const [execution] = await env.api.waitForExecutions(workflowId, before + 1);
		expect(execution.status).toBe('waiting');
		return String(execution.id);
	}

	test('the model is offered Text the Customer (gated), the manager gets the approval SMS, and YES sends the customer the text', async () => {
		model.reset([textTheCustomer, (request) => ({ text: `Sent. ${lastToolResult(request)}` })]);
		const id = await updateUntilWaiting();

		// What the model was told and offered: the update, and the one gated tool.
		const [first] = model.requests;
		expect(first.messages.filter((m) => m.role === 'user').map(contentText)).toEqual([`Customer phone: ${CUSTOMER}\nUpdate: ${UPDATE}`]);
		expect(first.tools.map((t) => t.name)).toEqual(['Text_the_Customer']);

		// Held: the manager has the question, the customer nothing yet.
		expect(smsTo(MANAGER).map((m) => [m.From, m.Body])).toEqual([['55555', `Text ${CUSTOMER}: "${TEXT.slice(0, 80)}"?\nReply YES or NO`]]);
		expect(smsTo(CUSTOMER)).toEqual([]);

		expect((await phoneReplies(env.sandbox, MANAGER, 'YES')).attempts.at(-1)).toMatchObject({ status: 200, answer: { Status: 'OK' } });
		const done = await ended(env.api, id);
		expect(model.problems).toEqual([]);
		expect(done.status).toBe('success');
		const sent = smsTo(CUSTOMER);
		expect(sent.map((m) => [m.From, m.Body])).toEqual([['55555', TEXT]]);
		// The model got the tool's result (the gateway's message ID) and answered; that is the run's output.
		const [result] = model.toolResults();
		expect(result.content).toContain(sent[0].answer.ID!);
		expect(nodeJson(done, 'AI Agent')).toEqual([expect.objectContaining({ output: expect.stringContaining(sent[0].answer.ID!) })]);
	});

	test('NO does not send it: the customer gets nothing and the model is told the call was rejected', async () => {
		model.reset([textTheCustomer, (request) => ({ text: `Declined. ${lastToolResult(request)}` })]);
		const id = await updateUntilWaiting();
		expect(smsTo(MANAGER)).toHaveLength(1);
		await phoneReplies(env.sandbox, MANAGER, 'NO');
		const done = await ended(env.api, id);
		expect(model.problems).toEqual([]);
		expect(done.status).toBe('success');
		expect(smsTo(CUSTOMER)).toEqual([]);
		expect(model.toolResults().map((r) => r.content)).toEqual([expect.stringContaining('User rejected the tool call to Text the Customer')]);
		expect(nodeJson(done, 'AI Agent')).toEqual([expect.objectContaining({ output: expect.stringContaining('rejected') })]);
	});

});
