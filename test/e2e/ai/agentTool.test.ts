// A real AI Agent in real n8n (2.x: the Agent v3 and the tools n8n generates from usableAsTool) with
// the scripted chat model: the agent calls this package's Messaging > Send SMS as a tool, the sandbox
// gateway receives the MT, and the tool's result (the gateway's message ID) reaches the model.
import { gatewayReceived } from '../../integration/messaging/env';
import { ScriptedChatModel, contentText } from '../../helpers/scriptedChatModel';
import { nodeJson } from '../../../scripts/n8n-harness';
import { createGatewayCredential } from '../scenarios/redelivery';
import { useN8nWithSandbox } from '../withSandbox';
import { MANUAL_TRIGGER_NAME, agentWorkflow, createScriptedModelCredential, fromAI, packageTool } from './agentWorkflow';

// The Agent v3 and its engine-run tools are n8n 2.x; scripts/test.sh also runs the e2e project on 1.x.
const onN8n2 = (process.env.N8N_VERSION ?? '').startsWith('1.') ? describe.skip : describe;

onN8n2("AI Agent with this package's nodes as tools (scripted chat model)", () => {
	const env = useN8nWithSandbox();
	let model: ScriptedChatModel;
	let modelCredential: { id: string; name: string };
	let gatewayCredential: { id: string; name: string };

	beforeAll(async () => {
		model = await ScriptedChatModel.start();
		modelCredential = await createScriptedModelCredential(env, model.baseUrl);
		gatewayCredential = {
			id: await createGatewayCredential(env),
			name: 'Gateway',
		};
	});
	afterAll(async () => model?.close());
	beforeEach(() => model.reset());

	function sendSmsTool() {
		return packageTool(
			'solSwitchMessaging',
			'Send SMS',
			{
				resource: 'message',
				operation: 'sendSms',
				From: '55555',
				To: fromAI('To', 'Mobile number to text, digits only'),
				Body: fromAI('Body', 'The text to send'),
			},
			{ solSwitchMessagingApi: gatewayCredential },
		);
	}

	test('the agent calls Messaging > Send SMS as a tool: the gateway gets the MT and the model gets its message ID', async () => {
		model.script([
			{
				toolCalls: [
					{
						tool: /^Send_SMS$/,
						arguments: {
							To: '15145550123',
							Body: 'Your technician arrives at 3 pm',
						},
					},
				],
			},
			(request) => {
				const toolMessage = request.messages.find((m) => m.role === 'tool');
				return {
					text: `Sent. Gateway said: ${toolMessage ? contentText(toolMessage) : 'nothing'}`,
				};
			},
		]);
		const workflow = await env.api.createWorkflow(
			agentWorkflow({
				prompt: 'Tell 15145550123 the technician arrives at 3 pm',
				modelCredential,
				tools: [{ node: sendSmsTool() }],
			}),
		);
		const execution = await env.api.runManually(workflow.id, MANUAL_TRIGGER_NAME);
		expect(model.problems).toEqual([]);
		expect(execution.status).toBe('success');

		// The model was offered the tool with the parameters the workflow left to it.
		const [first, second] = model.requests;
		const offered = first.tools.find((t) => t.name === 'Send_SMS');
		expect(offered).toBeDefined();
		expect(Object.keys((offered!.parameters as { properties: object }).properties).sort()).toEqual(['Body', 'To']);
		expect(first.messages.some((m) => m.role === 'user' && contentText(m).includes('technician arrives at 3 pm'))).toBe(true);

		// The sandbox gateway received the MT the tool sent, with the model's arguments.
		const sent = gatewayReceived(env.sandbox, '/sms/');
		expect(sent).toHaveLength(1);
		expect(sent[0].body).toMatchObject({
			From: '55555',
			To: '15145550123',
			Body: 'Your technician arrives at 3 pm',
		});
		const messageId = (sent[0].answer as { ID: string }).ID;

		// The tool's result, with that message ID, went back to the model; its final text is the agent's output.
		expect(
			second.messages
				.filter((m) => m.role === 'tool')
				.map(contentText)
				.join(''),
		).toContain(messageId);
		expect(model.toolResults()).toHaveLength(1);
		expect(nodeJson(execution, 'AI Agent')[0].output).toContain(messageId);
		expect(model.remainingTurns).toBe(0);
	});

	test('a tool call the node refuses (bad number) reaches the model as an error and sends nothing', async () => {
		model.script([
			{
				toolCalls: [
					{
						tool: 'Send_SMS',
						arguments: { To: 'not-a-number', Body: 'hello' },
					},
				],
			},
			(request) => ({
				text: `Tool said: ${contentText(request.messages.filter((m) => m.role === 'tool').pop()!)}`,
			}),
		]);
		const before = gatewayReceived(env.sandbox, '/sms/').length;
		const workflow = await env.api.createWorkflow(
			agentWorkflow({
				prompt: 'Text not-a-number',
				modelCredential,
				tools: [{ node: sendSmsTool() }],
			}),
		);
		const execution = await env.api.runManually(workflow.id, MANUAL_TRIGGER_NAME);
		expect(model.problems).toEqual([]);
		expect(gatewayReceived(env.sandbox, '/sms/')).toHaveLength(before);
		expect(
			model
				.toolResults()
				.map((r) => r.content)
				.join(''),
		).toContain('To must be a phone number or code');
		expect(String(nodeJson(execution, 'AI Agent')[0]?.output ?? '')).toContain('To must be a phone number or code');
	});
});
