// Between the gateway and the webhook processors: passes every call through, except that the calls it
// is told to spoil get n8n's answer dropped (the request reaches n8n, which answers; the gateway's
// connection is then cut, so the gateway never sees the answer and retries), as a network fault or a
// load balancer timeout would do. It also tells the fault injector when a given message's call has
// been passed on to n8n, so a process fault strikes while that call is being handled.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export class FaultProxy {
	/** Message IDs whose next delivery gets its answer dropped (each once). */
	readonly dropNextAnswer = new Set<string>();
	/** Answers dropped: the message and when (ms since the epoch). */
	readonly drops: Array<{ id: string; at: number }> = [];
	private readonly awaited = new Map<string, () => void>();
	/** The processor HAProxy sent the last answered call to (its x-served-by header), with several. */
	lastServedBy: string | undefined;

	private constructor(private readonly server: http.Server, private readonly target: () => string) {}

	static async start(target: () => string): Promise<FaultProxy> {
		let proxy: FaultProxy;
		const server = http.createServer((req, res) => proxy.forward(req, res));
		proxy = new FaultProxy(server, target);
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		return proxy;
	}

	get url(): string {
		return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
	}

	/** Resolves when the next call carrying this message ID has been passed on to n8n. */
	forwarded(id: string): Promise<void> {
		return new Promise((resolve) => this.awaited.set(id, resolve));
	}

	private forward(req: http.IncomingMessage, res: http.ServerResponse): void {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			const body = Buffer.concat(chunks);
			let id = '';
			try {
				id = String((JSON.parse(body.toString('utf8')) as { ID?: unknown }).ID ?? '');
			} catch {
				// not JSON: pass it on
			}
			const drop = this.dropNextAnswer.delete(id);
			const target = new URL(req.url ?? '/', this.target());
			const upstream = http.request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
				const parts: Buffer[] = [];
				answer.on('data', (c: Buffer) => parts.push(c));
				answer.on('end', () => {
					const served = answer.headers['x-served-by'];
					if (typeof served === 'string') this.lastServedBy = served;
					if (drop) {
						this.drops.push({ id, at: Date.now() });
						res.socket?.destroy();
						return;
					}
					res.writeHead(answer.statusCode ?? 502, answer.headers);
					res.end(Buffer.concat(parts));
				});
			});
			upstream.on('error', () => {
				if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
				res.end('bad gateway');
			});
			upstream.end(body);
			this.awaited.get(id)?.();
			this.awaited.delete(id);
		});
	}

	async close(): Promise<void> {
		this.server.closeAllConnections();
		await new Promise((resolve) => this.server.close(resolve));
	}
}
