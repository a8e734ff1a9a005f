// The "AI SMS assistant" example (examples/ai-sms-assistant.json) end to end in real n8n 2.x, with the
// scripted chat model in place of OpenAI: the sandbox gateway delivers an MO, the Messaging Trigger
// acknowledges it at once (no reply Body, no retry), the AI Agent calls this package's nodes as tools
// (a call back through the switch, an SMS to the on-call person), and its long answer reaches the phone
// as numbered MT parts. Its memory is kept per phone number.
import { DEFAULT_COMPLIANCE_TEXTS } from '../../../nodes/SolSwitchMessagingTrigger/replies/complianceTexts';
import { DEFAULT_SWITCH_KEY } from '../../../sandbox/server';
import { gatewayOf } from '../../../sandbox/gateway';
import { importExample, webhookUrls } from '../../../scripts/start/examples';
import { nodeJson } from '../../../scripts/n8n-harness';
import { gatewayReceived } from '../../integration/messaging/env';
import { ScriptedChatModel, contentText, type ChatRequest } from '../../helpers/scriptedChatModel';
import { createGatewayCredential } from '../scenarios/redelivery';
import { useN8nWithSandbox } from '../withSandbox';
import { createScriptedModelCredential } from './agentWorkflow';

const onN8n2 = (process.env.N8N_VERSION ?? '').startsWith('1.') ? describe.skip : describe;

/** The answer the scripted model gives: 3 numbered parts once split (about 300 characters). */
const LONG_ANSWER =
	'Thank you for letting us know. A technician from our help desk is calling you right now to arrange a visit today. ' +
	'Meanwhile, please check that the thermostat is set above the room temperature and that the breaker of the furnace is on. ' +
	'If you smell gas, leave the house and call 911.';

