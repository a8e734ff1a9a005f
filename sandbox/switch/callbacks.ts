/**
 * The switch's calls to outside applications (switch-calls-reporting.md, "Calls from the switch to
 * an external application" and "Events"), driven by the live call state:
 * - SIP POST notifications: every call event (Outgoing, Connected, Disconnected, and Incoming for
 *   calls entering from outside) to each configured URL (or the one URL the portal keeps, under the
 *   `notificationUrls: 'one'` setting), in the order the events happened;
 * - monitoring notifications: call events of extensions enabled with Toggle Monitoring;
 * - on request of a control endpoint, a Digit Validation request (the option answered is recorded)
 *   and a SIP Packet POST, repeated with a growing AttemptNumber until the answer is `SUCCESS`.
 * Every outbound call is in sandbox.exchanges with direction 'out'.
 */
import { randomUUID } from 'node:crypto';
import type { SandboxHost, SandboxModule } from '../contract';
import { inviteFor, packetHash } from './callbacks/packet';
import { postToApplication, type Sent } from './callbacks/send';
import type { ActiveCall, CallEvent } from './state';

export interface CallbackConfig {
	/** URLs set under API management > SIP POST notification options. */
	sipNotificationUrls: string[];
	/** URLs set in the switch settings for monitoring notifications. */
	monitoringUrls: string[];
	/** Body encoding of notifications (the document says JSON; form is for testing receivers). */
	format: 'json' | 'form';
}

export interface DigitValidationRecord {
	at: string;
	url: string;
	request: Record<string, string>;
	status?: number;
	contentType?: string;
	/** The option the application answered, exactly as received. */
	option?: string;
	error?: string;
}

export interface PacketDelivery {
	url: string;
	attempts: Array<{ AttemptNumber: number; corrupted: boolean; status?: number; answer?: string; error?: string }>;
	delivered: boolean;
}

/** Sandbox ms between SIP packet POST attempts (the document states no schedule). */
export const PACKET_RETRY_MS = 1000;

/** A SIP POST notification's body, as the switch sends it (also what the bench posts itself). */
export function notificationBody(event: CallEvent['Event'], call: ActiveCall) {
	return {
		Event: event,
		CallID: call.CallID,
		Customer: String(call.Customer),
		SourceNumber: call.SourceNumber,
		SourceChannel: call.SourceChannel,
		DestinationNumber: call.DestinationNumber,
		DestinationChannel: call.DestinationChannel,
		DialedNumber: call.DialedNumber,
	};
}

export class SwitchCallbacks {
	config: CallbackConfig = { sipNotificationUrls: [], monitoringUrls: [], format: 'json' };
	readonly digitValidations: DigitValidationRecord[] = [];
	readonly packets: PacketDelivery[] = [];
	/** One chain per URL, so an application receives a call's events in the order they happened. */
	private chains = new Map<string, Promise<unknown>>();
	private closed = false;

	constructor(private readonly sandbox: SandboxHost) {
		const initial = sandbox.options.callbacks as Partial<CallbackConfig> | undefined;
		if (initial) this.configure(initial);
		sandbox.state.on('call', (event: CallEvent) => this.onCall(event));
		sandbox.onClose(async () => {
			this.closed = true;
			await this.idle();
		});
	}

	/**
	 * Sets the URLs as the portal would. With `notificationUrls: 'one'` (profiles.ts: the documents do
	 * not say how many SIP POST notification URLs a customer may set), the portal holds one: setting
	 * several keeps the last, as a form with one field would.
	 */
	configure(next: Partial<CallbackConfig>) {
		this.config = { ...this.config, ...next };
		if (this.sandbox.state.settings.notificationUrls === 'one') this.config.sipNotificationUrls = this.config.sipNotificationUrls.slice(-1);
	}

	/** The SIP POST notification URLs in force (one only, the last set, under `notificationUrls: 'one'`). */
	private notificationUrls(): string[] {
		const urls = this.config.sipNotificationUrls;
		return this.sandbox.state.settings.notificationUrls === 'one' ? urls.slice(-1) : urls;
	}

