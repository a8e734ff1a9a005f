/** Faults a test can switch on to see how the nodes cope with a switch that misbehaves. */
export interface Fault {
	/** Function path ('newcall'), gateway path ('/sms/'), or '*' for every request. */
	match: string;
	mode: 'slow' | 'notJson' | 'http500' | 'http401' | 'empty' | 'drop' | 'answer';
	/** For 'answer': the answer to give instead of the function's (a JSON value, or `text`), and its HTTP status (200). */
	json?: unknown;
	text?: string;
	status?: number;
	contentType?: string;
	/** For 'slow': how long to wait before answering (real milliseconds). */
	delayMs?: number;
	/** How many requests it applies to; unlimited when absent. */
	times?: number;
	/** Matching requests to let through before the fault applies (a fault mid-way through a bulk send). */
	after?: number;
}

export class Faults {
	private list: Fault[] = [];

	set(fault: Fault) {
		this.list.push({ ...fault });
	}

	clear() {
		this.list = [];
	}

	take(path: string): Fault | undefined {
		const bare = path.replace(/^\/api\//, '').replace(/^\/+|\/+$/g, '');
		const fault = this.list.find(
			(f) => f.match === '*' || f.match.replace(/^\/+|\/+$/g, '') === bare || f.match === path,
		);
		if (!fault) return undefined;
		if (fault.after !== undefined && fault.after > 0) {
			fault.after--;
			return undefined;
		}
		if (fault.times !== undefined && --fault.times <= 0) this.list = this.list.filter((f) => f !== fault);
		return fault;
	}
}
