// Free TCP ports on 127.0.0.1, asked of the kernel (listen on port 0), so that parallel runs and
// other tools (n8n's default 5678, the task broker's default 5679) never collide with us.
// All requested ports are held open until every one is chosen, so they are distinct.
import net from 'node:net';

export async function freePorts(count: number): Promise<number[]> {
	const servers: net.Server[] = [];
	try {
		const ports: number[] = [];
		for (let i = 0; i < count; i++) {
			const server = net.createServer();
			servers.push(server);
			await new Promise<void>((resolve, reject) => {
				server.on('error', reject);
				server.listen(0, '127.0.0.1', () => resolve());
			});
			const address = server.address();
			if (typeof address !== 'object' || !address) throw new Error('no free port');
			ports.push(address.port);
		}
		return ports;
	} finally {
		await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
	}
}

export async function freePort(): Promise<number> {
	const [port] = await freePorts(1);
	return port;
}
