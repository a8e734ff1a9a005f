/**
 * Bulk SMS: 1,000 / 10,000 recipients through Send SMS (Options > Concurrency) beside n8n's HTTP
 * Request node with batching at the same concurrency (Batch Size = concurrency, Batch Interval = the
 * gateway's slowest answer, so that no more than that many are in flight, as with ours). The
 * sandbox's gateway answers each message after 20 to 80 ms (a gateway across a network) and counts what it has in flight.
 * Both workflows: Webhook → Edit Fields (the recipients) → Split Out → the sender, answering with
 * all items, so that the count and the order can be checked. Three interleaved rounds per size.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { DEFAULT_GATEWAY_KEY } from '../../sandbox/gateway/config';
import { gatewayOf } from '../../sandbox/gateway';
import { fromSamples, pairedRatios, type BenchContext, type BenchPath, type Comparison, type Side } from './types';
import { node, publish, webhook } from './workflows';

const CONCURRENCY = 10;
const LATENCY_MS = 20;
const JITTER_MS = 60;
const BODY = 'Your appointment is tomorrow at 10:00. Reply STOP to opt out.';
const recipient = (i: number) => String(15140000000 + i);

/** Webhook → Edit Fields → Split Out: one item { to } per recipient, the count from the request. */
function recipients(path: string) {
	return [
		webhook(path, 'lastNode', {}, { responseData: 'allEntries' }),
		node('Recipients', 'n8n-nodes-base.set', 3.4, {
			mode: 'manual',
			assignments: { assignments: [{ id: randomUUID(), name: 'to', value: '={{ Array.from({ length: $json.body.count }, (_, i) => String(15140000000 + i)) }}', type: 'array' }] },
			options: {},
		}),
		node('Split Out', 'n8n-nodes-base.splitOut', 1, { fieldToSplitOut: 'to', include: 'noOtherFields', options: {} }),
	];
}

const NO_SAVE = { saveDataSuccessExecution: 'none', saveDataErrorExecution: 'all' };

async function workflows(ctx: BenchContext) {
	const oursPath = `bench-bulk-ours-${randomUUID()}`;
	const ours = await publish(ctx.n8n, ctx.api, 'Bench bulk: Send SMS', [
		...recipients(oursPath),
		node('Send SMS', 'n8n-nodes-solswitch.solSwitchMessaging', 1, {
			resource: 'message',
			operation: 'sendSms',
			From: '55555',
			To: '={{ $json.to }}',
			Body: BODY,
			additionalFields: { Receipt: 'no' },
			options: { concurrency: CONCURRENCY },
		}, { credentials: { solSwitchMessagingApi: ctx.credentials.messaging } }),
	], oursPath, { settings: NO_SAVE });
	const plainPath = `bench-bulk-plain-${randomUUID()}`;
	const plain = await publish(ctx.n8n, ctx.api, 'Bench bulk: HTTP Request with batching', [
		...recipients(plainPath),
		node('HTTP Request', 'n8n-nodes-base.httpRequest', 4.2, {
			method: 'POST',
			url: `${ctx.sandbox.url}/sms/`,
			sendBody: true,
			specifyBody: 'json',
			jsonBody: `={{ JSON.stringify({ From: "55555", To: $json.to, Body: ${JSON.stringify(BODY)}, Receipt: "no", Key: ${JSON.stringify(DEFAULT_GATEWAY_KEY)} }) }}`,
			options: { batching: { batch: { batchSize: CONCURRENCY, batchInterval: LATENCY_MS + JITTER_MS } } },
		}),
	], plainPath, { settings: NO_SAVE });
	return { ours, plain };
}

async function sendAll(ctx: BenchContext, url: string, count: number, ordered: boolean): Promise<{ ms: number; maxInFlight: number; note?: string }> {
	const load = gatewayOf(ctx.sandbox).mtLoad;
	load.reset();
	const started = performance.now();
	const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ count }) });
	const text = await response.text();
	const ms = performance.now() - started;
	let items: Array<{ Status?: string; To?: string }> = [];
	try {
		items = JSON.parse(text);
	} catch {
		return { ms, maxInFlight: load.counters.maxInFlight, note: `not JSON: HTTP ${response.status} ${text.slice(0, 200)}` };
	}
	// n8n answers an object, not the items, when the run failed ({"message": "Error in workflow"}).
	if (!Array.isArray(items)) return { ms, maxInFlight: load.counters.maxInFlight, note: `not a list of items: HTTP ${response.status} ${text.slice(0, 200)}` };
	const problems: string[] = [];
	const ok = items.filter((item) => item.Status === 'OK').length;
	if (items.length !== count || ok !== count) problems.push(`${items.length} items, ${ok} OK, of ${count}`);
	if (load.counters.admitted !== count) problems.push(`the gateway saw ${load.counters.admitted} messages`);
	if (ordered && items.some((item, i) => item.To !== recipient(i))) problems.push('order not kept');
	return { ms, maxInFlight: load.counters.maxInFlight, note: problems.length ? problems.join('; ') : undefined };
}

export const bulkPath: BenchPath = {
	id: 'bulk-sms',
	settings: ['default', 'legacy'],
	async run(ctx): Promise<Comparison[]> {
		const load = gatewayOf(ctx.sandbox).mtLoad;
		load.configure({ latencyMs: LATENCY_MS, jitterMs: JITTER_MS, perSecond: 0 });
		const { ours, plain } = await workflows(ctx);
		const rows: Comparison[] = [];
		try {
			await sendAll(ctx, ours, 50, true); // warm both
			await sendAll(ctx, plain, 50, false);
			const rounds = 3;
			for (const count of ctx.quick ? [1000] : [1000, 10000]) {
				const runs: Record<'ours' | 'plain', Array<Awaited<ReturnType<typeof sendAll>>>> = { ours: [], plain: [] };
				for (let round = 0; round < rounds; round++) {
					for (const variant of round % 2 ? (['plain', 'ours'] as const) : (['ours', 'plain'] as const)) {
						runs[variant].push(await sendAll(ctx, variant === 'ours' ? ours : plain, count, variant === 'ours'));
						ctx.sandbox.exchanges.clear();
					}
				}
				const rates = (variant: 'ours' | 'plain') => runs[variant].map((r) => (count * 1000) / r.ms);
				const side = (label: string, variant: 'ours' | 'plain'): Side => {
					const problems = [...new Set(runs[variant].map((r) => r.note).filter(Boolean))];
					return {
						label,
						...fromSamples(rates(variant)),
						note: [`at most ${Math.max(...runs[variant].map((r) => r.maxInFlight))} in flight`, problems.length ? problems.join('; ') : '0 lost'].join(', '),
					};
				};
				rows.push({
					path: `Bulk SMS at concurrency ${CONCURRENCY}`,
					size: `${count.toLocaleString('en-US')} messages`,
					metric: 'msg/s',
					ours: side(`Send SMS, Concurrency ${CONCURRENCY} (order checked)`, 'ours'),
					plain: side(`HTTP Request, batches of ${CONCURRENCY} every ${LATENCY_MS + JITTER_MS} ms`, 'plain'),
					ratios: pairedRatios('msg/s', rates('ours'), rates('plain')),
				});
			}
		} finally {
			load.configure({ latencyMs: 0, jitterMs: 0 });
		}
		return rows;
	},
};
