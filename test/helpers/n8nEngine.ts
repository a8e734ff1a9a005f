/**
 * Runs our nodes the way n8n runs them: n8n-core's WorkflowExecute with the real execute contexts
 * and request helpers (httpRequestWithAuthentication, binary data, continueOnFail). Only the
 * credential store is ours (it hands out the decrypted data a test gives it), as in n8n's own
 * node test harness (packages/core/nodes-testing).
 */
import { createRequire } from 'node:module';
import { BinaryDataService, ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import {
	createRunExecutionData,
	ICredentialsHelper,
	Workflow,
	type ICredentialDataDecryptedObject,
	type ICredentialType,
	type IHttpRequestOptions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypes,
	type IRun,
	type IRunExecutionData,
	type IWorkflowExecuteAdditionalData,
	type IVersionedNodeType,
	type INodeParameters,
	type IDataObject,
} from 'n8n-workflow';
import { allCredentialTypes, allNodeTypes } from './packageTypes';

class TestCredentialsHelper extends ICredentialsHelper {
	constructor(private readonly store: Record<string, ICredentialDataDecryptedObject>) {
		super();
	}
	getParentTypes() {
		return [];
	}
	async authenticate(credentials: ICredentialDataDecryptedObject, typeName: string, requestParams: IHttpRequestOptions) {
		const type: ICredentialType | undefined = allCredentialTypes[typeName];
		if (type && typeof type.authenticate === 'function') return await type.authenticate(credentials, requestParams);
		if (type?.authenticate) throw new Error(`Test harness: generic authenticate of ${typeName} is not supported; write it as a function`);
		return requestParams;
	}
	async preAuthentication() {
		return undefined;
	}
	async runPreAuthentication() {
		return undefined;
	}
	getCredentialsProperties() {
		return [];
	}
	async getDecrypted(_a: unknown, _n: unknown, type: string) {
		if (!this.store[type]) throw new Error(`Test harness: no credential of type ${type} given`);
		return this.store[type];
	}
	async getCredentials(): Promise<never> {
		throw new Error('not used');
	}
	isCredentialUsableByNode() {
		return true;
	}
	async updateCredentials() {}
	async updateCredentialsOauthTokenData() {}
}

class TestNodeTypes implements INodeTypes {
	getByName(name: string): INodeType | IVersionedNodeType {
		const type = allNodeTypes[name.replace(/^n8n-nodes-solswitch\./, '')];
		if (!type) throw new Error(`Unknown node type ${name}`);
		return type;
	}
	getByNameAndVersion(name: string): INodeType {
		return this.getByName(name) as INodeType;
	}
	getKnownTypes() {
		return {};
	}
}

// n8n-core has its own copy of @n8n/di: its services live in that copy's container.
const { Container } = createRequire(require.resolve('n8n-core'))('@n8n/di') as typeof import('@n8n/di');

let binaryReady: Promise<void> | undefined;
async function initBinaryData() {
	binaryReady ??= Container.get(BinaryDataService).init();
	await binaryReady;
}

export interface RunNodeOptions {
	/** Node type without package prefix, e.g. 'solSwitch'. */
	type: string;
	parameters: INodeParameters;
	credentials: Record<string, ICredentialDataDecryptedObject>;
	input?: INodeExecutionData[];
	continueOnFail?: boolean;
	/** Receives what the node sends through this.sendResponse (as n8n's webhook would answer it). */
	onSendResponse?: (response: unknown) => void;
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
	const nodeTypes = new TestNodeTypes();
	const credentialNames = Object.keys(options.credentials);
	const node = {
		id: 'node-under-test',
		name: 'Node Under Test',
		type: `n8n-nodes-solswitch.${options.type}`,
		typeVersion: 1,
		position: [0, 0] as [number, number],
		parameters: options.parameters,
		credentials: Object.fromEntries(credentialNames.map((c) => [c, { id: c, name: c }])),
		...(options.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
	};
	const workflow = new Workflow({ id: 'test', nodes: [node], connections: {}, nodeTypes, active: false, settings: {} });
	const hooks = new ExecutionLifecycleHooks('trigger', '1', { id: 'test', nodes: [node], connections: {} } as never);
	let finished!: (run: IRun) => void;
	const done = new Promise<IRun>((resolve) => (finished = resolve));
	hooks.addHandler('workflowExecuteAfter', (run) => finished(run));
	if (options.onSendResponse) hooks.addHandler('sendResponse', options.onSendResponse);
	const base = {
		hooks,
		credentialsHelper: new TestCredentialsHelper(options.credentials),
		restApiUrl: 'http://127.0.0.1/rest',
		instanceBaseUrl: 'http://127.0.0.1/',
		webhookBaseUrl: 'http://127.0.0.1/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1/webhook-test',
		formWaitingBaseUrl: 'http://127.0.0.1/form-waiting',
		variables: {},
		currentNodeParameters: undefined,
		executionId: 'test-execution',
	};
	// Anything else n8n-core asks of additionalData is absent, as in a bare n8n process.
	const additionalData = new Proxy(base, { get: (t, p) => (t as Record<string | symbol, unknown>)[p] }) as unknown as IWorkflowExecuteAdditionalData;
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
