// Reads an execution's run data as returned by GET /rest/executions/:id. n8n stores and returns
// `data` in the `flatted` format (a JSON array with shared references as string indexes); we
// decode it with the flatted that n8n itself ships, so encoder and decoder always match.
import { createRequire } from 'node:module';
import type { N8nInstallation } from './install-n8n';

export interface ExecutionItem {
	json: Record<string, unknown>;
	binary?: Record<string, { mimeType: string; fileName?: string; data?: string; id?: string }>;
	pairedItem?: unknown;
	error?: unknown;
}

export interface NodeRun {
	startTime: number;
	executionStatus?: string;
	error?: { message: string; description?: string; [key: string]: unknown };
	/** By connection type: `main`, or `ai_tool` for a tool node run by an AI Agent (n8n 2.x). */
	data?: { main?: Array<ExecutionItem[] | null>; [connectionType: string]: Array<ExecutionItem[] | null> | undefined };
}

export interface RunExecutionData {
	resultData: {
		runData: Record<string, NodeRun[]>;
		lastNodeExecuted?: string;
		error?: { message: string; [key: string]: unknown };
	};
	[key: string]: unknown;
}

/** An execution's fields as the REST API sends them (besides `data`). */
export interface ExecutionSummary {
	id: string;
	workflowId: string;
	/** manual, webhook, trigger, ... */
	mode: string;
	/** new, running, success, error, canceled, crashed, waiting */
	status: string;
	finished: boolean;
	startedAt?: string;
	stoppedAt?: string;
}

/** The execution with its run data decoded. */
export interface Execution extends ExecutionSummary {
	data: RunExecutionData;
}

export function decodeRunData(installation: N8nInstallation, flattedText: string): RunExecutionData {
	const flatted = createRequire(installation.requireFrom + '/')('flatted') as { parse(text: string): unknown };
	return flatted.parse(flattedText) as RunExecutionData;
}

/**
 * The items a node put on one of its outputs, in a given run (node name as in the workflow), on the
 * main connection unless `type` says another (an AI Agent's tool run by the engine logs `ai_tool`).
 * Throws, with the node's error if it had one, when the node did not run.
 */
export function nodeOutput(execution: Execution, nodeName: string, { output = 0, run = 0, type = 'main' } = {}): ExecutionItem[] {
	const runs = execution.data.resultData.runData[nodeName];
	if (!runs?.[run]) {
		const ran = Object.keys(execution.data.resultData.runData).join(', ') || 'none';
		const error = execution.data.resultData.error?.message;
		throw new Error(`node "${nodeName}" has no run ${run} in execution ${execution.id} (nodes that ran: ${ran}${error ? `; error: ${error}` : ''})`);
	}
	const nodeRun = runs[run];
	if (nodeRun.error) throw new Error(`node "${nodeName}" failed: ${nodeRun.error.message}`);
	return nodeRun.data?.[type]?.[output] ?? [];
}

/** Just the JSON of each item of nodeOutput(). */
export function nodeJson(execution: Execution, nodeName: string, options?: { output?: number; run?: number; type?: string }) {
	return nodeOutput(execution, nodeName, options).map((item) => item.json);
}
