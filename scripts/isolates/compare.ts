/**
 * A side-by-side run for the README's "Tuning n8n for high message volumes": for each n8n
 * expression-engine setting, one n8n 2.40 with the package, the isolates per call of every path
 * (n8n's own counter) and the throughput of the main paths beside the plain n8n flow, same run.
 * Figures, no asserts.
 *
 *   npx tsc -p tsconfig.tools.json && node build/scripts/isolates/compare.js [setting ...]
 *   settings: default, lazy, pool4, lazy-pool4, legacy (all when none given)
 *   SOLSWITCH_PACKAGE=<tarball> measures another build; SOLSWITCH_BEFORE=1 when that build predates
 *   Messaging Trigger 1.1 and Keyword Replies.
 */
import { performance } from 'node:perf_hooks';
import { packRepo, startN8n } from '../n8n-harness';
import { METRICS_ENV, isolatesAcquired, isolatesPerCall, publishPaths, type CallPath } from './paths';

const SETTINGS: Record<string, Record<string, string>> = {
	default: {},
	lazy: { N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true' },
	pool4: { N8N_EXPRESSION_ENGINE_POOL_SIZE: '4' },
	'lazy-pool4': { N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true', N8N_EXPRESSION_ENGINE_POOL_SIZE: '4' },
	legacy: { N8N_EXPRESSION_ENGINE: 'legacy' },
};
const TIMED = ['HELP', 'keyword table (HOURS)', 'computed reply (Reply to Message)', 'plain n8n: Webhook -> Respond to Webhook'];
const CALLS = Number(process.env.ISOLATES_CALLS ?? 150);
const CONCURRENCY = 10;

async function perSecond(path: CallPath): Promise<number> {
	for (let i = 0; i < 10; i++) await path.call();
	let left = CALLS;
	const started = performance.now();
	await Promise.all(
		Array.from({ length: CONCURRENCY }, async () => {
			while (left-- > 0) await path.call();
		}),
	);
	return CALLS / ((performance.now() - started) / 1000);
}

async function measure(setting: string, tarball: string) {
	const before = process.env.SOLSWITCH_BEFORE === '1';
	const { n8n, api } = await startN8n({ communityPackages: [tarball], env: { ...METRICS_ENV, ...SETTINGS[setting] } });
	try {
		const paths = await publishPaths(n8n, api, before ? { messagingVersion: 1, keywordTable: false } : {});
		const counted = setting !== 'legacy';
		for (const path of paths) {
			const isolates = counted ? (await isolatesPerCall(n8n, path)).toFixed(2) : 'n/a';
			console.log(`${setting.padEnd(11)} ${path.name.padEnd(42)} isolates/call ${isolates}`);
		}
		for (const name of TIMED) {
			const path = paths.find((p) => p.name === name);
			if (!path) continue;
			const at = counted ? await isolatesAcquired(n8n) : 0;
			const rate = await perSecond(path);
			const isolates = counted ? ` (${((await isolatesAcquired(n8n)) - at) / (CALLS + 10)} isolates/call under load)` : '';
			console.log(`${setting.padEnd(11)} ${name.padEnd(42)} ${rate.toFixed(1)} msg/s, ${CONCURRENCY} concurrent${isolates}`);
		}
	} finally {
		await n8n.stop();
	}
}

async function main() {
	const chosen = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(SETTINGS);
	const tarball = process.env.SOLSWITCH_PACKAGE ?? (await packRepo());
	for (const setting of chosen) await measure(setting, tarball);
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
