/**
 * What the tests of the AI Agent's human review by SMS share (reviewBySms.test.ts, the "AI agent with
 * SMS approval" example's test): the model's call of a gated tool, the phone's answer, and the wait
 * for the execution to end after it. See README.md here.
 */
import { gatewayOf } from '../../../sandbox/gateway';
import type { Sandbox } from '../../../sandbox/server';
import type { Execution, N8nApi } from '../../../scripts/n8n-harness';
import { contentText, type ChatRequest, type ScriptedToolCall } from '../../helpers/scriptedChatModel';

/**
 * The model's call of a gated tool, in the schema n8n offers it: n8n 2.40.7 wraps a gated tool's
 * arguments as { toolParameters, hitlParameters } (get-input-connection-data.js createHitlToolkit);
 * the plain form is kept for a version that does not.
 */
export function gatedToolCall(request: ChatRequest, tool: string, args: Record<string, unknown>, hitlParameters: Record<string, unknown> = {}): { toolCalls: ScriptedToolCall[] } {
	const offered = request.tools.find((t) => t.name === tool);
	const properties = ((offered?.parameters ?? {}) as { properties?: Record<string, unknown> }).properties ?? {};
	return { toolCalls: [{ tool, arguments: 'toolParameters' in properties ? { toolParameters: args, hitlParameters } : args }] };
}

/** The last tool result the model was given in this request (what the agent told it about its call). */
export function lastToolResult(request: ChatRequest): string {
	const results = request.messages.filter((m) => m.role === 'tool');
	return results.length ? contentText(results[results.length - 1]) : '';
}

/** The sandbox phone answers the last SMS it received; resolves with the delivery once the gateway is done. */
export async function phoneReplies(sandbox: Sandbox, phone: string, text: string) {
	const delivery = gatewayOf(sandbox).phones.reply(phone, text);
	if (!delivery) throw new Error(`${phone} received no SMS to answer`);
	return await delivery.done;
}

/**
 * The execution once it has ended (not new, running or waiting): after a reply, or a timeout, which
 * n8n's wait tracker notices within its one-minute round (hence the long default).
 */
export async function ended(api: N8nApi, id: string, timeoutMs = 150_000): Promise<Execution> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const execution = await api.getExecution(id);
		if (execution.status !== 'waiting' && execution.status !== 'running' && execution.status !== 'new') return execution;
		if (Date.now() > deadline) throw new Error(`execution ${id} did not end within ${timeoutMs / 1000} s (still ${execution.status})`);
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
}
