// Several webhook processors behind HAProxy with affinity (scripts/n8n-harness/queue/haproxy.ts, the
// recipe of docs/queue-mode.md): every call for one trigger URL reaches one processor, so the three
// cases that lose or double with a balancer without affinity (twoWebhookProcessors.test.ts, through
// the round-robin proxy or to each processor directly) must show nothing lost and nothing run twice:
// asserted, through HAProxy, at two and at three processors.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { DEFAULT_INBOUND_KEY } from '../../sandbox/gateway/config';
import { DEFAULT_SWITCH_KEY } from '../../sandbox/server';
import { callbacksOf } from '../../sandbox/switch/callbacks';
import { SERVED_BY_HEADER } from '../../scripts/n8n-harness/queue/haproxy';
import type { ScenarioEnv } from '../e2e/scenarios/env';
import { describeOverlappingReplies } from '../e2e/scenarios/overlappingReplies';
import { createGatewayCredential, publishMessagingWorkflow } from '../e2e/scenarios/redelivery';
import { describeParallelWaits } from '../e2e/scenarios/sendAndWait';
import { describeSimultaneousCopiesInOneProcess } from '../e2e/scenarios/simultaneousCopies';
import { switchTriggerNode } from '../e2e/scenarios/switchTrigger';
import type { QueueEnv } from './withQueueCluster';

/** The same environment with its calls sent somewhere else (the round-robin proxy: no affinity). */
export function callingThrough(env: QueueEnv, webhookBaseUrl: () => string): ScenarioEnv {
	return {
		get n8n() {
			return env.n8n;
		},
		get api() {
			return env.api;
		},
		get sandbox() {
			return env.sandbox;
		},
		get webhookBaseUrl() {
			return webhookBaseUrl();
		},
	};
}

/** Which processor HAProxy sent a call for `url` to (the suite's X-Served-By header). */
export async function servedBy(url: string, body: Record<string, unknown>): Promise<string> {
	const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
	await response.arrayBuffer();
	const name = response.headers.get(SERVED_BY_HEADER);
	if (!name) throw new Error(`no ${SERVED_BY_HEADER} header from ${url} (HTTP ${response.status})`);
	return name;
}

/** The Messaging Trigger's warning when several processors serve it at once (servedBy.ts), per processor log. */
export function severalProcessorsWarnings(env: QueueEnv): string[][] {
	return env.cluster.webhookProcessors.map((p) =>
		fs
			.readFileSync(p.logFile, 'utf8')
			.split('\n')
			.filter((line) => line.includes('is served by several n8n webhook processors at once')),
	);
}

export function describeAffinity(env: QueueEnv, label: string) {
	describe(`affinity through HAProxy, ${label}`, () => {
		it("one trigger URL's calls all reach one processor; trigger URLs are spread over the processors; other webhooks round robin", async () => {
			const processors = env.cluster.webhookProcessors.length;
			const credentialId = await createGatewayCredential(env);
			const trigger = await publishMessagingWorkflow(env, 'onReceived', credentialId);
			const report = (i: number) => ({ Type: 'Message', ID: `A-${randomUUID()}`, From: '15145550150', To: '55555', Body: `affinity ${i}`, Key: DEFAULT_INBOUND_KEY });
			const names = await Promise.all(Array.from({ length: 12 }, (_, i) => servedBy(trigger.url, report(i))));
			expect(new Set(names).size).toBe(1);
			// HAProxy hashes a trigger-shaped path whether or not n8n has it (n8n answers 404 for these):
			// 30 URLs over the processors, each processor getting some (all on fewer: under 1 in 10^5).
			const spread = await Promise.all(Array.from({ length: 30 }, () => servedBy(`${env.webhookBaseUrl}/webhook/${randomUUID()}/message`, {})));
			expect(new Set(spread).size).toBe(processors);
			// n8n's other webhooks (here an unknown path) go round robin: every processor in one turn.
			const others = await Promise.all(Array.from({ length: processors }, () => servedBy(`${env.webhookBaseUrl}/webhook/not-a-trigger-${randomUUID()}`, {})));
			expect(new Set(others).size).toBe(processors);
		});
		describeSimultaneousCopiesInOneProcess(env);
		it("a missed call's Disconnected notification sent twice in the same instant (a switch repeating it) reaches one processor and starts one run", async () => {
			const credential = await env.api.createCredential(`Sandbox switch (affinity ${randomUUID().slice(0, 8)})`, 'solSwitchApi', { baseUrl: env.sandbox.url, apiKey: DEFAULT_SWITCH_KEY, customer: '' });
			const webhookId = randomUUID();
			const workflow = await env.api.createWorkflow({ name: 'Affinity Missed Call', nodes: [switchTriggerNode(webhookId, { event: 'missed-call' }, { credentials: { solSwitchApi: credential } })], connections: {} });
			await env.api.publishWorkflow(workflow.id);
			const url = `${env.webhookBaseUrl}/webhook/${webhookId}/missed-call`;
			// The call played with its notifications sent nowhere (a sandbox path that answers 404): the
			// test sends its Disconnected itself, both copies at once, as no sandbox chain would.
			const callbacks = callbacksOf(env.sandbox);
			const before = callbacks.config.sipNotificationUrls;
			callbacks.configure({ sipNotificationUrls: [`${env.sandbox.url}/_sandbox/nowhere`] });
			let played: { CallID: string };
			try {
				const answer = await fetch(`${env.sandbox.url}/_sandbox/calls/play`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scenario: 'missed', From: '4385550177', DID: '5145550100', Extension: '201', ringSeconds: 12 }) });
				played = (await answer.json()) as { CallID: string };
			} finally {
				callbacks.configure({ sipNotificationUrls: before });
			}
			const disconnected = env.sandbox.exchanges
				.find({ direction: 'out', service: 'sipNotification' })
				.map((e) => e.body as { Event: string; CallID: string })
				.filter((body) => body.Event === 'Disconnected' && body.CallID === played.CallID);
			expect(disconnected).toHaveLength(1);
			const copies = await Promise.all(
				[0, 1].map(async () => {
					const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(disconnected[0]) });
					return { status: response.status, text: await response.text(), servedBy: response.headers.get(SERVED_BY_HEADER) };
				}),
			);
			expect(copies.map((c) => c.status)).toEqual([200, 200]);
			expect(new Set(copies.map((c) => c.servedBy)).size).toBe(1);
			const [execution] = await env.api.waitForExecutions(workflow.id, 1);
			expect(execution.status).toBe('success');
			// Settled: a second run would have started by now (the first took its lookups meanwhile).
			await new Promise((resolve) => setTimeout(resolve, 3000));
			const runs = await env.api.executionSummaries(workflow.id);
			process.stderr.write(`\n[affinity] ${label}: a Disconnected sent twice at once, both to ${copies[0].servedBy}: ${runs.length} run(s)\n`);
			expect(runs).toHaveLength(1);
		});
		describeOverlappingReplies(env, `queue mode, ${label} behind HAProxy`, 'none');
		// Last but one: its fixture points the gateway at its own inbound workflow.
		describeParallelWaits(env, `queue mode, ${label} behind HAProxy`, 'none');
		it('no trigger said it was served by several processors at once', () => {
			expect(severalProcessorsWarnings(env)).toEqual(env.cluster.webhookProcessors.map(() => []));
		});
	});
}
