/**
 * Runs our nodes the way n8n runs them: n8n-core's WorkflowExecute with the real execute contexts
 * and request helpers (httpRequestWithAuthentication, binary data, continueOnFail). Only the
 * credential store is ours (it hands out the decrypted data a test gives it), as in n8n's own
 * node test harness (packages/core/nodes-testing).
 */
import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import {
	createRunExecutionData,
	Workflow,
	type ICredentialDataDecryptedObject,
	type INodeExecutionData,
	type IRun,
	type IRunExecutionData,
	type INodeParameters,
	type IDataObject,
} from 'n8n-workflow';
import { initBinaryData, packageNodeTypes, TestCredentialsHelper, testAdditionalData } from './n8nCore';

export interface RunNodeOptions {
	/** Node type without package prefix, e.g. 'solSwitch'. */
	type: string;
	parameters: INodeParameters;
	credentials: Record<string, ICredentialDataDecryptedObject>;
	input?: INodeExecutionData[];
	continueOnFail?: boolean;
	/** The node's version, as a saved workflow stores it (default 1). */
	typeVersion?: number;
	/** Receives what the node sends through this.sendResponse (as n8n's webhook would answer it). */
	onSendResponse?: (response: unknown) => void;
	/** The workflow's Timezone setting (an IANA name); unset, n8n's default zone applies. */
	timezone?: string;
	/** n8n's URLs over the bare process's (e.g. webhookWaitingBaseUrl: where a resume URL points). */
	urls?: { webhookWaitingBaseUrl?: string };
}

export interface RunNodeResult {
	items: INodeExecutionData[];
	/** The node's error, as n8n records it, when the node failed. */
	error?: Error & { description?: string; httpCode?: string; context?: IDataObject };
	run: IRun;
}

/** Executes one node on the given input items through n8n-core's engine. */
export async function runNode(options: RunNodeOptions): Promise<RunNodeResult> {
	await initBinaryData();
	const nodeTypes = packageNodeTypes;
	const credentialNames = Object.keys(options.credentials);
	const node = {
		id: 'node-under-test',
		name: 'Node Under Test',
		type: `n8n-nodes-solswitch.${options.type}`,
		typeVersion: options.typeVersion ?? 1,
		position: [0, 0] as [number, number],
		parameters: options.parameters,
		credentials: Object.fromEntries(credentialNames.map((c) => [c, { id: c, name: c }])),
		...(options.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
	};
	const workflow = new Workflow({
		id: 'test',
		nodes: [node],
		connections: {},
		nodeTypes,
		active: false,
		settings: options.timezone ? { timezone: options.timezone } : {},
	});
	const hooks = new ExecutionLifecycleHooks('trigger', '1', { id: 'test', nodes: [node], connections: {} } as never);
	let finished!: (run: IRun) => void;
	const done = new Promise<IRun>((resolve) => (finished = resolve));
	hooks.addHandler('workflowExecuteAfter', (run) => finished(run));
	if (options.onSendResponse) hooks.addHandler('sendResponse', options.onSendResponse);
	const additionalData = testAdditionalData({
		hooks,
		credentialsHelper: new TestCredentialsHelper(options.credentials),
		executionId: 'test-execution',
		...options.urls,
	});
	const runExecutionData: IRunExecutionData = createRunExecutionData({
		executionData: { nodeExecutionStack: [{ node, data: { main: [options.input ?? [{ json: {} }]] }, source: null }] },
	});
	const execute = new WorkflowExecute(additionalData, 'manual', runExecutionData);
	await execute.processRunExecutionData(workflow);
	const run = await done;
	const task = run.data.resultData.runData[node.name]?.[0];
	return {
		items: task?.data?.main?.[0] ?? [],
		error: (task?.error ?? run.data.resultData.error) as RunNodeResult['error'],
		run,
	};
}
