// The AI Agent's human review by SMS (issue 20, item 3), in real n8n 2.40.7: n8n generates
// solSwitchMessagingHitlTool from Messaging > Send and Wait for Response; here it gates this package's
// Messaging > Send SMS (a message to a customer). The agent (scripted chat model) calls the gated tool,
// the review node texts the person on call and the execution waits; the sandbox phone replies, the
// Messaging Trigger of another workflow routes the reply: YES runs the tool, NO does not, another
// text reaches the model as the person's feedback, and no reply within Limit Wait Time does not run it.
import { randomUUID } from 'node:crypto';
import { gatewayOf } from '../../../sandbox/gateway';
import { gatewayReceived } from '../../integration/messaging/env';
import { ScriptedChatModel, type ChatRequest } from '../../helpers/scriptedChatModel';
import { nodeJson } from '../../../scripts/n8n-harness';
import { createGatewayCredential, publishMessagingWorkflow } from '../scenarios/redelivery';
import { useN8nWithSandbox } from '../withSandbox';
import { MANUAL_TRIGGER_NAME, agentWorkflow, createScriptedModelCredential, fromAI, packageTool, type WorkflowNode } from './agentWorkflow';
import { ended, gatedToolCall, lastToolResult, phoneReplies } from './review';

// n8n 1.x generates no review tool; scripts/test.sh also runs the e2e project on 1.x.
const onN8n2 = (process.env.N8N_VERSION ?? '').startsWith('1.') ? describe.skip : describe;

const ON_CALL = '15145550123';
const CUSTOMER = '15145550999';
const CODE = '55555';

