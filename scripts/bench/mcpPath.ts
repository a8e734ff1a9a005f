/**
 * An AI agent's tool call over MCP (issue 37, item 5): Send SMS called by the official MCP
 * TypeScript SDK's client (Streamable HTTP, bearer auth) through n8n's MCP Server Trigger, from the
 * call to the gateway's request, beside the same call made through n8n's HTTP Request tool
 * (@n8n/n8n-nodes-langchain.toolHttpRequest) under the same trigger:
 *
 * - ours: SolSwitch Messaging as a tool, Send SMS, From fixed, To and Body by `$fromAI` (as the
 *   example examples/phone-tools-mcp.json has it);
 * - n8n only: HTTP Request tool, POST the gateway's /sms/ with the SolSwitch Messaging credential
 *   (predefined credential type: the Sending Key goes in the body), body fields From (fixed), To and
 *   Body (by the model, required).
 *   n8n offers that tool over MCP as one text field `input` (tools/list), so the client sends To
 *   and Body there as JSON text (toolArguments), as an agent reading the listed schema would.
 *
 * One client session; each round, each side: `calls` tool calls one at a time, each timed from
 * callTool to the gateway's request arriving (the sandbox's log of it, taken in this process) and to
 * the result reaching the client. Every call is checked: no tool error, exactly one request at the
 * gateway with From, To and Body to the letter, and the gateway's message ID in the result.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Exchange } from '../../sandbox/http/exchanges';
import { groupCpuMs } from './cpu';
import { fromSamples, median, pairedRatios, type BenchContext, type BenchPath, type Comparison, type Side } from './types';
import { node, type BenchNode } from './workflows';

export interface McpSizes {
	rounds: number;
	/** Tool calls per round and side, one at a time. */
	calls: number;
}

/** notes.ts states these for the report: keep both in step. */
export const MCP_FULL: McpSizes = { rounds: 5, calls: 20 };
export const MCP_QUICK: McpSizes = { rounds: 5, calls: 10 };

const FROM = '55555';
const OURS_TOOL = 'Send_SMS';
const PLAIN_TOOL = 'Send_SMS_by_HTTP_Request';

export interface McpFigures {
	/** callTool to the gateway's request, per call (ms). */
	toGateway: number[];
	/** callTool to the result at the client, per call (ms). */
	roundTrip: number[];
	calls: number;
	wrong: string[];
	cpuMsPerCall: number;
}

/**
 * The arguments of a call as the tool's listed input schema asks for them: the fields themselves, or,
 * where n8n offers the tool as one text field (its HTTP Request tool under the MCP Server Trigger is
 * turned into a tool of one string `input`: helpers.js getConnectedTools, asDynamicTool), the fields
 * as JSON text in that one field.
 */
export function toolArguments(inputSchema: { properties?: Record<string, unknown> } | undefined, fields: Record<string, string>): Record<string, unknown> {
	const names = Object.keys(inputSchema?.properties ?? {});
	if (names.length === 1 && !(names[0] in fields)) return { [names[0]]: JSON.stringify(fields) };
	return fields;
}

/** What is wrong with one call (undefined when right): the result, and the requests the gateway got for its text. */
export function mcpCallProblem(to: string, body: string, result: { isError?: unknown; content?: unknown }, received: Array<{ body: unknown; answer?: unknown }>): string | undefined {
	const text = ((result.content ?? []) as Array<{ text?: string }>).map((c) => c.text ?? '').join('');
	if (result.isError) return `tool error: ${text.slice(0, 160)}`;
	if (received.length !== 1) return `${received.length} requests at the gateway`;
	const sent = received[0].body as Record<string, unknown>;
	if (sent.From !== FROM || sent.To !== to || sent.Body !== body) return `the gateway got From ${String(sent.From)}, To ${String(sent.To)}, Body "${String(sent.Body).slice(0, 60)}"`;
	const id = String((received[0].answer as { ID?: unknown } | undefined)?.ID ?? '');
	if (!id || !text.includes(id)) return `the result does not carry the message ID ${id}: ${text.slice(0, 120)}`;
	return undefined;
}

function sideOf(label: string, rounds: McpFigures[], pick: (r: McpFigures) => number[]): Side {
	const calls = rounds.reduce((n, r) => n + r.calls, 0);
	const wrong = rounds.flatMap((r) => r.wrong);
	const cpu = median(rounds.map((r) => r.cpuMsPerCall).filter(Number.isFinite));
	const note = [wrong.length ? `wrong answers: ${wrong.length} of ${calls}, first: ${wrong[0]}` : `${calls} calls, every answer right`, Number.isFinite(cpu) ? `n8n CPU ${cpu.toFixed(0)} ms per call` : ''];
	return { label, ...fromSamples(rounds.map((r) => median(pick(r)))), p50Ms: median(rounds.flatMap(pick)), note: note.filter(Boolean).join(', ') };
}

