/** Building blocks of the benchmark workflows: a node, a chain of nodes, publishing one. */
import { randomUUID } from 'node:crypto';
import type { N8nApi, N8nInstance, WorkflowDefinition } from '../n8n-harness';

/**
 * The trigger versions measured (the notes of docs/benchmarks.md say which): those new nodes get,
 * whose webhook phase evaluates no expression (nodes/engine/trigger/describe.ts).
 */
export const TRIGGER_VERSIONS = { messaging: 1.1, switch: 2 };

export interface BenchNode {
	id: string;
	name: string;
	type: string;
	typeVersion: number;
	position: [number, number];
	parameters: Record<string, unknown>;
	webhookId?: string;
	credentials?: Record<string, { id: string; name: string }>;
}

export function node(name: string, type: string, typeVersion: number, parameters: Record<string, unknown>, extra: Partial<BenchNode> = {}): BenchNode {
	return { id: randomUUID(), name, type, typeVersion, position: [0, 0], parameters, ...extra };
}

/** Connections of nodes one after another on their first output. */
export function chain(nodes: BenchNode[]): Record<string, unknown> {
	const connections: Record<string, unknown> = {};
	for (let i = 0; i + 1 < nodes.length; i++) connections[nodes[i].name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
	return connections;
}

/**
 * Creates and publishes a workflow; returns the production URL of its first node's webhook
 * (`<webhookId>/<suffix>` for our triggers, or the Webhook node's path).
 */
export async function publish(...args: Parameters<typeof published>): Promise<string> {
	return (await published(...args)).url;
}

/** publish(), with the workflow's id too (to read its executions). */
export async function published(
	n8n: N8nInstance,
	api: N8nApi,
	name: string,
	nodes: BenchNode[],
	urlPath: string,
	{ connections = chain(nodes), settings = {} }: { connections?: Record<string, unknown>; settings?: Record<string, unknown> } = {},
): Promise<{ url: string; id: string }> {
	nodes.forEach((n, i) => (n.position = [i * 220, 0]));
	const workflow = await api.createWorkflow({ name, nodes, connections, settings: { executionOrder: 'v1', ...settings } } as unknown as WorkflowDefinition);
	await api.publishWorkflow(workflow.id);
	return { url: `${n8n.baseUrl}/webhook/${urlPath}`, id: workflow.id };
}

/** n8n's Webhook node (v2.1) at a path, answering as told. */
export function webhook(path: string, responseMode: 'responseNode' | 'lastNode' | 'onReceived', options: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): BenchNode {
	return node('Webhook', 'n8n-nodes-base.webhook', 2.1, { httpMethod: 'POST', path, responseMode, options, ...extra }, { webhookId: randomUUID() });
}
