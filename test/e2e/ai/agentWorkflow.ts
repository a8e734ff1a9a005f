/**
 * Builds workflows around a real AI Agent for e2e tests in real n8n 2.40.7: a trigger, the AI Agent
 * (@n8n/n8n-nodes-langchain.agent 3.1), the OpenAI Chat Model (lmChatOpenAi 1.3, Responses API off)
 * whose OpenAI credential points its Base URL at a ScriptedChatModel (test/helpers), optional memory,
 * and tools: this package's nodes as tools (n8n generates `<node>Tool` for every node with
 * usableAsTool), and any node in between (the generated human review tool). See README.md here.
 *
 * Type names, versions and parameters were read from the installed n8n 2.40.7
 * (node_modules/@n8n/n8n-nodes-langchain/dist/nodes/agents/Agent/V3, llms/LMChatOpenAi,
 * memory/MemoryBufferWindow; n8n/dist/tool-generation/ai-tools.js and hitl-tools.js).
 */
import { randomUUID } from 'node:crypto';
import type { WorkflowDefinition } from '../../../scripts/n8n-harness/n8n-api';
import type { ScenarioEnv } from '../scenarios/env';

export const PACKAGE = 'n8n-nodes-solswitch';
export const AGENT_TYPE = '@n8n/n8n-nodes-langchain.agent';
export const AGENT_VERSION = 3.1;
export const CHAT_MODEL_TYPE = '@n8n/n8n-nodes-langchain.lmChatOpenAi';
export const CHAT_MODEL_VERSION = 1.3;
export const SIMPLE_MEMORY_TYPE = '@n8n/n8n-nodes-langchain.memoryBufferWindow';
export const SIMPLE_MEMORY_VERSION = 1.3;

/** A node of a workflow as n8n stores it. */
export type WorkflowNode = Record<string, unknown> & { name: string; type: string };

/** The credential the chat model uses: an OpenAI credential whose Base URL is the scripted server. */
export async function createScriptedModelCredential(env: Pick<ScenarioEnv, 'api'>, baseUrl: string, name = 'Scripted model'): Promise<{ id: string; name: string }> {
	const credential = await env.api.createCredential(name, 'openAiApi', { apiKey: 'sk-scripted-not-a-secret', url: baseUrl, header: false });
	return { id: credential.id, name: credential.name };
}

/**
 * This package's action node as an AI Agent tool: `<package>.<node>Tool` (same versions and
 * parameters as the node, plus descriptionType / toolDescription). Values the model fills are
 * written `={{ $fromAI('To', 'what it is', 'string') }}`.
 */
export function packageTool(
	node: 'solSwitch' | 'solSwitchAdmin' | 'solSwitchMessaging',
	name: string,
	parameters: Record<string, unknown>,
	credentials: Record<string, { id: string; name: string }>,
	typeVersion = 1,
): WorkflowNode {
	return {
		id: randomUUID(),
		name,
		type: `${PACKAGE}.${node}Tool`,
		typeVersion,
		position: [600, 300],
		parameters: { descriptionType: 'auto', ...parameters },
		credentials,
	};
}

/** A `$fromAI` expression for a tool parameter (n8n builds the tool's schema from these). */
export function fromAI(key: string, description: string, type: 'string' | 'number' | 'boolean' = 'string'): string {
	return `={{ $fromAI(${JSON.stringify(key)}, ${JSON.stringify(description)}, ${JSON.stringify(type)}) }}`;
}

