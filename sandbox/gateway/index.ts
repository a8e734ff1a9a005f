/**
 * The messaging gateway in the sandbox (messaging-gateway.md): MT SMS / MMS and the usage report,
 * MO messages and delivery reports POSTed to the provider with the inbound key and the retry
 * schedule, MMS download links it serves itself. Control endpoints under /_sandbox/gateway/.
 */
import type { SandboxHost, SandboxModule } from '../contract';
import type { SandboxReply, SandboxRequest } from '../http/router';
import { downloadMms, sendMms, sendSms, usageReport, type Gateway as GatewayApi } from './api';
import { CallbackQueue, type Delivery } from './callbacks';
import { DEFAULT_GATEWAY_KEY, DEFAULT_INBOUND_KEY, defaultGatewayConfig, type GatewayConfig } from './config';
import { MtLoad, RATE_LIMIT_REASON, type MtLoadConfig } from './mtLoad';
import { GatewayFail } from './reasons';
import { Phones } from './phones';
import { GatewayState } from './state';

export const MMS_PREFIX = 'MMS received (link will expire in 7 days):';

export interface MoMessage {
	From: string;
	To: string;
	/** SMS text. */
	Body?: string;
	/** An MMS: the gateway stores the file and sends a download link. */
	mms?: { filename: string; contentType: string; content: Buffer };
	/** Reuse an ID (a redelivery the gateway makes after a lost answer). */
	ID?: string;
}

export class Gateway implements GatewayApi {
	readonly state = new GatewayState();
	readonly callbacks: CallbackQueue;
	/** Answer delay, rate limit and in-flight counters of MT SMS and MMS. */
	readonly mtLoad = new MtLoad();
	/** Phones that reply (phones.ts). */
	readonly phones: Phones;
	config: GatewayConfig;

	constructor(readonly sandbox: SandboxHost) {
		this.config = defaultGatewayConfig(sandbox.options.gateway as Partial<GatewayConfig> | undefined);
		this.callbacks = new CallbackQueue(sandbox, () => this.config);
		this.phones = new Phones(this);
	}

	configure(changes: Partial<GatewayConfig>) {
		this.config = { ...this.config, ...changes };
	}

	private providerUrl(kind: 'mo' | 'report'): string {
		const url = kind === 'report' ? this.config.reportUrl || this.config.providerUrl : this.config.providerUrl;
		if (!url) throw new GatewayFail('No provider URL configured.');
		return url;
	}

	/** A mobile user sends a message to a code: recorded, then POSTed to the provider. */
	injectMo(message: MoMessage): Delivery {
		let body = message.Body ?? '';
		let bytes: number | undefined;
		if (message.mms) {
			const stored = this.state.storeMms(message.mms.filename, message.mms.contentType, message.mms.content);
			const link = new URL(`${this.sandbox.url}/mms/download`);
			link.searchParams.set('mms', stored.id);
			link.searchParams.set('hash', stored.hash);
			link.searchParams.set('filename', stored.filename);
			link.searchParams.set('contenttype', stored.contentType);
			body = `${MMS_PREFIX} ${link.toString()}`;
			bytes = stored.content.length;
		}
		const record = this.state.record({ From: message.From, To: message.To, Direction: 'recv', text: body, bytes });
		const id = message.ID ?? record.ID;
		return this.callbacks.enqueue('mo', this.providerUrl('mo'), { Type: 'Message', ID: id, From: message.From, To: message.To, Body: body });
	}

	/** A delivery report for an MT message (sent by MT with Receipt yes, or injected by a test). */
	sendReport(id: string, from: string, to: string, status: number | string = this.config.reportStatus, reason?: string): Delivery {
		return this.callbacks.enqueue('report', this.providerUrl('report'), {
			Type: 'Report',
			ID: id,
			From: from,
			To: to,
			// "numeric (may be serialized as a string)": the gateway sends it as a string.
			Status: String(status),
			...(reason ? { Reason: reason } : {}),
		});
	}

