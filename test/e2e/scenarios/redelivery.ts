// Redelivery memory, end to end: the gateway delivers message A, then B, then A again (a redelivery:
// the gateway did not get, or did not keep, the first answer), and a delivery report twice. Each
// must start one execution only, in every reply mode, wherever the executions run (one n8n process,
// or queue mode with the reply computed on a worker and one or two webhook processors).
import { randomUUID } from 'node:crypto';
import { gatewayOf } from '../../../sandbox/gateway';
import { DEFAULT_GATEWAY_KEY, DEFAULT_INBOUND_KEY } from '../../../sandbox/gateway/config';
import { nodeJson, type Execution } from '../../../scripts/n8n-harness';
import type { ScenarioEnv } from './env';

export type ReplyMode = 'onReceived' | 'responseNode' | 'lastNode';
export const REPLY_MODES: ReplyMode[] = ['onReceived', 'responseNode', 'lastNode'];

/** The reply Body the workflow computes (modes where the workflow answers). */
export const computedReply = (text: string) => `Got ${text}`;

/**
 * A published workflow: Messaging Trigger ("SMS In") in `replyMode`, then Reply to Message ("Reply",
 * answering `replyBody`) except in mode Immediately. Returns its id and its trigger's URL.
 */
export async function publishMessagingWorkflow(env: ScenarioEnv, replyMode: ReplyMode, credentialId: string, replyBody = '={{ "Got " + $json.text }}', triggerOptions: Record<string, unknown> = {}) {
	const webhookId = randomUUID();
	const trigger = {
		id: randomUUID(),
		name: 'SMS In',
		type: 'n8n-nodes-solswitch.solSwitchMessagingTrigger',
		typeVersion: 1,
		position: [0, 0],
		webhookId,
		parameters: { events: ['sms', 'mms', 'report'], replyMode, compliance: true, options: triggerOptions },
		credentials: { solSwitchMessagingApi: { id: credentialId, name: 'Gateway' } },
	};
	const reply = {
		id: randomUUID(),
		name: 'Reply',
		type: 'n8n-nodes-solswitch.solSwitchMessaging',
		typeVersion: 1,
		position: [220, 0],
		parameters: { resource: 'message', operation: 'reply', Body: replyBody, options: {} },
	};
	const workflow = await env.api.createWorkflow({
		name: `Redelivery ${replyMode} ${webhookId.slice(0, 8)}`,
		nodes: replyMode === 'onReceived' ? [trigger] : [trigger, reply],
		connections: replyMode === 'onReceived' ? {} : { 'SMS In': { main: [[{ node: 'Reply', type: 'main', index: 0 }]] } },
	});
	await env.api.publishWorkflow(workflow.id);
	return { id: workflow.id, url: `${env.webhookBaseUrl}/webhook/${webhookId}/message`, webhookId };
}

export async function createGatewayCredential(env: ScenarioEnv): Promise<string> {
	const credential = await env.api.createCredential('Gateway', 'solSwitchMessagingApi', {
		baseUrl: env.sandbox.url,
		apiKey: DEFAULT_GATEWAY_KEY,
		inboundApiKey: DEFAULT_INBOUND_KEY,
		inboundKeyType: 'body',
	});
	return credential.id;
}

/** Statuses an execution ends in (n8n's own; "waiting" is where a run waits for a resume). */
const FINAL = new Set(['success', 'error', 'canceled', 'crashed', 'waiting']);

/**
 * Every execution of the workflow once the list has settled: at least `expected` ended, every one
 * listed ended, and the same list read three times in a row. Called after the last request's answer
 * arrived: n8n 2.40 records an execution before it writes the answer (reply mode Immediately: once
 * queued; the workflow's answer comes from the run), so a stray second execution (the failure these
 * tests look for) is already listed; n8n 1.x writes mode Immediately's answer just before queuing,
 * which the repeated reads cover. No fixed wait.
 */
