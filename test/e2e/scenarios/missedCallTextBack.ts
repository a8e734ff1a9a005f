// The "text back missed calls" example (examples/text-back-missed-calls.json) in a real n8n, driven
// as a switch and phones would drive it: the sandbox plays calls into the DID, its gateway receives
// the SMS the workflow sends. Checked: the caller gets one text from the number they dialed; a
// second missed call within the hour gets none; a number that opted out (STOP to the SMS auto-reply
// example, its Data Table) gets none; outside the time rule's hours the text waits and goes out once
// the rule opens; an international caller is not texted and the run succeeds; a send that failed
// records nothing, so the next missed call is texted (the row is written after the SMS went out).
import { DEFAULT_SWITCH_KEY } from '../../../sandbox/server';
import { gatewayOf } from '../../../sandbox/gateway';
import { callbacksOf } from '../../../sandbox/switch/callbacks';
import { importExample, webhookUrls } from '../../../scripts/start/examples';
import { dataTableRows, type SavedDataTable } from '../../../scripts/start/dataTables';
import type { ScenarioEnv } from './env';
import { freshNumbers, publishOptOutExample } from './optOuts';
import { createGatewayCredential } from './redelivery';

const SECRET = 'e2e-text-back-secret';
const MESSAGE = 'Sorry we missed your call. We will call you back shortly, or reply here and we will text you.';

