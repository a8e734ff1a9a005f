// A private Redis for one queue-mode n8n (the Bull queue between main, webhook processors and
// workers): redis-server on a loopback port of its own, nothing persisted. restart() keeps the port,
// so n8n's clients reconnect to it (the fault soak stops Redis for a few seconds).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { freePort } from '../free-port';
import { ServerProcess } from './server-process';

export class RedisServer {
	private constructor(
		readonly folder: string,
		readonly port: number,
		private readonly server: ServerProcess,
	) {}

	static async start(): Promise<RedisServer> {
		const binary = redisBinary();
		const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-queue-redis-'));
		const port = await freePort();
		const server = new ServerProcess(
			'Redis',
			binary,
			['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', folder, '--daemonize', 'no'],
			path.join(folder, 'redis.log'),
			{ cwd: folder },
		);
		const redis = new RedisServer(folder, port, server);
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

	/** Stops Redis (queued jobs are lost with it: nothing is persisted). */
	async pause(): Promise<void> {
		await this.server.stop();
	}

	/** Starts it again on the same port. */
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