export async function executionsAfterQuiet(env: ScenarioEnv, workflowId: string, expected: number): Promise<Execution[]> {
	await env.api.waitForExecutions(workflowId, expected);
	const deadline = Date.now() + 60_000;
	let same = 0;
	let previous = '';
	for (;;) {
		const all = await env.api.executionSummaries(workflowId);
		const seen = all.map((e) => `${e.id}:${e.status}`).sort().join(',');
		same = seen === previous && all.every((e) => FINAL.has(e.status)) ? same + 1 : 0;
		previous = seen;
		if (same >= 2) return await env.api.waitForExecutions(workflowId, all.length);
		if (Date.now() > deadline) throw new Error(`the executions of workflow ${workflowId} did not settle: ${seen}`);
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
}

/**
 * Waits until n8n has saved the memory of a callback's answer. Some answers reach the gateway a few
 * milliseconds before n8n saves (n8n's order, webhook-helpers.js): a redelivery reaching another
 * webhook processor in that window does not find it (measured apart: simultaneousCopies.ts, and
 * docs/queue-mode.md). These scenarios prove what holds once the answer is saved: later
 * messages and the worker's replies do not erase it.
 */
export async function untilRemembered(env: ScenarioEnv, workflowId: string, messageId: string): Promise<void> {
	const deadline = Date.now() + 30_000;
	for (;;) {
		const workflow = (await env.api.getWorkflow(workflowId)) as { staticData?: unknown };
		if (JSON.stringify(workflow.staticData ?? null).includes(messageId)) return;
		if (Date.now() > deadline) throw new Error(`the answer to ${messageId} was never saved in workflow ${workflowId}'s static data`);
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
}

/** The message (or report) ID each execution was started for. */
export function messageIds(executions: Execution[], triggerName = 'SMS In'): string[] {
	return executions.map((e) => String(nodeJson(e, triggerName)[0]?.id)).sort();
}

/**
 * Where the replies computed by the workflow are remembered. Reply to Message's, in reply mode "Using
 * Reply to Message Node", everywhere: the trigger keeps it as n8n writes it, just before n8n saves the
 * webhook call's static data (nodes/shared/messaging/replyMemory.ts). The last node's, in mode "When Last
 * Node Finishes": n8n writes it after that save, so
 * - 'saved' in one n8n process, where Reply to Message also writes it in the execution's static data,
 *   saved when the execution ends;
 * - 'inProcess' with one webhook processor: the trigger keeps it in the memory that process shares
 *   among its calls (ReplyMemory), and every redelivery reaches that process; it reaches
 *   the database only with a later save from that process;
 * - 'no' with two webhook processors: a redelivery reaching the other one runs again (docs/queue-mode.md, "What is not").
 * The STOP the trigger answers itself is remembered wherever the workflow's replies are (in the modes
 * where the workflow answers, it is written once the run has ended, as a last node's reply is), and
 * in mode Immediately everywhere; where it is, it must survive the worker's replies.
 */
export interface RedeliveryExpectation {
	lastNodeReplies: 'saved' | 'inProcess' | 'no';
}

export function describeRedeliveryScenarios(env: ScenarioEnv, { lastNodeReplies }: RedeliveryExpectation) {
	let credentialId: string;
	beforeAll(async () => {
		credentialId = await createGatewayCredential(env);
	});

	async function publish(replyMode: ReplyMode) {
		const { id, url } = await publishMessagingWorkflow(env, replyMode, credentialId);
		const gateway = gatewayOf(env.sandbox);
		gateway.configure({ providerUrl: url, retries: 2 });
		return { id, gateway };
	}

	describe.each(REPLY_MODES)('reply mode %s', (replyMode) => {
		const computed = (text: string) => (replyMode === 'onReceived' ? undefined : computedReply(text));
		const remembered = replyMode !== 'lastNode' || lastNodeReplies !== 'no';
		// Waits for the database where the reply is saved there; a reply kept in the webhook
		// processor's memory is there as soon as the gateway has its answer.
		const untilSaved = async (id: string, messageId: string) => {
			if (replyMode !== 'lastNode' || lastNodeReplies === 'saved') await untilRemembered(env, id, messageId);
		};

		// Where the last node's replies cannot be remembered (queue mode), these two are not defined:
		// docs/queue-mode.md says so; the STOP case below is what must hold everywhere.
		if (remembered) it('A, B, then A again (a redelivery) runs A once, and the redelivery gets the same answer', async () => {
			const { id, gateway } = await publish(replyMode);
			const [a, b] = [`A-${randomUUID()}`, `B-${randomUUID()}`];
			const first = await gateway.injectMo({ From: '15145550123', To: '55555', Body: 'alpha', ID: a }).done;
			await untilSaved(id, a);
			const other = await gateway.injectMo({ From: '15145550124', To: '55555', Body: 'bravo', ID: b }).done;
			await untilSaved(id, b);
			const again = await gateway.injectMo({ From: '15145550123', To: '55555', Body: 'alpha', ID: a }).done;

			expect([first, other, again].map((d) => [d.state, d.replyBody])).toEqual([
				['delivered', computed('alpha')],
				['delivered', computed('bravo')],
				['delivered', computed('alpha')],
			]);
			expect(messageIds(await executionsAfterQuiet(env, id, 2))).toEqual([a, b].sort());
		});

		if (remembered) it('a delivery report delivered again (after another message) runs once', async () => {
			const { id, gateway } = await publish(replyMode);
			const [reportId, c] = [`R-${randomUUID()}`, `C-${randomUUID()}`];
			const first = await gateway.sendReport(reportId, '55555', '15145550123', 0).done;
			await untilSaved(id, reportId);
			const other = await gateway.injectMo({ From: '15145550125', To: '55555', Body: 'charlie', ID: c }).done;
			await untilSaved(id, c);
			const again = await gateway.sendReport(reportId, '55555', '15145550123', 0).done;
			expect([first.state, other.state, again.state]).toEqual(['delivered', 'delivered', 'delivered']);
			expect(other.replyBody).toBe(computed('charlie'));
			expect(messageIds(await executionsAfterQuiet(env, id, 2))).toEqual([reportId, c].sort());
		});

		// The trigger's STOP answer is saved with the call in mode Immediately. In the modes where the
		// workflow answers, it goes out once the run has ended, after n8n saved the call: it is in this
		// process's memory at once and in the database with the process's next save, so with two
		// webhook processors a redelivery reaching the other one may run again (docs/queue-mode.md).
		const stopRemembered = replyMode === 'onReceived' || lastNodeReplies !== 'no';
		if (stopRemembered) it('STOP answered by the trigger stays remembered through replies computed by the workflow: its redelivery runs once', async () => {
			const { id, gateway } = await publish(replyMode);
			const [stop, d, e] = [`S-${randomUUID()}`, `D-${randomUUID()}`, `E-${randomUUID()}`];
			const first = await gateway.injectMo({ From: '15145550126', To: '55555', Body: 'STOP', ID: stop }).done;
			if (replyMode === 'onReceived') await untilRemembered(env, id, stop);
			const others = [];
			for (const [messageId, text] of [[d, 'delta'], [e, 'echo']]) {
				others.push(await gateway.injectMo({ From: '15145550127', To: '55555', Body: text, ID: messageId }).done);
				if (remembered) await untilSaved(id, messageId);
			}
			const again = await gateway.injectMo({ From: '15145550126', To: '55555', Body: 'STOP', ID: stop }).done;
			expect(again.replyBody).toBe(first.replyBody);
			expect(others.map((o) => [o.state, o.replyBody])).toEqual([
				['delivered', computed('delta')],
				['delivered', computed('echo')],
			]);
			expect(messageIds(await executionsAfterQuiet(env, id, 3))).toEqual([stop, d, e].sort());
		});
	});
}
