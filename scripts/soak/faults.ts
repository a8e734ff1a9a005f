// Strikes each planned fault while its message's call is in n8n, and records when each was in force
// (for the blame in tally.ts) and how long each restart took. A fault waits until the previous one of
// its kind is over (a worker is killed again only once it is back). A worker kill and a webhook
// processor restart may overlap (each restart is mostly n8n waiting: 10 s after a process that did
// not exit cleanly, n8n/dist/crash-journal.js; one after the other, 1,000 messages took more than
// half an hour); Redis is stopped only while both are up, and neither is touched while Redis is down.
// (Letting Redis overlap them too was tried on 100 messages: once n8n stayed unable to answer for
// minutes, most messages needed 9 to 11 attempts and a STOP was lost; once it went through; not
// diagnosed.)
//   worker killed: SIGKILL to the worker's process group as soon as its log shows an execution
//     running after the call reached n8n (mid-execution), then started again;
//   webhook processor restarted: SIGTERM (n8n's own shutdown) just after the call reached it, then
//     started again;
//   Redis stopped: SIGTERM just after the call reached n8n, started again redisDownMs later (with
//     persistence it reloads its append-only file; without, its queued jobs are gone);
//   answer dropped: the fault proxy cuts the gateway's connection once n8n has answered.
import type { QueueCluster } from '../n8n-harness/queue/cluster';
import type { FaultProxy } from './faultProxy';
import type { Fault } from './plan';
import type { FaultWindow } from './tally';
import { WorkerLog } from './workerLog';

/** How long to wait for the call to reach n8n, and then for the worker to run something. */
const FORWARD_TIMEOUT_MS = 10_000;
const RUNNING_TIMEOUT_MS = 5_000;

type ProcessFault = Exclude<Fault, 'answer dropped'>;
const PROCESS_FAULTS: ProcessFault[] = ['worker killed', 'webhook processor restarted', 'Redis stopped'];

export interface WorkerKill {
	messageId: string;
	/** Executions the worker was running when it was killed (0: it was idle by then). */
	running: number;
}

export class FaultInjector {
	readonly windows: FaultWindow[] = [];
	/** Restart durations (ms), by fault: from the stop to the process being ready again. */
	readonly downtimes: Partial<Record<Fault, number[]>> = {};
	readonly workerKills: WorkerKill[] = [];
	private readonly lanes = new Map<ProcessFault, Promise<void>>();
	private readonly workerLog: WorkerLog;

	constructor(
		private readonly cluster: QueueCluster,
		private readonly proxy: FaultProxy,
		private readonly redisDownMs: number,
	) {
		this.workerLog = new WorkerLog(cluster.worker.logFile);
	}

	/** Arms the fault for this message; call it before the message is sent. */
	assign(fault: Fault, messageId: string): void {
		if (fault === 'answer dropped') {
			this.proxy.dropNextAnswer.add(messageId);
			return;
		}
		const forwarded = this.proxy.forwarded(messageId);
		this.lanes.set(fault, this.idle(fault).then(() => this.strike(fault, messageId, forwarded)));
	}

	/**
	 * Resolves when this fault may strike (the faults it must not overlap are over), or with no fault
	 * given when every fault assigned so far is over; rejects if one failed (a process that did not
	 * start again ends the soak).
	 */
	async idle(fault?: Fault): Promise<void> {
		const waitFor = fault === undefined || fault === 'Redis stopped' ? PROCESS_FAULTS : fault === 'answer dropped' ? [] : [fault, 'Redis stopped' as const];
		await Promise.all(waitFor.map((f) => this.lanes.get(f)));
	}

	/** The windows, with the dropped answers the proxy recorded. */
	allWindows(): FaultWindow[] {
		return [...this.windows, ...this.proxy.drops.map((d) => ({ fault: 'answer dropped' as const, messageId: d.id, start: d.at, end: d.at }))];
	}

	private async strike(fault: ProcessFault, messageId: string, forwarded: Promise<void>): Promise<void> {
		await Promise.race([forwarded, pause(FORWARD_TIMEOUT_MS)]);
		let start: number;
		if (fault === 'worker killed') {
			const running = await this.workerLog.waitForRunning(RUNNING_TIMEOUT_MS);
			start = Date.now();
			await this.cluster.worker.kill();
			this.workerLog.forgetRunning();
			this.workerKills.push({ messageId, running: running.length });
			await this.cluster.worker.restart();
		} else if (fault === 'webhook processor restarted') {
			await pause(20); // into n8n's handling of the call
			start = Date.now();
			await this.cluster.webhookProcessors[0].restart();
		} else {
			start = Date.now();
			await this.cluster.redis.pause();
			await pause(this.redisDownMs);
			await this.cluster.redis.resume();
		}
		const end = Date.now();
		this.windows.push({ fault, messageId, start, end });
		(this.downtimes[fault] ??= []).push(end - start);
	}
}

function pause(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}
