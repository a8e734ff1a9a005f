/**
 * Serves the SolSwitch Messaging Trigger over real HTTP the way n8n does, for the sandbox gateway to
 * POST to: each request goes through the trigger's webhook() in n8n-core's real WebhookContext; when
 * the trigger starts a workflow, the workflow (trigger -> nodes given by the test, e.g. the Messaging
 * node's Reply to Message) runs in n8n-core's real WorkflowExecute, and its `sendResponse` answers the
 * waiting request. What n8n's web server adds (answer modes, "Error in workflow" with HTTP 500) is
 * reproduced from n8n 2.40's webhook-helpers; the full path is covered by the e2e test in real n8n.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BinaryDataService, ExecutionLifecycleHooks, WebhookContext, WorkflowExecute } from 'n8n-core';
import { Container, initBinaryData, packageNodeTypes, TestCredentialsHelper, testAdditionalData } from '../../../scripts/n8n-engine/n8nCore';
import type { IWebhookResponseData } from 'n8n-workflow';
import {
	Workflow,
	createRunExecutionData,
	type ICredentialDataDecryptedObject,
	type IConnections,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type IRun,
	type IWebhookData,
} from 'n8n-workflow';
import { allNodeTypes } from '../../../scripts/n8n-engine/packageTypes';

/** Express's res.status().json() over a plain ServerResponse, as n8n hands it to webhook(). */
type ExpressLike = ServerResponse & { status: (c: number) => ExpressLike; json: (b: unknown) => ExpressLike; send: (b: unknown) => ExpressLike };
function expressLike(res: ServerResponse): ExpressLike {
	const r = res as ExpressLike;
	r.status = (code: number) => {
		res.statusCode = code;
		return r;
	};
	r.json = (body: unknown) => {
		res.setHeader('content-type', 'application/json');
		res.end(JSON.stringify(body));
		return r;
	};
	r.send = (body: unknown) => {
		res.end(typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));
		return r;
	};
	return r;
}

/** The bytes of a binary property, wherever n8n's binary data service keeps them. */
export async function readBinary(binary: import('n8n-workflow').IBinaryData): Promise<Buffer> {
	return await Container.get(BinaryDataService).getAsBuffer(binary);
}

export interface TriggerServerOptions {
	parameters: IDataObject;
	credentials: ICredentialDataDecryptedObject;
	/** Nodes after the trigger, each connected to the previous one. */
	then?: Array<Pick<INode, 'name' | 'type' | 'parameters'>>;
}

export interface TriggerServer {
	url: string;
	/** Items of every execution the trigger started. */
	executions: INodeExecutionData[][];
	/** The runs of the nodes after the trigger, when there are any. */
	runs: IRun[];
	staticData: IDataObject;
	/** The credential store the trigger reads (spy on getDecrypted to count reads). */
	credentialsHelper: TestCredentialsHelper;
	close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
		req.on('error', reject);
	});
}

let credentialIds = 0;

