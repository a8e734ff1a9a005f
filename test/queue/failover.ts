// Failover behind HAProxy: the webhook processor that serves a Messaging Trigger is killed (SIGKILL,
// as a crash) during a burst of FAILOVER_MESSAGES messages and FAILOVER_REPLIES Send and Wait
// replies. HAProxy moves the trigger's URL to another processor (a refused connection is sent to
// another at once; its checks mark the processor down within seconds); the gateway sends again what
// got no answer. The processor taking over loads the trigger's state with each call (n8n reads the
// workflow's static data from the database for every webhook call), so every registration saved
// before the kill is found there.
//
// Counted, printed and asserted 0: messages lost (never ran) and run twice; replies lost (neither
// resumed their wait nor ran the workflow) and handled twice (resumed and also ran the workflow).
// What the gateway gave up on (its retries spent) is counted apart. A reply the killed processor
// handed to its wait before it died is sent again by the gateway to the other processor, which still
// finds the wait in the trigger's saved state: n8n then says the execution no longer waits, and the
// trigger takes the reply as handled (forwarding.ts, 'consumed') instead of running the workflow for
// it (32 of 50 ran it before, 2026-11-27). A message whose run the killed processor queued in the
// instant before it could answer runs twice (n8n gives no way to know): 0 in this test's runs so far,
// 9, 22 and 25 of 300 in three runs of the fault soak behind HAProxy, 12 kills each (2026-11-27). So that one is counted and
// printed, and only its cause asserted: a message runs twice only if the gateway sent it again.
// Likewise a reply the killed processor had in hand when it died (forwarded, perhaps, and its note of
// where the message went lost with it: R10 keeps a phone's next message from being dropped, so the
// other processor cannot tell that copy from a new one): counted, and only its cause asserted.
import { randomUUID } from 'node:crypto';
import { gatewayOf } from '../../sandbox/gateway';
import type { Delivery } from '../../sandbox/gateway/callbacks';
import { DEFAULT_INBOUND_KEY } from '../../sandbox/gateway/config';
import { nodeJson, type Execution, type ExecutionSummary } from '../../scripts/n8n-harness';
import { createGatewayCredential, publishMessagingWorkflow } from '../e2e/scenarios/redelivery';
import { servedBy } from './affinity';
import type { QueueEnv } from './withQueueCluster';

export const FAILOVER_MESSAGES = 50;
export const FAILOVER_REPLIES = 50;
const CODE = '55555';

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await probe();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 300));
	}
}

const FINAL = new Set(['success', 'error', 'canceled', 'crashed', 'waiting']);

/**
 * Every run of a workflow once at least `atLeast` have been recorded and none has changed for two
 * looks (or 90 s passed: what is missing then is counted as lost). Paged (executionSummaries): the
 * trigger's runs here pass n8n's 100 per page (the Send and Wait SMS's delivery reports run it too).
 */
