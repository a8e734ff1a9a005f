// The ready-made examples of examples/ in real n8n, each driven through the sandbox the way the
// real switch and gateway would: an MO message, a call, a digit press. The test checks what the
// gateway or switch got back. (The CDR export and onboarding examples have scenarios of their own.)
// Run by test/e2e/examples.test.ts (one n8n process) and test/queue/ (queue mode).
import { DEFAULT_COMPLIANCE_TEXTS } from '../../../nodes/SolSwitchMessagingTrigger/replies/complianceTexts';
import { SANDBOX_DEMO_TEXTS } from '../../../scripts/start/demoTexts';
import { importExample, webhookUrls } from '../../../scripts/start/examples';
import { DEFAULT_GATEWAY_KEY } from '../../../sandbox/gateway/config';
import { post } from './simultaneousCopies';
import { callbacksOf } from '../../../sandbox/switch/callbacks';
import { nodeJson } from '../../../scripts/n8n-harness';
import { PostgresServer } from '../../../scripts/n8n-harness/queue/postgres';
import { recipePageBlocks } from '../../../scripts/soak/sideEffect';
import { dataTableRows } from '../../../scripts/start/dataTables';
import { DEFAULT_INBOUND_KEY } from '../../../sandbox/gateway/config';
import { publishOptOutExample, sendOptOutsAndReadBack, sendSimultaneousOptOutsAndReadBack, type OptOutScenarioTarget } from './optOuts';
import type { ScenarioEnv } from './env';
import { createGatewayCredential } from './redelivery';