/** Two time rows (to the gateway's request; the whole round trip): the rounds' medians, paired ratios. */
export function mcpComparisons(ours: { label: string; rounds: McpFigures[] }, plain: { label: string; rounds: McpFigures[] }, size: string): Comparison[] {
	const rows: Array<[string, (r: McpFigures) => number[]]> = [
		["MCP tool call (Send SMS) to the gateway's request", (r) => r.toGateway],
		['MCP tool call (Send SMS) to the result at the client', (r) => r.roundTrip],
	];
	return rows.map(([path, pick]) => {
		const o = sideOf(ours.label, ours.rounds, pick);
		const p = sideOf(plain.label, plain.rounds, pick);
		return { path, size, metric: 'ms' as const, ours: o, plain: p, ratios: pairedRatios('ms', o.samples ?? [], p.samples ?? []) };
	});
}

function tools(ctx: BenchContext): BenchNode[] {
	const messaging = { solSwitchMessagingApi: ctx.credentials.messaging };
	const ours = node('Send SMS', 'n8n-nodes-solswitch.solSwitchMessagingTool', 2, {
		descriptionType: 'manual',
		toolDescription: 'Sends one text message (SMS) from our company number to a phone number. Needs the phone number and the text. Returns the message ID the gateway gives it.',
		resource: 'message',
		operation: 'sendSms',
		From: FROM,
		To: "={{ $fromAI('To', 'The phone number to text, digits only, with the country code (for example 15145550123)', 'string') }}",
		Body: "={{ $fromAI('Body', 'The text of the message, plain text, at most 160 characters for one SMS', 'string') }}",
		additionalFields: {},
	}, { credentials: messaging });
	const plain = node('Send SMS by HTTP Request', '@n8n/n8n-nodes-langchain.toolHttpRequest', 1.1, {
		toolDescription: 'Sends one text message (SMS) from our company number to a phone number. Needs the phone number and the text. Returns the gateway\'s answer with the message ID.',
		method: 'POST',
		url: `${ctx.sandbox.url}/sms/`,
		authentication: 'predefinedCredentialType',
		nodeCredentialType: 'solSwitchMessagingApi',
		sendBody: true,
		specifyBody: 'keypair',
		parametersBody: {
			values: [
				{ name: 'From', valueProvider: 'fieldValue', value: FROM },
				{ name: 'To', valueProvider: 'modelRequired' },
				{ name: 'Body', valueProvider: 'modelRequired' },
			],
		},
		placeholderDefinitions: {
			values: [
				{ name: 'To', description: 'The phone number to text, digits only, with the country code (for example 15145550123)', type: 'string' },
				{ name: 'Body', description: 'The text of the message, plain text, at most 160 characters for one SMS', type: 'string' },
			],
		},
		optimizeResponse: false,
	}, { credentials: messaging });
	return [ours, plain];
}

/** The MCP Server Trigger with both tools under it, published; its MCP URL and bearer token. */
export async function publishMcp(ctx: BenchContext): Promise<{ url: string; token: string }> {
	const token = `bench-${randomUUID()}`;
	const bearer = await ctx.api.createCredential('Bench MCP client token', 'httpBearerAuth', { token });
	const path = `bench-mcp-${randomUUID()}`;
	const trigger = node('Phone Tools', '@n8n/n8n-nodes-langchain.mcpTrigger', 2, { authentication: 'bearerAuth', path }, { webhookId: randomUUID(), credentials: { httpBearerAuth: { id: bearer.id, name: bearer.name } } });
	const [ours, plain] = tools(ctx);
	const nodes = [trigger, ours, plain];
	nodes.forEach((n, i) => (n.position = [i * 220, 0]));
	const toTrigger = { ai_tool: [[{ node: trigger.name, type: 'ai_tool', index: 0 }]] };
	const workflow = await ctx.api.createWorkflow({ name: 'Bench MCP: Send SMS, ours and the HTTP Request tool', nodes, connections: { [ours.name]: toTrigger, [plain.name]: toTrigger }, settings: { executionOrder: 'v1' } } as never);
	await ctx.api.publishWorkflow(workflow.id);
	return { url: `${ctx.n8n.baseUrl}/mcp/${path}`, token };
}

