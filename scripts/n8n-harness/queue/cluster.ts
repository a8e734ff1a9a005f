// n8n in queue mode on one machine, as an operator runs it when one process is outgrown:
//   PostgreSQL (private cluster)  Redis (private)  n8n main (editor, REST, publishing; production
//   webhooks off)  1..n `n8n webhook` processors (receive the switch's and gateway's calls)  one
//   `n8n worker` (runs the executions).
// With several webhook processors, two ways in: HAProxy (haproxy.ts: this package's trigger URLs
// hashed by path, everything else round robin; WEBHOOK_URL, what n8n shows), the way
// docs/queue-mode.md tells operators to run it; and a naive round-robin proxy (round-robin-proxy.ts),
// a balancer without affinity, for the tests that measure what that costs.
// Every n8n process shares one user folder (encryption key, community packages: the packed package
// is installed once, the way n8n installs community packages, and each process loads it at start),
// and has ports of its own: N8N_PORT (HTTP), N8N_RUNNERS_BROKER_PORT (task runner broker),
// QUEUE_HEALTH_CHECK_PORT (the worker's health server). Names checked in n8n 2.40.7's
// @n8n/config/dist/configs/{scaling-mode,database,...}.config.js.
// Queue mode is tested on n8n 2.40.7 only (see README "Running in queue mode").
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { installCommunityPackage } from '../community-package';
import { CACHE_DIR } from '../paths';
import { freePorts } from '../free-port';
import { ensureN8nInstalled } from '../install-n8n';
import { N8nInstance } from '../n8n-instance';
import { PostgresServer } from './postgres';
import { RedisServer, type RedisPersistence } from './redis';
import { HaproxyBalancer } from './haproxy';
import { RoundRobinProxy } from './round-robin-proxy';


/**
 * As docs/queue-mode.md's recipe (its shared block): n8n 2.x removes a finished job from Redis at
 * once by default (keep 0), and a processor that calls Bull's job.finished() after its run already
 * ended (a run of milliseconds, the processor slowed by load) then waits for ever: Bull's watchdog
 * looks for the job among the finished ones (OptimalBits/bull#1906, wontfix;
 * n8n/dist/workflow-runner.js enqueueExecution, scaling.service.js addJob). Seen in CI: reply mode
 * When Last Node Finishes, one copy in twenty unanswered until HAProxy's 120 s (504); made certain,
 * with both values, in test/queue/keptJobs.test.ts. n8n 1.x removes finished jobs always and ignores these.
 */
export const KEPT_JOBS_ENV = {
	N8N_EXECUTIONS_QUEUE_KEEP_LAST_COMPLETED: '100',
	N8N_EXECUTIONS_QUEUE_KEEP_LAST_FAILED: '100',
} as const;
export interface QueueClusterOptions {
	/** How many `n8n webhook` processes (default 1); with more, HAProxy and a round-robin proxy in front. */
	webhookProcessors?: number;
	/** Tarballs installed as community packages in the shared user folder before anything starts. */
	communityPackages?: string[];
	/** Extra environment for every n8n process (after KEPT_JOBS_ENV: it may set other values). */
	env?: Record<string, string>;
	/**
	 * Extra environment for each webhook processor, by index (after env): a setting that acts where a
	 * webhook call is received, tested against its default on one cluster (test/queue/keptJobs.test.ts).
	 */
	webhookEnv?: Array<Record<string, string>>;
	/** Redis's persistence (default 'none': a fresh queue, nothing written to disk). */
	redisPersistence?: RedisPersistence;
	/** Keep the user folder and the server logs after stop (also with SOLSWITCH_E2E_KEEP=1). */
	keep?: boolean;
	/**
	 * Run every n8n process under a process manager that starts it again when it exits on its own
	 * (N8nInstance restartOnExit), as operators run queue mode: n8n exits when Redis stays away.
	 */
	supervised?: boolean;
}

export class QueueCluster {
	private constructor(
		readonly userFolder: string,
		readonly postgres: PostgresServer,
		readonly redis: RedisServer,
		readonly main: N8nInstance,
		readonly webhookProcessors: N8nInstance[],
		readonly worker: N8nInstance,
		readonly proxy: RoundRobinProxy | undefined,
		readonly haproxy: HaproxyBalancer | undefined,
		private readonly keep: boolean,
	) {}

	/** Where the switch and the gateway send their calls: HAProxy, or the only webhook processor. */
	get webhookBaseUrl(): string {
		return this.haproxy?.url ?? this.webhookProcessors[0].baseUrl;
	}

	/** A balancer without affinity in front of the same processors (several only): every call to the next. */
	get roundRobinUrl(): string {
		if (!this.proxy) throw new Error('one webhook processor: no round-robin proxy');
		return this.proxy.url;
	}

