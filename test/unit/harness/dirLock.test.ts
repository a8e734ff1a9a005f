// The installer's lock without flock (scripts/dir-lock.sh), run in bash as scripts/install-n8n.sh
// sources it: a second holder waits for the first, a lock left by a dead process or without a pid
// after a minute is taken over, a release leaves a lock it does not own alone.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const LIB = path.join(__dirname, '../../../scripts/dir-lock.sh');
let folder: string;
let lock: string;
beforeEach(() => {
	folder = fs.mkdtempSync(path.join(os.tmpdir(), 'dir-lock-'));
	lock = path.join(folder, 'x.lock.d');
});
afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

const bash = (script: string) => spawnSync('bash', ['-c', `. "${LIB}"; ${script}`], { encoding: 'utf8', env: { ...process.env, LOCK: lock, LOG: path.join(folder, 'log') } });

test('a second holder waits until the first releases, says so once, and each holds it alone', async () => {
	const holder = (name: string, seconds: number) =>
		new Promise<void>((resolve) => {
			const child = spawn('bash', ['-c', `. "${LIB}"; dir_lock_acquire "$LOCK" "waiting ${name}"; echo "${name} in" >> "$LOG"; sleep ${seconds}; echo "${name} out" >> "$LOG"; dir_lock_release "$LOCK"`], {
				env: { ...process.env, LOCK: lock, LOG: path.join(folder, 'log') },
			});
			let stderr = '';
			child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
			child.on('close', () => {
				fs.appendFileSync(path.join(folder, 'stderr'), stderr);
				resolve();
			});
		});
	const first = holder('first', 2);
	await new Promise((r) => setTimeout(r, 500));
	await Promise.all([first, holder('second', 0)]);
	expect(fs.readFileSync(path.join(folder, 'log'), 'utf8')).toBe('first in\nfirst out\nsecond in\nsecond out\n');
	expect(fs.readFileSync(path.join(folder, 'stderr'), 'utf8')).toBe('waiting second\n');
	expect(fs.existsSync(lock)).toBe(false);
});

test('a lock whose process is gone is taken over at once', () => {
	const dead = spawnSync('bash', ['-c', 'echo $$']).stdout.toString().trim();
	fs.mkdirSync(lock);
	fs.writeFileSync(path.join(lock, 'pid'), `${dead}\n`);
	const run = bash('dir_lock_acquire "$LOCK" waiting; cat "$LOCK/pid"; echo $$');
	const [holder, self] = run.stdout.trim().split('\n');
	expect(holder).toBe(self);
	expect(run.stderr).toBe('');
});

test('a lock with no pid is waited for while young, taken over once older than a minute', () => {
	fs.mkdirSync(lock);
	const young = spawnSync('bash', ['-c', `. "${LIB}"; dir_lock_acquire "$LOCK" waiting`], { encoding: 'utf8', env: { ...process.env, LOCK: lock }, timeout: 2500 });
	expect(young.stderr).toBe('waiting\n');
	expect(fs.existsSync(path.join(lock, 'pid'))).toBe(false);
	const old = new Date(Date.now() - 3 * 60_000);
	fs.utimesSync(lock, old, old);
	const run = bash('dir_lock_acquire "$LOCK" waiting; echo taken');
	expect(run).toMatchObject({ status: 0, stdout: 'taken\n', stderr: '' });
});

test("a release leaves a lock held by another process alone", () => {
	fs.mkdirSync(lock);
	fs.writeFileSync(path.join(lock, 'pid'), `${process.pid}\n`);
	bash('dir_lock_release "$LOCK"');
	expect(fs.readFileSync(path.join(lock, 'pid'), 'utf8')).toBe(`${process.pid}\n`);
});