/** The gateway's /sms/ requests as they arrive, by their Body, on this process's clock. */
class GatewayWatch {
	readonly arrivals = new Map<string, { at: number; exchanges: Exchange[] }>();
	private readonly original: (entry: Omit<Exchange, 'seq' | 'at'>) => Exchange;
	constructor(private readonly ctx: BenchContext) {
		const log = ctx.sandbox.exchanges;
		this.original = log.add.bind(log);
		log.add = (entry) => {
			const full = this.original(entry);
			if (full.direction === 'in' && full.service === 'gateway' && full.path === '/sms/') {
				const body = String((full.body as { Body?: unknown } | undefined)?.Body ?? '');
				const seen = this.arrivals.get(body) ?? { at: performance.now(), exchanges: [] };
				seen.exchanges.push(full);
				this.arrivals.set(body, seen);
			}
			return full;
		};
	}
	stop() {
		this.ctx.sandbox.exchanges.add = this.original;
	}
}

/** One round of one side: `calls` tool calls, one at a time. */
export async function measureMcp(ctx: BenchContext, client: Client, tool: { name: string; inputSchema?: { properties?: Record<string, unknown> } }, watch: GatewayWatch, sizes: McpSizes, tag: string, cpuOf: () => number = () => groupCpuMs(ctx.n8n.pid)): Promise<McpFigures> {
	const toGateway: number[] = [];
	const roundTrip: number[] = [];
	const wrong: string[] = [];
	const cpuBefore = cpuOf();
	for (let i = 0; i < sizes.calls; i++) {
		const to = `1514555${String(i).padStart(4, '0')}`;
		const body = `Bench ${tag} ${i} ${randomUUID()}`;
		const started = performance.now();
		let result: { isError?: unknown; content?: unknown };
		try {
			result = (await client.callTool({ name: tool.name, arguments: toolArguments(tool.inputSchema, { To: to, Body: body }) })) as { isError?: unknown; content?: unknown };
		} catch (error) {
			result = { isError: true, content: [{ type: 'text', text: (error as Error).message }] };
		}
		const done = performance.now();
		const arrival = watch.arrivals.get(body);
		const problem = mcpCallProblem(to, body, result, arrival?.exchanges ?? []);
		if (problem) wrong.push(`call ${i}: ${problem}`);
		else {
			toGateway.push(arrival!.at - started);
			roundTrip.push(done - started);
		}
		watch.arrivals.delete(body);
	}
	return { toGateway, roundTrip, calls: sizes.calls, wrong, cpuMsPerCall: (cpuOf() - cpuBefore) / sizes.calls };
}

/** `npm run bench -- --quick mcp` runs only this path. */
export const mcpPath: BenchPath = {
	id: 'mcp',
	settings: ['default'],
	async run(ctx) {
		const sizes = ctx.quick ? MCP_QUICK : MCP_FULL;
		const { url, token } = await publishMcp(ctx);
		const client = new Client({ name: 'solswitch-bench', version: '1.0.0' });
		await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
		const watch = new GatewayWatch(ctx);
		try {
			const listed = (await client.listTools()).tools;
			const oursTool = listed.find((t) => t.name === OURS_TOOL);
			const plainTool = listed.find((t) => t.name === PLAIN_TOOL);
			if (!oursTool || !plainTool) throw new Error(`the MCP trigger offers ${listed.map((t) => t.name).join(', ')}`);
			console.log(`  tools/list: ${listed.map((t) => `${t.name} ${JSON.stringify(t.inputSchema.properties ?? {})}`).join('; ')}`);
			// A warm-up each (first compilations, the credential's first decryption), not counted.
			await measureMcp(ctx, client, oursTool, watch, { ...sizes, calls: 3 }, 'warm-up ours');
			await measureMcp(ctx, client, plainTool, watch, { ...sizes, calls: 3 }, 'warm-up plain');
			const rounds = { ours: [] as McpFigures[], plain: [] as McpFigures[] };
			for (let round = 0; round < sizes.rounds; round++) {
				for (const which of round % 2 ? (['plain', 'ours'] as const) : (['ours', 'plain'] as const)) {
					rounds[which].push(await measureMcp(ctx, client, which === 'ours' ? oursTool : plainTool, watch, sizes, `${which} ${round}`));
				}
			}
			return mcpComparisons(
				{ label: 'SolSwitch Messaging tool (Send SMS) under the MCP Server Trigger', rounds: rounds.ours },
				{ label: "n8n's HTTP Request tool (POST the gateway's /sms/) under the same trigger", rounds: rounds.plain },
				`${sizes.rounds} rounds of ${sizes.calls} calls, one at a time`,
			);
		} finally {
			watch.stop();
			await client.close().catch(() => undefined);
		}
	},
};