	static async start(options: QueueClusterOptions = {}): Promise<QueueCluster> {
		const keep = options.keep ?? process.env.SOLSWITCH_E2E_KEEP === '1';
		const count = options.webhookProcessors ?? 1;
		const installation = await ensureN8nInstalled();
		const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-queue-'));
		const started: Array<{ stop(o?: object): Promise<void> }> = [];
		try {
			const [postgres, redis] = await Promise.all([PostgresServer.start(), RedisServer.start({ persistence: options.redisPersistence })]);
			started.push(postgres, redis);
			// main: HTTP, broker; worker: health server, broker; each webhook processor: HTTP, broker; HAProxy.
			const ports = await freePorts(5 + 2 * count);
			const webhookPorts = Array.from({ length: count }, (_, i) => ports[4 + 2 * i]);
			const haproxyPort = ports[4 + 2 * count];
			const proxy = count > 1 ? await RoundRobinProxy.start(webhookPorts) : undefined;
			if (proxy) started.push({ stop: () => proxy.close() });
			const webhookUrl = count > 1 ? `http://127.0.0.1:${haproxyPort}/` : `http://127.0.0.1:${webhookPorts[0]}/`;
			const common = {
				...postgres.n8nEnv,
				...redis.n8nEnv,
				EXECUTIONS_MODE: 'queue',
				// The URL n8n shows for production webhooks: the processors', not main's.
				WEBHOOK_URL: webhookUrl,
				...KEPT_JOBS_ENV,
				...options.env,
			};
			for (const tarball of options.communityPackages ?? []) {
				installCommunityPackage(tarball, userFolder, { ...process.env, PATH: `${installation.nodeBinDir}${path.delimiter}${process.env.PATH ?? ''}` });
			}
			const process_ = (command: 'start' | 'webhook' | 'worker', logName: string, env: Record<string, string>) =>
				N8nInstance.start({ userFolder, command, logName, keepUserFolder: true, restartOnExit: options.supervised, env: { ...common, ...env } });
			// n8n's 250+ migrations take most of a minute on Postgres here: they run once per n8n version,
			// and later clusters load the migrated (empty: no owner, no workflow) database from a dump.
			const template = path.join(CACHE_DIR, 'db-templates', `${path.basename(installation.n8nDir)}-postgres.sql`);
			const fromTemplate = fs.existsSync(template);
			if (fromTemplate) postgres.restore(template);
			// Main first: it migrates the database, which the others wait for.
			const main = await process_('start', 'main.log', {
				N8N_PORT: String(ports[0]),
				N8N_RUNNERS_BROKER_PORT: String(ports[1]),
				N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true',
			});
			started.push(main);
			if (!fromTemplate) {
				fs.mkdirSync(path.dirname(template), { recursive: true });
				postgres.dump(`${template}.tmp-${process.pid}`);
				fs.renameSync(`${template}.tmp-${process.pid}`, template); // atomic: a racing run uses either
			}
			const [worker, ...webhookProcessors] = await Promise.all([
				process_('worker', 'worker.log', {
					N8N_PORT: String(ports[2]),
					QUEUE_HEALTH_CHECK_ACTIVE: 'true',
					QUEUE_HEALTH_CHECK_PORT: String(ports[2]),
					N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
					N8N_RUNNERS_BROKER_PORT: String(ports[3]),
				}),
				...webhookPorts.map((port, i) =>
					process_('webhook', `webhook-${i + 1}.log`, {
						N8N_PORT: String(port),
						N8N_RUNNERS_BROKER_PORT: String(ports[5 + 2 * i]),
						...options.webhookEnv?.[i],
					}),
				),
			]);
			started.push(worker, ...webhookProcessors);
			// Started once the processors are ready, so that its first health checks find them up.
			const haproxy = count > 1 ? await HaproxyBalancer.start(haproxyPort, webhookPorts) : undefined;
			if (haproxy) started.push({ stop: () => haproxy.stop({ keepFolder: keep }) });
			return new QueueCluster(userFolder, postgres, redis, main, webhookProcessors, worker, proxy, haproxy, keep);
		} catch (error) {
			for (const s of started.reverse()) await s.stop({ keepUserFolder: true, keepFolder: true }).catch(() => undefined);
			throw new Error(`queue-mode n8n did not start (user folder kept: ${userFolder}): ${(error as Error).message}`);
		}
	}

	/** Every n8n process. */
	get processes(): N8nInstance[] {
		return [this.main, ...this.webhookProcessors, this.worker];
	}

	/**
	 * Resolves once every n8n process runs (a process manager's restart over) and says it is ready;
	 * the worker's readiness includes its Redis connection (n8n/dist/scaling/worker-server.js).
	 */
	async whenHealthy(timeoutMs = 120_000): Promise<void> {
		const deadline = Date.now() + timeoutMs;
		await Promise.all(this.processes.map((p) => p.whenRunning()));
		const probes = [
			...[this.main, ...this.webhookProcessors].map((p) => `${p.baseUrl}/healthz/readiness`),
			`http://127.0.0.1:${this.worker.env.QUEUE_HEALTH_CHECK_PORT}/healthz/readiness`,
		];
		for (const probe of probes) {
			for (;;) {
				const ok = await fetch(probe).then((r) => r.ok, () => false);
				if (ok) break;
				if (Date.now() > deadline) throw new Error(`not ready after ${timeoutMs} ms: ${probe}\n${this.logTails()}`);
				await new Promise((resolve) => setTimeout(resolve, 200));
			}
		}
		// And HAProxy sees every processor up again (its checks: every second, up after 2).
		await this.haproxy?.whenServers(Object.fromEntries(this.webhookProcessors.map((_, i) => [`webhook-${i + 1}`, 'UP'])), Math.max(1000, deadline - Date.now()));
	}

	/** The last lines of every n8n process's log (and HAProxy's), for a failing test. */
	logTails(lines = 20): string {
		const logs = this.processes.map((p) => `--- ${path.basename(p.logFile)} ---\n${p.logTail(lines)}`);
		if (this.haproxy) logs.push(`--- haproxy.log ---\n${this.haproxy.logTail(lines)}`);
		return logs.join('\n');
	}

	async stop(): Promise<void> {
		await Promise.all([...this.webhookProcessors, this.worker].map((p) => p.stop({ keepUserFolder: true })));
		await this.main.stop({ keepUserFolder: true });
		await this.proxy?.close();
		await this.haproxy?.stop({ keepFolder: this.keep });
		await Promise.all([this.redis.stop({ keepFolder: this.keep }), this.postgres.stop({ keepFolder: this.keep })]);
		if (!this.keep) fs.rmSync(this.userFolder, { recursive: true, force: true });
	}
}
