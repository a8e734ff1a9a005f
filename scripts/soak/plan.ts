// What the fault soak sends and when: its options (from the command line) and the message plan:
// which messages carry a STOP, which one meets which fault, and which are sent together in the burst.
// Pure, so the unit tests can check the plan the figures are read against.
import type { RedisPersistence } from '../n8n-harness/queue/redis';

export type Fault = 'worker killed' | 'webhook processor restarted' | 'Redis stopped' | 'answer dropped' | 'webhook processor killed';
/** The faults in turn, so each kind meets a quarter of the faulted messages. */
export const FAULTS: Fault[] = ['worker killed', 'webhook processor restarted', 'Redis stopped', 'answer dropped'];

export interface SoakOptions {
	/** MO messages sent in all (the burst included). */
	messages: number;
	/** The sandbox's time scale: the gateway's retry waits (2 s doubling, 12 retries) multiplied by it. */
	timeScale: number;
	/** Messages sent per second outside the burst. */
	rate: number;
	/** Messages sent at the same instant, halfway through (their workflows overlap), with no fault. */
	burst: number;
	/** Share of all messages that meet a fault (spread evenly over the messages outside the burst). */
	faultShare: number;
	/** Redis's persistence ('none': its queued jobs are lost when it stops). */
	redis: RedisPersistence;
	/** How long Redis stays stopped, ms. */
	redisDownMs: number;
	/** The gateway's timeout for one callback attempt, real ms (a dropped answer waits for it). */
	callbackTimeoutMs: number;
	/**
	 * n8n's N8N_GRACEFUL_SHUTDOWN_TIMEOUT, s. A webhook processor told to stop waits for the calls it
	 * has queued; those whose worker was killed wait for ever (only the worker's messages settle a
	 * call: n8n/dist/scaling/scaling.service.js), so with n8n's 30 s each restart after a worker kill
	 * would take 30 s plus the 10 s n8n pauses at start after a process did not exit cleanly
	 * (n8n/dist/crash-journal.js). With 2 s, 60 messages lost 3 STOPs and a hello where 5 s lost
	 * none (one run each, not diagnosed); at 1,000 messages both broke down (docs/fault-soak.md).
	 */
	gracefulShutdownS: number;
	/** After a process fault, once n8n is ready again, how long before the next may strike, ms. */
	recoveryMs: number;
	/** The fault kinds struck, in turn (default the first four; 'webhook processor killed' when asked); one kind alone isolates its effect. */
	faults: Fault[];
	/**
	 * Webhook processors (default 1). More than one: behind HAProxy with affinity (the queue suite's,
	 * docs/queue-mode.md), and the process faults strike the processor serving the trigger.
	 */
	webhookProcessors: number;
	/**
	 * --side-effect-once: the side effect every "hello" runs (a ticket, sideEffect.ts) goes through
	 * the recipe of examples/sms-side-effect-once.json (a PostgreSQL claim of the message ID with a
	 * lease, done when the ticket is open). Without it the ticket is opened on every run; the tickets are counted either way.
	 */
	sideEffectOnce: boolean;
}

export const DEFAULT_OPTIONS: SoakOptions = {
	messages: 1000,
	timeScale: 0.05,
	rate: 2,
	burst: 50,
	faultShare: 0.2,
	redis: 'everysec',
	redisDownMs: 3000,
	callbackTimeoutMs: 10_000,
	gracefulShutdownS: 5,
	recoveryMs: 2000,
	faults: FAULTS,
	webhookProcessors: 1,
	sideEffectOnce: false,
};

const FLAGS: Record<string, keyof SoakOptions> = {
	messages: 'messages',
	'time-scale': 'timeScale',
	rate: 'rate',
	burst: 'burst',
	'fault-share': 'faultShare',
	redis: 'redis',
	'redis-down-ms': 'redisDownMs',
	'callback-timeout-ms': 'callbackTimeoutMs',
	'graceful-shutdown-s': 'gracefulShutdownS',
	'recovery-ms': 'recoveryMs',
	faults: 'faults',
	'webhook-processors': 'webhookProcessors',
	'side-effect-once': 'sideEffectOnce',
};

