// One real n8n process for a test file: its own temporary user folder (SQLite database, config,
// community packages), its own free ports, Node 24 first on PATH, logs in a file so a failing test
// can show what n8n said. Stopped by signalling its whole process group, because n8n starts a
// JavaScript task runner as a child process that must not outlive it.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seedDatabase } from './database-template';
import { installCommunityPackage, type InstalledPackage } from './community-package';
import { freePorts } from './free-port';
import { ensureN8nInstalled, type N8nInstallation } from './install-n8n';

export interface N8nInstanceOptions {
	/** Tarballs (npm pack output) installed as community packages before n8n starts. */
	communityPackages?: string[];
	/** Extra environment for n8n (wins over the defaults below). */
	env?: Record<string, string>;
	/**
	 * Keep the user folder (database, n8n.log) after stop. Default: only when the start failed,
	 * or when SOLSWITCH_E2E_KEEP=1 is set (to read the log of a failing test).
	 */
	keepUserFolder?: boolean;
	/** Let n8n migrate an empty database itself instead of copying the cached migrated one. */
	freshDatabase?: boolean;
	/** Give up waiting for n8n to become ready after this long (a guard, not an assertion). */
	startTimeoutMs?: number;
	/**
	 * A persistent user folder (created if missing) instead of a fresh temporary one, as `npm start`
	 * uses: it is kept on stop (unless stop({keepUserFolder: false})), and the migrated database is
	 * copied in only when it holds none yet. Ports still come from env N8N_PORT and
	 * N8N_RUNNERS_BROKER_PORT when given, else free ones.
	 */
	userFolder?: string;
	/**
	 * The n8n command: `start` (main, the default), or in queue mode `webhook` (a webhook processor)
	 * or `worker`. A worker has no HTTP server of its own: it is ready when its health server
	 * (QUEUE_HEALTH_CHECK_PORT, given in env by the caller) says so.
	 */
	command?: 'start' | 'webhook' | 'worker';
	/** The log file's name in the user folder (processes sharing a folder need their own). */
	logName?: string;
	/**
	 * Start n8n again, a second after it exits on its own, as an operator's process manager would
	 * (systemd Restart=always, a container restart policy). In queue mode n8n exits by design when
	 * Redis stays unreachable for QUEUE_BULL_REDIS_TIMEOUT_THRESHOLD (10 s, counted across outages
	 * less than 30 s apart: n8n/dist/services/redis-client.service.js) and leaves the restart to that
	 * manager. kill(), stop() and restart() are not exits on its own.
	 */
	restartOnExit?: boolean;
}

/** A restart by the process manager (restartOnExit): when n8n exited on its own, and its code. */
export interface SupervisedRestart {
	at: number;
	code: number | null;
	/** When it was ready again (undefined while it starts). */
	readyAt?: number;
}

export class N8nInstance {
	private child?: ChildProcess;
	private exited?: Promise<void>;
	private exitCode?: number | null;
	/** Set while kill(), stop() or restart() ends the process: such an exit is not restarted. */
	private stopping = false;
	/** A restart by the process manager under way (restartOnExit). */
	private relaunching?: Promise<void>;
	private relaunchError?: Error;
	/** Set once the process is ready, so an exit while it starts is launch()'s failure, not a crash to restart. */
	private ready = false;
	readonly packages: InstalledPackage[] = [];
	/** Restarts by the process manager (restartOnExit), oldest first. */
	readonly supervisedRestarts: SupervisedRestart[] = [];

	private constructor(
		readonly installation: N8nInstallation,
		readonly userFolder: string,
		readonly port: number,
		readonly brokerPort: number,
		readonly env: NodeJS.ProcessEnv,
		private readonly options: N8nInstanceOptions,
	) {}

	/** Installs n8n if needed, prepares a fresh user folder, starts n8n and waits until it is ready. */
	static async start(options: N8nInstanceOptions = {}): Promise<N8nInstance> {
		const installation = await ensureN8nInstalled();
		const persistent = options.userFolder !== undefined;
		const userFolder = persistent
			? path.resolve(options.userFolder!)
			: fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-e2e-'));
		if (persistent) fs.mkdirSync(userFolder, { recursive: true });
		if (persistent && options.keepUserFolder === undefined) options = { ...options, keepUserFolder: true };
		const [freePort, freeBrokerPort] = await freePorts(2);
		const env = n8nEnvironment(installation, userFolder, freePort, freeBrokerPort, options.env);
		// options.env may choose the ports; what n8n is told is what we talk to.
		const port = Number(env.N8N_PORT);
		const brokerPort = Number(env.N8N_RUNNERS_BROKER_PORT);
		const instance = new N8nInstance(installation, userFolder, port, brokerPort, env, options);
		try {
			const hasDatabase = env.DB_TYPE === 'postgresdb' || fs.existsSync(path.join(userFolder, '.n8n', 'database.sqlite'));
			if (!options.freshDatabase && !hasDatabase) await seedDatabase(installation, userFolder, env);
			for (const tarball of options.communityPackages ?? []) {
				instance.packages.push(installCommunityPackage(tarball, userFolder, env));
			}
			await instance.launch();
		} catch (error) {
			await instance.stop({ keepUserFolder: true }); // left for inspection; its path is in the error
			throw error;
		}
		return instance;
	}

