// The "Phone tools for AI agents (MCP)" example (examples/phone-tools-mcp.json) end to end in real n8n,
// imported from its file and published, with the official MCP TypeScript SDK's client over n8n's MCP
// endpoint (Streamable HTTP, MCP Server Trigger v2, bearer auth): what an agent is offered
// (tools/list), a tool call reaching the sandbox gateway, and the errors a client gets for bad input.
//
// No human review gate here: n8n 2.40.7's MCP Server Trigger runs a tool by invoking it directly
// (DirectExecutionStrategy: tool.invoke), while a generated review tool (…HitlTool) only supplies
// no-op stand-ins that the AI Agent turns into engine requests; the trigger has no such step, so a
// gated tool under it would return '' and never ask anyone (see docs/ai-agent-phone-mcp.md).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { DEFAULT_SWITCH_KEY } from '../../sandbox/server';
import { importExample } from '../../scripts/start/examples';
import { gatewayReceived } from '../integration/messaging/env';
import { createGatewayCredential } from './scenarios/redelivery';
import { useN8nWithSandbox } from './withSandbox';

// The e2e project also runs on n8n 1.x (scripts/test.sh); this file has been run on 2.40.7 only.
const onN8n2 = (process.env.N8N_VERSION ?? '').startsWith('1.') ? describe.skip : describe;

const FILE = 'examples/phone-tools-mcp.json';
const PATH = 'solswitch-phone-tools';
const TOKEN = 'e2e-mcp-token-7f3a9c';
const TOOL_NAMES = ['Check_Opening_Hours', 'Get_Call_Details', 'Place_a_Call', 'Queue_Stats', 'Send_SMS'];
/** Words of the interface, not of the person the agent works for. */
const JARGON = /\b(CDR|API|JSON|HTTP|endpoint|n8n|node|parameter|payload)\b/i;

type JsonSchema = { type?: string; properties?: Record<string, { type?: string; description?: string }>; required?: string[] };

onN8n2('example: Phone tools for AI agents (MCP), with the MCP SDK client', () => {
	const env = useN8nWithSandbox();
	let mcpUrl: string;
	const clients: Client[] = [];

	beforeAll(async () => {
		const switchCredential = (await env.api.createCredential('Switch', 'solSwitchApi', { baseUrl: env.sandbox.url, apiKey: DEFAULT_SWITCH_KEY, customer: '' })).id;
		const bearer = (await env.api.createCredential('MCP client token', 'httpBearerAuth', { token: TOKEN })).id;
		const workflow = await importExample(env.api, FILE, {
			solSwitchApi: switchCredential,
			solSwitchMessagingApi: await createGatewayCredential(env),
			httpBearerAuth: bearer,
		});
		await env.api.publishWorkflow(workflow.id);
		mcpUrl = `${env.webhookBaseUrl}/mcp/${PATH}`;
	});
	afterAll(async () => {
		for (const client of clients) await client.close().catch(() => undefined);
	});

	async function connect(token = TOKEN): Promise<Client> {
		const transport = new StreamableHTTPClientTransport(new URL(mcpUrl), { requestInit: { headers: { Authorization: `Bearer ${token}` } } });
		const client = new Client({ name: 'solswitch-e2e', version: '1.0.0' });
		clients.push(client);
		await client.connect(transport);
		return client;
	}
	const textOf = (result: Awaited<ReturnType<Client['callTool']>>) =>
		(result.content as Array<{ type: string; text?: string }>).map((c) => c.text ?? '').join('');

	test('tools/list offers the five tools, each with a plain description and the fields the agent fills, all required', async () => {
		const client = await connect();
		const { tools } = await client.listTools();
		// Printed for the report and the docs: what an agent receives.
		console.log(JSON.stringify(tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema })), null, 1));
		expect(tools.map((t) => t.name).sort()).toEqual(TOOL_NAMES);
		const fields: Record<string, string[]> = {};
		for (const tool of tools) {
			expect(tool.description?.trim().length).toBeGreaterThan(40);
			expect(tool.description).not.toMatch(JARGON);
			const schema = tool.inputSchema as JsonSchema;
			expect(schema.type).toBe('object');
			const properties = schema.properties ?? {};
			fields[tool.name] = Object.keys(properties).sort();
			for (const [name, property] of Object.entries(properties)) {
				expect({ name, description: property.description?.trim() ?? '' }).toEqual({ name, description: expect.stringMatching(/\S{3,}/) });
				expect(property.description).not.toMatch(JARGON);
			}
			expect((schema.required ?? []).sort()).toEqual(Object.keys(properties).sort());
		}
		// The agent fills only these; From, the extension and the time rule are fixed in the workflow.
		expect(fields).toEqual({
			Check_Opening_Hours: [],
			Get_Call_Details: ['CallID'],
			Place_a_Call: ['Destination'],
			Queue_Stats: [],
			Send_SMS: ['Body', 'To'],
		});
	});

	test('Send SMS reaches the gateway to the letter, From fixed by the workflow, and the client gets the message ID', async () => {
		const client = await connect();
		const start = new Date().toISOString();
		const body = 'Your technician arrives at 3 pm. Reply STOP to opt out.';
		const result = await client.callTool({ name: 'Send_SMS', arguments: { To: '15145550123', Body: body } });
		expect(result.isError).toBeFalsy();
		const sent = gatewayReceived(env.sandbox, '/sms/').filter((e) => e.at >= start);
		expect(sent.map((e) => e.body)).toEqual([expect.objectContaining({ From: '55555', To: '15145550123', Body: body })]);
		expect(textOf(result)).toContain((sent[0].answer as { ID: string }).ID);
	});

	test('a number the node refuses gets a tool error that says why, and nothing is sent', async () => {
		const client = await connect();
		const start = new Date().toISOString();
		const result = await client.callTool({ name: 'Send_SMS', arguments: { To: 'not-a-number', Body: 'hello' } });
		expect(textOf(result)).toContain('To must be a phone number or code');
		expect(gatewayReceived(env.sandbox, '/sms/').filter((e) => e.at >= start)).toEqual([]);
	});

	test('a call without a required field gets a tool error naming the field, and nothing is sent', async () => {
		const client = await connect();
		const start = new Date().toISOString();
		const result = await client.callTool({ name: 'Send_SMS', arguments: { To: '15145550123' } });
		expect(result.isError).toBe(true);
		expect(textOf(result)).toMatch(/Body/);
		expect(gatewayReceived(env.sandbox, '/sms/').filter((e) => e.at >= start)).toEqual([]);
	});

	test('a client with the wrong bearer token is refused before any tool is listed', async () => {
		await expect(connect('wrong-token')).rejects.toThrow(/401|403|Authorization/i);
	});
});
