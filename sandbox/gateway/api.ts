/**
 * The gateway's MT API (messaging-gateway.md, Endpoints): POST <host>/sms/ (JSON or form variables),
 * POST <host>/mms/ (a JSON body only), POST <host>/sms/report (JSON or form, at most 45 days).
 * Every answer carries Status, and Reason when Status is FAIL.
 */
import type { SandboxReply, SandboxRequest } from '../http/router';
import { normaliseIp } from '../switch/auth';
import type { SandboxHost } from '../contract';
import type { GatewayConfig } from './config';
import type { GatewayState } from './state';
import { GATEWAY_REASONS as R, GatewayFail } from './reasons';

/** What the MT API uses of the gateway (the Gateway of index.ts), so neither file imports the other's. */
export interface Gateway {
	readonly config: GatewayConfig;
	readonly state: GatewayState;
	readonly sandbox: Pick<SandboxHost, 'scale'>;
	scheduleReport(id: string, from: string, to: string): void;
}

function text(body: Record<string, unknown>, name: string): string | undefined {
	const v = body[name];
	if (v === undefined || v === null) return undefined;
	const s = typeof v === 'string' ? v : typeof v === 'number' ? String(v) : JSON.stringify(v);
	return s.trim() === '' ? undefined : s;
}

function required(body: Record<string, unknown>, name: string): string {
	const v = text(body, name);
	if (v === undefined) throw new GatewayFail(R.missing(name));
	return v;
}

function numericField(body: Record<string, unknown>, name: string): string {
	const v = required(body, name).trim();
	if (!/^\d+$/.test(v)) throw new GatewayFail(R.notNumeric(name));
	return v;
}

/** Access: the caller's address first (the allow-list), then the key when one is configured. */
export function authorize(gateway: Gateway, req: SandboxRequest) {
	const config = gateway.config;
	if (config.allowedIps && !config.allowedIps.map(normaliseIp).includes(normaliseIp(req.ip))) throw new GatewayFail(R.ipNotAllowed);
	const key = text(req.body, 'Key');
	if (config.requireKey && (key === undefined || !config.keys.includes(key))) throw new GatewayFail(R.notAuthorized);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
function dayNumber(value: string, field: string): number {
	const m = DATE.exec(value);
	const ms = m ? Date.UTC(+m[1], +m[2] - 1, +m[3]) : NaN;
	if (!m || Number.isNaN(ms) || new Date(ms).getUTCDate() !== +m[3]) throw new GatewayFail(R.date(field));
	return ms / 86400000;
}

export function sendSms(gateway: Gateway, req: SandboxRequest): Record<string, unknown> {
	authorize(gateway, req);
	const from = numericField(req.body, 'From');
	const to = numericField(req.body, 'To');
	// Counted exactly as sent: "1 to 136 characters including spaces and carriage returns".
	const body = typeof req.body.Body === 'string' && req.body.Body !== '' ? req.body.Body : required(req.body, 'Body');
	const length = [...body].length;
	if (length < 1 || length > 136) throw new GatewayFail(R.bodyLength);
	const receipt = text(req.body, 'Receipt');
	if (receipt !== undefined && receipt !== 'yes' && receipt !== 'no') throw new GatewayFail(R.receipt);
	const record = gateway.state.record({ From: from, To: to, Direction: 'send', text: body });
	if (receipt === 'yes' && gateway.config.receipts) gateway.scheduleReport(record.ID, from, to);
	return { Status: 'OK', ID: record.ID };
}

export function sendMms(gateway: Gateway, req: SandboxRequest): Record<string, unknown> {
	authorize(gateway, req);
	if (req.bodyType !== 'json') throw new GatewayFail(R.mmsJsonOnly);
	const from = numericField(req.body, 'From');
	const to = numericField(req.body, 'To');
	const name = required(req.body, 'ContentName');
	const type = required(req.body, 'ContentType');
	const content = required(req.body, 'Content').replace(/\s+/g, '');
	if (content.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(content)) throw new GatewayFail(R.base64);
	const bytes = Buffer.from(content, 'base64');
	gateway.state.storeMms(name, type, bytes);
	const record = gateway.state.record({ From: from, To: to, Direction: 'send', text: name, bytes: bytes.length });
	return { Status: 'OK', ID: record.ID };
}

export function usageReport(gateway: Gateway, req: SandboxRequest): Record<string, unknown> {
	authorize(gateway, req);
	const from = required(req.body, 'FromDate');
	const to = required(req.body, 'ToDate');
	const details = required(req.body, 'Details');
	const a = dayNumber(from, 'FromDate');
	const b = dayNumber(to, 'ToDate');
	if (details !== 'yes' && details !== 'no') throw new GatewayFail(R.details);
	if (b < a) throw new GatewayFail(R.order);
	if (b - a + 1 > 45) throw new GatewayFail(R.range);
	const records = gateway.state.between(from, to);
	const segments = (dir?: string) =>
		records.filter((r) => !dir || r.Direction === dir).reduce((sum, r) => sum + Number(r.Segments), 0);
	const answer: Record<string, unknown> = {
		Status: 'OK',
		Summary: {
			Total: segments(),
			Sent: segments('send'),
			Received: segments('recv'),
			CarrierLookups: records.filter((r) => r.CarrierLookup === '1').length,
		},
	};
	if (details === 'yes') answer.Records = records.map(({ text: _text, ...record }) => record);
	return answer;
}

/** GET <host>/mms/download?mms=&hash=&filename=&contenttype=: the stored file for 7 days. */
export function downloadMms(gateway: Gateway, req: SandboxRequest): SandboxReply {
	const stored = gateway.state.mms.get(req.query.get('mms') ?? '');
	if (!stored || stored.hash !== req.query.get('hash')) return { status: 404, text: 'Not found' };
	const age = Date.now() - stored.storedAt;
	if (age > gateway.sandbox.scale(7 * 86400000)) return { status: 410, text: 'Link expired' };
	return {
		buffer: stored.content,
		headers: {
			'Content-Type': stored.contentType,
			'Content-Disposition': `attachment; filename="${stored.filename.replace(/"/g, '')}"`,
		},
	};
}
