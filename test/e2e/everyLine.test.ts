// The focused end-to-end suite for the n8n lines other than 2.40.7 (scripts/test.sh runs it on 2.41.3
// and 1.123.81 as jest's `e2e-every-line` project; 2.40.7 runs the whole e2e project, where each part
// below also runs in its own file, so this file is left out there). One n8n process, so a line costs
// one start instead of twenty. What it holds is what can differ between n8n lines:
// - one scenario group per node of the package, on the node's webhook, engine or REST path;
// - the rows of the adapter's table (nodes/engine/trigger/n8nResponse.ts) a single process shows:
//   N1/N2 static data (redelivery memory, the call events' claims), N3/N5 answers written when the run
//   is queued (Reply Immediately), N4 a workflow's answer (Digit Validation, Reply to Message), N8 an
//   expression in a webhook description, N12 a held answer; N9/N10 (isolates) are the
//   isolates.test.ts file, which the same project runs; N6/N7 are queue mode's (2.40.7 only);
// - the MCP example with the MCP SDK's client (n8n's MCP Server Trigger and Call n8n Workflow Tool
//   changed between lines: the gated call's first answer differs on 1.x, see scenarios/mcp.ts);
// - n8n's waiting webhooks, which Send and Wait and Call and Wait build on and which n8n rewrote
//   between 1.x and 2.x: one case each here (a reply resumes the wait), built from their scenario
//   fixtures, Call and Wait's key 0.3 s after the answer (issue 34), and Send and Wait's loop (the iteration signed into its URL rests on what n8n's waiting
//   webhook leaves of the run data); their whole groups (forged posts, timeouts, 50 waits at once:
//   about 4 minutes) run on 2.40.7 and in queue mode.
// A test added to any scenario group composed here, or to this file, runs on every line.
import { callAndWaitFixture } from './scenarios/callAndWait';
import { describeCallEventScenarios } from './scenarios/callEvents';
import { describeExpressionInImmediately } from './scenarios/expressionImmediately';
import { describeMcpScenarios } from './scenarios/mcp';
import { describeMessagingScenarios } from './scenarios/messaging';
import { describeOnboardCustomerScenario } from './scenarios/onboardCustomer';
import { describeRedeliveryScenarios } from './scenarios/redelivery';
import { LOOP_CASE, loopCase, sendAndWaitFixture } from './scenarios/sendAndWait';
import { describeSwitchTriggerScenarios } from './scenarios/switchTrigger';
import { useN8nWithSandbox } from './withSandbox';

const line = `one n8n process, n8n ${process.env.N8N_VERSION ?? '2.40.7 (scripts/install-n8n.sh default)'}`;
const env = useN8nWithSandbox();

describeMessagingScenarios(env); // Messaging Trigger, Messaging (Reply to Message): N3, N4, N5
describeSwitchTriggerScenarios(env); // SolSwitch Trigger (Digit Validation, SIP POST), SolSwitch (Answer DV, New Call)
describeOnboardCustomerScenario(env); // SolSwitch Admin, from its example behind n8n's Form Trigger
describeCallEventScenarios(env); // the trigger's call events: claims in static data (N1, N2), an MP3 as binary data
describeRedeliveryScenarios(env, { lastNodeReplies: 'saved' }); // the redelivery memory: N1, N2, N12
describeExpressionInImmediately(env); // N8, with N3
describeMcpScenarios(env); // the MCP example with the MCP SDK's client: tools/list, a tool call, bad input, the gated call (2.x)

describe(`n8n's waiting webhooks (${line})`, () => {
	const sms = sendAndWaitFixture(env);
	const call = callAndWaitFixture(env);

	test('SolSwitch Messaging > Send and Wait for Response: a YES resumes the waiting run with approved true', async () => {
		const phone = sms.newPhone();
		const wait = await sms.startWait(await sms.askWorkflow(phone));
		expect((await sms.reply(phone, 'yes')).state).toBe('delivered');
		const done = await sms.finished(String(wait.id));
		expect(done.status).toBe('success');
		expect(sms.answerData(done)).toMatchObject({ approved: true, text: 'yes', from: phone });
	});

	// The wait's iteration rests on what n8n's waiting webhook leaves of the run data (iteration.ts),
	// which n8n rewrote between 1.x and 2.x.
	test(`SolSwitch Messaging > Send and Wait for Response, ${LOOP_CASE}`, async () => {
		await loopCase(env, sms);
	});

	test('SolSwitch > Call and Wait for Keypress: key 1 resumes the waiting run with approved true', async () => {
		const phone = await call.newPhone();
		const waiting = await call.start(await call.callWorkflow(phone));
		await call.press(phone, '1');
		const done = await call.finished(String(waiting.id));
		expect(done.status).toBe('success');
		expect(call.dataOf(done)).toMatchObject({ approved: true, digits: '1' });
	});

	// Issue 34's "a key at 0.3 s after the answer approves", on every line, under the switch's harshest
	// readings for it: leg details only after the hang-up, and New Call answered only once the call started
	// (so the wait begins after the answer, and n8n must have saved it within the 0.3 s).
	test('SolSwitch > Call and Wait for Keypress: a key 0.3 s after the answer approves (leg details afterHangup, New Call answers when answered)', async () => {
		await call.keyJustAfterAnswer({ legDetails: 'afterHangup', newCallAnswers: 'answered' });
	});
});

// The guard of "one scenario per node": every node the package declares ran in a workflow of this
// process that n8n recorded as succeeded or waiting. Removing the last scenario of a node fails here.
const PACKAGE_NODES = ['solSwitch', 'solSwitchAdmin', 'solSwitchTrigger', 'solSwitchMessaging', 'solSwitchMessagingTrigger'].map((name) => `n8n-nodes-solswitch.${name}`);

test('every node of the package ran in a workflow that succeeded on this line', async () => {
	// GET /rest/workflows: the list itself, or { count, data } (n8n's versions differ).
	const answer = await env.api.request<Array<{ id: string }> | { data: Array<{ id: string }> }>('GET', '/rest/workflows');
	const workflows = Array.isArray(answer) ? answer : answer.data;
	expect(workflows.length).toBeGreaterThan(0);
	const ran = new Set<string>();
	for (const { id } of workflows) {
		const summaries = await env.api.executionSummaries(id);
		if (!summaries.some((s) => s.status === 'success' || s.status === 'waiting')) continue;
		for (const node of (await env.api.getWorkflow(id)).nodes) ran.add(String(node.type));
	}
	expect(PACKAGE_NODES.filter((type) => !ran.has(type))).toEqual([]);
});