export async function startTriggerServer(options: TriggerServerOptions): Promise<TriggerServer> {
	await initBinaryData();
	const trigger: INode = {
		id: 'trigger',
		name: 'SolSwitch Messaging Trigger',
		type: 'n8n-nodes-solswitch.solSwitchMessagingTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters: options.parameters as INode['parameters'],
		// Each server its own credential, as n8n gives each credential its own ID (the trigger keeps
		// the inbound key per credential ID for a while).
		credentials: { solSwitchMessagingApi: { id: `gateway-${++credentialIds}`, name: 'gateway' } },
		webhookId: 'hook',
	};
	const after: INode[] = (options.then ?? []).map((n, i) => ({ id: `n${i}`, typeVersion: 1, position: [200 * (i + 1), 0], ...n }) as INode);
	const connections: IConnections = {};
	[trigger, ...after].forEach((n, i, all) => {
		if (all[i + 1]) connections[n.name] = { main: [[{ node: all[i + 1].name, type: 'main', index: 0 }]] };
	});
	// One Workflow for the server's life: its static data plays the part of n8n's database.
	const workflow = new Workflow({ id: 'wf', nodes: [trigger, ...after], connections, nodeTypes: packageNodeTypes, active: true, settings: {}, staticData: {} });
	const credentialsHelper = new TestCredentialsHelper({ solSwitchMessagingApi: options.credentials });
	const executions: INodeExecutionData[][] = [];
	const runs: IRun[] = [];
	const webhookDescription = allNodeTypes.solSwitchMessagingTrigger.description.webhooks![0];
	const replyMode = String(options.parameters.replyMode ?? 'onReceived');

	const base = { credentialsHelper, executionId: 'webhook' };

	async function runWorkflow(items: INodeExecutionData[]): Promise<{ response?: IDataObject; failed: boolean }> {
		const hooks = new ExecutionLifecycleHooks('webhook', 'exec', { id: 'wf', nodes: [trigger, ...after], connections } as never);
		let response: IDataObject | undefined;
		hooks.addHandler('sendResponse', (r) => {
			response ??= r as IDataObject;
		});
		let finished!: (run: IRun) => void;
		const done = new Promise<IRun>((resolve) => (finished = resolve));
		hooks.addHandler('workflowExecuteAfter', (run) => finished(run));
		const additionalData = testAdditionalData({ ...base, hooks });
		const data = createRunExecutionData({ executionData: { nodeExecutionStack: [{ node: trigger, data: { main: [items] }, source: null }] } });
		await new WorkflowExecute(additionalData, 'webhook', data).processRunExecutionData(workflow);
		const run = await done;
		runs.push(run);
		const failed = Boolean(run.data.resultData.error) || Object.values(run.data.resultData.runData).some((tasks) => tasks.some((t) => t.error));
		if (!response && replyMode === 'lastNode' && !failed) {
			const last = run.data.resultData.runData[run.data.resultData.lastNodeExecuted ?? '']?.[0]?.data?.main?.[0]?.[0];
			if (last) response = { body: last.json };
		}
		return { response, failed };
	}

	const server: Server = createServer((req, res) => {
		void (async () => {
			const r = expressLike(res);
			const text = await readBody(req);
			let body: unknown = {};
			try {
				body = text ? JSON.parse(text) : {};
			} catch {
				// n8n's JSON body parser refuses malformed JSON with HTTP 400 before any node runs.
				return r.status(400).json({ message: 'Malformed JSON' });
			}
			const additionalData = testAdditionalData({ ...base, httpRequest: { body, headers: req.headers, params: {}, query: {} }, httpResponse: r });
			const webhookData = { httpMethod: 'POST', node: trigger.name, path: 'hook/message', webhookDescription, workflowId: 'wf', isTest: false } as IWebhookData;
			const context = new WebhookContext(workflow, trigger, additionalData, 'webhook', webhookData, [], null);
			let result: IWebhookResponseData;
			try {
				result = await allNodeTypes.solSwitchMessagingTrigger.webhook!.call(context);
			} catch (error) {
				if (!res.headersSent) r.status(500).json({ message: (error as Error).message });
				return;
			}
			if (result.workflowData) executions.push(result.workflowData[0]);
			if (result.noWebhookResponse) {
				if (result.workflowData && after.length) await runWorkflow(result.workflowData[0]);
				return;
			}
			if (!result.workflowData) return r.status(200).json(result.webhookResponse ?? { message: 'Webhook call received' });
			if (!after.length) return r.status(200).json({ message: 'Workflow executed successfully but no data was returned' });
			const { response, failed } = await runWorkflow(result.workflowData[0]);
			if (failed && !response) return r.status(500).json({ message: 'Error in workflow' });
			if (!response) return r.status(200).end();
			r.status(200).json((response as { body?: unknown }).body ?? response);
			return undefined;
		})().catch((error) => {
			if (!res.headersSent) res.writeHead(500).end(String(error));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/webhook/hook/message`,
		executions,
		runs,
		get staticData() {
			return workflow.staticData;
		},
		credentialsHelper,
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}