/** Short names for --faults=worker,webhook,redis,drop. */
const FAULT_NAMES: Record<string, Fault> = {
	worker: 'worker killed',
	webhook: 'webhook processor restarted',
	redis: 'Redis stopped',
	drop: 'answer dropped',
	kill: 'webhook processor killed',
};

/** `--messages=1000 --rate=2 --redis=none ...`; the older positional form `[messages] [timeScale]` still works. */
export function parseOptions(argv: string[]): SoakOptions {
	const options: SoakOptions = { ...DEFAULT_OPTIONS };
	const positional: string[] = [];
	for (const arg of argv) {
		// A bare --name is a switch (--side-effect-once); every other option takes a value.
		const flag = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
		if (!flag) {
			positional.push(arg);
			continue;
		}
		const key = FLAGS[flag[1]];
		if (!key) throw new Error(`unknown option --${flag[1]} (known: ${Object.keys(FLAGS).map((f) => `--${f}`).join(', ')})`);
		if (key === 'sideEffectOnce') {
			if (flag[2] !== undefined) throw new Error(`--side-effect-once takes no value, not ${flag[2]}`);
			options.sideEffectOnce = true;
		} else if (flag[2] === undefined) {
			throw new Error(`--${flag[1]} needs a value: --${flag[1]}=...`);
		} else if (key === 'redis') {
			if (!['none', 'everysec', 'always'].includes(flag[2])) throw new Error(`--redis must be none, everysec or always, not ${flag[2]}`);
			options.redis = flag[2] as RedisPersistence;
		} else if (key === 'faults') {
			options.faults = flag[2].split(',').map((name) => {
				const fault = FAULT_NAMES[name];
				if (!fault) throw new Error(`--faults takes ${Object.keys(FAULT_NAMES).join(', ')} (comma-separated), not ${name}`);
				return fault;
			});
		} else {
			(options as unknown as Record<string, number>)[key] = number(flag[1], flag[2]);
		}
	}
	if (positional[0] !== undefined) options.messages = number('messages', positional[0]);
	if (positional[1] !== undefined) options.timeScale = number('time-scale', positional[1]);
	if (options.burst > options.messages) throw new Error(`--burst (${options.burst}) is more than --messages (${options.messages})`);
	if (options.faultShare * options.messages > options.messages - options.burst) {
		throw new Error('more faults than messages outside the burst: lower --fault-share or --burst');
	}
	return options;
}

function number(name: string, text: string): number {
	const value = Number(text);
	if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number >= 0, not ${text}`);
	return value;
}

export interface PlannedMessage {
	index: number;
	ID: string;
	From: string;
	To: string;
	/** A STOP in ten (each from a number of its own); the others "hello", answered from a workflow run. */
	Body: 'STOP' | 'hello';
	fault?: Fault;
	burst: boolean;
}

export function planMessages(options: Pick<SoakOptions, 'messages' | 'burst' | 'faultShare'> & Partial<Pick<SoakOptions, 'faults'>>): PlannedMessage[] {
	const { messages, burst } = options;
	const kinds = options.faults ?? FAULTS;
	const burstStart = Math.floor((messages - burst) / 2);
	const outside = messages - burst;
	const faults = Math.round(messages * options.faultShare);
	let outsideIndex = 0;
	let faultNo = 0;
	return Array.from({ length: messages }, (_, index) => {
		const inBurst = index >= burstStart && index < burstStart + burst;
		let fault: Fault | undefined;
		if (!inBurst) {
			// Evenly spread: the j-th message outside the burst meets a fault when the running share
			// of faults crosses a whole number there.
			const j = outsideIndex++;
			if (Math.floor(((j + 1) * faults) / outside) > Math.floor((j * faults) / outside)) fault = kinds[faultNo++ % kinds.length];
		}
		return {
			index,
			ID: `soak-${index}`,
			From: `1514${String(5000000 + index).padStart(7, '0')}`,
			To: '55555',
			Body: index % 10 === 0 ? 'STOP' : 'hello',
			...(fault ? { fault } : {}),
			burst: inBurst,
		};
	});
}
