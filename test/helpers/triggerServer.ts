/**
 * Serves one of the package's triggers over real HTTP on 127.0.0.1, in process, the way n8n 2.40
 * does, for the sandbox (or a test's fetch) to call:
 * - the body is read as n8n's body-parser reads it before a node runs (JSON, form, text; a malformed
 *   JSON body is refused with 422, as its UnprocessableRequestError does), with req.rawBody kept;
 * - the request must hit the node's webhook path (its description's path, resolved for the node's
 *   parameters), else 404;
 * - webhook() runs in n8n-core's real WebhookContext (parameters, credentials, static data);
 * - when it starts a workflow and the test gave nodes after the trigger (`then`), the workflow runs in
 *   n8n-core's real WorkflowExecute and its `sendResponse` answers the waiting request; n8n's web
 *   server's part (answer modes, "Error in workflow" with HTTP 500) is reproduced from its
 *   webhook-helpers; a test may instead write that part itself (`afterWebhook`).
 * The full path is covered by the e2e tests in real n8n. Parameters and options may change between
 * requests; the workflow's static data (n8n's database) lives as long as the server. Each workflow is
 * published as n8n publishes it before it serves: the trigger's webhook methods run first in n8n-core's
 * HookContext (what they write to the static data is what n8n saves right after them). A publication
 * n8n would refuse (create() throws) is kept in `publishError` and the node still serves, so tests can
 * show the node's own refusals of requests that such settings would let through.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse as parseQuery } from 'node:querystring';
import { BinaryDataService, ExecutionLifecycleHooks, HookContext, WebhookContext, WorkflowExecute } from 'n8n-core';
import {
	Workflow,
	createRunExecutionData,
	type IBinaryData,
	type ICredentialDataDecryptedObject,
	type IConnections,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type IRun,
	type IWebhookData,
	type IWebhookResponseData,
} from 'n8n-workflow';
import { Container, initBinaryData, packageNodeTypes, TestCredentialsHelper, testAdditionalData } from '../../scripts/n8n-engine/n8nCore';
import { allNodeTypes } from '../../scripts/n8n-engine/packageTypes';

export type TriggerType = 'solSwitchTrigger' | 'solSwitchMessagingTrigger';

export interface Started {
	path: string;
	items: INodeExecutionData[];
}

export interface TriggerServerOptions {
	/** Runs after webhook() for results not answered yet, instead of n8n's part (the workflow's answer). */
	afterWebhook?: (res: ServerResponse, result: IWebhookResponseData) => void | Promise<void>;
	/** The address the node sees as the connection's (tests of the allow-list). */
	remoteAddress?: string;
	/**
	 * n8n's production webhook base the node sees (getNodeWebhookUrl), default http://127.0.0.1/webhook:
	 * send-and-wait tests put it on the origin of their stand-in waiting webhooks.
	 */
	webhookBaseUrl?: string;
}

export interface TriggerServerSetup extends TriggerServerOptions {
	type: TriggerType;
	parameters: IDataObject;
	typeVersion?: number;
	/** Decrypted credentials by credential type; each gets an ID of its own, as n8n gives each credential. */
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	/** Nodes after the trigger, each connected to the previous one. */
	then?: Array<Pick<INode, 'name' | 'type' | 'parameters'>>;
}

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
		// express: a string goes out as HTML unless a content type was set before.
		if (typeof body === 'string' && !res.getHeader('content-type')) res.setHeader('content-type', 'text/html; charset=utf-8');
		res.end(typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));
		return r;
	};
	return r;
}

/** The bytes of a binary property, wherever n8n's binary data service keeps them. */
export async function readBinary(binary: IBinaryData): Promise<Buffer> {
	return await Container.get(BinaryDataService).getAsBuffer(binary);
}

