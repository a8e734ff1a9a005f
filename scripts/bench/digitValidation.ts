/**
 * The caller's wait: Digit Validation round trips through a real n8n (the packed package installed
 * as a community package), timed from the switch's side (the sandbox's client), for the SolSwitch
 * Trigger answering from a Set node's field and from the SolSwitch node's Answer Digit Validation,
 * beside the same answer given by n8n's own Webhook + Respond to Webhook nodes. Figures, no asserts.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { DEFAULT_SWITCH_KEY, startSandbox } from '../../sandbox/server';
import { callbacksOf } from '../../sandbox/switch/callbacks';
import { packRepo, startN8n } from '../n8n-harness';
import type { Benchmark } from './benchmark';

const WARMUP = 20;
const ROUNDS = Number(process.env.BENCH_DV_ROUNDS ?? 200);

function percentile(sorted: number[], p: number): number {
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function node(name: string, type: string, typeVersion: number, parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) {
	return { id: randomUUID(), name, type, typeVersion, position: [0, 0], parameters, ...extra };
}

function chain(nodes: Array<{ name: string }>) {
	const connections: Record<string, unknown> = {};
	for (let i = 0; i + 1 < nodes.length; i++) connections[nodes[i].name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
	return connections;
}

async function run() {
	const sandbox = await startSandbox({ timeScale: 1 });
	const { n8n, api } = await startN8n({ communityPackages: [await packRepo()] });
	try {
		const credential = await api.createCredential('Bench switch', 'solSwitchApi', { baseUrl: sandbox.url, apiKey: DEFAULT_SWITCH_KEY, customer: '' });
		const variants: Array<{ label: string; url: string }> = [];
		const publish = async (label: string, nodes: Array<{ name: string }>, urlPath: string) => {
			const workflow = await api.createWorkflow({ name: label, nodes, connections: chain(nodes), settings: { executionOrder: 'v1' } });
			await api.publishWorkflow(workflow.id);
			variants.push({ label, url: `${n8n.baseUrl}/webhook/${urlPath}` });
		};
		const lastNodeId = randomUUID();
		await publish(
			'SolSwitch Trigger -> Set (last node field)',
			[
				node('Trigger', 'n8n-nodes-solswitch.solSwitchTrigger', 1, { event: 'digit-validation', answerFrom: 'lastNode', answerField: 'option', fallbackOption: 'operator' }, { webhookId: lastNodeId }),
				node('Set', 'n8n-nodes-base.set', 3.4, {
					mode: 'manual',
					assignments: { assignments: [{ id: randomUUID(), name: 'option', value: "={{ 'queue-' + $json.Digits }}", type: 'string' }] },
					options: {},
				}),
			],
			`${lastNodeId}/digit-validation`,
		);
		const answerId = randomUUID();
		await publish(
			'SolSwitch Trigger -> Answer Digit Validation',
			[
				node('Trigger', 'n8n-nodes-solswitch.solSwitchTrigger', 1, { event: 'digit-validation', answerFrom: 'responseNode', fallbackOption: 'operator' }, { webhookId: answerId }),
				node('Answer', 'n8n-nodes-solswitch.solSwitch', 1, { resource: 'digitValidation', operation: 'answer', Option: "={{ 'queue-' + $json.Digits }}" }, {
					credentials: { solSwitchApi: { id: credential.id, name: credential.name } },
				}),
			],
			`${answerId}/digit-validation`,
		);
		const fixedId = randomUUID();
		await publish(
			'SolSwitch Trigger, Fixed Answers (no execution)',
			[
				node('Trigger', 'n8n-nodes-solswitch.solSwitchTrigger', 1, {
					event: 'digit-validation',
					answerFrom: 'lastNode',
					answerField: 'option',
					fallbackOption: 'operator',
					fixedAnswers: { answers: Array.from({ length: 10 }, (_, d) => ({ digits: String(d), option: `queue-${d}` })) },
				}, { webhookId: fixedId }),
			],
			`${fixedId}/digit-validation`,
		);
		// The baseline stays last.
		await publish(
			'n8n Webhook -> Respond to Webhook',
			[
				node('Webhook', 'n8n-nodes-base.webhook', 2.1, { httpMethod: 'POST', path: 'bench-dv', responseMode: 'responseNode', options: {} }, { webhookId: randomUUID() }),
				node('Respond', 'n8n-nodes-base.respondToWebhook', 1.5, { respondWith: 'text', responseBody: "={{ 'queue-' + $json.body.Digits }}", options: {} }),
			],
			'bench-dv',
		);

		const callbacks = callbacksOf(sandbox);
		const times = new Map<string, number[]>(variants.map((v) => [v.label, []]));
		for (let round = 0; round < WARMUP + ROUNDS; round++) {
			// Interleaved, so a noisy moment on the machine hits every variant alike.
			for (const v of variants) {
				const digits = String(round % 10);
				const started = performance.now();
				const record = await callbacks.digitValidation(v.url, { Digits: digits, ExtensionNumber: '510', CDRCallID: `bench.${round}`, CIDName: 'Bench', CIDNum: '5145550199', DID: '5145550100' });
				const elapsed = performance.now() - started;
				if (record.option !== `queue-${digits}`) throw new Error(`${v.label} answered ${JSON.stringify(record.option)} (HTTP ${record.status}), expected queue-${digits}`);
				if (round >= WARMUP) times.get(v.label)!.push(elapsed);
			}
		}
		const baseline = [...times.values()].pop()!.sort((a, b) => a - b);
		console.log(`${ROUNDS} Digit Validation round trips per variant (after ${WARMUP} warm-up), sequential, from the switch's side:`);
		for (const [label, list] of times) {
			list.sort((a, b) => a - b);
			const p50 = percentile(list, 50);
			const p99 = percentile(list, 99);
			console.log(
				`  ${label.padEnd(50)} p50 ${p50.toFixed(1).padStart(6)} ms   p99 ${p99.toFixed(1).padStart(6)} ms   ` +
					`ratio to Webhook + Respond: p50 ${(p50 / percentile(baseline, 50)).toFixed(2)}x, p99 ${(p99 / percentile(baseline, 99)).toFixed(2)}x`,
			);
		}
	} finally {
		await n8n.stop();
		await sandbox.close();
	}
}

export const digitValidationBenchmark: Benchmark = { name: 'digit-validation-round-trip', run };
