/**
 * Queue mode (issue 29, item 6), opt-in: `npm run bench -- queue` (add --quick for smaller rounds).
 * n8n in queue mode (PostgreSQL, Redis, main, one worker) as the queue suite runs it
 * (scripts/n8n-harness/queue/cluster.ts), started twice, one after the other, with this package:
 *
 * - two webhook processors behind HAProxy (haproxy.ts: this package's trigger URLs hashed by path,
 *   everything else round robin), then one webhook processor alone;
 * - in each: MO SMS answered by the Messaging Trigger (HELP, no execution) and a reply computed by
 *   the workflow (Reply to Message, through the worker), beside n8n's Webhook → IF → Respond flow,
 *   measured as the callback paths are (drive.ts, interleaved rounds);
 * - rows: the trigger on two processors beside the trigger on one (what a second processor buys:
 *   separate clusters, so the ratio is that of the medians, not of paired rounds), and the n8n-only
 *   flow the same way for comparison;
 * - in the two-processor cluster: Send and Wait reply-to-resume against the recipe
 *   (sendAndWaitPath.ts), 5 interleaved rounds, the CPU of every n8n process of the cluster.
 */
import os from 'node:os';
import { DEFAULT_OWNER, N8nApi, QueueCluster, type N8nInstance } from '../n8n-harness';
import { DEFAULT_GATEWAY_KEY, DEFAULT_INBOUND_KEY } from '../../sandbox/gateway/config';
import { DEFAULT_SWITCH_KEY } from '../../sandbox/server';
import { groupCpuMs } from './cpu';
import { compareTargets, type DriveFigures } from './drive';
import { COMPUTED, HELP, moSides } from './moPaths';
import { measureRounds, oursSide, recipeSide, ResumeSink, WAIT_FULL, WAIT_QUICK, waitComparisons } from './sendAndWaitPath';
import { randomUUID } from 'node:crypto';
import { fromSamples, pairedRatios, type BenchContext, type BenchPath, type Comparison, type Side } from './types';
import { FULL, QUICK } from './webhookPath';

const load = () => os.loadavg()[0].toFixed(1);

/** A BenchContext for a cluster: webhooks published at HAProxy's (or the only processor's) URL. */
async function clusterContext(ctx: BenchContext, cluster: QueueCluster): Promise<BenchContext> {
	const api = new N8nApi(cluster.main);
	await api.setupOwner(DEFAULT_OWNER);
	await api.login(DEFAULT_OWNER.email, DEFAULT_OWNER.password);
	const sw = await api.createCredential('Bench switch', 'solSwitchApi', { baseUrl: ctx.sandbox.url, apiKey: DEFAULT_SWITCH_KEY, customer: '' });
	const messaging = await api.createCredential('Bench gateway', 'solSwitchMessagingApi', { baseUrl: ctx.sandbox.url, apiKey: DEFAULT_GATEWAY_KEY, inboundApiKey: DEFAULT_INBOUND_KEY, inboundKeyType: 'body' });
	// publish() takes the URL base from `n8n`; the CPU is read from every process of the cluster.
	const n8n = { baseUrl: cluster.webhookBaseUrl.replace(/\/$/, ''), pid: undefined } as unknown as N8nInstance;
	return { ...ctx, n8n, api, credentials: { switch: { id: sw.id, name: sw.name }, messaging: { id: messaging.id, name: messaging.name } } };
}

function clusterCpu(cluster: QueueCluster): () => number {
	return () => [cluster.main, cluster.worker, ...cluster.webhookProcessors].reduce((sum, p) => sum + groupCpuMs(p.pid), 0);
}

interface Measured {
	ours: DriveFigures;
	plain: DriveFigures;
	load: string;
}

const wrongNote = (f: DriveFigures) => (f.wrong ? `wrong answers: ${f.wrong}, first: ${f.firstWrong}` : undefined);

function side(label: string, f: DriveFigures, loadText: string): Side {
	return { label, ...fromSamples(f.perSecond), p50Ms: f.p50, p99Ms: f.p99, note: wrongNote(f) ?? `load average ${loadText}` };
}

