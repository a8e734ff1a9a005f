// The Messaging Trigger in real n8n: a published workflow (trigger -> Reply to Message) gets MO
// messages the sandbox gateway injects and POSTs to n8n's production webhook; the sandbox records the
// reply Body a phone would get. Run by test/e2e/messaging.test.ts (one n8n process) and test/queue/
// (queue mode: the trigger on a webhook processor, Reply to Message on the worker).
import { DEFAULT_COMPLIANCE_TEXTS } from '../../../nodes/SolSwitchMessagingTrigger/replies/complianceTexts';
import { gatewayOf } from '../../../sandbox/gateway';
import { DEFAULT_INBOUND_KEY } from '../../../sandbox/gateway/config';
import { nodeJson } from '../../../scripts/n8n-harness';
import type { ScenarioEnv } from './env';
import { createGatewayCredential, executionsAfterQuiet, publishMessagingWorkflow } from './redelivery';

export function describeMessagingScenarios(env: ScenarioEnv) {
	let workflowId: string;
	let webhookId: string;

	/** Injects an MO through the sandbox's control endpoint and waits until it leaves the gateway's queue. */
	async function injectMo(body: Record<string, unknown>) {
		const res = await fetch(`${env.sandbox.url}/_sandbox/gateway/mo`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ ...body, wait: true }),
		});
		return (await res.json()) as { Status: string; state: string; ID: string; replyBody?: string; droppedBody?: string; smsReplies: string[]; attempts: Array<{ status?: number; answer?: unknown }> };
	}

	beforeAll(async () => {
		const credentialId = await createGatewayCredential(env);
		const workflow = await publishMessagingWorkflow(env, 'responseNode', credentialId, '={{ "Your " + $json.keyword + " order is in" }}');
		({ id: workflowId, webhookId } = workflow);
		gatewayOf(env.sandbox).configure({ providerUrl: workflow.url, retries: 2 });
	});

	test('an MO "help" is answered by the trigger with the HELP text, and the sandbox records the reply Body', async () => {
		const delivery = await injectMo({ From: '15145550123', To: '55555', Body: 'help' });
		expect(delivery).toMatchObject({ Status: 'OK', state: 'delivered', replyBody: DEFAULT_COMPLIANCE_TEXTS.helpText });
		expect(delivery.attempts).toEqual([expect.objectContaining({ status: 200, answer: { Status: 'OK', Body: DEFAULT_COMPLIANCE_TEXTS.helpText } })]);
		const [out] = env.sandbox.exchanges.find({ service: 'gateway-mo', direction: 'out' }).filter((e) => e.path.includes(webhookId));
		expect(out.answer).toEqual({ Status: 'OK', Body: DEFAULT_COMPLIANCE_TEXTS.helpText });
	});

	test('an MO "pizza" runs the workflow and Reply to Message answers with the computed Body', async () => {
		const delivery = await injectMo({ From: '15145550123', To: '55555', Body: 'pizza large' });
		expect(delivery).toMatchObject({ state: 'delivered', replyBody: 'Your PIZZA order is in' });
		const executions = await env.api.waitForExecutions(workflowId, 1);
		// HELP started no execution: the only one is this message's.
		expect(executions).toHaveLength(1);
		expect(executions[0]).toMatchObject({ mode: 'webhook', status: 'success' });
		expect(nodeJson(executions[0], 'SMS In')[0]).toMatchObject({ type: 'sms', keyword: 'PIZZA', text: 'pizza large' });
		expect(JSON.stringify(nodeJson(executions[0], 'SMS In'))).not.toContain(DEFAULT_INBOUND_KEY);
	});

	// A long code: the gateway drops a callback Body there ("SMS on short codes only"), so every reply
	// goes as one SMS from the code, and a redelivery (same ID) sends none and runs nothing.
	const LONG_CODE = '15145550100';
	const smsFromLongCode = (phone: string) =>
		gatewayOf(env.sandbox)
			.state.records.filter((r) => r.Direction === 'send' && r.From === LONG_CODE && r.To === phone)
			.map((r) => r.text);

	test.each([
		['help', '15145550301', DEFAULT_COMPLIANCE_TEXTS.helpText, 0],
		['STOP', '15145550302', DEFAULT_COMPLIANCE_TEXTS.stopText, 1],
		['pizza small', '15145550303', 'Your PIZZA order is in', 1],
	])('on a long code, "%s" is answered by one SMS from the code, once; the gateway gets Status only', async (text, phone, expected, runs) => {
		const before = (await env.api.executionSummaries(workflowId)).length;
		const first = await injectMo({ From: phone, To: LONG_CODE, Body: text });
		expect(first).toMatchObject({ state: 'delivered', smsReplies: [expected] });
		expect([first.replyBody, first.droppedBody]).toEqual([undefined, undefined]);
		expect(first.attempts).toEqual([expect.objectContaining({ status: 200, answer: { Status: 'OK' } })]);
		const again = await injectMo({ From: phone, To: LONG_CODE, Body: text, ID: first.ID });
		expect(again).toMatchObject({ state: 'delivered', smsReplies: [] });
		expect(smsFromLongCode(phone)).toEqual([expected]);
		expect(await executionsAfterQuiet(env, workflowId, before + runs)).toHaveLength(before + runs);
	});

	test('a callback with a wrong key is refused with HTTP 401 and starts nothing', async () => {
		const answer = await fetch(`${env.webhookBaseUrl}/webhook/${webhookId}/message`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ Type: 'Message', ID: 'x1', From: '15145550123', To: '55555', Body: 'pizza', Key: 'wrong' }),
		});
		expect(answer.status).toBe(401);
		expect(await answer.json()).toEqual({ Status: 'FAIL', Reason: 'Not authorized.' });
	});
}
