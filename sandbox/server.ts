/**
 * The sandbox: an HTTP emulator of the SolSwitch switch (and, through modules, the messaging gateway)
 * that follows the interface documents to the letter. Tests start it on a loopback port.
 */
import { setMaxListeners } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BodyError, readBody, readRaw } from './http/body';
import { ExchangeLog } from './http/exchanges';
import { Faults } from './http/faults';
import { Router, type SandboxReply, type SandboxRequest } from './http/router';
import { StreamedJson } from './http/streamed';
import { answerDelay } from './switch/api';
import { authenticate, type SwitchAuthConfig } from './switch/auth';
import { Fail } from './switch/fail';
import { settingsOf } from './switch/profiles';
import { SwitchState } from './switch/state';
import type { ApiContext, ApiFunction, SandboxHost, SandboxOptions } from './contract';
import { modules } from './modules';

export type { SandboxOptions };

export const DEFAULT_SWITCH_KEY = 'sandbox-switch-key';
export const DEFAULT_CUSTOMER2_KEY = 'sandbox-customer2-key';

export class Sandbox implements SandboxHost {
	readonly state = new SwitchState();
	readonly exchanges = new ExchangeLog();
	readonly faults = new Faults();
	readonly router = new Router();
	readonly switchFunctions = new Map<string, ApiFunction>();
	readonly switchAuth: SwitchAuthConfig;
	/** Per-module state, by module name (e.g. services.gateway). */
	readonly services: Record<string, unknown> = {};
	private server?: Server;
	private closers: Array<() => void | Promise<void>> = [];
	/** Aborted when the sandbox closes: a slow switch's pending answers stop waiting. */
	private readonly closing = new AbortController();
	url = '';
	port = 0;

	constructor(readonly options: SandboxOptions = {}) {
		this.switchAuth = {
			keys: [{ key: DEFAULT_SWITCH_KEY }, { key: DEFAULT_CUSTOMER2_KEY, customer: 2 }],
			requireKey: true,
			allowedIps: null,
			...options.switchAuth,
		};
		this.state.settings = settingsOf(options.switchProfile ?? 'default', options.switchSettings);
		this.state.setMaxListeners(50);
		// Every pending slow answer listens on it: many at once is normal under load.
		setMaxListeners(0, this.closing.signal);
		for (const m of modules) m.setup(this);
	}

	get timeScale(): number {
		return typeof this.options.timeScale === 'number' ? this.options.timeScale : 1;
	}

	/** Sandbox milliseconds to real milliseconds. */
	scale = (ms: number) => Math.max(0, Math.round(ms * this.timeScale));

	onClose(fn: () => void | Promise<void>) {
		this.closers.push(fn);
	}

	async listen(): Promise<this> {
		this.server = createServer((req, res) => void this.handle(req, res));
		this.server.keepAliveTimeout = 1000;
		await new Promise<void>((resolve, reject) => {
			this.server!.once('error', reject);
			this.server!.listen(this.options.port ?? 0, this.options.host ?? '127.0.0.1', () => resolve());
		});
		const address = this.server.address() as AddressInfo;
		this.port = address.port;
		const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
		this.url = `http://${host}:${this.port}`;
		return this;
	}

	async close() {
		this.closing.abort();
		for (const fn of this.closers.splice(0)) await fn();
		this.state.removeAllListeners();
		for (const call of this.state.calls.keys()) this.state.calls.delete(call);
		if (!this.server) return;
		this.server.closeAllConnections();
		await new Promise<void>((resolve) => this.server!.close(() => resolve()));
	}

	/** A streamed answer: each piece written when the connection has taken the previous ones. */
	private async sendStreamed(res: ServerResponse, answer: StreamedJson) {
		res.writeHead(200, { 'Content-Type': 'application/json' });
		for (const piece of answer.pieces()) {
			if (res.destroyed) return;
			if (!res.write(piece)) await untilDrained(res);
		}
		res.end();
	}

	private send(res: ServerResponse, reply: SandboxReply) {
		const headers = { ...(reply.headers ?? {}) };
		let payload: Buffer | string = '';
		if (reply.buffer) payload = reply.buffer;
		else if (reply.text !== undefined) {
			payload = reply.text;
			headers['Content-Type'] ??= 'text/plain; charset=utf-8';
		} else if (reply.json !== undefined) {
			payload = JSON.stringify(reply.json);
			headers['Content-Type'] ??= 'application/json';
		}
		res.writeHead(reply.status ?? 200, headers);
		res.end(payload);
	}

