// A private Redis for one queue-mode n8n (the Bull queue between main, webhook processors and
// workers): redis-server on a loopback port of its own, in a data folder of its own, stopped by PID.
// By default nothing is persisted (what the tests need: a fresh queue per cluster). With persistence
// 'everysec' or 'always' it keeps an append-only file there (appendonly yes, appendfsync as named),
// as operators are told to run it: a Redis stopped and started again comes back with its queued jobs.
// resume() keeps the port, so n8n's clients reconnect to it (the fault soak stops Redis for a few
// seconds).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { freePort } from '../free-port';
import { ServerProcess } from './server-process';

/** 'none': nothing written to disk; otherwise an append-only file fsynced every second or on every write. */
export type RedisPersistence = 'none' | 'everysec' | 'always';

export class RedisServer {
	private constructor(
		readonly folder: string,
		readonly port: number,
		readonly persistence: RedisPersistence,
		private readonly server: ServerProcess,
	) {}

	static async start({ persistence = 'none' }: { persistence?: RedisPersistence } = {}): Promise<RedisServer> {
		const binary = redisBinary();
		const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-queue-redis-'));
		const port = await freePort();
		// No RDB snapshots either way ('--save' ''): the append-only file is the persistence asked for.
		const durability = persistence === 'none' ? ['--appendonly', 'no'] : ['--appendonly', 'yes', '--appendfsync', persistence];
		const server = new ServerProcess(
			'Redis',
			binary,
			['--port', String(port), '--bind', '127.0.0.1', '--save', '', ...durability, '--dir', folder, '--daemonize', 'no'],
			path.join(folder, 'redis.log'),
			{ cwd: folder },
		);
		const redis = new RedisServer(folder, port, persistence, server);
		try {
			await server.start(port);
		} catch (error) {
			await redis.stop();
			throw error;
		}
		return redis;
	}

	get n8nEnv(): Record<string, string> {
		return { QUEUE_BULL_REDIS_HOST: '127.0.0.1', QUEUE_BULL_REDIS_PORT: String(this.port) };
	}

	/** Stops Redis (SIGTERM: with persistence it writes its append-only file out; without, its queued jobs are lost). */
	async pause(): Promise<void> {
		await this.server.stop();
	}

	/** Starts it again on the same port and data folder (reloading the append-only file, if any). */
	async resume(): Promise<void> {
		if (!this.server.running) await this.server.start(this.port);
	}

	async stop({ keepFolder = false } = {}): Promise<void> {
		await this.server.stop();
		if (!keepFolder) fs.rmSync(this.folder, { recursive: true, force: true });
	}
}

function redisBinary(): string {
	for (const candidate of ['/usr/bin/redis-server', '/usr/local/bin/redis-server']) if (fs.existsSync(candidate)) return candidate;
	try {
		return execFileSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).trim();
	} catch {
		throw new Error('redis-server is not installed: apt-get install redis-server (CI: .ci/run does it)');
	}
}
