// The load balancer an operator puts in front of several webhook processors: each request goes to
// the next processor in turn, body and answer passed through unchanged. With two processors the turn
// is 0, 1, 1, 0 (repeated) rather than 0, 1: then any two calls two apart (a message, another, the
// first one's redelivery) land on different processors, which is what the queue suite must prove
// harmless.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export class RoundRobinProxy {
	private next = 0;

	private constructor(
		private readonly server: http.Server,
		readonly targets: number[],
	) {}

	static async start(targetPorts: number[]): Promise<RoundRobinProxy> {
		let proxy: RoundRobinProxy;
		const server = http.createServer((req, res) => proxy.forward(req, res));
		proxy = new RoundRobinProxy(server, targetPorts);
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		return proxy;
	}

	get port(): number {
		return (this.server.address() as AddressInfo).port;
	}

	get url(): string {
		return `http://127.0.0.1:${this.port}`;
	}

	private forward(req: http.IncomingMessage, res: http.ServerResponse): void {
		const turn = this.next++;
		const port = this.targets.length === 2 ? this.targets[[0, 1, 1, 0][turn % 4]] : this.targets[turn % this.targets.length];
		const upstream = http.request(
			{ host: '127.0.0.1', port, method: req.method, path: req.url, headers: { ...req.headers, host: `127.0.0.1:${port}` } },
			(answer) => {
				res.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(res);
			},
		);
		// A processor that is down (restarting): 502, as a load balancer says; the gateway retries.
		upstream.on('error', () => {
			if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
			res.end('bad gateway');
		});
		req.pipe(upstream);
	}

	async close(): Promise<void> {
		this.server.closeAllConnections();
		await new Promise((resolve) => this.server.close(resolve));
	}
}
