/**
 * A switch stand-in for the CDR benchmark that answers `/api/cdrexport/` with bytes prepared once:
 * the sandbox's own answer for the size, fetched and kept. The sandbox builds and serialises a
 * 100,000-leg answer on every request (0.4-0.6 s in the benchmark's own process, on the clock of
 * whichever side asked); answered from memory, both sides' times are n8n's work. Any other path,
 * a wrong key or no answer loaded is a FAIL, as the switch would say.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReplaySwitch {
	url: string;
	/** The answer to give from now on (JSON bytes). */
	load(answer: Buffer): void;
	close(): Promise<void>;
}

export async function startReplaySwitch(key: string): Promise<ReplaySwitch> {
	let answer: Buffer | undefined;
	const fail = (reason: string) => JSON.stringify({ Status: 'FAIL', Reason: reason });
	const server: Server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			let body: { Key?: unknown } = {};
			try {
				body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
			} catch {
				// refused below
			}
			const ok = req.method === 'POST' && req.url === '/api/cdrexport/' && body.Key === key && answer;
			res.writeHead(200, { 'Content-Type': 'application/json' });
			res.end(ok ? answer : fail(answer ? 'Invalid API key or function.' : 'No Records Found.'));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		load: (bytes) => (answer = bytes),
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