	get baseUrl(): string {
		return `http://127.0.0.1:${this.port}`;
	}

	/** The n8n process (its main process: the task runner is a child of it), while it runs. */
	get pid(): number | undefined {
		return this.exitCode === undefined ? this.child?.pid : undefined;
	}

	get logFile(): string {
		return path.join(this.userFolder, this.options.logName ?? 'n8n.log');
	}

	/** The end of n8n's log, for failure messages. */
	logTail(lines = 60): string {
		if (!fs.existsSync(this.logFile)) return '(no n8n log)';
		return fs.readFileSync(this.logFile, 'utf8').split('\n').slice(-lines).join('\n');
	}

	/**
	 * Installs a package tarball into this instance; n8n loads community packages at start-up,
	 * so a running instance is restarted (same user folder, database and ports).
	 */
	async installCommunityPackage(tarballPath: string): Promise<InstalledPackage> {
		const installed = installCommunityPackage(tarballPath, this.userFolder, this.env);
		this.packages.push(installed);
		if (this.child) await this.restart();
		return installed;
	}

	/**
	 * SIGKILL to the process group, as a crash or an out-of-memory kill would end it (no graceful
	 * shutdown: a worker's running executions are left as they are); restart() brings it back.
	 */
	async kill(): Promise<void> {
		await this.relaunching;
		this.stopping = true;
		const child = this.child;
		if (child?.pid && this.exitCode === undefined) {
			signalGroup(child.pid, 'SIGKILL');
			await this.exited;
		}
		this.child = undefined;
	}

	/** Stops n8n and starts it again on the same user folder. */
	async restart(): Promise<void> {
		await this.stop({ keepUserFolder: true });
		await this.launch();
	}

	/**
	 * Resolves once n8n runs and is ready: at once, or when the process manager's restart
	 * (restartOnExit) is over; rejects if that restart failed.
	 */
	async whenRunning(): Promise<void> {
		await this.relaunching;
		if (this.relaunchError) throw this.relaunchError;
	}

	/** SIGTERM to the process group (n8n shuts down cleanly in well under a second), SIGKILL if it hangs. */
	async stop({
		keepUserFolder = this.options.keepUserFolder ?? process.env.SOLSWITCH_E2E_KEEP === '1',
	} = {}): Promise<void> {
		await this.relaunching?.catch(() => undefined);
		this.stopping = true;
		const child = this.child;
		if (child?.pid && this.exitCode === undefined) {
			signalGroup(child.pid, 'SIGTERM');
			const killer = setTimeout(() => signalGroup(child.pid!, 'SIGKILL'), 20_000);
			await this.exited;
			clearTimeout(killer);
			signalGroup(child.pid, 'SIGKILL'); // a task runner left behind, if any
		}
		this.child = undefined;
		process.removeListener('exit', this.killOnExit);
		if (!keepUserFolder) fs.rmSync(this.userFolder, { recursive: true, force: true });
	}

	private async launch(): Promise<void> {
		const log = fs.openSync(this.logFile, 'a');
		this.exitCode = undefined;
		this.stopping = false;
		this.ready = false;
		// detached: n8n leads a new process group, which stop() signals as a whole.
		const child = spawn(this.installation.nodeBin, [this.installation.n8nBin, this.options.command ?? 'start'], {
			cwd: this.userFolder,
			env: this.env,
			detached: true,
			stdio: ['ignore', log, log],
		});
		fs.closeSync(log);
		// Do not keep jest alive if a test file forgets stop(): the exit hook below still kills n8n.
		child.unref();
		this.child = child;
		this.exited = new Promise((resolve) => {
			child.on('exit', (code) => {
				this.exitCode = code;
				resolve();
				if (this.options.restartOnExit && this.ready && !this.stopping && this.child === child) this.relaunchAfterExit(code);
			});
			child.on('error', () => {
				this.exitCode = -1;
				resolve();
			});
		});
		// If jest dies without running afterAll, do not leave n8n running.
		process.on('exit', this.killOnExit);
		await this.waitUntilReady();
		this.ready = true;
	}

