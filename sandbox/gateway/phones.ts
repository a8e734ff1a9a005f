/**
 * Phones that answer (sandbox only, for tests and `npm start`): a mobile number can reply to the last
 * SMS it received (`reply`), or answer every SMS it receives with a set text after a delay
 * (`autoReply`), the way a person answers "Reply YES or NO". Each answer is an ordinary MO message:
 * recorded, then POSTed to the provider URL with the queue's retries, like any other.
 */
import type { SandboxHost } from '../contract';
import type { Delivery } from './callbacks';
import type { GatewayState, MessageRecord } from './state';

export interface AutoReply {
	Body: string;
	/** Delay before answering, in ms (on the sandbox's time scale). */
	delayMs: number;
}

interface PhoneHost {
	readonly state: GatewayState;
	readonly sandbox: SandboxHost;
	/** The gateway's injectMo (index.ts), for a text message. */
	injectMo(message: { From: string; To: string; Body?: string }): Delivery;
}

export class Phones {
	private readonly auto = new Map<string, AutoReply>();
	private readonly timers = new Set<NodeJS.Timeout>();

	constructor(private readonly gateway: PhoneHost) {
		gateway.sandbox.onClose(() => {
			for (const t of this.timers) clearTimeout(t);
			this.timers.clear();
		});
	}

	/** The last SMS sent to a number (an MT record), if any. */
	lastReceived(number: string): MessageRecord | undefined {
		return [...this.gateway.state.records].reverse().find((r) => r.Direction === 'send' && r.To === number);
	}

	/** The phone answers the last SMS it received: From the phone, To the code that sent it. */
	reply(number: string, body: string): Delivery | undefined {
		const last = this.lastReceived(number);
		return last ? this.gateway.injectMo({ From: number, To: last.From, Body: body }) : undefined;
	}

	setAutoReply(number: string, reply: AutoReply | undefined) {
		if (reply) this.auto.set(number, reply);
		else this.auto.delete(number);
	}

	autoReplies(): Record<string, AutoReply> {
		return Object.fromEntries(this.auto);
	}

	/** Called for every MT SMS the gateway accepted: a phone set to answer does so after its delay. */
	mtSent(record: MessageRecord) {
		const auto = this.auto.get(record.To);
		if (!auto) return;
		const timer = setTimeout(() => {
			this.timers.delete(timer);
			this.gateway.injectMo({ From: record.To, To: record.From, Body: auto.Body });
		}, this.gateway.sandbox.scale(auto.delayMs));
		this.timers.add(timer);
	}
}