async function settledRuns(env: QueueEnv, workflowId: string, atLeast: number): Promise<ExecutionSummary[]> {
	const deadline = Date.now() + 90_000;
	let previous = '';
	let same = 0;
	for (;;) {
		const all = await env.api.executionSummaries(workflowId);
		const seen = all.map((e) => `${e.id}:${e.status}`).sort().join(',');
		same = seen === previous && all.length >= atLeast && all.every((e) => FINAL.has(String(e.status))) ? same + 1 : 0;
		previous = seen;
		if (same >= 2 || Date.now() > deadline) return all;
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
}

export interface FailoverFigures {
	killed: string;
	messagesLost: number;
	messagesRunTwice: number;
	/** Messages run twice that the gateway sent only once: never explained by a kill, asserted 0. */
	runTwiceNotSentAgain: number;
	repliesLost: number;
	repliesTwice: number;
	/**
	 * Replies handled twice that the killed processor did not have in hand when it died (no attempt of
	 * theirs cut by the kill), or that the gateway did not send again: asserted 0.
	 */
	repliesTwiceNotCutByKill: number;
	/** Replies handled twice in all that an attempt cut by the kill explains (printed). */
	repliesTwiceCutByKill: number;
	/** Deliveries that needed more than one attempt (they met the kill). */
	retried: number;
	/**
	 * Replies the killed processor handed to their waits before it died (the waiting node took them
	 * before the kill): each was sent again by the gateway and met its wait still held by the other
	 * processor, the case that ran the workflow a second time before.
	 */
	resumedBeforeKill: number;
	/** Of those, the ones whose answer the victim never wrote: sent again by the gateway, they met their wait already resumed. */
	resumedThenSentAgain: number;
	/** Deliveries the gateway gave up on, its retries spent. */
	gaveUp: number;
	/** Runs of the trigger's workflow that failed on the worker before naming their message. */
	failedRuns: number;
}

/**
 * The kill strikes once this many waits were resumed through the victim (or after KILL_AT_LATEST_MS):
 * a fixed delay (300 ms) struck before any on a loaded machine (2026-11-27 evening: 0 of 50 resumed
 * first), or after 32 of them (earlier), so whether a reply met its wait already resumed was luck.
 */
const KILL_AFTER_RESUMED = 5;
const KILL_AT_LATEST_MS = 20_000;

export async function runFailover(env: QueueEnv): Promise<FailoverFigures> {
	const gateway = gatewayOf(env.sandbox);
	const credentialId = await createGatewayCredential(env);
	const inbound = await publishMessagingWorkflow(env, 'onReceived', credentialId);
	gateway.configure({ providerUrl: inbound.url, inboundKey: DEFAULT_INBOUND_KEY });
	// One ask workflow, run once per phone (the phone in the Webhook's body).
	const path = `ask-${randomUUID()}`;
	const ask = await env.api.createWorkflow({
		name: `Failover ask ${path.slice(4, 12)}`,
		nodes: [
			{ id: randomUUID(), name: 'Start', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], webhookId: randomUUID(), parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} } },
			{
				id: randomUUID(),
				name: 'Ask',
				type: 'n8n-nodes-solswitch.solSwitchMessaging',
				typeVersion: 1,
				position: [220, 0],
				parameters: { resource: 'message', operation: 'sendAndWait', From: CODE, To: '={{ $json.body.phone }}', message: 'Approve the change?', triggerUrl: inbound.url, responseType: 'approval', approvalOptions: {}, options: {} },
				credentials: { solSwitchMessagingApi: { id: credentialId, name: 'Gateway' } },
			},
			{ id: randomUUID(), name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [440, 0], parameters: {} },
		],
		connections: { Start: { main: [[{ node: 'Ask', type: 'main', index: 0 }]] }, Ask: { main: [[{ node: 'Done', type: 'main', index: 0 }]] } },
	});
	await env.api.publishWorkflow(ask.id);
	const phones = Array.from({ length: FAILOVER_REPLIES }, (_, i) => `1450555${String(1000 + i).padStart(4, '0')}`);
	for (const phone of phones) {
		const started = await fetch(`${env.webhookBaseUrl}/webhook/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone }) });
		expect(started.status).toBe(200);
	}
	const waits = await until('every ask to wait', async () => {
		const list = await env.api.executionSummaries(ask.id);
		return list.length === phones.length && list.every((e) => e.status === 'waiting') ? list : undefined;
	});
	// Which processor serves the trigger now (a delivery report: acknowledged, nothing else).
	const killed = await servedBy(inbound.url, { Type: 'Message', ID: `F-${randomUUID()}`, From: '15145550170', To: CODE, Body: 'who serves', Key: DEFAULT_INBOUND_KEY });
	const victim = env.cluster.webhookProcessors[Number(killed.replace('webhook-', '')) - 1];
	const before = await settledRuns(env, inbound.id, 1);

	// The burst: messages and replies interleaved, the processor killed while they flow.
	const deliveries: Array<{ kind: 'message' | 'reply'; phone?: string; delivery: Promise<Delivery> }> = [];
	for (let i = 0; i < Math.max(FAILOVER_MESSAGES, FAILOVER_REPLIES); i++) {
		if (i < FAILOVER_MESSAGES) deliveries.push({ kind: 'message', delivery: gateway.injectMo({ From: `1438556${String(1000 + i).padStart(4, '0')}`, To: CODE, Body: `order ${i}` }).done });
		if (i < FAILOVER_REPLIES) deliveries.push({ kind: 'reply', phone: phones[i], delivery: gateway.phones.reply(phones[i], 'YES')!.done });
	}
	const killBy = Date.now() + KILL_AT_LATEST_MS;
	while (Date.now() < killBy && (await env.api.executionSummaries(ask.id)).filter((e) => e.status !== 'waiting').length < KILL_AFTER_RESUMED) {
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
	const killedAt = Date.now();
	await victim.kill();
	try {
		const done = await Promise.all(deliveries.map((d) => d.delivery));
		// What the gateway gave up on (its retries spent: a loaded machine answering 500 and 503) is
		// counted apart: neither lost by the package nor delivered.
		const gaveUp = new Set(done.filter((d) => d.state !== 'delivered').map((d) => d.id));

		const messageIds = done.filter((_, i) => deliveries[i].kind === 'message').map((d) => d.id);
		const replyIds = done.filter((_, i) => deliveries[i].kind === 'reply').map((d) => d.id);
		// Settled: every wait resumed or its reply ran the workflow, then the runs list stays the same.
		const ranFor = new Map<string, string>();
		const failedRuns = new Set<string>();
		const earlier = new Set(before.map((e) => String(e.id)));
		const inboundRuns = async () => {
			const all = await settledRuns(env, inbound.id, before.length + FAILOVER_MESSAGES);
			for (const summary of all) {
				const id = String(summary.id);
				if (earlier.has(id) || ranFor.has(id) || failedRuns.has(id)) continue;
				// A run that failed on the worker before the trigger's output was kept (the worker's database
				// pool timed out on the loaded machine) names no message: counted apart.
				try {
					ranFor.set(id, String(nodeJson(await env.api.getExecution(id), 'SMS In')[0]?.id));
				} catch {
					failedRuns.add(id);
				}
			}
			return all;
		};
		let executions: Execution[] = [];
		const deadline = Date.now() + 90_000;
		for (;;) {
			await inboundRuns();
			executions = await Promise.all(waits.map((w) => env.api.getExecution(String(w.id))));
			const ordinary = new Set(ranFor.values());
			const byPhone = new Map(executions.map((e) => [String((nodeJson(e, 'Start')[0] as { body?: { phone?: string } })?.body?.phone), e]));
			const settled = phones.every((phone, i) => byPhone.get(phone)?.status !== 'waiting' || ordinary.has(replyIds[i]));
			if (settled || Date.now() > deadline) break;
			await new Promise((resolve) => setTimeout(resolve, 1000));
		}
		const runs = new Map<string, number>();
		for (const id of ranFor.values()) runs.set(id, (runs.get(id) ?? 0) + 1);
		const byPhone = new Map(executions.map((e) => [String((nodeJson(e, 'Start')[0] as { body?: { phone?: string } })?.body?.phone), e]));
		const resumed = phones.map((phone) => byPhone.get(phone)?.status !== 'waiting');
		// The waits the victim resumed before it died: their node took the reply before the kill.
		const resumedBefore = new Set(
			phones.filter((phone) => {
				const e = byPhone.get(phone);
				const at = e ? Date.parse(String((nodeJson(e, 'Ask')[0] as { data?: { respondedAt?: string } } | undefined)?.data?.respondedAt ?? '')) : NaN;
				return at < killedAt;
			}),
		);
		const handledTwice = (id: string, i: number) => (resumed[i] && runs.has(id)) || (runs.get(id) ?? 0) > 1;
		// A reply the killed processor had in hand when it died: an attempt made before the kill that got
		// no answer from the trigger (the connection cut, or the balancer's error page, not a JSON Status),
		// then sent again. That processor may have handed it to its wait before dying, and its note of where
		// the message went died with it (saved with the answer it never wrote). Whether the waiting node
		// took the reply before the kill (respondedAt) is no measure of that: under load the worker runs the
		// resumed node after the kill (the first criterion here; it failed 4 of 7 loaded runs).
		const cutByKill = (phone: string) => {
			const attempts = done[deliveries.findIndex((d) => d.kind === 'reply' && d.phone === phone)].attempts;
			const cut = attempts.some((a) => Date.parse(a.at) < killedAt && (a.error !== undefined || typeof (a.answer as { Status?: unknown } | undefined)?.Status !== 'string'));
			return cut && attempts.length > 1;
		};
		const figures: FailoverFigures = {
			killed,
			gaveUp: gaveUp.size,
			failedRuns: failedRuns.size,
			messagesLost: messageIds.filter((id) => !runs.has(id) && !gaveUp.has(id)).length,
			messagesRunTwice: messageIds.filter((id) => (runs.get(id) ?? 0) > 1).length,
			runTwiceNotSentAgain: messageIds.filter((id) => (runs.get(id) ?? 0) > 1 && done.find((d) => d.id === id)!.attempts.length < 2).length,
			repliesLost: replyIds.filter((id, i) => !resumed[i] && !runs.has(id) && !gaveUp.has(id)).length,
			repliesTwice: replyIds.filter((id, i) => (resumed[i] && runs.has(id)) || (runs.get(id) ?? 0) > 1).length,
			// Without the trigger's note (message ID -> wait, saved with its answer: lost with the killed
			// processor), a wait that moved on cannot tell its own reply's redelivery from a new message
			// of the phone, which must run (review 3's R10): only such a reply may be handled twice.
			repliesTwiceNotCutByKill: replyIds.filter((id, i) => handledTwice(id, i) && !cutByKill(phones[i])).length,
			repliesTwiceCutByKill: replyIds.filter((id, i) => handledTwice(id, i) && cutByKill(phones[i])).length,
			retried: done.filter((d) => d.attempts.length > 1).length,
			resumedBeforeKill: resumedBefore.size,
			resumedThenSentAgain: replyIds.filter((id, i) => resumedBefore.has(phones[i]) && done[deliveries.findIndex((d) => d.kind === 'reply' && d.phone === phones[i])].attempts.length > 1).length,
		};
		process.stderr.write(
			`\n[failover] ${killed} killed during ${FAILOVER_MESSAGES} messages and ${FAILOVER_REPLIES} replies (${figures.retried} deliveries sent again, ${figures.resumedBeforeKill} replies resumed their waits through it before it died, ${figures.resumedThenSentAgain} of them sent again, ${figures.gaveUp} given up by the gateway, ${figures.failedRuns} runs failed on the worker): ` +
				`messages lost ${figures.messagesLost}, run twice ${figures.messagesRunTwice}; replies lost ${figures.repliesLost}, handled twice ${figures.repliesTwice} (${figures.repliesTwiceCutByKill} of them in the killed processor's hands when it died)\n`,
		);
		return figures;
	} finally {
		// Back as it was for what follows (also when this case failed): the processor started again, HAProxy sees it up.
		await victim.restart();
		await env.cluster.whenHealthy();
	}
}

export function describeFailover(env: QueueEnv) {
	it(`failover: the processor serving a trigger killed during ${FAILOVER_MESSAGES} messages and ${FAILOVER_REPLIES} Send and Wait replies: nothing lost, a message run twice only when the dead processor had queued it, a reply handled twice only when the dead processor had it in hand when it died`, async () => {
		const figures = await runFailover(env);
		expect({ messagesLost: figures.messagesLost, runTwiceNotSentAgain: figures.runTwiceNotSentAgain, repliesLost: figures.repliesLost, repliesTwiceNotCutByKill: figures.repliesTwiceNotCutByKill }).toEqual({
			messagesLost: 0,
			runTwiceNotSentAgain: 0,
			repliesLost: 0,
			repliesTwiceNotCutByKill: 0,
		});
		// The kill met the burst: some deliveries needed the gateway's retry, and some replies had resumed
		// their waits through the killed processor before it died (else the case was not met).
		expect(figures.retried).toBeGreaterThan(0);
		expect(figures.resumedBeforeKill).toBeGreaterThan(0);
	}, 400_000);
}