	/**
	 * The process manager's restart (restartOnExit): a second after n8n exited on its own, again (up
	 * to 5 tries) if it does not come up.
	 */
	private relaunchAfterExit(code: number | null): void {
		const restart: SupervisedRestart = { at: Date.now(), code };
		this.supervisedRestarts.push(restart);
		signalGroup(this.child!.pid!, 'SIGKILL'); // its task runner, if left behind
		this.relaunchError = undefined;
		this.relaunching = (async () => {
			for (let attempt = 1; ; attempt++) {
				await new Promise((resolve) => setTimeout(resolve, 1000));
				try {
					await this.launch();
					restart.readyAt = Date.now();
					return;
				} catch (error) {
					if (this.child?.pid) signalGroup(this.child.pid, 'SIGKILL');
					await this.exited;
					if (attempt >= 5 || this.stopping) {
						this.relaunchError = error as Error;
						return;
					}
				}
			}
		})().finally(() => {
			this.relaunching = undefined;
		});
	}

	private readonly killOnExit = (): void => {
		if (this.child?.pid && this.exitCode === undefined) signalGroup(this.child.pid, 'SIGKILL');
	};

	/**
	 * /healthz answers as soon as the HTTP server listens, before migrations and before the REST
	 * API and webhooks are mounted; /healthz/readiness answers 200 only once the database is
	 * migrated and the server has marked itself fully ready, so that is what we wait for.
	 */
	private async waitUntilReady(): Promise<void> {
		const deadline = Date.now() + (this.options.startTimeoutMs ?? 180_000);
		const command = this.options.command ?? 'start';
		const readiness =
			command === 'worker'
				? `http://127.0.0.1:${this.env.QUEUE_HEALTH_CHECK_PORT}/healthz/readiness`
				: `${this.baseUrl}/healthz/readiness`;
		while (Date.now() < deadline) {
			if (this.exitCode !== undefined) {
				throw new Error(`n8n exited (code ${this.exitCode}) while starting. Log ${this.logFile}:\n${this.logTail()}`);
			}
			try {
				const response = await fetch(readiness);
				// n8n 1.x is "ready" once migrated, before its REST API is mounted: wait for that too
				// (main only: webhook processors and workers have no REST API).
				if (response.ok && (command !== 'start' || (await fetch(`${this.baseUrl}/rest/settings`)).ok)) return;
			} catch {
				// not listening yet
			}
			await new Promise((resolve) => setTimeout(resolve, 250));
		}
		throw new Error(`n8n was not ready in time. Log ${this.logFile}:\n${this.logTail()}`);
	}
}

/** n8n's environment: ours, not the caller's (no N8N_* or DB_* leaking in from the shell). */
function n8nEnvironment(
	installation: N8nInstallation,
	userFolder: string,
	port: number,
	brokerPort: number,
	extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
	const inherited = Object.fromEntries(
		Object.entries(process.env).filter(([key]) => !/^(N8N_|DB_|NODE_|EXECUTIONS_|WEBHOOK_URL|GENERIC_TIMEZONE)/.test(key)),
	);
	return {
		...inherited,
		PATH: `${installation.nodeBinDir}${path.delimiter}${process.env.PATH ?? ''}`,
		// jest sets NODE_ENV=test, and n8n refuses to load nodes "in tests".
		NODE_ENV: 'production',
		N8N_USER_FOLDER: userFolder,
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PORT: String(port),
		N8N_PROTOCOL: 'http',
		// The port n8n is told, when the caller chose one (npm start's N8N_PORT): WEBHOOK_URL is what n8n
		// builds its webhook and resume URLs from ($execution.resumeUrl), so it must name the port n8n listens on.
		WEBHOOK_URL: `http://127.0.0.1:${extra.N8N_PORT ?? port}/`,
		// The task runner broker listens on 5679 by default: two instances would collide.
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		N8N_ENCRYPTION_KEY: 'solswitch-e2e-not-a-secret',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		// No telemetry, banners, templates or version checks: nothing leaves 127.0.0.1.
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_LICENSE_AUTO_RENEW_ENABLED: 'false',
		// mcp-registry (n8n 2.x) fetches a server list from api.n8n.io at start and logs a stack
		// trace offline; n8n 1.x has no such module and refuses to start when told to disable it.
		// n8n 1.x runs SQLite on one connection by default (DB_SQLITE_POOL_SIZE=0, which it logs as
		// deprecated); there, executions writing at the same moment (Data Table upserts of STOPs arriving
		// together) fail with "SQLITE_ERROR: no such savepoint" and even lose execution records. n8n 2.x
		// pools 3 connections by default: give 1.x the same, as the README tells 1.x users to.
		...(/(^|\/)n8n-1\./.test(installation.n8nDir) ? { DB_SQLITE_POOL_SIZE: '3' } : { N8N_DISABLED_MODULES: 'mcp-registry' }),
		// Plain-http cookies (n8n sets the Secure flag by default).
		N8N_SECURE_COOKIE: 'false',
		// Manual runs are saved by default; say so, since the tests read their run data back.
		EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: 'true',
		N8N_LOG_LEVEL: 'info',
		...extra,
	};
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
	try {
		process.kill(-pid, signal);
	} catch {
		// already gone
	}
}
