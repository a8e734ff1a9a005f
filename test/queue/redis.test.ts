// The harness's Redis persistence option (the fault soak runs Redis as operators are told to: with an
// append-only file): a key written before Redis is stopped is there after it starts again, and is
// gone without persistence (the tests' default).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { RedisServer, type RedisPersistence } from '../../scripts/n8n-harness/queue/redis';

jest.setTimeout(60_000);

function redisCli(redis: RedisServer, ...args: string[]): string {
	return execFileSync('redis-cli', ['-h', '127.0.0.1', '-p', String(redis.port), ...args], { encoding: 'utf8' }).trim();
}

async function survivesRestart(persistence: RedisPersistence): Promise<{ value: string; files: string[] }> {
	const redis = await RedisServer.start({ persistence });
	try {
		expect(redisCli(redis, 'SET', 'soak:job', 'queued')).toBe('OK');
		await redis.pause();
		await redis.resume();
		return { value: redisCli(redis, 'GET', 'soak:job'), files: fs.readdirSync(redis.folder) };
	} finally {
		await redis.stop();
	}
}

test.each(['always', 'everysec'] as const)('with appendfsync %s, queued data survives a stop and start, in an append-only file of its own folder', async (persistence) => {
	const { value, files } = await survivesRestart(persistence);
	expect(value).toBe('queued');
	expect(files).toContain('appendonlydir');
});

test('without persistence a stop loses what Redis held, and nothing is written to its folder', async () => {
	const { value, files } = await survivesRestart('none');
	expect(value).toBe('');
	expect(files.filter((f) => f !== 'redis.log')).toEqual([]);
});

test('stop() removes the data folder', async () => {
	const redis = await RedisServer.start({ persistence: 'always' });
	await redis.stop();
	expect(fs.existsSync(redis.folder)).toBe(false);
});