	scheduleReport(id: string, from: string, to: string) {
		const timer = setTimeout(() => {
			if (this.config.providerUrl || this.config.reportUrl) this.sendReport(id, from, to);
		}, this.sandbox.scale(this.config.reportDelayMs));
		this.sandbox.onClose(() => clearTimeout(timer));
	}

	/**
	 * What a phone received: the MT SMS sent to it (oldest first), then the reply Bodies of callbacks
	 * answered for its messages to a short code (a Body on a long code is dropped: it never arrives).
	 */
	inbox(number: string): Array<{ From: string; text: string; via: 'sms' | 'callback reply' }> {
		const sms = this.state.records.filter((r) => r.Direction === 'send' && r.To === number).map((r) => ({ From: r.From, text: r.text ?? '', via: 'sms' as const }));
		const replies = this.callbacks.deliveries
			.filter((d) => d.kind === 'mo' && d.body.From === number && d.replyBody !== undefined)
			.map((d) => ({ From: String(d.body.To), text: d.replyBody!, via: 'callback reply' as const }));
		return [...sms, ...replies];
	}

	describe(): string[] {
		return [
			`  gateway base URL: ${this.sandbox.url}            (SMS ${this.sandbox.url}/sms/, MMS ${this.sandbox.url}/mms/, report ${this.sandbox.url}/sms/report)`,
			`  gateway key     : ${DEFAULT_GATEWAY_KEY}`,
			`  inbound key     : ${DEFAULT_INBOUND_KEY}     (set the provider URL: POST /_sandbox/gateway/config {"providerUrl": ...})`,
		];
	}
}

function answer(fn: () => Record<string, unknown>): SandboxReply {
	try {
		return { json: fn() };
	} catch (error) {
		if (error instanceof GatewayFail) return { json: { Status: 'FAIL', Reason: error.reason } };
		throw error;
	}
}

function deliverySummary(d: Delivery) {
	return { ID: d.id, kind: d.kind, url: d.url, state: d.state, replyBody: d.replyBody, droppedBody: d.droppedBody, smsReplies: d.smsReplies, attempts: d.attempts, body: { ...d.body, Key: d.body.Key ? '***' : undefined } };
}

