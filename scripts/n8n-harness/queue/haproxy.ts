// The load balancer in front of several webhook processors, as docs/queue-mode.md tells operators to
// set it up: Debian's HAProxy, started on a loopback port with a configuration file of its own in a
// folder of its own, stopped by PID (as PostgreSQL and Redis are: ServerProcess).
//
// Affinity: the URLs of this package's triggers (n8n's production webhook URL of a node with a
// webhook ID: /webhook/<webhook id>/<the trigger's path>) are hashed by path, consistently (`balance
// uri` + `hash-type consistent`), so every call for one trigger reaches one processor while it is
// healthy, and a processor added or gone moves only its share of the URLs. Everything else (n8n's
// other webhooks, Send and Wait's resume URLs /webhook-waiting/...) is balanced round robin.
// Health checks: n8n's /healthz (the process answers) every second (5 s to answer: a loaded machine
// is slow), down after 3 failures, up after 2 successes. Not /healthz/readiness: that one fails while
// n8n's database ping times out (logged on the loaded test machine), which would hand a processor's
// triggers to another while its own calls still run: two processors serving them at once.
// A refused connection is tried again and then sent to another processor (`option redispatch`).
// The suite's own addition: X-Served-By (the processor's name) on every answer, so a test knows which
// processor served a trigger; the recipe in docs/queue-mode.md leaves it out.
// n8n's MCP Server Trigger (/mcp/<its path>...) is hashed by the trigger's path too, on a backend of
// its own (`balance uri depth 2`: /mcp/<path> whatever follows, so node version 1's /sse and
// /messages go with it): its SSE transport keeps a client's stream in the memory of the process that
// opened it, and a POST for that session (initialize, ping; n8n relays only tools/list and
// tools/call) answers "No transport found for sessionId" on any other process
// (@n8n/n8n-nodes-langchain McpServer.handlePostMessage). Streamable HTTP (node version 2) would do
// without: in queue mode its sessions are marked in Redis and another processor rebuilds the transport
// (n8n/dist/scaling/scaling.service.js setupQueue: RedisSessionStore), but the DELETE that ends a
// session is answered only where it began. n8n's MCP trigger page: route every /mcp* request to one
// webhook processor. Its Test URL (/mcp-test/) is main's, as /webhook-test/ (queue mode page).
// test/queue/mcp.ts shows both, processor by processor.
// X-Forwarded-For (`option forwardfor`): the triggers' Allowed Sources check the caller's address, not
// the balancer's, once Trusted Proxy Hops is 1. With `main` (the recipe, where one balancer fronts the
// whole cluster), what the webhook processors do not serve goes to main: the editor, its API, and the
// Test URLs (/webhook-test/, /form-test/), which only main listens on (n8n's queue mode page). The
// suite's main is reached directly, so it passes no `main`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import net from 'node:net';
import { ServerProcess } from './server-process';

/** The paths of this package's triggers (Messaging Trigger: message; SolSwitch Trigger: the others). */
export const TRIGGER_PATHS = ['message', 'sip-notification', 'monitoring', 'sip-packet', 'digit-validation', 'missed-call', 'call-ended', 'new-recording', 'call-events'];

/** Where n8n serves an MCP Server Trigger's Production URL (n8n's N8N_ENDPOINT_MCP, default mcp). */
export const MCP_PATH_PREFIX = '/mcp/';

/** n8n's webhook IDs: UUIDs (a Webhook node's own path, such as orders/message, is not hashed). */
const WEBHOOK_ID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** The answer header naming the processor that served a call (the suite's, not the recipe's). */
export const SERVED_BY_HEADER = 'x-served-by';

/** The HAProxy configuration for webhook processors on `targets` (host:port), listening on `port`. */
export function haproxyConfig(port: number, targets: string[], { servedByHeader = true, adminSocket = '', log = false, main = '' } = {}): string {
	const servers = (backend: 'solswitch_triggers' | 'mcp_triggers' | 'n8n_webhooks') =>
		targets.map((target, i) =>
			backend === 'solswitch_triggers'
				? `  server webhook-${i + 1} ${target} check`
				: `  server webhook-${i + 1} ${target} track solswitch_triggers/webhook-${i + 1}`,
		);
	return [
		'global',
		'  maxconn 2000',
		...(log ? ['  log stdout format raw local0 info'] : []),
		...(adminSocket ? [`  stats socket ${adminSocket} level admin`] : []),
		'defaults',
		'  mode http',
		...(log ? ['  log global', '  option httplog', '  option log-health-checks'] : []),
		'  timeout connect 2s',
		'  timeout client 120s',
		'  timeout server 120s',
		'  timeout check 5s',
		'  retries 3',
		'  option redispatch 1',
		'  option forwardfor',
		'frontend n8n_webhook_processors',
		`  bind 127.0.0.1:${port}`,
		`  acl solswitch_trigger path_reg ^/webhook/${WEBHOOK_ID}/(${TRIGGER_PATHS.join('|')})$`,
		'  use_backend solswitch_triggers if solswitch_trigger',
		`  acl mcp_trigger path_beg ${MCP_PATH_PREFIX}`,
		'  use_backend mcp_triggers if mcp_trigger',
		...(main ? ['  acl webhook_processor path_beg /webhook/ /webhook-waiting/ /form/ /form-waiting/', '  use_backend n8n_webhooks if webhook_processor', '  default_backend n8n_main'] : ['  default_backend n8n_webhooks']),
		...(servedByHeader ? [`  http-response set-header ${SERVED_BY_HEADER} %s`] : []),
		'backend solswitch_triggers',
		'  balance uri',
		'  hash-type consistent',
		'  option httpchk GET /healthz',
		'  http-check expect status 200',
		'  default-server inter 1s fall 3 rise 2',
		...servers('solswitch_triggers'),
		'backend mcp_triggers',
		'  balance uri depth 2',
		'  hash-type consistent',
		...servers('mcp_triggers'),
		'backend n8n_webhooks',
		'  balance roundrobin',
		...servers('n8n_webhooks'),
		...(main ? ['backend n8n_main', `  server main ${main} check`] : []),
		'',
	].join('\n');
}