onN8n2('the AI Agent\'s human review by SMS (generated solSwitchMessagingHitlTool)', () => {
	const env = useN8nWithSandbox();
	let model: ScriptedChatModel;
	let modelCredential: { id: string; name: string };
	let gatewayCredential: { id: string; name: string };
	let inbound: { id: string; url: string };

	beforeAll(async () => {
		model = await ScriptedChatModel.start();
		modelCredential = await createScriptedModelCredential(env, model.baseUrl);
		gatewayCredential = { id: await createGatewayCredential(env), name: 'Gateway' };
		inbound = await publishMessagingWorkflow(env, 'onReceived', gatewayCredential.id);
		gatewayOf(env.sandbox).configure({ providerUrl: inbound.url });
	});
	afterAll(async () => model?.close());
	beforeEach(() => model.reset());

	const callSendSms = (request: ChatRequest) => gatedToolCall(request, 'Send_SMS', { To: CUSTOMER, Body: 'Your technician arrives at 3 pm' });

	/** The review tool's settings beyond From, To, the message and the trigger URL (e.g. Limit Wait Time). */
	function workflow(options: Record<string, unknown> = {}) {
		const gated = packageTool(
			'solSwitchMessaging',
			'Send SMS',
			{ resource: 'message', operation: 'sendSms', From: CODE, To: fromAI('To', 'Mobile number, digits only'), Body: fromAI('Body', 'The text') },
			{ solSwitchMessagingApi: gatewayCredential },
		);
		const review: WorkflowNode = {
			id: randomUUID(),
			name: 'SMS Approval',
			type: 'n8n-nodes-solswitch.solSwitchMessagingHitlTool',
			typeVersion: 1,
			position: [600, 300],
			parameters: {
				From: CODE,
				To: ON_CALL,
				message: '=The agent wants to run {{ $tool.name }}.',
				triggerUrl: inbound.url,
				approvalOptions: {},
				options,
			},
			credentials: { solSwitchMessagingApi: gatewayCredential },
		};
		return agentWorkflow({ prompt: `Tell ${CUSTOMER} the technician arrives at 3 pm`, modelCredential, tools: [{ node: review }, { node: gated, connectTo: 'SMS Approval' }] });
	}

	// The sandbox keeps every exchange of the file: only this test's count.
	let testStart = '';
	beforeEach(() => (testStart = new Date().toISOString()));
	const customerMessages = () => gatewayReceived(env.sandbox, '/sms/').filter((e) => (e.body as { To?: string }).To === CUSTOMER && e.at >= testStart);

	/** Runs the agent until the review SMS went out and the execution waits; returns its id. */
	async function untilWaiting(workflowId: string): Promise<string> {
		const execution = await env.api.runManually(workflowId, MANUAL_TRIGGER_NAME);
		expect(execution.status).toBe('waiting');
		return String(execution.id);
	}

	const finished = (id: string) => ended(env.api, id);
	const reply = (text: string) => phoneReplies(env.sandbox, ON_CALL, text);

	test('YES runs the held tool: the customer gets the SMS and the model its result', async () => {
		model.script([callSendSms, (request) => ({ text: `Done: ${lastToolResult(request)}` })]);
		const saved = await env.api.createWorkflow(workflow());
		const id = await untilWaiting(saved.id);
		const review = gatewayOf(env.sandbox).phones.lastReceived(ON_CALL);
		expect(review?.text).toBe('The agent wants to run Send_SMS.\nReply YES or NO');
		expect(customerMessages()).toEqual([]);
		expect((await reply('YES')).attempts.at(-1)).toMatchObject({ status: 200, answer: { Status: 'OK' } });
		const done = await finished(id);
		expect(model.problems).toEqual([]);
		expect(done.status).toBe('success');
		expect(customerMessages().map((e) => (e.body as { Body: string }).Body)).toEqual(['Your technician arrives at 3 pm']);
		const [result] = model.toolResults();
		expect(result.content).toContain((customerMessages()[0].answer as { ID: string }).ID);
	});

	test('NO does not run it: no SMS to the customer, the model is told the call was rejected', async () => {
		model.script([callSendSms, (request) => ({ text: `Stopped: ${lastToolResult(request)}` })]);
		const saved = await env.api.createWorkflow(workflow());
		const id = await untilWaiting(saved.id);
		await reply('no');
		const done = await finished(id);
		expect(model.problems).toEqual([]);
		expect(done.status).toBe('success');
		expect(customerMessages()).toEqual([]);
		expect(model.toolResults().map((r) => r.content).join(' ')).toMatch(/rejected/i);
	});

	test('another text declines with it: the model reads the person\'s feedback, the tool does not run', async () => {
		model.script([callSendSms, (request) => ({ text: `Feedback: ${lastToolResult(request)}` })]);
		const saved = await env.api.createWorkflow(workflow());
		const id = await untilWaiting(saved.id);
		await reply('say 4 pm instead');
		const done = await finished(id);
		expect(model.problems).toEqual([]);
		expect(done.status).toBe('success');
		expect(customerMessages()).toEqual([]);
		expect(model.toolResults().map((r) => r.content).join(' ')).toContain('say 4 pm instead');
	});


	// What n8n 2.40.7 does when the review's wait times out (read in n8n-core workflow-execute.js
	// handleWaitingState and @n8n/n8n-nodes-langchain processHitlResponses.js, and seen here): the
	// wait tracker resumes the execution with the review node disabled, so it passes its input on (the
	// model's call, no `data.approved`); the agent takes a review without approved: true as a decline
	// without feedback, so the model is told exactly what a NO tells it. The held tool never runs.
	test('no reply within Limit Wait Time: the held tool does not run; the model is told the call was rejected, as for NO', async () => {
		model.script([callSendSms, (request) => ({ text: `Timed out: ${lastToolResult(request)}` })]);
		const saved = await env.api.createWorkflow(workflow({ limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: 0.05, resumeUnit: 'minutes' } } }));
		const id = await untilWaiting(saved.id);
		expect(gatewayOf(env.sandbox).phones.lastReceived(ON_CALL)?.text).toBe('The agent wants to run Send_SMS.\nReply YES or NO');
		// n8n's wait tracker looks for due waits once a minute: up to about 70 s after the 3 s limit.
		const done = await finished(id);
		expect(model.problems).toEqual([]);
		expect(done.status).toBe('success');
		expect(customerMessages()).toEqual([]);
		// The review node went on with its input: the model's call, and no answer in it.
		const [review] = nodeJson(done, 'SMS Approval', { type: 'ai_tool' });
		expect(review).toMatchObject({ toolParameters: { To: CUSTOMER, Body: 'Your technician arrives at 3 pm' } });
		expect(review.data).toBeUndefined();
		const results = model.toolResults();
		expect(results).toHaveLength(1);
		expect(results[0].content).toContain(`User rejected the tool call to Send SMS (id: ${results[0].toolCallId}). STOP what you are doing`);
		expect(model.remainingTurns).toBe(0);
		expect(nodeJson(done, 'AI Agent')).toEqual([expect.objectContaining({ output: expect.stringContaining('User rejected the tool call') })]);

		// A YES after the timeout resumes nothing: it reaches the Messaging Trigger's workflow as any text does.
		const inboundRuns = (await env.api.executionSummaries(inbound.id)).length;
		expect((await reply('YES')).state).toBe('delivered');
		await env.api.waitForExecutions(inbound.id, inboundRuns + 1);
		expect(customerMessages()).toEqual([]);
		expect((await env.api.getExecution(id)).status).toBe('success');
	}, 200_000);
});