export const gatewayModule: SandboxModule = {
	name: 'gateway',
	setup(sandbox) {
		const gateway = new Gateway(sandbox);
		sandbox.services.gateway = gateway;
		const route = (method: string, path: string, handle: (req: SandboxRequest) => SandboxReply | Promise<SandboxReply>, service = 'gateway') =>
			sandbox.router.add({ method, path, service, handle });

		route('POST', '/sms/report', (req) => answer(() => usageReport(gateway, req)));
		const overRate = (): SandboxReply => ({ json: { Status: 'FAIL', Reason: RATE_LIMIT_REASON } });
		route('POST', '/sms', (req) =>
			gateway.mtLoad.run(() => {
				const reply = answer(() => sendSms(gateway, req));
				const sent = (reply.json as { Status?: string; ID?: string }).Status === 'OK' ? gateway.state.records.find((r) => r.ID === (reply.json as { ID: string }).ID) : undefined;
				if (sent) {
					gateway.callbacks.mtSent(sent.From, sent.To, sent.text ?? '');
					gateway.phones.mtSent(sent);
				}
				return reply;
			}, overRate),
		);
		route('POST', '/mms', (req) => gateway.mtLoad.run(() => answer(() => sendMms(gateway, req)), overRate));
		route('GET', '/mms/download', (req) => downloadMms(gateway, req));

		const control = (method: string, path: string, handle: (req: SandboxRequest) => SandboxReply | Promise<SandboxReply>) =>
			route(method, `/_sandbox/gateway${path}`, handle, 'control');
		control('POST', '/config', (req) => {
			gateway.configure(req.body as Partial<GatewayConfig>);
			return { json: { Status: 'OK' } };
		});
		// {"latencyMs": 20, "perSecond": 50}; GET: the counters; DELETE: counters back to zero.
		control('POST', '/load', (req) => {
			gateway.mtLoad.configure(req.body as Partial<MtLoadConfig>);
			return { json: { Status: 'OK', ...gateway.mtLoad.config } };
		});
		control('GET', '/load', () => ({ json: { ...gateway.mtLoad.config, ...gateway.mtLoad.counters } }));
		control('DELETE', '/load', () => {
			gateway.mtLoad.reset();
			return { json: { Status: 'OK' } };
		});
		control('POST', '/mo', async (req) => {
			// `"wait": true` answers when the message has left the queue, with the reply the phone got.
			if (req.body.wait === true) {
				const queued = answer(() => ({ Status: 'OK', delivery: gateway.injectMo(moOf(req.body)) }));
				const delivery = (queued.json as { delivery?: Delivery }).delivery;
				if (!delivery) return queued;
				return { json: { Status: 'OK', ...deliverySummary(await delivery.done) } };
			}
			return answer(() => ({ Status: 'OK', ID: gateway.injectMo(moOf(req.body)).id }));
		});
		// The phone that replies: {"Body": "YES"} answers the last SMS the number received (404 when it
		// received none); `"wait": true` answers once the reply has left the queue, with what n8n answered.
		control('POST', '/phones/:number/reply', async (req) => {
			const body = typeof req.body.Body === 'string' ? req.body.Body : '';
			if (!body) return { status: 400, json: { Status: 'FAIL', Reason: 'Body is required' } };
			const delivery = gateway.phones.reply(req.params.number, body);
			if (!delivery) return { status: 404, json: { Status: 'FAIL', Reason: `No SMS was sent to ${req.params.number}` } };
			if (req.body.wait === true) return { json: { Status: 'OK', ...deliverySummary(await delivery.done) } };
			return { json: { Status: 'OK', ID: delivery.id } };
		});
		// {"Body": "YES", "delayMs": 1000}: the number answers every SMS it receives; DELETE stops it.
		control('POST', '/phones/:number/auto-reply', (req) => {
			const body = typeof req.body.Body === 'string' ? req.body.Body : '';
			if (!body) return { status: 400, json: { Status: 'FAIL', Reason: 'Body is required' } };
			const delayMs = typeof req.body.delayMs === 'number' && req.body.delayMs >= 0 ? req.body.delayMs : 1000;
			gateway.phones.setAutoReply(req.params.number, { Body: body, delayMs });
			return { json: { Status: 'OK', number: req.params.number, Body: body, delayMs } };
		});
		control('DELETE', '/phones/:number/auto-reply', (req) => {
			gateway.phones.setAutoReply(req.params.number, undefined);
			return { json: { Status: 'OK' } };
		});
		control('GET', '/phones/:number', (req) => {
			const last = gateway.phones.lastReceived(req.params.number);
			return {
				json: {
					number: req.params.number,
					lastReceived: last ? { ID: last.ID, From: last.From, text: last.text, DateTime: last.DateTime } : null,
					autoReply: gateway.phones.autoReplies()[req.params.number] ?? null,
					inbox: gateway.inbox(req.params.number),
				},
			};
		});
		control('GET', '/deliveries', () => ({ json: gateway.callbacks.deliveries.map(deliverySummary) }));
		control('GET', '/deliveries/:id', (req) => ({ json: gateway.callbacks.byId(req.params.id).map(deliverySummary) }));
	},
};

function moOf(b: Record<string, unknown>): MoMessage {
	const mms = b.mms as { filename: string; contentType: string; content: string } | undefined;
	return {
		From: String(b.From ?? ''),
		To: String(b.To ?? ''),
		Body: b.Body === undefined ? undefined : String(b.Body),
		ID: b.ID === undefined ? undefined : String(b.ID),
		mms: mms ? { filename: mms.filename, contentType: mms.contentType, content: Buffer.from(mms.content, 'base64') } : undefined,
	};
}

export function gatewayOf(sandbox: SandboxHost): Gateway {
	return sandbox.services.gateway as Gateway;
}