onN8n2('example: AI SMS assistant (scripted chat model)', () => {
	const env = useN8nWithSandbox();
	let model: ScriptedChatModel;
	let workflowId: string;

	beforeAll(async () => {
		model = await ScriptedChatModel.start();
		const switchCredential = await env.api.createCredential('Sandbox switch', 'solSwitchApi', { baseUrl: env.sandbox.url, apiKey: DEFAULT_SWITCH_KEY, customer: '' });
		const workflow = await importExample(env.api, 'examples/ai-sms-assistant.json', {
			solSwitchMessagingApi: await createGatewayCredential(env),
			solSwitchApi: switchCredential.id,
			openAiApi: await createScriptedModelCredential(env, model.baseUrl),
		});
		workflowId = workflow.id;
		await env.api.publishWorkflow(workflow.id);
		const [trigger] = webhookUrls(workflow, env.webhookBaseUrl);
		gatewayOf(env.sandbox).configure({ providerUrl: trigger.url });
	});
	afterAll(async () => model?.close());

	async function injectMo(Body: string, From = '15145550123') {
		const res = await fetch(`${env.sandbox.url}/_sandbox/gateway/mo`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ From, To: '55555', Body, wait: true }),
		});
		return (await res.json()) as { state: string; replyBody?: string; attempts: Array<{ status?: number; answer?: unknown }> };
	}

	const userTexts = (request: ChatRequest) => request.messages.filter((m) => m.role === 'user').map(contentText);
	const assistantTexts = (request: ChatRequest) => request.messages.filter((m) => m.role === 'assistant').map(contentText);

	test('acknowledges the MO at once, calls the customer back, texts the on-call person, and sends the long answer as numbered parts', async () => {
		model.reset([
			{
				toolCalls: [
					{ tool: /^Call_the_Customer_Back$/, arguments: {} },
					{ tool: /^Text_the_On.Call_Person$/, arguments: { summary: 'No heat since this morning, wants a visit today.' } },
				],
			},
			{ text: LONG_ANSWER },
		]);
		const delivery = await injectMo('My heater stopped working, can someone call me?');
		// Reply mode Immediately: the gateway got its OK without a Body on the first attempt.
		expect(delivery.state).toBe('delivered');
		expect(delivery.replyBody).toBeUndefined();
		expect(delivery.attempts).toEqual([expect.objectContaining({ status: 200, answer: { Status: 'OK' } })]);

		const [execution] = await env.api.waitForExecutions(workflowId, 1);
		expect(model.problems).toEqual([]);
		expect(execution.status).toBe('success');
		expect(model.remainingTurns).toBe(0);

		// The tools the model was offered are this package's nodes; the prompt is the customer's text.
		const [first] = model.requests;
		expect(first.tools.map((t) => t.name).sort()).toEqual(['Call_the_Customer_Back', expect.stringMatching(/^Text_the_On.Call_Person$/)]);
		expect(userTexts(first)).toEqual(['My heater stopped working, can someone call me?']);

		// Call the Customer Back: the switch rang extension 201 and the customer's number.
		const calls = env.sandbox.exchanges.find({ service: 'switch', path: '/api/newcall/' });
		expect(calls.map((e) => e.body)).toEqual([expect.objectContaining({ Extension: '201', Destination: '15145550123', CIDName: 'Help desk' })]);

		// Text the On-Call Person, then the answer to the customer in numbered parts, each within the rule.
		const sent = gatewayReceived(env.sandbox, '/sms/').map((r) => r.body as { From: string; To: string; Body: string });
		expect(sent.filter((m) => m.To === '15145550100')).toEqual([
			expect.objectContaining({ From: '55555', Body: 'From 15145550123: No heat since this morning, wants a visit today.' }),
		]);
		const answer = sent.filter((m) => m.To === '15145550123');
		expect(answer.map((m) => m.From)).toEqual(['55555', '55555', '55555']);
		expect(answer.map((m) => m.Body.slice(0, 4))).toEqual(['1/3 ', '2/3 ', '3/3 ']);
		for (const part of answer) expect([...part.Body].length).toBeLessThanOrEqual(136);
		expect(answer.map((m) => m.Body.slice(4)).join(' ')).toBe(LONG_ANSWER);
		expect(nodeJson(execution, 'Send the Answer').map((j) => [j.part, j.parts, j.Status])).toEqual([
			[1, 3, 'OK'],
			[2, 3, 'OK'],
			[3, 3, 'OK'],
		]);
	});

	test('remembers the conversation per phone number: the same sender is answered with its history, another one without', async () => {
		model.reset([{ text: 'You are welcome.' }, { text: 'Hello! How can we help?' }]);
		await injectMo('Thanks!');
		await env.api.waitForExecutions(workflowId, 2);
		await injectMo('Hello', '15145550999');
		await env.api.waitForExecutions(workflowId, 3);
		expect(model.problems).toEqual([]);
		const [sameSender, otherSender] = model.requests;
		expect(userTexts(sameSender)).toEqual(['My heater stopped working, can someone call me?', 'Thanks!']);
		expect(assistantTexts(sameSender).join('\n')).toContain(LONG_ANSWER);
		expect(userTexts(otherSender)).toEqual(['Hello']);
		expect(assistantTexts(otherSender)).toEqual([]);
		// Short answers go out whole, unnumbered.
		const sent = gatewayReceived(env.sandbox, '/sms/').map((r) => r.body as { To: string; Body: string });
		expect(sent.filter((m) => m.To === '15145550999')).toEqual([expect.objectContaining({ Body: 'Hello! How can we help?' })]);
		expect(sent.filter((m) => m.To === '15145550123').pop()).toEqual(expect.objectContaining({ Body: 'You are welcome.' }));
	});

	test('STOP is answered by the trigger and never reaches the agent', async () => {
		model.reset([]);
		const delivery = await injectMo('STOP', '15145550777');
		expect(delivery.replyBody).toBe(DEFAULT_COMPLIANCE_TEXTS.stopText);
		await env.api.waitForExecutions(workflowId, 4);
		expect(model.requests).toEqual([]);
		expect(gatewayReceived(env.sandbox, '/sms/').filter((r) => (r.body as { To: string }).To === '15145550777')).toEqual([]);
	});
});
