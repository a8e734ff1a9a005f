// A database or queue server started by the harness: a child process leading its own process group
// (so stop() ends it and nothing it started survives), its output in a log file, stopped by PID.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

export class ServerProcess {
	private child?: ChildProcess;
	private exited?: Promise<void>;

	constructor(
		readonly name: string,
		private readonly command: string,
		private readonly args: string[],
		readonly logFile: string,
		private readonly spawnOptions: SpawnOptions = {},
	) {}

	get running(): boolean {
		return this.child !== undefined;
	}

	/** Starts the process and waits until `port` on 127.0.0.1 accepts connections. */
	async start(port: number, timeoutMs = 60_000): Promise<void> {
		const log = fs.openSync(this.logFile, 'a');
		const child = spawn(this.command, this.args, { ...this.spawnOptions, detached: true, stdio: ['ignore', log, log] });
		fs.closeSync(log);
		child.unref();
		this.child = child;
		let exitCode: number | null | undefined;
		this.exited = new Promise((resolve) => {
			child.on('exit', (code) => ((exitCode = code), resolve()));
			child.on('error', () => ((exitCode = -1), resolve()));
		});
		process.on('exit', this.killOnExit);
		const deadline = Date.now() + timeoutMs;
		while (!(await accepts(port))) {
			if (exitCode !== undefined) throw new Error(`${this.name} exited (code ${exitCode}) while starting:\n${this.logTail()}`);
			if (Date.now() > deadline) throw new Error(`${this.name} did not listen on ${port} in time:\n${this.logTail()}`);
			await new Promise((resolve) => setTimeout(resolve, 100));
		}
	}

	/** SIGTERM (both servers shut down cleanly on it), SIGKILL after 10 s. */
	async stop(): Promise<void> {
		const child = this.child;
		if (!child?.pid) return;
		signalGroup(child.pid, 'SIGTERM');
		const killer = setTimeout(() => signalGroup(child.pid!, 'SIGKILL'), 10_000);
		await this.exited;
		clearTimeout(killer);
		this.child = undefined;
		process.removeListener('exit', this.killOnExit);
	}

	logTail(lines = 30): string {
		if (!fs.existsSync(this.logFile)) return '(no log)';
		return fs.readFileSync(this.logFile, 'utf8').split('\n').slice(-lines).join('\n');
	}

	private readonly killOnExit = (): void => {
		if (this.child?.pid) signalGroup(this.child.pid, 'SIGKILL');
	};
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
	try {
		process.kill(-pid, signal);
	} catch {
		// already gone
	}
}

function accepts(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = net.connect(port, '127.0.0.1');
		socket.once('connect', () => (socket.destroy(), resolve(true)));
		socket.once('error', () => resolve(false));
	});
}
