// Which executions the worker is running now, read from its log as it grows: n8n's job processor logs
// "Worker started execution N (job J)" and "Worker finished execution N (job J)" at info level
// (n8n/dist/scaling/job-processor.js). The soak kills the worker while one is running, so the kill
// lands mid-execution rather than between two.
import fs from 'node:fs';

const STARTED = /Worker started execution (\d+)/;
const FINISHED = /Worker finished execution (\d+)/;

export class WorkerLog {
	private offset: number;
	private partial = '';
	private readonly running = new Set<string>();

	constructor(private readonly file: string) {
		this.offset = fs.existsSync(file) ? fs.statSync(file).size : 0;
	}

	/** Reads what was appended since the last call and returns the executions started and not finished. */
	runningNow(): string[] {
		const size = fs.existsSync(this.file) ? fs.statSync(this.file).size : 0;
		if (size > this.offset) {
			const fd = fs.openSync(this.file, 'r');
			const buffer = Buffer.alloc(size - this.offset);
			fs.readSync(fd, buffer, 0, buffer.length, this.offset);
			fs.closeSync(fd);
			this.offset = size;
			const lines = (this.partial + buffer.toString('utf8')).split('\n');
			this.partial = lines.pop() ?? '';
			for (const line of lines) {
				const started = STARTED.exec(line);
				if (started) this.running.add(started[1]);
				const finished = FINISHED.exec(line);
				if (finished) this.running.delete(finished[1]);
			}
		}
		return [...this.running];
	}

	/** Polls until an execution is running (or the timeout passes): the ones running then. */
	async waitForRunning(timeoutMs: number): Promise<string[]> {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const running = this.runningNow();
			if (running.length || Date.now() > deadline) return running;
			await new Promise((resolve) => setTimeout(resolve, 5));
		}
	}

	/** The worker was killed: what it was running will never log "finished". */
	forgetRunning(): void {
		this.runningNow();
		this.running.clear();
	}
}
