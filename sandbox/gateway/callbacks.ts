/**
 * Callbacks from the gateway to the provider (MO messages and delivery reports), with the document's
 * queue rules: `Status` OK or FAIL removes the item; an HTTP error, an empty answer or any other
 * Status keeps it queued, retried after 2 s, 4 s, 8 s ... (doubling) up to 12 retries, then failed.
 * Waits run on the sandbox's time scale. Every attempt is recorded as an outbound exchange.
 */
import { request } from 'undici';
import type { SandboxHost } from '../contract';
import { isShortCode } from './codes';
import type { GatewayConfig } from './config';

export type CallbackKind = 'mo' | 'report';

export interface Attempt {
	at: string;
	status?: number;
	answer?: unknown;
	error?: string;
}

export interface Delivery {
	id: string;
	kind: CallbackKind;
	url: string;
	body: Record<string, unknown>;
	attempts: Attempt[];
	state: 'queued' | 'delivered' | 'rejected' | 'failed';
	/** The reply Body the phone receives (MO SMS on a short code answered OK with a Body). */
	replyBody?: string;
	/** A reply Body the gateway dropped: "SMS on short codes only", and this message came to a long code. */
	droppedBody?: string;
	/** MT SMS from the code to the sender accepted while the provider was answering this message (a long code's reply). */
	smsReplies: string[];
	/** An attempt is being made (the provider has the message and has not answered yet). */
	inFlight: boolean;
	/** Resolves when the delivery is removed from the queue (delivered, rejected or failed). */
	done: Promise<Delivery>;
}

function parse(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}

export class CallbackQueue {
	readonly deliveries: Delivery[] = [];
	private timers = new Set<NodeJS.Timeout>();
	private closed = false;

	constructor(
		private readonly sandbox: SandboxHost,
		private readonly config: () => GatewayConfig,
	) {
		sandbox.onClose(() => this.close());
	}

	close() {
		this.closed = true;
		for (const t of this.timers) clearTimeout(t);
		this.timers.clear();
	}

	/** Queues one callback; the key goes in the body or the headers as configured at that moment. */
	enqueue(kind: CallbackKind, url: string, message: Record<string, unknown>): Delivery {
		const config = this.config();
		const body = { ...message };
		const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
		if (config.inboundKey) {
			if (config.inboundKeyType === 'body') body.Key = config.inboundKey;
			else {
				headers.authorization = `Bearer ${config.inboundKey}`;
				headers['x-api-key'] = config.inboundKey;
			}
		}
		let finish!: (d: Delivery) => void;
		const delivery: Delivery = {
			id: String(message.ID),
			kind,
			url,
			body,
			attempts: [],
			state: 'queued',
			smsReplies: [],
			inFlight: false,
			done: new Promise((resolve) => (finish = resolve)),
		};
		this.deliveries.push(delivery);
		void this.run(delivery, headers, finish, config);
		return delivery;
	}

	private wait(ms: number) {
		return new Promise<void>((resolve) => {
			const timer = setTimeout(() => {
				this.timers.delete(timer);
				resolve();
			}, this.sandbox.scale(ms));
			this.timers.add(timer);
		});
	}

	private async attempt(delivery: Delivery, headers: Record<string, string>, timeoutMs: number): Promise<Attempt> {
		const started = new Date().toISOString();
		const target = new URL(delivery.url);
		try {
			const response = await request(delivery.url, {
				method: 'POST',
				headers,
				body: JSON.stringify(delivery.body),
				headersTimeout: timeoutMs,
				bodyTimeout: timeoutMs,
			});
			const text = await response.body.text();
			const answer = text.trim() ? parse(text) : undefined;
			this.sandbox.exchanges.add({
				direction: 'out',
				service: delivery.kind === 'mo' ? 'gateway-mo' : 'gateway-report',
				method: 'POST',
				path: target.pathname,
				contentType: headers['content-type'],
				headers: Object.fromEntries(Object.entries(headers).filter(([k]) => k === 'authorization' || k === 'x-api-key')),
				body: delivery.body,
				status: response.statusCode,
				answer: answer ?? '',
			});
			return { at: started, status: response.statusCode, answer };
		} catch (error) {
			const message = String((error as Error).message ?? error);
			this.sandbox.exchanges.add({
				direction: 'out',
				service: delivery.kind === 'mo' ? 'gateway-mo' : 'gateway-report',
				method: 'POST',
				path: target.pathname,
				body: delivery.body,
				error: message,
			});
			return { at: started, error: message };
		}
	}

	private async run(delivery: Delivery, headers: Record<string, string>, finish: (d: Delivery) => void, config: GatewayConfig) {
		let wait = config.firstRetryMs;
		for (let attemptNo = 0; attemptNo <= config.retries && !this.closed; attemptNo++) {
			if (attemptNo > 0) {
				await this.wait(wait);
				wait *= 2;
				if (this.closed) break;
			}
			delivery.inFlight = true;
			const result = await this.attempt(delivery, headers, config.callbackTimeoutMs);
			delivery.inFlight = false;
			delivery.attempts.push(result);
			const answer = result.answer as Record<string, unknown> | undefined;
			const status = result.status !== undefined && result.status < 400 && answer && typeof answer === 'object' ? answer.Status : undefined;
			if (status === 'OK' || status === 'FAIL') {
				delivery.state = status === 'OK' ? 'delivered' : 'rejected';
				// "Body: SMS on short codes only" - MMS and reports carry only Status.
				const isMms = String(delivery.body.Body ?? '').startsWith('MMS received');
				if (status === 'OK' && delivery.kind === 'mo' && !isMms && typeof answer!.Body === 'string') {
					const code = String(delivery.body.To ?? '');
					if (isShortCode(this.config(), code)) delivery.replyBody = answer!.Body;
					else {
						// To the letter: the Body is for short codes only; on a long code the phone gets nothing.
						delivery.droppedBody = answer!.Body;
						this.sandbox.exchanges.add({
							direction: 'out',
							service: 'gateway-mo',
							method: 'DROP',
							path: new URL(delivery.url).pathname,
							body: { ID: delivery.id, From: delivery.body.From, To: code },
							note: `reply Body dropped: ${code} is a long code ("Body: Optional. SMS on short codes only."); the phone ${String(delivery.body.From)} gets nothing`,
						});
					}
				}
				finish(delivery);
				return;
			}
		}
		delivery.state = 'failed';
		finish(delivery);
	}

	/** An MT SMS the gateway accepted: a reply to the MO being answered from that phone to that code, if any. */
	mtSent(from: string, to: string, text: string) {
		const answering = this.deliveries.filter((d) => d.kind === 'mo' && d.inFlight && d.body.To === from && d.body.From === to);
		for (const d of answering) d.smsReplies.push(text);
	}

	/** Deliveries for one message ID, oldest first. */
	byId(id: string): Delivery[] {
		return this.deliveries.filter((d) => d.id === id);
	}
}