export function describeExampleScenarios(env: ScenarioEnv) {
	let messagingCredential: string;
	let callbacksCredential: string;
	const CALLBACK_SECRET = 'e2e-callback-secret';

	beforeAll(async () => {
		messagingCredential = await createGatewayCredential(env);
		const callbacks = await env.api.createCredential('SolSwitch Callbacks sandbox', 'solSwitchCallbacksApi', { packetApiKey: '', sharedSecret: CALLBACK_SECRET });
		callbacksCredential = callbacks.id;
	});

	/** Imports and publishes an example; returns its id and the URL of its (only) trigger. */
	async function publishExample(file: string) {
		const workflow = await importExample(env.api, file, { solSwitchMessagingApi: messagingCredential, solSwitchCallbacksApi: callbacksCredential });
		await env.api.publishWorkflow(workflow.id);
		// The SolSwitch Trigger examples use the callbacks credential: their URLs carry its Shared Secret.
		const [url] = webhookUrls(workflow, env.webhookBaseUrl, { sharedSecret: CALLBACK_SECRET });
		return { id: workflow.id, url: url.url };
	}

	async function injectMo(Body: string, From = '15145550123', To = '55555', ID?: string) {
		const res = await fetch(`${env.sandbox.url}/_sandbox/gateway/mo`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ From, To, Body, ID, wait: true }),
		});
		return (await res.json()) as { ID: string; state: string; replyBody?: string; smsReplies: string[] };
	}

	describe('SMS auto-reply on keywords', () => {
		let optOuts: OptOutScenarioTarget;
		let workflowId: string;
		beforeAll(async () => {
			optOuts = await publishOptOutExample(env, messagingCredential);
			workflowId = optOuts.workflowId;
		});

		it('answers HOURS, PRICE and ORDER from the trigger\'s Keyword Replies without an execution, and anything else with the menu', async () => {
			const before = (await env.api.executionSummaries(workflowId)).length;
			expect(await injectMo(' hours ')).toMatchObject({ state: 'delivered', replyBody: 'We are open Monday to Friday, 9:00 to 17:00.' });
			expect(await injectMo('Price')).toMatchObject({ state: 'delivered', replyBody: 'Plans start at $19/month. Details: example.com/pricing' });
			expect(await injectMo('ORDER')).toMatchObject({ state: 'delivered', replyBody: 'Your last order shipped today.' });
			expect(await env.api.executionSummaries(workflowId)).toHaveLength(before);
			const menu = 'Thanks! Text HOURS, PRICE or ORDER. Text HELP for help, STOP to opt out.';
			expect(await injectMo('hours please')).toMatchObject({ state: 'delivered', replyBody: menu });
			expect(await injectMo('Hello?')).toMatchObject({ state: 'delivered', replyBody: menu });
			await env.api.waitForExecutions(workflowId, before + 2);
		});

		it('on a long code, a keyword and HELP are answered by one SMS each from the code (the callback Body would be dropped), once', async () => {
			const LONG_CODE = '15145550100';
			const before = (await env.api.executionSummaries(workflowId)).length;
			const hours = await injectMo('HOURS', '15145550401', LONG_CODE);
			expect(hours).toMatchObject({ state: 'delivered', smsReplies: ['We are open Monday to Friday, 9:00 to 17:00.'] });
			expect(hours.replyBody).toBeUndefined();
			expect((await injectMo('HOURS', '15145550401', LONG_CODE, hours.ID)).smsReplies).toEqual([]);
			expect((await injectMo('help', '15145550401', LONG_CODE)).smsReplies).toEqual([SANDBOX_DEMO_TEXTS.helpText]);
			const phone = (await (await fetch(`${env.sandbox.url}/_sandbox/gateway/phones/15145550401`)).json()) as { inbox: Array<{ From: string; text: string }> };
			expect(phone.inbox.map((m) => [m.From, m.text])).toEqual([
				[LONG_CODE, 'We are open Monday to Friday, 9:00 to 17:00.'],
				[LONG_CODE, SANDBOX_DEMO_TEXTS.helpText],
			]);
			expect(await env.api.executionSummaries(workflowId)).toHaveLength(before);
		});

		it('answers HELP and INFO itself, in English, and AIDE in French (the sandbox\'s demo texts: the file leaves them to the user)', async () => {
			expect((await injectMo(' help ')).replyBody).toBe(SANDBOX_DEMO_TEXTS.helpText);
			expect((await injectMo('info')).replyBody).toBe(SANDBOX_DEMO_TEXTS.infoText);
			expect((await injectMo('Aide')).replyBody).toBe(SANDBOX_DEMO_TEXTS.aideText);
		});

		it('answers STOP at once and records the opt-out in its Data Table', async () => {
			const before = (await env.api.waitForExecutions(workflowId, 2)).length;
			expect((await injectMo('STOP', '15145550999')).replyBody).toBe(DEFAULT_COMPLIANCE_TEXTS.stopText);
			const executions = await env.api.waitForExecutions(workflowId, before + 1);
			const stop = executions.find((e) => nodeJson(e, 'Incoming SMS')[0]?.keyword === 'STOP')!;
			expect(stop.status).toBe('success');
			expect(nodeJson(stop, 'Record Opt-Out')).toEqual([
				expect.objectContaining({ from: '15145550999', to: '55555', keyword: 'STOP', optedOutAt: expect.any(String) }),
			]);
		});

		it('keeps every opt-out from several numbers, one row each even after a repeated STOP', async () => {
			const rows = await sendOptOutsAndReadBack(optOuts);
			expect(rows).toHaveLength(4);
		});

		it('keeps every opt-out when twelve arrive at once and their runs overlap', async () => {
			const rows = await sendSimultaneousOptOutsAndReadBack(optOuts);
			expect(rows).toHaveLength(12);
		});
	});

	describe('incoming call texts the on-call person', () => {
		it('sends an SMS with the caller number when a call comes in', async () => {
			const { id, url } = await publishExample('examples/incoming-call-sms.json');
			callbacksOf(env.sandbox).configure({ sipNotificationUrls: [url] });
			// Only this call's SMS: earlier cases (a long code's reply SMS) used the same gateway.
			env.sandbox.exchanges.clear();
			const res = await fetch(`${env.sandbox.url}/_sandbox/callbacks/incoming-call`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ From: '4385550111', Extension: '201', DialedNumber: '5145550100' }),
			});
			const { CallID } = (await res.json()) as { CallID: string };
			await callbacksOf(env.sandbox).idle();
			const [execution] = await env.api.waitForExecutions(id);
			expect(execution.status).toBe('success');
			const sms = env.sandbox.exchanges.find({ service: 'gateway' }).filter((e) => e.path.replace(/\/$/, '') === '/sms');
			expect(sms.map((e) => e.body)).toEqual([
				{ From: '55555', To: '15145550177', Body: `Call from 4385550111 to 5145550100 (${CallID})`, Key: DEFAULT_GATEWAY_KEY },
			]);
			expect(nodeJson(execution, 'Text the On-Call Person')[0]).toMatchObject({ Status: 'OK', ID: expect.any(String) });
			callbacksOf(env.sandbox).configure({ sipNotificationUrls: [] });
		});
	});

	describe('SMS side effect once per message', () => {
		// A PostgreSQL of its own (the queue suite's harness starts it), with the page's claim table.
		let postgres: PostgresServer | undefined;
		beforeAll(async () => {
			postgres = await PostgresServer.start();
			postgres.query(recipePageBlocks('sql')[0]);
		});
		afterAll(async () => {
			await postgres?.stop();
		});

		it('opens a ticket for a message it claims and replies; a claim done elsewhere gets the reply and no ticket; a fresh claim held elsewhere fails the run (HTTP 500, the gateway retries); a claim whose run died is taken over', async () => {
			const credential = await env.api.createCredential('Postgres sandbox', 'postgres', postgres!.credential);
			const workflow = await importExample(env.api, 'examples/sms-side-effect-once.json', { solSwitchMessagingApi: messagingCredential, postgres: credential.id });
			await env.api.publishWorkflow(workflow.id);
			const [trigger] = webhookUrls(workflow, env.webhookBaseUrl);
			const stamp = Date.now();
			const id = (n: number) => `once-${stamp}-${n}`;
			const message = (ID: string) => ({ Type: 'Message', ID, From: '15145550180', To: '55555', Body: `printer broken ${ID}`, Key: DEFAULT_INBOUND_KEY });
			const reply = { status: 200, json: { Status: 'OK', Body: 'Thanks, we got your message and will get back to you.' } };
			expect(await post(trigger.url, message(id(1)))).toEqual(reply);
			// As if a run of the same message on another process had claimed it: done, held now, held by a run that died 11 minutes ago (the lease is 10).
			postgres!.query(`INSERT INTO sms_once (message_id, done_at) VALUES ('${id(2)}', now())`);
			postgres!.query(`INSERT INTO sms_once (message_id) VALUES ('${id(3)}')`);
			postgres!.query(`INSERT INTO sms_once (message_id, claimed_at) VALUES ('${id(4)}', now() - interval '11 minutes')`);
			expect(await post(trigger.url, message(id(2)))).toEqual(reply);
			// n8n's own error answer, not a Status the gateway would take as delivered: "Error in workflow"
			// in one process, "Workflow execution failed" in queue mode (the worker's job-finished message).
			const busy = await post(trigger.url, message(id(3)));
			expect(busy).toEqual({ status: 500, json: { message: expect.stringMatching(/^(Error in workflow|Workflow execution failed)$/) } });
			expect(await post(trigger.url, message(id(4)))).toEqual(reply);
			const executions = await env.api.waitForExecutions(workflow.id, 4);
			expect(executions.map((e) => e.status).sort()).toEqual(['error', 'success', 'success', 'success']);
			const tickets = await dataTableRows<{ messageId: string; from: string; text: string }>(env.api, workflow.dataTables['SMS tickets']);
			expect(tickets.filter((t) => t.messageId.startsWith(`once-${stamp}`)).sort((a, b) => a.messageId.localeCompare(b.messageId))).toEqual([
				expect.objectContaining({ messageId: id(1), from: '15145550180', text: `printer broken ${id(1)}` }),
				expect.objectContaining({ messageId: id(4) }),
			]);
			// Mark Done closed the claims the runs took; the one held elsewhere stays open.
			expect(postgres!.query(`SELECT message_id, done_at IS NOT NULL FROM sms_once WHERE message_id LIKE 'once-${stamp}-%' ORDER BY message_id`)).toBe(
				[`${id(1)}|t`, `${id(2)}|t`, `${id(3)}|f`, `${id(4)}|t`].join('\n'),
			);
		});
	});

	describe('IVR routing by digits', () => {
		it('answers each digit with the option of the table, as plain text, and the fallback for the rest', async () => {
			const { url } = await publishExample('examples/ivr-routing.json');
			expect(url).toMatch(/\/digit-validation\?secret=e2e-callback-secret$/);
			const press = async (Digits: string, to = url) => {
				const res = await fetch(`${env.sandbox.url}/_sandbox/callbacks/digit-validation`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({ url: to, Digits }),
				});
				return (await res.json()) as { status: number; option: string; contentType: string };
			};
			// Without the credential's Shared Secret the trigger refuses the request.
			expect((await press('1', url.replace(/\?.*$/, ''))).status).toBe(401);
			expect(await press('1')).toMatchObject({ status: 200, option: 'sales' });
			expect(await press('2')).toMatchObject({ status: 200, option: 'support' });
			const other = await press('9');
			expect(other).toMatchObject({ status: 200, option: 'operator' });
			expect(other.contentType).toMatch(/^text\/plain/);
		});
	});
}