export function describeMissedCallTextBack(env: ScenarioEnv) {
	describe('example: text back missed calls', () => {
		let workflowId: string;
		let tables: Record<string, SavedDataTable>;
		let optOutTable: SavedDataTable;
		let optOutWorkflowId: string | undefined;

		beforeAll(async () => {
			const messaging = await createGatewayCredential(env);
			// The opt-out table is the SMS auto-reply example's: it is imported first, as a user would have it.
			const optOuts = await publishOptOutExample(env, messaging);
			optOutTable = optOuts.table;
			optOutWorkflowId = optOuts.workflowId;
			const switchApi = await env.api.createCredential('Switch (text-back)', 'solSwitchApi', { baseUrl: env.sandbox.url, apiKey: DEFAULT_SWITCH_KEY, customer: '' });
			const callbacks = await env.api.createCredential('Callbacks (text-back)', 'solSwitchCallbacksApi', { packetApiKey: '', sharedSecret: SECRET });
			const workflow = await importExample(
				env.api,
				'examples/text-back-missed-calls.json',
				{ solSwitchApi: switchApi.id, solSwitchCallbacksApi: callbacks.id, solSwitchMessagingApi: messaging },
				{
					// Half an hour is how long the file waits between two looks at the time rule; a test waits 2 seconds.
					transform: (w) => {
						const wait = (w.nodes as Array<{ name: string; parameters: Record<string, unknown> }>).find((n) => n.name === 'Wait Until Open')!;
						wait.parameters = { amount: 2, unit: 'seconds' };
					},
				},
			);
			await env.api.publishWorkflow(workflow.id);
			workflowId = workflow.id;
			tables = workflow.dataTables;
			const [trigger] = webhookUrls(workflow, env.webhookBaseUrl, { sharedSecret: SECRET });
			callbacksOf(env.sandbox).configure({ sipNotificationUrls: [trigger.url] });
		});

		// Both hold fixed webhook IDs: a later scenario against the same n8n (the queue file's examples)
		// publishes its own copies, which n8n refuses while these are published.
		afterAll(async () => {
			for (const id of [workflowId, optOutWorkflowId]) if (id) await env.api.unpublishWorkflow(id);
		});

		const textsTo = (number: string) => gatewayOf(env.sandbox).state.records.filter((r) => r.Direction === 'send' && r.To === number);

		async function missedCall(from: string) {
			const answer = await fetch(`${env.sandbox.url}/_sandbox/calls/play`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ scenario: 'missed', From: from.slice(1), DID: '5145550100', Extension: '201', ringSeconds: 15 }),
			});
			expect(answer.status).toBe(200);
		}

		async function setTimeRule(closed: boolean) {
			await fetch(`${env.sandbox.url}/_sandbox/switch/time-rules/1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ closed }) });
		}

		async function until(what: string, check: () => boolean, ms = 30_000) {
			const end = Date.now() + ms;
			while (!check()) {
				if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
				await new Promise((r) => setTimeout(r, 200));
			}
		}

		it('texts the caller once from the number they dialed; a second missed call within the hour gets no text', async () => {
			const [caller] = freshNumbers(1);
			const before = (await env.api.executionSummaries(workflowId)).length;
			await missedCall(caller);
			await env.api.waitForExecutions(workflowId, before + 1);
			expect(textsTo(caller)).toEqual([expect.objectContaining({ From: '5145550100', To: caller, text: MESSAGE })]);
			await missedCall(caller);
			const runs = await env.api.waitForExecutions(workflowId, before + 2);
			expect(runs.every((r) => r.status === 'success')).toBe(true);
			expect(textsTo(caller)).toHaveLength(1);
			expect((await dataTableRows<{ number: string }>(env.api, tables['Missed-call texts'])).filter((row) => row.number === caller)).toHaveLength(1);
		});

		it('never texts a number that opted out', async () => {
			const [caller] = freshNumbers(1);
			const stop = await fetch(`${env.sandbox.url}/_sandbox/gateway/mo`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ From: caller, To: '55555', Body: 'STOP', wait: true }),
			});
			expect(stop.status).toBe(200);
			// The opt-out is recorded by the auto-reply example's run: wait for its row.
			const end = Date.now() + 30_000;
			while (!(await dataTableRows<{ from: string }>(env.api, optOutTable)).some((row) => row.from === caller)) {
				if (Date.now() > end) throw new Error('the opt-out was not recorded');
				await new Promise((r) => setTimeout(r, 200));
			}
			const before = (await env.api.executionSummaries(workflowId)).length;
			await missedCall(caller);
			await env.api.waitForExecutions(workflowId, before + 1);
			expect(textsTo(caller).filter((r) => r.text === MESSAGE)).toHaveLength(0);
		});

		it('an international caller gets no text, and the run ends there successfully', async () => {
			const before = (await env.api.executionSummaries(workflowId)).length;
			const sends = () => gatewayOf(env.sandbox).state.records.filter((r) => r.Direction === 'send').length;
			const sentBefore = sends();
			await missedCall('+33142685300'); // Paris: missedCall drops the first character
			const [run] = (await env.api.waitForExecutions(workflowId, before + 1)).slice(0, 1);
			expect(run.status).toBe('success');
			expect(sends()).toBe(sentBefore); // to no number at all (the file before texted 1 + its last 10 digits)
		});

		it('a send the gateway refused records nothing: the run fails, and the next missed call is texted', async () => {
			const [caller] = freshNumbers(1);
			const before = (await env.api.executionSummaries(workflowId)).length;
			env.sandbox.faults.set({ match: '/sms/', mode: 'answer', json: { Status: 'FAIL', Reason: 'IP address not allowed.' }, times: 1 });
			await missedCall(caller);
			const runs = await env.api.waitForExecutions(workflowId, before + 1);
			expect(runs.map((r) => r.status)).toContain('error');
			expect(textsTo(caller)).toHaveLength(0);
			expect((await dataTableRows<{ number: string }>(env.api, tables['Missed-call texts'])).filter((row) => row.number === caller)).toHaveLength(0);
			await missedCall(caller);
			await until('the text of the second call', () => textsTo(caller).length === 1);
			const end = Date.now() + 30_000;
			while ((await dataTableRows<{ number: string }>(env.api, tables['Missed-call texts'])).filter((row) => row.number === caller).length !== 1) {
				if (Date.now() > end) throw new Error('the text was not recorded');
				await new Promise((r) => setTimeout(r, 200));
			}
		});

		it('outside business hours the text waits, and goes out once the time rule opens', async () => {
			const [caller] = freshNumbers(1);
			await setTimeRule(true);
			try {
				await missedCall(caller);
				await new Promise((r) => setTimeout(r, 5000));
				expect(textsTo(caller)).toHaveLength(0);
			} finally {
				await setTimeRule(false);
			}
			await until('the text after opening', () => textsTo(caller).length === 1);
			expect(textsTo(caller)[0]).toMatchObject({ From: '5145550100', text: MESSAGE });
		});
	});
}

// The "call log" example (examples/call-log.json): every ended call, one row of its Data Table.
export function describeCallLog(env: ScenarioEnv) {
	describe('example: call log', () => {
		it('writes one row per ended call with its outcome, duration and talk time, whatever the switch repeats', async () => {
			const switchApi = await env.api.createCredential('Switch (call log)', 'solSwitchApi', { baseUrl: env.sandbox.url, apiKey: DEFAULT_SWITCH_KEY, customer: '' });
			const callbacks = await env.api.createCredential('Callbacks (call log)', 'solSwitchCallbacksApi', { packetApiKey: '', sharedSecret: SECRET });
			const workflow = await importExample(env.api, 'examples/call-log.json', { solSwitchApi: switchApi.id, solSwitchCallbacksApi: callbacks.id });
			await env.api.publishWorkflow(workflow.id);
			const [trigger] = webhookUrls(workflow, env.webhookBaseUrl, { sharedSecret: SECRET });
			callbacksOf(env.sandbox).configure({ sipNotificationUrls: [trigger.url] });
			const play = async (body: Record<string, unknown>) =>
				(await (await fetch(`${env.sandbox.url}/_sandbox/calls/play`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as { CallID: string };
			const answered = await play({ scenario: 'answered', ringSeconds: 5, talkSeconds: 95, repeatDisconnected: 1 });
			const missed = await play({ scenario: 'missed', ringSeconds: 20 });
			await env.api.waitForExecutions(workflow.id, 2);
			const rows = await dataTableRows<Record<string, unknown>>(env.api, workflow.dataTables['Call log']);
			expect(rows.map((r) => [r.callId, r.outcome, r.durationSeconds, r.talkSeconds])).toEqual([
				[answered.CallID, 'answered', 100, 95],
				[missed.CallID, 'missed', 20, 0],
			]);
		});
	});
}
