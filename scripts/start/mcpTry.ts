/**
 * The MCP try-it `npm start` prints, an MCP client in a few lines (the official TypeScript SDK's, over
 * Streamable HTTP with the bearer token the MCP example's trigger checks):
 *
 *   node build/scripts/start/mcpTry.js <MCP URL> <token>                    lists the tools an agent is offered
 *   node build/scripts/start/mcpTry.js <MCP URL> <token> <tool> '<JSON>'    calls one, prints what the agent reads
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export async function mcpTry(url: string, token: string, tool?: string, args: Record<string, unknown> = {}): Promise<string> {
	const client = new Client({ name: 'solswitch-try-it', version: '1.0.0' });
	await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
	try {
		if (!tool) {
			const { tools } = await client.listTools();
			return tools.map((t) => `${t.name}(${Object.keys((t.inputSchema as { properties?: object }).properties ?? {}).join(', ')}): ${t.description ?? ''}`).join('\n');
		}
		const result = await client.callTool({ name: tool, arguments: args });
		const text = (result.content as Array<{ text?: string }>).map((c) => c.text ?? '').join('');
		return result.isError ? `tool error: ${text}` : text;
	} finally {
		await client.close();
	}
}

/** The try-it line for a call: the URL, the token, the tool and its arguments, quoted for a shell. */
export function mcpTryLine(url: string, token: string, tool?: string, args?: Record<string, unknown>): string {
	return `node build/scripts/start/mcpTry.js ${url} ${token}${tool ? ` ${tool} '${JSON.stringify(args ?? {})}'` : ''}`;
}

if (require.main === module) {
	const [url, token, tool, json] = process.argv.slice(2);
	if (!url || !token) {
		console.error('usage: node build/scripts/start/mcpTry.js <MCP URL> <token> [tool] [arguments as JSON]');
		process.exit(2);
	}
	mcpTry(url, token, tool, json ? (JSON.parse(json) as Record<string, unknown>) : {}).then(
		(out) => console.log(out),
		(error: Error) => {
			console.error(error.message);
			process.exit(1);
		},
	);
}
