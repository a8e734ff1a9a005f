/**
 * MO messages through a real n8n (the packed package installed as a community package), timed from
 * the gateway's side: the Messaging Trigger (computed reply through Reply to Message; compliance
 * keywords answered by the trigger itself) beside what a user would build without the package
 * (Webhook -> IF on the keyword -> Respond to Webhook). Fixed message counts, 10 concurrent senders,
 * the same run for both. Figures, no asserts.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import { DEFAULT_INBOUND_KEY } from '../../sandbox/gateway/config';
import { startN8n } from '../n8n-harness';
import type { Benchmark } from './benchmark';

const MESSAGES = Number(process.env.BENCH_MO_MESSAGES ?? 200);
const CONCURRENCY = 10;
const WARMUP = 20;

function prepareHarnessPaths(repoRoot: string) {
	// The harness finds scripts/install-n8n.sh next to itself; compiled, that is build/scripts/.
	const target = path.join(repoRoot, 'build', 'scripts', 'install-n8n.sh');
	fs.mkdirSync(path.dirname(target), { recursive: true });
	fs.copyFileSync(path.join(repoRoot, 'scripts', 'install-n8n.sh'), target);
}

function pack(repoRoot: string): string {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solswitch-bench-mo-'));
	const out = execFileSync('npm', ['pack', '--json', '--pack-destination', dir], { cwd: repoRoot, encoding: 'utf8' });
	return path.join(dir, (JSON.parse(out) as Array<{ filename: string }>)[0].filename);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

function node(name: string, type: string, typeVersion: number, parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) {
	return { id: randomUUID(), name, type, typeVersion, position: [0, 0], parameters, ...extra };
}

interface Figures {
	perSecond: number;
	p50: number;
	p99: number;
	wrong: number;
}

/** Rounds per variant: the variants take turns, so a noisy moment on the machine hits both alike. */
const ROUNDS = 4;

/** count MO callbacks, CONCURRENCY at a time, each checked for the expected reply Body. */
async function drive(url: string, text: string, expectedBody: string, count: number, warmup: number): Promise<Figures & { times: number[]; seconds: number }> {
	let seq = 0;
	let firstWrong = '';
	const send = async () => {
		const id = `bench-${randomUUID()}`;
		const started = performance.now();
		const response = await request(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ Type: 'Message', ID: id, From: '15145550123', To: '55555', Body: text, Key: DEFAULT_INBOUND_KEY }),
		});
		const raw = await response.body.text();
		let answer: { Status?: string; Body?: string } = {};
		try {
			answer = JSON.parse(raw);
		} catch {
			// counted as a wrong answer below
		}
		const ok = response.statusCode === 200 && answer.Status === 'OK' && answer.Body === expectedBody;
		if (!ok && !firstWrong) firstWrong = `HTTP ${response.statusCode}: ${raw.slice(0, 200)}`;
		return { ms: performance.now() - started, ok };
	};
	for (let i = 0; i < warmup; i++) await send();
	const times: number[] = [];
	let wrong = 0;
	const started = performance.now();
	await Promise.all(
		Array.from({ length: CONCURRENCY }, async () => {
			while (seq < count) {
				seq++;
				const r = await send();
				times.push(r.ms);
				if (!r.ok) wrong++;
			}
		}),
	);
	const seconds = (performance.now() - started) / 1000;
	if (firstWrong) console.log(`  first wrong answer from ${url}: ${firstWrong}`);
	const sorted = [...times].sort((a, b) => a - b);
	return { perSecond: times.length / seconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99), wrong, times, seconds };
}

/** Both variants, WARMUP each first, then ROUNDS turns each of MESSAGES / ROUNDS callbacks (order alternating). */
async function compare(a: string, b: string, text: string, expectedBody: string): Promise<[Figures, Figures]> {
	const all = [a, b].map(() => ({ times: [] as number[], seconds: 0, wrong: 0 }));
	for (const url of [a, b]) await drive(url, text, expectedBody, 0, WARMUP);
	for (let round = 0; round < ROUNDS; round++) {
		const order = round % 2 ? [1, 0] : [0, 1];
		for (const i of order) {
			const r = await drive([a, b][i], text, expectedBody, Math.ceil(MESSAGES / ROUNDS), 0);
			all[i].times.push(...r.times);
			all[i].seconds += r.seconds;
			all[i].wrong += r.wrong;
		}
	}
	return all.map((v) => {
		const sorted = v.times.sort((x, y) => x - y);
		return { perSecond: sorted.length / v.seconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99), wrong: v.wrong };
	}) as [Figures, Figures];
}

const HELP = 'Help: support@example.com or 1-800-555-0100. Msg&data rates may apply. Reply STOP to opt out.';

