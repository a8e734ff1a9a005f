/**
 * The clock one call-event notification runs on. "Wait for Call Record" bounds the whole webhook
 * call, requests included, not only the pauses between tries: a switch that answers slowly, or not
 * at all, must not hold the notification (and a webhook processor) for minutes, nor outlive the
 * claim that keeps a repeat from starting a second run (emittedCalls.ts).
 *
 * - A new try begins only while the setting's time lasts (`mayTryAgain`); the pause before it is cut
 *   to what is left of that time.
 * - Every request (a lookup, a download) has its own limit (REQUEST_TIMEOUT_MS) cut to what is left
 *   of the setting plus GRACE_MS (`requestTimeout`): so a try begun just before the setting ends may
 *   still finish, and with the setting at 0 the one try still gets its request. Nothing is asked
 *   once no time is left.
 * So the call ends within the setting plus GRACE_MS, whatever the switch does.
 *
 * The clock is a monotonic one (performance.now): a step of the wall clock (NTP, a resumed VM) must
 * neither cut a lookup short nor stretch it past the claim's take-over, which is wall-clock time
 * because it is compared across calls (emittedCalls.ts).
 */

/** What the clock adds to the setting, so a try begun just before it ends may finish: the "plus 10 s" the docs give. */
export const GRACE_MS = 10_000;

/**
 * The longest one switch request may take, always cut to the time left. Longer than GRACE_MS: a
 * switch that answers each request in 10 s (the sandbox's `slow` profile) is read once Wait for Call
 * Record leaves room for its answers in a row (25 s: List Active Calls, CDR Leg Details, CDR
 * Export); with a limit of 10 s no request of it ever came back, whatever the setting.
 */
export const REQUEST_TIMEOUT_MS = 15_000;

/** The largest "Wait for Call Record" the node's field allows, in seconds (events.ts, recordWait maxValue). */
export const MAX_RECORD_WAIT_S = 120;

/** A request with less time than this left is not made: it could not get an answer, and axios reads a timeout of 0 as none. */
export const MIN_REQUEST_MS = 50;

/** Why nothing was asked: the clock ran out (kept apart so it never hides the switch's last reason). */
export const OUT_OF_TIME = 'no time was left to ask the switch';

/** The longest one notification's webhook call can last: the largest setting plus GRACE_MS. */
export const LONGEST_CALL_MS = MAX_RECORD_WAIT_S * 1000 + GRACE_MS;

export class Deadline {
	readonly startedAt: number;

	constructor(
		/** "Wait for Call Record", in ms. */
		readonly waitMs: number,
		private readonly clock: () => number = () => performance.now(),
	) {
		this.startedAt = clock();
	}

	/** When tries stop beginning: the setting's end. */
	get triesEndAt(): number {
		return this.startedAt + this.waitMs;
	}

	/** When everything stops: the setting plus GRACE_MS. */
	get endsAt(): number {
		return this.triesEndAt + GRACE_MS;
	}

	/** Now, on this deadline's clock (what `endsAt` is measured in). */
	now(): number {
		return this.clock();
	}

	elapsedMs(): number {
		return this.clock() - this.startedAt;
	}

	/** Whether another try may begin. */
	mayTryAgain(): boolean {
		return this.clock() < this.triesEndAt;
	}

	/** The pause before the next try: `step`, cut to what is left of the setting. */
	pause(step: number): number {
		return Math.max(0, Math.min(step, this.triesEndAt - this.clock()));
	}

	/** A request's timeout: `limit` cut to the time left; undefined when too little is left to ask. */
	requestTimeout(limit = REQUEST_TIMEOUT_MS): number | undefined {
		const left = Math.min(limit, this.endsAt - this.clock());
		return left >= MIN_REQUEST_MS ? left : undefined;
	}
}