	/** Resolves when every queued notification has been sent (tests wait on this, not on time). */
	async idle(): Promise<void> {
		let pending: Array<Promise<unknown>>;
		do {
			pending = [...this.chains.values()];
			await Promise.allSettled(pending);
		} while ([...this.chains.values()].some((p) => !pending.includes(p)));
	}

	private enqueue(service: string, url: string, body: Record<string, unknown>) {
		if (this.closed) return;
		const previous = this.chains.get(url) ?? Promise.resolve();
		const next = previous.then(() => postToApplication(this.sandbox, service, url, body, { format: this.config.format }));
		this.chains.set(url, next);
	}

	private onCall({ Event, call, extensions }: CallEvent) {
		// An outbound call with a DID caller ID may be notified from its extension (profiles.ts `notifiedCaller`).
		const notified = this.sandbox.state.settings.notifiedCaller === 'extension' && call.placedBy ? { ...call, SourceNumber: call.placedBy } : call;
		for (const url of this.notificationUrls()) this.enqueue('sipNotification', url, notificationBody(Event, notified));
		const monitored = extensions.filter((e) => this.sandbox.state.monitored.has(`${e.Customer}:${e.ExtensionNumber}`));
		for (const extension of monitored) {
			// Monitoring speaks of the extension's own calls: the start of a call it receives is
			// Incoming; a call it places has no start event in the document (Incoming, Connected, Disconnected).
			const isDestination = extension.ExtensionNumber === call.DestinationNumber;
			let event: 'Incoming' | 'Connected' | 'Disconnected';
			if (Event === 'Outgoing' || Event === 'Incoming') {
				if (!isDestination) continue;
				event = 'Incoming';
			} else event = Event;
			const body = { ...notificationBody(event, call), Customer: String(extension.Customer) };
			for (const url of this.config.monitoringUrls) this.enqueue('monitoring', url, body);
		}
	}

	/** A call entering the switch from outside to an extension: Incoming, then Connected. */
	incomingCall(customer: number, from: string, extension: string, dialed: string): ActiveCall {
		const state = this.sandbox.state;
		const call = state.newCall(customer, from, extension, dialed);
		state.calls.set(call.CallID, call);
		state.emitCall('Incoming', call);
		if (state.calls.has(call.CallID)) state.emitCall('Connected', call);
		return call;
	}

	/** Sends a Digit Validation request and records the option answered. */
	async digitValidation(url: string, request: Record<string, string>, format: 'json' | 'form' = 'json', headers: Record<string, string> = {}) {
		const sent: Sent = await postToApplication(this.sandbox, 'digitValidation', url, request, { format, headers });
		const record: DigitValidationRecord = {
			at: new Date().toISOString(),
			url,
			request,
			status: sent.status,
			contentType: sent.contentType,
			option: sent.error ? undefined : sent.text,
			error: sent.error,
		};
		this.digitValidations.push(record);
		return record;
	}

	/**
	 * Sends a SIP Packet POST, repeating it (AttemptNumber 1, 2, ...) until the answer is exactly
	 * `SUCCESS` or maxAttempts is reached. The first `corruptAttempts` attempts carry a wrong hash.
	 */
	async sipPacket(url: string, o: { apiKey: string; from?: string; to?: string; fromIp?: string; corruptAttempts?: number; maxAttempts?: number; headers?: Record<string, string> }) {
		const from = o.from ?? '5145550199';
		const to = o.to ?? '5145550100';
		const fromIp = o.fromIp ?? '198.51.100.7';
		const rawPacket = inviteFor(from, to, fromIp, randomUUID());
		const delivery: PacketDelivery = { url, attempts: [], delivered: false };
		this.packets.push(delivery);
		const max = o.maxAttempts ?? 5;
		for (let attempt = 1; attempt <= max && !this.closed; attempt++) {
			const corrupted = attempt <= (o.corruptAttempts ?? 0);
			const hash = corrupted ? packetHash(rawPacket + ' ') : packetHash(rawPacket);
			const body = { APIKey: o.apiKey, FromIP: fromIp, InviteTo: to, RawPacket: rawPacket, PacketHash: hash, AttemptNumber: String(attempt) };
			const sent = await postToApplication(this.sandbox, 'sipPacket', url, body, { headers: o.headers });
			delivery.attempts.push({ AttemptNumber: attempt, corrupted, status: sent.status, answer: sent.text, error: sent.error });
			if (sent.status === 200 && sent.text === 'SUCCESS') {
				delivery.delivered = true;
				break;
			}
			if (attempt < max) await new Promise((resolve) => setTimeout(resolve, this.sandbox.scale(PACKET_RETRY_MS)));
		}
		return delivery;
	}