/** n8n's lastNode / error answers, written as express writes them (setHeader + end). */
export function writeLikeN8n(res: ServerResponse, status: number, body: unknown, contentType?: string) {
	res.statusCode = status;
	const text = typeof body === 'string' ? body : JSON.stringify(body);
	res.setHeader('Content-Type', contentType ?? (typeof body === 'string' ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8'));
	res.setHeader('Content-Length', String(Buffer.byteLength(text)));
	res.setHeader('ETag', 'W/"x"');
	res.end(text);
}

const WEBHOOK_ID = 'trigger-webhook-id';
let credentialIds = 0;

export class TriggerServer {
	readonly started: Started[] = [];
	/** The runs of the nodes after the trigger, when there are any. */
	readonly runs: IRun[] = [];
	/** The workflow's static data: n8n's database for it. */
	readonly staticData: IDataObject = {};
	/** The credential store the trigger reads (spy on getDecrypted to count reads). */
	readonly credentialsHelper: TestCredentialsHelper;
	parameters: IDataObject;
	options: TriggerServerOptions;
	private server?: Server;
	private base = '';
	private readonly credentialRefs: INode['credentials'];

	constructor(private readonly setup: TriggerServerSetup) {
		this.parameters = setup.parameters;
		this.options = { afterWebhook: setup.afterWebhook, remoteAddress: setup.remoteAddress, webhookBaseUrl: setup.webhookBaseUrl };
		this.credentialsHelper = new TestCredentialsHelper(setup.credentials ?? {});
		this.credentialRefs = Object.fromEntries(Object.keys(setup.credentials ?? {}).map((type) => [type, { id: `credential-${++credentialIds}`, name: type }]));
	}

	/** Items of every execution the trigger started. */
	get executions(): INodeExecutionData[][] {
		return this.started.map((s) => s.items);
	}

	async listen(): Promise<this> {
		await initBinaryData();
		this.server = createServer((req, res) => {
			this.handle(req, res).catch((error) => {
				if (!res.headersSent) res.writeHead(500).end(String(error));
			});
		});
		await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
		this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
		await this.publish();
		return this;
	}

	async close() {
		this.server?.closeAllConnections();
		await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
	}

	/** A webhook path's URL, as n8n builds it: /webhook/<webhook id>/<path>. */
	urlFor(path: string, query = '') {
		return `${this.base}/webhook/${WEBHOOK_ID}/${path}${query}`;
	}

	/** The node's own URL for its current parameters. */
	get url() {
		const { workflow, trigger } = this.workflow();
		return this.urlFor(this.webhookPath(workflow, trigger));
	}

	private get nodeType() {
		return allNodeTypes[this.setup.type];
	}

	private built?: { parameters: IDataObject; workflow: ReturnType<TriggerServer['buildWorkflow']>; published?: Promise<void> };
	/** Why n8n would refuse to publish the current workflow (the trigger's create() threw), if it would. */
	publishError?: string;

	/** The workflow for the current parameters: built again only when the test gives new parameters. */
	private workflow() {
		if (this.built?.parameters !== this.parameters) this.built = { parameters: this.parameters, workflow: this.buildWorkflow() };
		return this.built.workflow;
	}

	/** Publishes the current workflow once: checkExists, then create when it says no. */
	private async publish() {
		this.workflow();
		const built = this.built!;
		built.published ??= (async () => {
			const { workflow, trigger } = built.workflow;
			const methods = this.nodeType.webhookMethods?.default;
			if (!methods) return;
			const additionalData = testAdditionalData({ credentialsHelper: this.credentialsHelper, executionId: 'publish' });
			const context = new HookContext(workflow, trigger, additionalData, 'trigger', 'activate');
			this.publishError = undefined;
			try {
				if (!(await methods.checkExists.call(context))) await methods.create.call(context);
			} catch (error) {
				this.publishError = (error as Error).message;
			}
		})();
		await built.published;
	}

	private buildWorkflow(): { workflow: Workflow; trigger: INode; after: INode[]; connections: IConnections } {
		const trigger: INode = {
			id: 'trigger',
			name: this.nodeType.description.defaults.name!,
			type: `n8n-nodes-solswitch.${this.setup.type}`,
			typeVersion: this.setup.typeVersion ?? 1,
			position: [0, 0],
			webhookId: WEBHOOK_ID,
			parameters: { ...this.parameters } as INode['parameters'],
			...(Object.keys(this.credentialRefs ?? {}).length ? { credentials: this.credentialRefs } : {}),
		};
		const after: INode[] = (this.setup.then ?? []).map((n, i) => ({ id: `n${i}`, typeVersion: 1, position: [200 * (i + 1), 0], ...n }) as INode);
		const connections: IConnections = {};
		[trigger, ...after].forEach((n, i, all) => {
			if (all[i + 1]) connections[n.name] = { main: [[{ node: all[i + 1].name, type: 'main', index: 0 }]] };
		});
		const workflow = new Workflow({
			id: 'wf',
			nodes: [trigger, ...after],
			connections,
			nodeTypes: packageNodeTypes,
			active: true,
			settings: {},
			staticData: this.staticData,
		});
		return { workflow, trigger: workflow.getNode(trigger.name)!, after, connections };
	}

	/** A value of the node's webhook description, resolved for the node as n8n resolves it. */
	private resolve(workflow: Workflow, trigger: INode, value: unknown): string {
		return String(workflow.expression.getSimpleParameterValue(trigger, value as string, 'internal', {}));
	}

	private webhookPath(workflow: Workflow, trigger: INode): string {
		return this.resolve(workflow, trigger, this.nodeType.description.webhooks![0].path);
	}

	private async readRequest(req: IncomingMessage, res: ServerResponse) {
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		const rawBody = Buffer.concat(chunks);
		const contentType = String(req.headers['content-type'] ?? '').split(';')[0].trim();
		let body: unknown = {};
		if (rawBody.length) {
			try {
				if (contentType === 'application/json') body = JSON.parse(rawBody.toString('utf8'));
				else if (contentType === 'application/x-www-form-urlencoded') body = { ...parseQuery(rawBody.toString('utf8')) };
				else if (contentType === 'text/plain') body = rawBody.toString('utf8');
			} catch {
				res.writeHead(422, { 'content-type': 'application/json' });
				res.end(JSON.stringify({ code: 422, message: 'Failed to parse request body' }));
				return undefined;
			}
		}
		return { body, rawBody };
	}

	private async runWorkflow(
		{ workflow, trigger, after, connections }: ReturnType<TriggerServer['workflow']>,
		items: INodeExecutionData[],
		replyMode: string,
	): Promise<{ response?: IDataObject; failed: boolean }> {
		const hooks = new ExecutionLifecycleHooks('webhook', 'exec', { id: 'wf', nodes: [trigger, ...after], connections } as never);
		let response: IDataObject | undefined;
		// n8n waits for a node's answer (sendResponse) only in reply mode responseNode.
		hooks.addHandler('sendResponse', (r) => {
			if (replyMode === 'responseNode') response ??= r as IDataObject;
		});
		let finished!: (run: IRun) => void;
		const done = new Promise<IRun>((resolve) => (finished = resolve));
		hooks.addHandler('workflowExecuteAfter', (run) => finished(run));
		const additionalData = testAdditionalData({ credentialsHelper: this.credentialsHelper, executionId: 'webhook', hooks });
		const data = createRunExecutionData({ executionData: { nodeExecutionStack: [{ node: trigger, data: { main: [items] }, source: null }] } });
		await new WorkflowExecute(additionalData, 'webhook', data).processRunExecutionData(workflow);
		const run = await done;
		this.runs.push(run);
		const failed = Boolean(run.data.resultData.error) || Object.values(run.data.resultData.runData).some((tasks) => tasks.some((t) => t.error));
		if (!response && replyMode === 'lastNode' && !failed) {
			const last = run.data.resultData.runData[run.data.resultData.lastNodeExecuted ?? '']?.[0]?.data?.main?.[0]?.[0];
			if (last) response = { body: last.json };
		}
		return { response, failed };
	}

	private async handle(req: IncomingMessage, res: ServerResponse) {
		const r = expressLike(res);
		await this.publish();
		const read = await this.readRequest(req, res);
		if (!read) return;
		const url = new URL(req.url ?? '/', 'http://host');
		const request = Object.assign(req, { body: read.body, rawBody: read.rawBody, query: Object.fromEntries(url.searchParams), params: {} });
		if (this.options.remoteAddress) Object.defineProperty(req.socket, 'remoteAddress', { value: this.options.remoteAddress, configurable: true });
		const built = this.workflow();
		const { workflow, trigger } = built;
		const path = `${WEBHOOK_ID}/${this.webhookPath(workflow, trigger)}`;
		if (url.pathname !== `/webhook/${path}`) {
			r.status(404).json({ code: 404, message: 'The requested webhook is not registered.' });
			return;
		}
		const additionalData = testAdditionalData({
			credentialsHelper: this.credentialsHelper,
			executionId: 'webhook',
			httpRequest: request,
			httpResponse: r,
			...(this.options.webhookBaseUrl ? { webhookBaseUrl: this.options.webhookBaseUrl } : {}),
		});
		const webhookDescription = this.nodeType.description.webhooks![0];
		const webhookData = { httpMethod: 'POST', node: trigger.name, path, webhookDescription, workflowId: 'wf', isTest: false } as IWebhookData;
		const context = new WebhookContext(workflow, trigger, additionalData, 'webhook', webhookData, [], null);
		let result: IWebhookResponseData;
		try {
			result = await this.nodeType.webhook!.call(context);
		} catch (error) {
			if (!res.headersSent) r.status(500).json({ message: (error as Error).message });
			return;
		}
		if (result.workflowData) this.started.push({ path: url.pathname, items: result.workflowData[0] });
		// n8n sets the description's responseHeaders once the node has run (webhook-helpers.js evaluateResponseHeaders).
		if (webhookDescription.responseHeaders !== undefined && !res.headersSent) {
			const headers = workflow.expression.getSimpleParameterValue(trigger, webhookDescription.responseHeaders as string, 'internal', {}) as {
				entries?: Array<{ name: string; value: string }>;
			};
			for (const entry of headers?.entries ?? []) res.setHeader(entry.name, entry.value);
		}
		const after = this.setup.then ?? [];
		const replyMode = this.resolve(workflow, trigger, webhookDescription.responseMode);
		if (result.noWebhookResponse) {
			if (result.workflowData && after.length) await this.runWorkflow(built, result.workflowData[0], replyMode);
			return;
		}
		if (res.writableEnded) return;
		if (this.options.afterWebhook) return await this.options.afterWebhook(res, result);
		if (!result.workflowData) return void r.status(200).json(result.webhookResponse ?? { message: 'Webhook call received' });
		if (replyMode === 'onReceived') {
			// n8n's answer in this mode (webhook-helpers.js, extractWebhookOnReceivedResponse): the
			// description's responseData if it names one, else the webhookResponse the node handed it;
			// written once the run is queued (2.40), here just before it starts.
			const responseData = webhookDescription.responseData === undefined ? '' : this.resolve(workflow, trigger, webhookDescription.responseData);
			const body = responseData === 'noData' ? undefined : responseData || (result.webhookResponse ?? { message: 'Workflow was started' });
			if (typeof body === 'string' || body === undefined) r.status(200).send(body ?? '');
			else r.status(200).json(body);
			if (after.length) await this.runWorkflow(built, result.workflowData[0], replyMode);
			return;
		}
		if (!after.length) return void r.status(200).json({ message: 'Workflow was started' });
		const { response, failed } = await this.runWorkflow(built, result.workflowData[0], replyMode);
		if (failed && !response) return void r.status(500).json({ message: 'Error in workflow' });
		if (!response) return void r.status(200).end();
		const { body, headers, statusCode } = response as { body?: unknown; headers?: Record<string, string>; statusCode?: number };
		if (Buffer.isBuffer(body)) {
			// n8n's setupResponseNodePromise: a Buffer body is written with res.end() as it came, before
			// n8n saves the call's static data (here, this.staticData is that data, kept as it is).
			r.status(statusCode ?? 200);
			for (const [name, value] of Object.entries(headers ?? {})) res.setHeader(name, value);
			return void res.end(body);
		}
		r.status(200).json(body ?? response);
	}
}

/** A trigger server, listening. */
export async function startTriggerServer(setup: TriggerServerSetup): Promise<TriggerServer> {
	return await new TriggerServer(setup).listen();
}
