// Strikes each planned fault while its message's call is in n8n, and records when each was in force
// (for the blame in tally.ts) and how long each restart took. Process faults come one at a time: the
// next strikes only once every n8n process is back and ready (the worker's readiness includes its
// Redis connection) and a short recovery gap has passed. Struck back to back, with nothing to let the
// system recover, they kept n8n down nearly all the time: Redis stopped every 3 s left n8n's clients
// no time to reconnect, n8n exits after 10 s of that (n8n/dist/services/redis-client.service.js), and
// 1,000 messages broke down (docs/fault-soak.md). The cluster runs supervised, as operators run
// queue mode: an n8n process that exits on its own is started again (N8nInstance restartOnExit).
//   worker killed: SIGKILL to the worker's process group as soon as its log shows an execution
//     running after the call reached n8n (mid-execution), then started again;
//   webhook processor restarted: SIGTERM (n8n's own shutdown) just after the call reached it, then
//     started again;
//   Redis stopped: SIGTERM just after the call reached n8n, started again redisDownMs later (with
//     persistence it reloads its append-only file; without, its queued jobs are gone);
//   answer dropped: the fault proxy cuts the gateway's connection once n8n has answered (no wait:
//     nothing needs to recover);
//   webhook processor killed: SIGKILL (a crash) just after the call reached it, then started again;
//     with several processors behind HAProxy the process faults strike the one serving the trigger
//     (the last answer's x-served-by), and HAProxy moves the trigger's URL meanwhile.
import type { QueueCluster } from '../n8n-harness/queue/cluster';
import type { FaultProxy } from './faultProxy';
import type { Fault } from './plan';
import type { FaultWindow } from './tally';
import { WorkerLog } from './workerLog';

/** How long to wait for the call to reach n8n, and then for the worker to run something. */
const FORWARD_TIMEOUT_MS = 10_000;
const RUNNING_TIMEOUT_MS = 5_000;

type ProcessFault = Exclude<Fault, 'answer dropped'>;

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
	/** The process faults assigned so far, one after the other, each with its recovery. */
	private processFaults: Promise<void> = Promise.resolve();
	private readonly workerLog: WorkerLog;

	constructor(
		private readonly cluster: QueueCluster,
		private readonly proxy: FaultProxy,
		private readonly redisDownMs: number,
		/** The gap after a process fault's recovery before the next may strike. */
		private readonly recoveryMs: number,
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
		this.processFaults = this.processFaults.then(() => this.strike(fault, messageId, forwarded));
	}

	/**
	 * Resolves when this fault may strike (every process fault before it is over and recovered; a
	 * dropped answer at once), or with no fault given when every fault assigned so far is; rejects if
	 * one failed (a process that did not start again ends the soak).
	 */
	async idle(fault?: Fault): Promise<void> {
		if (fault !== 'answer dropped') await this.processFaults;
	}

	/** The processor serving the trigger: the last answer's (HAProxy's x-served-by: webhook-N), else the first. */
	private servingProcessor() {
		const n = Number(/^webhook-(\d+)$/.exec(this.proxy.lastServedBy ?? '')?.[1] ?? 1);
		return this.cluster.webhookProcessors[n - 1] ?? this.cluster.webhookProcessors[0];
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
			await this.servingProcessor().restart();
		} else if (fault === 'webhook processor killed') {
			await pause(20);
			start = Date.now();
			const victim = this.servingProcessor();
			await victim.kill();
			await victim.restart();
		} else {
			start = Date.now();
			await this.cluster.redis.pause();
			await pause(this.redisDownMs);
			await this.cluster.redis.resume();
		}
		// In force until n8n is whole again: its processes ready, the worker connected to Redis.
		await this.cluster.whenHealthy();
		const end = Date.now();
		this.windows.push({ fault, messageId, start, end });
		(this.downtimes[fault] ??= []).push(end - start);
		await pause(this.recoveryMs);
	}
}

function pause(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}