	describe(): string[] {
		return [`  callbacks       : POST ${this.sandbox.url}/_sandbox/callbacks {sipNotificationUrls, monitoringUrls}; /_sandbox/callbacks/digit-validation, /sip-packet, /incoming-call`];
	}
}

export function callbacksOf(sandbox: SandboxHost): SwitchCallbacks {
	return sandbox.services.callbacks as SwitchCallbacks;
}

export const callbacksModule: SandboxModule = {
	name: 'callbacks',
	setup(sandbox) {
		const callbacks = new SwitchCallbacks(sandbox);
		sandbox.services.callbacks = callbacks;
		const add = (method: string, path: string, handle: Parameters<typeof sandbox.router.add>[0]['handle']) =>
			sandbox.router.add({ method, path: `/_sandbox/callbacks${path}`, service: 'control', handle });
		const text = (v: unknown) => (v === undefined || v === null ? undefined : String(v));

		add('GET', '', () => ({
			json: { config: callbacks.config, digitValidations: callbacks.digitValidations, packets: callbacks.packets },
		}));
		add('POST', '', (req) => {
			callbacks.configure(req.body as Partial<CallbackConfig>);
			return { json: { Status: 'OK', config: callbacks.config } };
		});
		add('POST', '/incoming-call', (req) => {
			const b = req.body;
			const call = callbacks.incomingCall(Number(b.Customer ?? 1), String(b.From ?? '5145550199'), String(b.Extension ?? '201'), String(b.DialedNumber ?? '5145550100'));
			return { json: { Status: 'OK', CallID: call.CallID } };
		});
		add('POST', '/digit-validation', async (req) => {
			const b = req.body;
			const url = text(b.url);
			if (!url) return { status: 400, json: { Status: 'FAIL', Reason: 'Missing required field url' } };
			const request: Record<string, string> = {
				Digits: text(b.Digits) ?? '1',
				ExtensionNumber: text(b.ExtensionNumber) ?? '510',
				CDRCallID: text(b.CDRCallID) ?? `${Math.floor(Date.now() / 1000)}.${sandbox.state.newId('call')}`,
				CIDName: text(b.CIDName) ?? 'Sandbox Caller',
				CIDNum: text(b.CIDNum) ?? '5145550199',
				DID: text(b.DID) ?? '5145550100',
			};
			const record = await callbacks.digitValidation(url, request, b.format === 'form' ? 'form' : 'json', (b.headers ?? {}) as Record<string, string>);
			return { json: { Status: record.error ? 'FAIL' : 'OK', ...(record.error ? { Reason: record.error } : {}), ...record } };
		});
		add('POST', '/sip-packet', async (req) => {
			const b = req.body;
			const url = text(b.url);
			if (!url) return { status: 400, json: { Status: 'FAIL', Reason: 'Missing required field url' } };
			const delivery = await callbacks.sipPacket(url, {
				apiKey: text(b.apiKey) ?? '',
				from: text(b.from),
				to: text(b.to),
				fromIp: text(b.fromIp),
				corruptAttempts: Number(b.corruptAttempts ?? 0),
				maxAttempts: b.maxAttempts === undefined ? undefined : Number(b.maxAttempts),
				headers: (b.headers ?? {}) as Record<string, string>,
			});
			return { json: { Status: delivery.delivered ? 'OK' : 'FAIL', ...(delivery.delivered ? {} : { Reason: 'SUCCESS was never answered' }), ...delivery } };
		});
	},
};
