// The MCP example (examples/phone-tools-mcp.json) in queue mode, with the official MCP SDK's client
// through HAProxy and its MCP route (scripts/n8n-harness/queue/haproxy.ts: /mcp/<trigger path> hashed
// to one processor): the whole e2e scenario group (tools listed, Send SMS to the gateway, tool errors,
// Place a Call approved by a YES, whose Send and Wait resumes through the processors, Send SMS After
// Phone Approval approved by a keypress, whose Call and Wait resumes the same way), then the route
// itself, and what it is for, shown processor by processor (a client whose requests are sent to the
// processors directly, by a fetch of its own):
// - the SSE transport (MCP Server Trigger version 1, and any SSE client on version 2) keeps the
//   client's stream in the memory of the processor that opened it: its messages must reach that one;
// - Streamable HTTP (version 2, the example's) does without the route in n8n 2.40.7 (its sessions are
//   marked in Redis, another processor rebuilds the transport), except ending a session (DELETE).
import { randomUUID } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { SERVED_BY_HEADER } from '../../scripts/n8n-harness/queue/haproxy';
import { gatewayReceived } from '../integration/messaging/env';
import { bodyOf, describeMcpScenarios, PATH, TOKEN } from '../e2e/scenarios/mcp';
import { servedBy } from './affinity';
import type { QueueEnv } from './withQueueCluster';

const AUTH = { headers: { Authorization: `Bearer ${TOKEN}` } };

/** A fetch that sends each request where `to` says (a processor's base URL) and notes who served it. */
function routedFetch(to: (method: string, body: string) => string, served: string[] = []): FetchLike {
	return async (url, init) => {
		const target = new URL(String(url));
		const base = new URL(to(init?.method ?? 'GET', String(init?.body ?? '')));
		target.protocol = base.protocol;
		target.host = base.host;
		const response = await fetch(target, init);
		served.push(response.headers.get(SERVED_BY_HEADER) ?? base.host);
		return response;
	};
}

export function describeMcpInQueueMode(env: QueueEnv) {
	// Through HAProxy (env.webhookBaseUrl). Its beforeAll publishes the example, which the cases below
	// use too: they run after it.
	describeMcpScenarios(env, { toolsRunOnWorker: true });

	describe('the MCP route: /mcp/<trigger path> to one processor', () => {
		const processors = () => env.cluster.webhookProcessors.map((p) => p.baseUrl);
		const sendSms = async (client: Client, to: string, body: string) => {
			const start = new Date().toISOString();
			const result = await client.callTool({ name: 'Send_SMS', arguments: { To: to, Body: body } });
			expect(result.isError).toBeFalsy();
			const sent = gatewayReceived(env.sandbox, '/sms/').filter((e) => e.at >= start && bodyOf(e).To === to);
			expect(sent.map((e) => e.body)).toEqual([expect.objectContaining({ From: '55555', To: to, Body: body })]);
		};
		const clients: Client[] = [];
		const newClient = () => {
			const client = new Client({ name: 'solswitch-queue', version: '1.0.0' });
			clients.push(client);
			return client;
		};
		afterAll(async () => {
			for (const client of clients) await client.close().catch(() => undefined);
		});

		it("hashes one trigger's URLs to one processor whatever follows its path (SSE's ?sessionId=, version 1's /sse and /messages); triggers spread", async () => {
			const first: string[] = [];
			for (let i = 0; i < 20; i++) {
				const base = `${env.webhookBaseUrl}/mcp/probe-${randomUUID()}`;
				const urls = [base, `${base}?sessionId=${randomUUID()}`, `${base}/sse`, `${base}/messages?sessionId=${randomUUID()}`];
				const names = await Promise.all(urls.map((url) => servedBy(url, {})));
				expect(new Set(names).size).toBe(1);
				first.push(names[0]);
			}
			expect(new Set(first).size).toBe(processors().length);
		});

		it('an SSE client through HAProxy: its stream and every message on one processor; it lists the tools and sends an SMS', async () => {
			const served: string[] = [];
			const transport = new SSEClientTransport(new URL(`${env.webhookBaseUrl}/mcp/${PATH}`), { requestInit: AUTH, fetch: routedFetch(() => env.webhookBaseUrl, served) });
			const client = newClient();
			await client.connect(transport);
			const { tools } = await client.listTools();
			expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['Send_SMS', 'Place_a_Call', 'Check_Request']));
			await sendSms(client, '15145559820', 'SSE through the balancer: your order is ready.');
			expect(served.length).toBeGreaterThanOrEqual(4);
			expect(new Set(served).size).toBe(1);
		});

		it('without the route: an SSE client whose messages reach another processor than its stream cannot even start (HTTP 401 "No transport found for sessionId")', async () => {
			const [one, two] = processors();
			const transport = new SSEClientTransport(new URL(`${one}/mcp/${PATH}`), { requestInit: AUTH, fetch: routedFetch((method) => (method === 'GET' ? one : two)) });
			await expect(newClient().connect(transport)).rejects.toThrow('Error POSTing to endpoint (HTTP 401): No transport found for sessionId');
		});

		it('Streamable HTTP does without it in n8n 2.40.7: a session begun on one processor lists and calls tools on the other; only ending it there fails (404)', async () => {
			const [one, two] = processors();
			const isInitialize = (body: string) => body.includes('"method":"initialize"');
			const moving = new StreamableHTTPClientTransport(new URL(`${one}/mcp/${PATH}`), { requestInit: AUTH, fetch: routedFetch((_m, body) => (isInitialize(body) ? one : two)) });
			const client = newClient();
			await client.connect(moving);
			expect((await client.listTools()).tools.map((t) => t.name)).toEqual(expect.arrayContaining(['Send_SMS', 'Place_a_Call']));
			await sendSms(client, '15145559821', 'Across processors: your technician is on the way.');

			// A session used on one processor only, ended (DELETE) on the other: that one never held it.
			const ending = new StreamableHTTPClientTransport(new URL(`${one}/mcp/${PATH}`), { requestInit: AUTH, fetch: routedFetch((method) => (method === 'DELETE' ? two : one)) });
			await newClient().connect(ending);
			await expect(ending.terminateSession()).rejects.toMatchObject({ code: 404 });
		});
	});
}
