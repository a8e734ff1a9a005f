// The example "Alert: text, then call" (examples/alert-text-then-call.json) in real n8n 2.40.7, driven
// through the sandbox as the gateway and the switch would: an alert texts the first person of the
// on-call Data Table with Send and Wait; without a YES (here: NO, at once, instead of waiting 5 minutes)
// Call and Wait for Keypress rings each person in order; the first nobody answers, the second presses
// 1 and owns the alert; the others get an SMS saying who took it, and the table records it.
import { gatewayOf } from '../../sandbox/gateway';
import { DEFAULT_SWITCH_KEY } from '../../sandbox/server';
import { importExample } from '../../scripts/start/examples';
import { SAMPLE_ROWS } from '../../scripts/start/dataTables';
import { nodeJson } from '../../scripts/n8n-harness';
import { createGatewayCredential, publishMessagingWorkflow } from './scenarios/redelivery';
import { useN8nWithSandbox } from './withSandbox';

const env = useN8nWithSandbox();
const [FIRST, SECOND, THIRD] = SAMPLE_ROWS['On-call'].map((r) => String(r.phone));

let workflowId = '';

/** Where the alert's run is (for a failure message): status, last node, error. */
async function runState(): Promise<string> {
	const [summary] = workflowId ? await env.api.executionSummaries(workflowId) : [];
	if (!summary) return 'no run';
	const execution = await env.api.getExecution(String(summary.id));
	return JSON.stringify({ status: execution.status, lastNode: execution.data.resultData?.lastNodeExecuted, error: execution.data.resultData?.error });
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 45_000): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await probe();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}: ${await runState()}; DV calls ${JSON.stringify((await control('')).calls)}`);
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
}

const control = async (path: string, body?: Record<string, unknown>) => {
	const answer = await fetch(`${env.sandbox.url}/_sandbox/digit-validation${path}`, body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {});
	return (await answer.json()) as Record<string, any>;
};

test('the SMS gets NO, the first person does not answer the call, the second presses 1 and owns it; the others are told who took it', async () => {
	const gatewayCredential = await createGatewayCredential(env);
	const switchCredential = (await env.api.createCredential('Switch', 'solSwitchApi', { baseUrl: env.sandbox.url, apiKey: DEFAULT_SWITCH_KEY, customer: '' })).id;
	const inbound = await publishMessagingWorkflow(env, 'onReceived', gatewayCredential);
	gatewayOf(env.sandbox).configure({ providerUrl: inbound.url });
	const workflow = await importExample(env.api, 'examples/alert-text-then-call.json', { solSwitchMessagingApi: gatewayCredential, solSwitchApi: switchCredential }, {
		transform: (definition) => {
			for (const node of definition.nodes as Array<{ name: string; parameters: Record<string, any> }>) {
				// The reply goes to this test's Messaging Trigger; the calls are not retried 30 s apart here.
				if (node.name === 'Text First On-Call') node.parameters.triggerUrl = inbound.url;
				if (node.name === 'Call On-Call') node.parameters.options = { ...node.parameters.options, retries: 0, retryInterval: 0 };
			}
		},
	});
	workflowId = workflow.id;
	const table = workflow.dataTables['On-call'];
	// The table is new: it starts with the sample on-call rows `npm start` gives it (Alice, Bob, Carol).
	const rows = await env.api.request<{ data: Array<{ name: string; phone: string }> }>('GET', `/rest/projects/${table.projectId}/data-tables/${table.id}/rows`);
	expect(rows.data.map((r) => [r.name, r.phone])).toEqual(SAMPLE_ROWS['On-call'].map((r) => [r.name, r.phone]));
	await control('/phone', { number: FIRST, turns: [{ answer: 'noAnswer' }] });
	await control('/phone', { number: SECOND, turns: [{ answer: 'answer' }] });
	await env.api.publishWorkflow(workflow.id);

	const started = await fetch(`${env.webhookBaseUrl}/webhook/alert-text-then-call`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ alert: 'Disk full on db1' }) });
	expect(started.status).toBe(200);
	const phones = gatewayOf(env.sandbox).phones;
	const alertSms = await until('the alert SMS', () => gatewayOf(env.sandbox).state.records.find((r) => r.Direction === 'send' && String(r.text ?? '').startsWith('ALERT')));
	expect({ To: alertSms.To, text: alertSms.text }).toEqual({ To: FIRST, text: 'ALERT: Disk full on db1. Reply YES to take it\nReply YES or NO' });
	await phones.reply(FIRST, 'NO')!.done;

	// The first call rings out; the second is answered: the run waits for its key.
	const answered = await until('the second person to answer', async () => {
		const calls = (await control('')).calls as Array<{ destination: string; outcome: string; CallID: string }>;
		return calls.find((c) => c.destination === SECOND && c.outcome === 'answered');
	});
	const calls = ((await control('')).calls as Array<{ destination: string; outcome: string }>).filter((c) => [FIRST, SECOND, THIRD].includes(c.destination));
	expect(calls.map((c) => [c.destination, c.outcome])).toEqual([
		[FIRST, 'noAnswer'],
		[SECOND, 'answered'],
	]);
	const pressed = await control('/press', { CallID: answered.CallID, digits: '1' });
	expect(pressed.post).toMatchObject({ answer: 'thanks', valid: true });

	const [summary] = await env.api.executionSummaries(workflow.id);
	const done = await until('the alert run to end', async () => {
		const execution = await env.api.getExecution(String(summary.id));
		return execution.status === 'success' || execution.status === 'error' ? execution : undefined;
	});
	expect(done.status).toBe('success');
	expect(nodeJson(done, 'Owner')).toEqual([{ name: 'Bob Tremblay', phone: SECOND, by: 'call' }]);
	// The others are told; the owner is not.
	const told = (phone: string) => gatewayOf(env.sandbox).state.records.filter((r) => r.Direction === 'send' && r.To === phone).map((r) => r.text);
	expect(told(FIRST).at(-1)).toBe('Bob Tremblay took the alert: Disk full on db1');
	expect(told(THIRD)).toEqual(['Bob Tremblay took the alert: Disk full on db1']);
	expect(told(SECOND)).toEqual([]);
	// The third person was never called.
	expect(((await control('')).calls as Array<{ destination: string }>).some((c) => c.destination === THIRD)).toBe(false);
	const after = await env.api.request<{ data: Array<{ name: string; lastAlert: string }> }>('GET', `/rest/projects/${table.projectId}/data-tables/${table.id}/rows`);
	expect(after.data.map((r) => [r.name, r.lastAlert])).toEqual([
		['Alice Martin', ''],
		['Bob Tremblay', 'Disk full on db1'],
		['Carol Roy', ''],
	]);
}, 240_000);
