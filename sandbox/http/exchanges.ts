/** Every exchange the sandbox takes part in, in order, so tests can assert what the switch saw. */
export interface Exchange {
	seq: number;
	at: string;
	/** For an outbound call: when it was sent (`at` is when its answer came). */
	sentAt?: string;
	direction: 'in' | 'out';
	/** 'switch', 'gateway', 'control', or the callback kind for outbound calls. */
	service: string;
	method: string;
	path: string;
	ip?: string;
	contentType?: string;
	headers?: Record<string, string>;
	body: unknown;
	status?: number;
	answer?: unknown;
	error?: string;
	/** What the sandbox did that the exchange does not show (a reply Body dropped on a long code). */
	note?: string;
}

export class ExchangeLog {
	private seq = 0;
	readonly entries: Exchange[] = [];

	constructor(private readonly max = 10000) {}

	add(entry: Omit<Exchange, 'seq' | 'at'>): Exchange {
		const full = { seq: ++this.seq, at: new Date().toISOString(), ...entry } as Exchange;
		this.entries.push(full);
		if (this.entries.length > this.max) this.entries.splice(0, this.entries.length - this.max);
		return full;
	}

	find(filter: Partial<Pick<Exchange, 'service' | 'path' | 'direction'>>): Exchange[] {
		return this.entries.filter(
			(e) =>
				(filter.service === undefined || e.service === filter.service) &&
				(filter.path === undefined || e.path === filter.path) &&
				(filter.direction === undefined || e.direction === filter.direction),
		);
	}

	clear() {
		this.entries.length = 0;
	}
}