export interface AgentWorkflowOptions {
	name?: string;
	/** The user message: static text or an expression over the trigger's item. */
	prompt: string;
	systemMessage?: string;
	/** The OpenAI credential from createScriptedModelCredential (or a real one, in an example). */
	modelCredential: { id: string; name: string };
	/**
	 * The trigger (default: a Manual Trigger named "Start", run with api.runManually(id, 'Start')).
	 * A webhook-started workflow passes its own (e.g. the Messaging Trigger).
	 */
	trigger?: WorkflowNode;
	/** Nodes between the trigger and the agent, in a line (main connections). */
	before?: WorkflowNode[];
	/** Tools: each connected as ai_tool to `connectTo` (default the agent), e.g. a gated tool to a review node. */
	tools?: Array<{ node: WorkflowNode; connectTo?: string }>;
	/** A memory sub-node (ai_memory), e.g. simpleMemory(...). */
	memory?: WorkflowNode;
	/** Nodes after the agent, in a line (main connections). */
	after?: WorkflowNode[];
	/** Agent node name (default "AI Agent"). */
	agentName?: string;
	/** Extra Options of the agent (e.g. { maxIterations: 5 }). */
	agentOptions?: Record<string, unknown>;
}

export const MANUAL_TRIGGER_NAME = 'Start';
export const CHAT_MODEL_NAME = 'Chat Model';

/**
 * The workflow: trigger -> before... -> AI Agent -> after..., with the chat model, memory and tools
 * wired as n8n's canvas wires them (connections from the sub-node to the agent, by type).
 */
export function agentWorkflow(options: AgentWorkflowOptions): WorkflowDefinition {
	const agentName = options.agentName ?? 'AI Agent';
	const trigger: WorkflowNode = options.trigger ?? {
		id: randomUUID(),
		name: MANUAL_TRIGGER_NAME,
		type: 'n8n-nodes-base.manualTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	const agent: WorkflowNode = {
		id: randomUUID(),
		name: agentName,
		type: AGENT_TYPE,
		typeVersion: AGENT_VERSION,
		position: [400, 0],
		parameters: {
			promptType: 'define',
			text: options.prompt,
			options: {
				// Streaming only matters with a streaming trigger; off keeps the requests plain.
				enableStreaming: false,
				...(options.systemMessage ? { systemMessage: options.systemMessage } : {}),
				...options.agentOptions,
			},
		},
	};
	const model: WorkflowNode = {
		id: randomUUID(),
		name: CHAT_MODEL_NAME,
		type: CHAT_MODEL_TYPE,
		typeVersion: CHAT_MODEL_VERSION,
		position: [300, 250],
		// Chat Completions, which every OpenAI-compatible server speaks (the scripted one too).
		parameters: { model: { __rl: true, mode: 'id', value: 'scripted-model' }, responsesApiEnabled: false, options: {} },
		credentials: { openAiApi: options.modelCredential },
	};
	const line = [trigger, ...(options.before ?? []), agent, ...(options.after ?? [])];
	const connections: Record<string, Record<string, Array<Array<{ node: string; type: string; index: number }>>>> = {};
	const connect = (from: string, to: string, type: string) => {
		const outputs = (connections[from] ??= {});
		const list = (outputs[type] ??= [[]]);
		list[0].push({ node: to, type, index: 0 });
	};
	for (let i = 0; i + 1 < line.length; i++) connect(line[i].name, line[i + 1].name, 'main');
	connect(model.name, agentName, 'ai_languageModel');
	if (options.memory) connect(options.memory.name, agentName, 'ai_memory');
	for (const tool of options.tools ?? []) connect(tool.node.name, tool.connectTo ?? agentName, 'ai_tool');
	const nodes = [...line, model, ...(options.memory ? [options.memory] : []), ...(options.tools ?? []).map((t) => t.node)];
	return { name: options.name ?? `AI agent ${randomUUID().slice(0, 8)}`, nodes, connections, settings: { executionOrder: 'v1' } };
}

/** Simple Memory (window buffer) keyed by `sessionKey`, e.g. the sender's number: one conversation per phone. */
export function simpleMemory(sessionKey: string, contextWindowLength = 10, name = 'Memory'): WorkflowNode {
	return {
		id: randomUUID(),
		name,
		type: SIMPLE_MEMORY_TYPE,
		typeVersion: SIMPLE_MEMORY_VERSION,
		position: [450, 250],
		parameters: { sessionIdType: 'customKey', sessionKey, contextWindowLength },
	};
}
