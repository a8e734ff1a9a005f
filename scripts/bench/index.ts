/**
 * `npm run bench`: every path of paths.ts in a real n8n with this package installed, beside the
 * n8n-only flow a user would build, measured in the same run; once per n8n setting (default,
 * legacy expression engine, lazy isolate acquisition) where the path says it matters. Writes
 * docs/benchmarks.md, docs/benchmarks.svg, docs/benchmarks.json and the figures of docs/performance.md
 * (with the commit measured; the run fails before starting when that page has no benchmarks block).
 *
 *   npm run bench                  the full suite (about 20 minutes on a 2-core machine)
 *   npm run bench -- --quick       smaller sizes, default settings only, written to build/bench/
 *   npm run bench -- --quick mo    only the paths whose id contains "mo" (nothing written)
 *   npm run bench -- --quick --settings=legacy,lazy bulk   in those n8n settings instead
 *   npm run bench -- --report=docs/benchmarks.json   writes the report again from saved figures
 *   BENCH_CPU_PROF=/tmp/prof npm run bench -- --quick bulk
 *                                  also writes a V8 CPU profile of each n8n process there (on stop)
 *   BENCH_CDR_LEGS=100000 npm run bench -- --quick --settings=legacy cdr-export   the CDR path at that size only
 *   npm run bench -- cdr-scale     only the daily export to a CSV file at 100,000 and 1,000,000 legs (about 10 minutes)
 *   npm run bench -- queue         queue mode (opt-in, never in the full run): two webhook processors behind HAProxy, then one
 *                                  (PostgreSQL, Redis, a worker), MO HELP and a computed reply, and Send and Wait against the recipe
 *   npm run bench -- missed-call   only Missed Call against Webhook + HTTP Request + IF
 *   npm run bench -- keypress      only Call and Wait for Keypress against HTTP Request (New Call) + Wait
 *   npm run bench -- mcp           only an MCP client's Send SMS tool call: ours against n8n's HTTP Request tool
 *
 * Benchmarks, not tests: they print figures and never fail on a time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_GATEWAY_KEY, DEFAULT_INBOUND_KEY } from '../../sandbox/gateway/config';
import { DEFAULT_SWITCH_KEY, startSandbox, type Sandbox } from '../../sandbox/server';
import { packRepo, REPO_ROOT, startN8n, type N8nApi } from '../n8n-harness';
import { execFileSync } from 'node:child_process';
import { chartSvg } from './chart';
import { assertBenchBlock, writeBenchBlock } from './docsBlock';
import { PATH_NOTES } from './notes';
import { BENCH_PATHS } from './paths';
import { benchmarksMarkdown, goalsMarkdown, readmeBlock, type RunInfo, type RunResult } from './report';
import { N8N_SETTINGS } from './settings';
import { ratio, type BenchContext, type Comparison, type N8nSetting } from './types';

async function makeCredentials(api: N8nApi, sandbox: Sandbox): Promise<BenchContext['credentials']> {
	const sw = await api.createCredential('Bench switch', 'solSwitchApi', { baseUrl: sandbox.url, apiKey: DEFAULT_SWITCH_KEY, customer: '' });
	const messaging = await api.createCredential('Bench gateway', 'solSwitchMessagingApi', {
		baseUrl: sandbox.url,
		apiKey: DEFAULT_GATEWAY_KEY,
		inboundApiKey: DEFAULT_INBOUND_KEY,
		inboundKeyType: 'body',
	});
	return { switch: { id: sw.id, name: sw.name }, messaging: { id: messaging.id, name: messaging.name } };
}

function printRow(setting: N8nSetting, c: Comparison) {
	const digits = c.metric === 'msg/s' ? 1 : 0;
	const rounds = (values?: number[], d = digits) => (values ? ` (${values.map((v) => v.toFixed(d)).join(' ')})` : '');
	const f = (s: typeof c.ours) => `${s.value.toFixed(digits)} ${c.metric}${rounds(s.samples)}${s.peakMb ? ` peak ${s.peakMb.toFixed(0)} MB` : ''}${s.note ? ` [${s.note}]` : ''}`;
	console.log(`  [${setting.id}] ${c.path}${c.size ? `, ${c.size}` : ''}: ours ${f(c.ours)} | n8n only ${f(c.plain)} | x${ratio(c).toFixed(2)}${rounds(c.ratios, 2)}`);
}

async function main() {
	const args = process.argv.slice(2);
	const saved = args.find((a) => a.startsWith('--report='))?.slice('--report='.length);
	if (saved) {
		const { info, results } = JSON.parse(fs.readFileSync(saved, 'utf8')) as { info: RunInfo; results: RunResult[] };
		writeReport(info, results);
		return;
	}
	const quick = args.includes('--quick');
	const filter = args.find((a) => !a.startsWith('--'));
	const partial = Boolean(filter) || args.some((a) => a.startsWith('--settings='));
	const paths = BENCH_PATHS.filter((p) => (filter ? p.id.includes(filter) : !p.optIn));
	if (!paths.length) {
		console.log(`No path matches "${filter}". Known: ${BENCH_PATHS.map((p) => p.id).join(', ')}`);
		return;
	}
	// A full run writes docs/performance.md: fail now, not after 25 minutes, if its block is gone.
	if (!quick && !partial) assertBenchBlock(REPO_ROOT);
	const commit = measuredCommit();
	const only = args.find((a) => a.startsWith('--settings='))?.slice('--settings='.length).split(',');
	const settings = N8N_SETTINGS.filter((s) => (only ? only.includes(s.id) : !quick || s.id === 'default'));
	const started = Date.now();
	const loadBefore = os.loadavg();
	const tarball = await packRepo();
	const sandbox = await startSandbox({ timeScale: 1 });
	const results: RunResult[] = [];
	let n8nVersion = '';
	try {
		for (const setting of settings) {
			const chosen = paths.filter((p) => p.settings.includes(setting.id));
			if (!chosen.length) continue;
			console.log(`\n=== ${setting.label} ===`);
			const freshN8n = async (env: Record<string, string> = {}) => {
				const profile: Record<string, string> = process.env.BENCH_CPU_PROF ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}` } : {};
				const started = await startN8n({ communityPackages: [tarball], env: { ...setting.env, ...profile, ...env } });
				return { ...started, credentials: await makeCredentials(started.api, sandbox) };
			};
			const main = await freshN8n();
			n8nVersion ||= path.basename(main.n8n.installation.n8nDir).replace(/^n8n-/, '');
			const ctx: BenchContext = { setting, quick, sandbox, tarball, ...main, freshN8n };
			const result: RunResult = { setting, comparisons: [] };
			try {
				for (const p of chosen) {
					console.log(`- ${p.id}`);
					try {
						for (const c of await p.run(ctx)) {
							result.comparisons.push(c);
							printRow(setting, c);
						}
					} catch (error) {
						// One broken path does not lose the others' figures.
						console.log(`  ${p.id} failed: ${(error as Error).stack ?? error}`);
					}
					sandbox.exchanges.clear();
				}
			} finally {
				await main.n8n.stop();
			}
			results.push(result);
		}
	} finally {
		await sandbox.close();
	}
	const info: RunInfo = {
		startedAt: new Date(started).toISOString().replace(/\.\d+Z$/, 'Z'),
		minutes: (Date.now() - started) / 60000,
		quick,
		commit,
		n8nVersion,
		machine: `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB`,
		loadBefore,
		loadAfter: os.loadavg(),
	};
	if (partial) return; // a partial run does not overwrite the suite's report
	writeReport(info, results);
}

function writeReport(info: RunInfo, results: RunResult[]) {
	const quick = info.quick;
	const dir = quick ? path.join(REPO_ROOT, 'build', 'bench') : path.join(REPO_ROOT, 'docs');
	fs.mkdirSync(dir, { recursive: true });
	fs.writeFileSync(path.join(dir, 'benchmarks.md'), benchmarksMarkdown(results, info, PATH_NOTES));
	fs.writeFileSync(path.join(dir, 'benchmarks.svg'), chartSvg(results.flatMap((r) => r.comparisons.map((comparison) => ({ setting: r.setting, comparison }))), results.map((r) => r.setting)));
	fs.writeFileSync(path.join(dir, 'benchmarks.json'), `${JSON.stringify({ info, results }, null, '\t')}\n`);
	fs.writeFileSync(path.join(dir, 'bench-goals.md'), goalsMarkdown(results, info));
	if (!quick) writeBenchBlock(REPO_ROOT, readmeBlock(results, info));
	console.log(`\nWritten: ${path.relative(REPO_ROOT, dir)}/benchmarks.{md,svg,json}, bench-goals.md${quick ? '' : ' and the figures of docs/performance.md'}`);
}

/** The commit the packed tree is at, "+ changes" when the work tree differs from it (the figures name it). */
function measuredCommit(): string {
	try {
		const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
		const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
		return dirty ? `${head} + uncommitted changes` : head;
	} catch {
		return 'unknown (not a git work tree)';
	}
}

void main().catch((error) => {
	console.error(error);
	process.exit(1);
});