	private async handle(req: IncomingMessage, res: ServerResponse) {
		const url = new URL(req.url ?? '/', 'http://sandbox');
		const path = url.pathname;
		const method = req.method ?? 'GET';
		const ip = req.socket.remoteAddress ?? '';
		const isApi = path.startsWith('/api/');
		const matched = isApi ? undefined : this.router.match(method, path);
		const service = isApi ? 'switch' : matched?.route.service ?? 'unknown';
		let body: Record<string, unknown> = {};
		let raw: Buffer = Buffer.alloc(0);
		let bodyType: SandboxRequest['bodyType'] = 'empty';
		const record = (status: number, answer: unknown, error?: string) =>
			this.exchanges.add({
				direction: 'in',
				service,
				method,
				path,
				ip,
				contentType: req.headers['content-type'],
				headers: Object.fromEntries(
					Object.entries(req.headers)
						.filter(([k]) => k === 'authorization' || k === 'x-api-key' || k === 'content-type')
						.map(([k, v]) => [k, String(v)]),
				),
				body,
				status,
				answer,
				error,
			});
		try {
			if (matched?.route.rawBody) raw = await readRaw(req);
			else ({ body, raw, type: bodyType } = await readBody(req));
		} catch (error) {
			const status = error instanceof BodyError ? error.status : 400;
			const answer = { Status: 'FAIL', Reason: error.message };
			record(status, answer, error.message);
			return this.send(res, { status, json: answer });
		}
		if (service !== 'control') {
			const fault = this.faults.take(path);
			if (fault) {
				record(0, undefined, `fault: ${fault.mode}`);
				if (fault.mode === 'drop') return req.socket.destroy();
				if (fault.mode === 'slow') await new Promise((r) => setTimeout(r, fault.delayMs ?? 5000));
				if (fault.mode === 'notJson') return this.send(res, { status: 200, text: '<html><body>Service Unavailable</body></html>', headers: { 'Content-Type': 'text/html' } });
				if (fault.mode === 'http500') return this.send(res, { status: 500, text: 'Internal Server Error' });
				if (fault.mode === 'empty') return this.send(res, { status: 200, text: '' });
				if (fault.mode === 'answer') {
					const headers = fault.contentType ? { 'Content-Type': fault.contentType } : undefined;
					const answer = fault.text !== undefined ? { text: fault.text } : { json: fault.json };
					return this.send(res, { status: fault.status ?? 200, ...answer, ...(headers ? { headers } : {}) });
				}
			}
		}
		let reply: SandboxReply;
		try {
			if (isApi) {
				const answer = await this.callSwitch(path, body, ip);
				if (answer instanceof StreamedJson) {
					record(200, answer.summary);
					return await this.sendStreamed(res, answer);
				}
				reply = { json: answer };
			}
			else if (matched) reply = await matched.route.handle({ method, path, query: url.searchParams, headers: req.headers, ip, body, raw, bodyType, params: matched.params });
			else reply = { status: 404, json: { Status: 'FAIL', Reason: `No such function: ${path}` } };
		} catch (error) {
			reply = error instanceof Fail ? { json: { Status: 'FAIL', Reason: error.reason } } : { status: 500, json: { Status: 'FAIL', Reason: String(error.message) } };
		}
		record(reply.status ?? 200, reply.json ?? reply.text ?? (reply.buffer ? `(${reply.buffer.length} bytes)` : undefined));
		this.send(res, reply);
	}

	/** One switch function: method, access, then the function's own checks. */
	async callSwitch(path: string, body: Record<string, unknown>, ip: string): Promise<unknown> {
		const name = path.replace(/^\/api\//, '').replace(/\/+$/, '');
		// A slow switch (profile `slow`) is slow at every answer, refusals included.
		await answerDelay(this.state.settings.answerDelayMs, this.closing.signal);
		const fn = this.switchFunctions.get(name);
		if (!fn) return { Status: 'FAIL', Reason: `Unknown function ${name}` };
		try {
			const caller = authenticate(this.switchAuth, ip, body.Key);
			if (fn.globalKeyOnly && caller.scope !== undefined) {
				return { Status: 'FAIL', Reason: 'This function requires a key with global access' };
			}
			const ctx: ApiContext = { body, caller, state: this.state, scale: this.scale, closing: this.closing.signal };
			return await fn.handler(ctx);
		} catch (error) {
			if (error instanceof Fail) return { Status: 'FAIL', Reason: error.reason };
			throw error;
		}
	}
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	return await new Sandbox(options).listen();
}

/** Until the response takes more (drain) or is gone (close); whichever comes, both listeners go. */
function untilDrained(res: ServerResponse): Promise<void> {
	return new Promise((resolve) => {
		const done = () => {
			res.off('drain', done);
			res.off('close', done);
			resolve();
		};
		res.once('drain', done);
		res.once('close', done);
	});
}