async function measureMo(ctx: BenchContext): Promise<Record<'help' | 'computed', Measured>> {
	const out = {} as Record<'help' | 'computed', Measured>;
	for (const [key, text, body] of [['help', 'help', HELP], ['computed', 'pizza', COMPUTED]] as const) {
		const sides = await moSides(text, body, () => `bench-${randomUUID()}`)(ctx);
		const [ours, plain] = await compareTargets(sides.ours, sides.plain, ctx.quick ? QUICK : FULL);
		out[key] = { ours, plain, load: load() };
	}
	return out;
}

/** Two processors beside one, for one flow (ours or n8n's): the second processor's gain. */
function scaleRow(title: string, label: string, two: DriveFigures, one: DriveFigures, loads: [string, string]): Comparison {
	const ours = side(`${label}, 2 webhook processors behind HAProxy`, two, loads[0]);
	const plain = side(`${label}, 1 webhook processor`, one, loads[1]);
	return { path: title, metric: 'msg/s', ours, plain, ratios: undefined };
}

/** The rows of one cluster's MO figures, ours beside n8n's flow in the same cluster (paired rounds). */
function inClusterRow(title: string, m: Measured, oursLabel: string): Comparison {
	return { path: title, metric: 'msg/s', ours: side(oursLabel, m.ours, m.load), plain: side('Webhook → IF (key) → IF (keyword) → Respond to Webhook', m.plain, m.load), ratios: pairedRatios('msg/s', m.ours.perSecond, m.plain.perSecond) };
}

export const queuePath: BenchPath = {
	id: 'queue',
	settings: ['default'],
	optIn: true,
	async run(ctx) {
		const rows: Comparison[] = [];
		const mo: Partial<Record<1 | 2, Record<'help' | 'computed', Measured>>> = {};
		for (const processors of [2, 1] as const) {
			console.log(`  starting queue mode with ${processors} webhook processor(s) (load ${load()})`);
			const cluster = await QueueCluster.start({ webhookProcessors: processors, communityPackages: [ctx.tarball] });
			try {
				const qctx = await clusterContext(ctx, cluster);
				mo[processors] = await measureMo(qctx);
				const where = `, queue mode with ${processors} webhook processor${processors > 1 ? 's behind HAProxy' : ''}`;
				rows.push(inClusterRow(`MO SMS, HELP${where}`, mo[processors]!.help, 'Messaging Trigger (answers HELP itself)'));
				rows.push(inClusterRow(`MO SMS, reply computed by the workflow${where}`, mo[processors]!.computed, 'Messaging Trigger → Reply to Message'));
				if (processors === 2) {
					const sink = await ResumeSink.start();
					try {
						const sizes = ctx.quick ? WAIT_QUICK : WAIT_FULL;
						const plain = await recipeSide(qctx, sink.url);
						const ours = await oursSide(qctx, sink.url);
						const figures = await measureRounds(qctx, ours, plain, sink, sizes, clusterCpu(cluster));
						rows.push(...waitComparisons({ label: ours.label, rounds: figures.ours }, { label: plain.label, rounds: figures.plain }, `${sizes.rounds} rounds of ${sizes.waits} waits each`, where));
					} finally {
						await sink.close();
					}
				}
			} finally {
				await cluster.stop();
			}
		}
		const [two, one] = [mo[2]!, mo[1]!];
		rows.push(scaleRow('MO SMS, HELP, queue mode: 2 webhook processors against 1', 'Messaging Trigger', two.help.ours, one.help.ours, [two.help.load, one.help.load]));
		rows.push(scaleRow('MO SMS, reply computed by the workflow, queue mode: 2 webhook processors against 1', 'Messaging Trigger → Reply to Message', two.computed.ours, one.computed.ours, [two.computed.load, one.computed.load]));
		rows.push(scaleRow('MO SMS, reply computed, queue mode: 2 webhook processors against 1 (n8n only)', 'Webhook → IF → IF → Respond to Webhook', two.computed.plain, one.computed.plain, [two.computed.load, one.computed.load]));
		return rows;
	},
};