export class HaproxyBalancer {
	private constructor(
		readonly folder: string,
		readonly port: number,
		readonly config: string,
		private readonly server: ServerProcess,
	) {}

	/** Starts HAProxy on `port` (127.0.0.1) in front of the webhook processors on `targetPorts`. */
	static async start(port: number, targetPorts: number[]): Promise<HaproxyBalancer> {
		const binary = haproxyBinary();
		const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-queue-haproxy-'));
		const config = haproxyConfig(
			port,
			targetPorts.map((p) => `127.0.0.1:${p}`),
			{ adminSocket: path.join(folder, 'admin.sock'), log: true },
		);
		const configFile = path.join(folder, 'haproxy.cfg');
		fs.writeFileSync(configFile, config);
		// -db: in the foreground (stopped by PID); -W would fork a master.
		const server = new ServerProcess('HAProxy', binary, ['-db', '-f', configFile], path.join(folder, 'haproxy.log'), { cwd: folder });
		const balancer = new HaproxyBalancer(folder, port, config, server);
		try {
			await server.start(port);
		} catch (error) {
			await balancer.stop();
			throw error;
		}
		return balancer;
	}

	get url(): string {
		return `http://127.0.0.1:${this.port}`;
	}

	/** Its log: one line per request (which processor, status, timings) and per health-check change. */
	get logFile(): string {
		return this.server.logFile;
	}

	logTail(lines = 30): string {
		return this.server.logTail(lines);
	}

	/** What HAProxy's health checks say of each processor (webhook-1 ...): UP, DOWN, or a transition. */
	async serverStates(): Promise<Record<string, string>> {
		const csv = await adminCommand(path.join(this.folder, 'admin.sock'), 'show stat');
		const [header, ...rows] = csv.trim().split('\n');
		const columns = header.replace(/^# /, '').split(',');
		const [proxy, server, status] = ['pxname', 'svname', 'status'].map((name) => columns.indexOf(name));
		const states: Record<string, string> = {};
		for (const row of rows.map((line) => line.split(','))) {
			if (row[proxy] === 'solswitch_triggers' && row[server].startsWith('webhook-')) states[row[server]] = row[status];
		}
		return states;
	}

	/** Resolves once HAProxy's checks see each named processor in the state given (timeout: rejects). */
	async whenServers(wanted: Record<string, 'UP' | 'DOWN'>, timeoutMs = 60_000): Promise<void> {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const states = await this.serverStates().catch(() => ({}) as Record<string, string>);
			if (Object.entries(wanted).every(([name, state]) => states[name] === state)) return;
			if (Date.now() > deadline) throw new Error(`HAProxy: wanted ${JSON.stringify(wanted)}, saw ${JSON.stringify(states)}`);
			await new Promise((resolve) => setTimeout(resolve, 100));
		}
	}

	async stop({ keepFolder = false } = {}): Promise<void> {
		await this.server.stop();
		if (!keepFolder) fs.rmSync(this.folder, { recursive: true, force: true });
	}
}

/** One command on HAProxy's admin socket; resolves with its whole answer. */
function adminCommand(socketPath: string, command: string): Promise<string> {
	return new Promise((resolve, reject) => {
		let answer = '';
		const socket = net.connect(socketPath, () => socket.end(`${command}\n`));
		socket.setEncoding('utf8');
		socket.on('data', (chunk) => (answer += chunk));
		socket.on('end', () => resolve(answer));
		socket.on('error', reject);
	});
}

function haproxyBinary(): string {
	for (const candidate of ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy']) if (fs.existsSync(candidate)) return candidate;
	try {
		return execFileSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).trim();
	} catch {
		throw new Error('haproxy is not installed: apt-get install haproxy (CI: .ci/run does it)');
	}
}
