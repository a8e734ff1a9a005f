/**
 * How the gateway copes with bulk MT traffic, for tests and benchmarks (not in the interface
 * document, which says "Request rate limits ... not shown"): an answer delay per message, so that
 * requests overlap and the number in flight is meaningful; a rate limit in messages per second; and
 * counters of what it saw (most requests in flight at once, admitted, refused for the rate).
 */
export interface MtLoadConfig {
	/** Real milliseconds the gateway takes to answer an MT SMS or MMS (default 0). */
	latencyMs: number;
	/** Up to this many real milliseconds more, at random per message (a real gateway varies). */
	jitterMs: number;
	/** Messages accepted per rolling second; over it the gateway answers FAIL (0: no limit). */
	perSecond: number;
}

export const RATE_LIMIT_REASON = 'Rate limit exceeded.';

export interface MtLoadCounters {
	inFlight: number;
	maxInFlight: number;
	/** Requests that passed the rate check (they may still fail the gateway's other checks). */
	admitted: number;
	refusedByRate: number;
}

export class MtLoad {
	config: MtLoadConfig = { latencyMs: 0, jitterMs: 0, perSecond: 0 };
	counters: MtLoadCounters = { inFlight: 0, maxInFlight: 0, admitted: 0, refusedByRate: 0 };
	/** Times (ms) of the requests accepted in the last second, oldest first. */
	private window: number[] = [];

	configure(changes: Partial<MtLoadConfig>) {
		this.config = { ...this.config, ...changes };
	}

	reset() {
		this.counters = { inFlight: this.counters.inFlight, maxInFlight: this.counters.inFlight, admitted: 0, refusedByRate: 0 };
		this.window = [];
	}

	/**
	 * Runs one MT request: counted in flight for its whole life (the delay included), checked
	 * against the rate on arrival. `refuse` builds the answer given over the rate.
	 */
	async run<T>(handle: () => T, refuse: () => T): Promise<T> {
		const c = this.counters;
		c.inFlight++;
		c.maxInFlight = Math.max(c.maxInFlight, c.inFlight);
		try {
			const overRate = this.overRate(Date.now());
			const delay = this.config.latencyMs + Math.random() * this.config.jitterMs;
			if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
			if (overRate) {
				c.refusedByRate++;
				return refuse();
			}
			c.admitted++;
			return handle();
		} finally {
			c.inFlight--;
		}
	}

	private overRate(now: number): boolean {
		const limit = this.config.perSecond;
		if (!(limit > 0)) return false;
		while (this.window.length && now - this.window[0] >= 1000) this.window.shift();
		if (this.window.length >= limit) return true;
		this.window.push(now);
		return false;
	}
}