async function run() {
	const repoRoot = process.cwd();
	prepareHarnessPaths(repoRoot);
	const { n8n, api } = await startN8n({ communityPackages: [pack(repoRoot)] });
	try {
		const credential = await api.createCredential('Bench gateway', 'solSwitchMessagingApi', {
			baseUrl: 'http://127.0.0.1:9',
			apiKey: '',
			inboundApiKey: DEFAULT_INBOUND_KEY,
			inboundKeyType: 'body',
		});
		const triggerHook = randomUUID();
		const trigger = node('SMS In', 'n8n-nodes-solswitch.solSwitchMessagingTrigger', 1, { events: ['sms'], replyMode: 'responseNode', options: { helpText: HELP } }, {
			webhookId: triggerHook,
			credentials: { solSwitchMessagingApi: { id: credential.id, name: credential.name } },
		});
		const reply = node('Reply', 'n8n-nodes-solswitch.solSwitchMessaging', 1, { resource: 'message', operation: 'reply', Body: '={{ "Your " + $json.keyword + " order is in" }}' });
		const ours = await api.createWorkflow({ name: 'Bench trigger', nodes: [trigger, reply], connections: { 'SMS In': { main: [[{ node: 'Reply', type: 'main', index: 0 }]] } } });
		await api.publishWorkflow(ours.id);

		// Without the package: check the key, branch on the keyword, build the gateway's JSON by hand.
		const webhookPath = `bench-mo-${randomUUID()}`;
		const keyword = '{{ $json.body.Body.trim().split(" ")[0].toUpperCase() }}';
		const plain = await api.createWorkflow({
			name: 'Bench webhook',
			nodes: [
				node('Webhook', 'n8n-nodes-base.webhook', 2.1, { httpMethod: 'POST', path: webhookPath, responseMode: 'responseNode', options: {} }, { webhookId: randomUUID() }),
				// The trigger checks the inbound key on every callback: so does the alternative.
				node('Key OK', 'n8n-nodes-base.if', 2.2, {
					conditions: {
						options: { caseSensitive: true, leftValue: '', typeValidation: 'loose', version: 2 },
						conditions: [{ id: randomUUID(), leftValue: '={{ $json.body.Key }}', rightValue: DEFAULT_INBOUND_KEY, operator: { type: 'string', operation: 'equals' } }],
						combinator: 'and',
					},
					options: {},
				}),
				node('Refuse', 'n8n-nodes-base.respondToWebhook', 1.5, { respondWith: 'json', responseBody: JSON.stringify({ Status: 'FAIL', Reason: 'Not authorized.' }), options: { responseCode: 401 } }),
				node('Is HELP', 'n8n-nodes-base.if', 2.2, {
					conditions: {
						options: { caseSensitive: true, leftValue: '', typeValidation: 'loose', version: 2 },
						conditions: [{ id: randomUUID(), leftValue: `=${keyword}`, rightValue: 'HELP', operator: { type: 'string', operation: 'equals' } }],
						combinator: 'and',
					},
					options: {},
				}),
				node('Respond HELP', 'n8n-nodes-base.respondToWebhook', 1.5, { respondWith: 'json', responseBody: JSON.stringify({ Status: 'OK', Body: HELP }), options: {} }),
				node('Respond', 'n8n-nodes-base.respondToWebhook', 1.5, { respondWith: 'json', responseBody: `={{ { "Status": "OK", "Body": "Your " + ${keyword.slice(3, -3)} + " order is in" } }}`, options: {} }),
			],
			connections: {
				Webhook: { main: [[{ node: 'Key OK', type: 'main', index: 0 }]] },
				'Key OK': { main: [[{ node: 'Is HELP', type: 'main', index: 0 }], [{ node: 'Refuse', type: 'main', index: 0 }]] },
				'Is HELP': { main: [[{ node: 'Respond HELP', type: 'main', index: 0 }], [{ node: 'Respond', type: 'main', index: 0 }]] },
			},
		});
		await api.publishWorkflow(plain.id);

		const oursUrl = `${n8n.baseUrl}/webhook/${triggerHook}/message`;
		const plainUrl = `${n8n.baseUrl}/webhook/${webhookPath}`;
		const rows: Array<[string, Figures]> = [];
		for (const [label, text, body] of [
			['computed reply', 'pizza', 'Your PIZZA order is in'],
			['compliance HELP', 'help', HELP],
		] as const) {
			const [a, b] = await compare(oursUrl, plainUrl, text, body);
			rows.push([`${label}: Messaging Trigger`, a], [`${label}: Webhook + IF + Respond`, b]);
			console.log(
				`${label.padEnd(16)} trigger ${a.perSecond.toFixed(1)}/s p50 ${a.p50.toFixed(1)} ms p99 ${a.p99.toFixed(1)} ms | ` +
					`webhook ${b.perSecond.toFixed(1)}/s p50 ${b.p50.toFixed(1)} ms p99 ${b.p99.toFixed(1)} ms | ` +
					`throughput x${(a.perSecond / b.perSecond).toFixed(2)}, p50 x${(b.p50 / a.p50).toFixed(2)} faster, p99 x${(b.p99 / a.p99).toFixed(2)} faster` +
					(a.wrong || b.wrong ? ` (wrong answers: trigger ${a.wrong}, webhook ${b.wrong})` : ''),
			);
		}
		console.log(`(${MESSAGES} messages per variant after ${WARMUP} warm-up, in ${ROUNDS} interleaved rounds, ${CONCURRENCY} concurrent senders; both check the inbound key; n8n ${n8n.baseUrl})`);
	} finally {
		await n8n.stop();
	}
}

export const messagingBenchmark: Benchmark = { name: 'messaging', run };
