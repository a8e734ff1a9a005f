/**
 * Serves the SolSwitch Trigger's webhook over real HTTP on 127.0.0.1, in process, through n8n-core's
 * real WebhookContext (parameters, request and response objects as n8n hands them to the node).
 * The body is read as n8n 2.40 reads it before a node runs (its body-parser: JSON, form, text;
 * a malformed JSON body is refused with 422 before the node sees it), with req.rawBody kept.
 * What n8n does after webhook() returns (run the workflow, write a lastNode / responseNode answer)
 * is the test's `afterWebhook`, which writes to the response the way n8n's handler does.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse as parseQuery } from 'node:querystring';
import { WebhookContext } from 'n8n-core';
import {
	Workflow,
	type INode,
	type INodeParameters,
	type INodeTypes,
	type IWebhookData,
	type IWebhookResponseData,
	type IWorkflowExecuteAdditionalData,
	type INodeExecutionData,
} from 'n8n-workflow';
import { SolSwitchTrigger } from '../../../nodes/SolSwitchTrigger/SolSwitchTrigger.node';

export interface Started {
	path: string;
	items: INodeExecutionData[];
}

export interface TriggerHostOptions {
	/** Runs after webhook() for results that are not answered yet (n8n's part: the workflow's answer). */
	afterWebhook?: (res: ServerResponse, result: IWebhookResponseData) => void | Promise<void>;
	/** The address the node sees as the connection's (tests of the allow-list). */
	remoteAddress?: string;
}

const trigger = new SolSwitchTrigger();

const nodeTypes: INodeTypes = {
	getByName: () => trigger,
	getByNameAndVersion: () => trigger,
	getKnownTypes: () => ({}),
} as unknown as INodeTypes;

export class TriggerHost {
	readonly started: Started[] = [];
	private server?: Server;
	url = '';

	constructor(
		public parameters: INodeParameters,
		public options: TriggerHostOptions = {},
	) {}

	async listen(): Promise<this> {
		this.server = createServer((req, res) => void this.handle(req, res));
		await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
		this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
		return this;
	}

	async close() {
		this.server?.closeAllConnections();
		await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
	}

	/** The URL of an event kind, as n8n builds it: /webhook/<webhook id>/<event kind>. */
	urlFor(event: string, query = '') {
		return `${this.url}/webhook/trigger-webhook-id/${event}${query}`;
	}

	private async handle(req: IncomingMessage, res: ServerResponse) {
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		const rawBody = Buffer.concat(chunks);
		const url = new URL(req.url ?? '/', 'http://host');
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
				return;
			}
		}
		const request = Object.assign(req, {
			body,
			rawBody,
			query: Object.fromEntries(url.searchParams),
			params: {},
		});
		if (this.options.remoteAddress) Object.defineProperty(req.socket, 'remoteAddress', { value: this.options.remoteAddress, configurable: true });
		const event = url.pathname.split('/').pop() ?? '';
		const parameters = { ...this.parameters };
		const node: INode = {
			id: 'trigger',
			name: 'SolSwitch Trigger',
			type: 'n8n-nodes-solswitch.solSwitchTrigger',
			typeVersion: 1,
			position: [0, 0],
			webhookId: 'trigger-webhook-id',
			parameters,
		};
		if (event !== parameters.event) {
			res.writeHead(404, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ code: 404, message: 'The requested webhook is not registered.' }));
			return;
		}
		const workflow = new Workflow({ id: 'wf', nodes: [node], connections: {}, nodeTypes, active: true, settings: {} });
		const additionalData = { httpRequest: request, httpResponse: res, executionId: 'x' } as unknown as IWorkflowExecuteAdditionalData;
		const webhookData = {
			httpMethod: 'POST',
			node: node.name,
			path: `trigger-webhook-id/${event}`,
			webhookDescription: trigger.description.webhooks![0],
			workflowId: 'wf',
			workflowExecuteAdditionalData: additionalData,
		} as IWebhookData;
		const context = new WebhookContext(workflow, node, additionalData, 'webhook', webhookData, [], null);
		let result: IWebhookResponseData;
		try {
			result = await trigger.webhook.call(context);
		} catch (error) {
			res.writeHead(500, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ code: 500, message: (error as Error).message }));
			return;
		}
		if (result.workflowData) this.started.push({ path: url.pathname, items: result.workflowData[0] });
		if (!res.writableEnded) {
			if (this.options.afterWebhook) await this.options.afterWebhook(res, result);
			else {
				res.writeHead(200, { 'content-type': 'application/json' });
				res.end(JSON.stringify({ message: 'Workflow was started' }));
			}
		}
	}
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
