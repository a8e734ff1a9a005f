// The REST calls a test needs, as the n8n 2.40 editor makes them (checked against its controllers
// and DTOs): owner setup and login (the `n8n-auth` cookie), credentials, workflows, publishing,
// manual runs, executions, node types, and calls to production webhooks.
// Why REST rather than the CLI: `n8n import:workflow --input` and `publish:workflow --id` do work
// on 2.40 before n8n starts (tried), but each command boots n8n and takes 5 to 6 s here;
// `import:workflow --activeState=fromJson` is refused outside queue mode; `publish:workflow` only
// writes the database ("changes will not take effect if n8n is running"). REST does all of it in
// milliseconds on the running instance, through the same code paths as a user in the editor.
// An exported workflow file can be passed to createWorkflow() as it is.
import { decodeRunData, type Execution, type ExecutionSummary } from './execution-data';
import type { N8nInstance } from './n8n-instance';

export interface OwnerAccount {
	email: string;
	password: string;
	firstName: string;
	lastName: string;
}

/** The password rules (8+ characters, a digit, an upper-case letter) are n8n's. */
export const DEFAULT_OWNER: OwnerAccount = {
	email: 'owner@solswitch.test',
	password: 'E2e-Owner-Passw0rd',
	firstName: 'E2E',
	lastName: 'Owner',
};

/** What a workflow is made of, as in an n8n export (extra fields of an export are dropped). */
export interface WorkflowDefinition {
	name: string;
	nodes: Array<Record<string, unknown>>;
	connections: Record<string, unknown>;
	settings?: Record<string, unknown>;
	pinData?: Record<string, unknown>;
	[key: string]: unknown;
}

export interface SavedWorkflow extends WorkflowDefinition {
	id: string;
	versionId: string;
	active: boolean;
	activeVersionId: string | null;
}

export interface SavedCredential {
	id: string;
	name: string;
	type: string;
}

export interface WebhookResponse {
	status: number;
	headers: Headers;
	text: string;
	/** The body parsed as JSON (undefined when it is not JSON). */
	json: unknown;
}

type RawExecution = ExecutionSummary & { data: string };

/** Execution states after which nothing more will happen without outside help. */
const SETTLED = new Set(['success', 'error', 'canceled', 'crashed', 'waiting']);

/** Every execution status of n8n 2.40 and 1.123 (n8n-workflow ExecutionStatusList). */
const EXECUTION_STATUSES = ['canceled', 'crashed', 'error', 'new', 'running', 'success', 'unknown', 'waiting'];

export class N8nApi {
	private cookie = '';

	constructor(readonly n8n: N8nInstance) {}

	/** POST /rest/owner/setup: the first account of a fresh instance; answers with a session cookie. */
	async setupOwner(owner: OwnerAccount = DEFAULT_OWNER): Promise<void> {
		await this.request('POST', '/rest/owner/setup', owner);
	}

	/** POST /rest/login {emailOrLdapLoginId, password}: a new session cookie. */
	async login(email: string, password: string): Promise<void> {
		await this.request('POST', '/rest/login', { emailOrLdapLoginId: email, password });
	}

	/** POST /rest/credentials {name, type, data}; n8n encrypts `data` with its encryption key. */
	async createCredential(name: string, type: string, data: Record<string, unknown>): Promise<SavedCredential> {
		const saved = await this.request<SavedCredential>('POST', '/rest/credentials', { name, type, data });
		return { id: saved.id, name: saved.name, type: saved.type };
	}

	/** POST /rest/workflows: saves a draft (not published); its `versionId` is what gets published. */
	async createWorkflow(workflow: WorkflowDefinition): Promise<SavedWorkflow> {
		const { name, nodes, connections, settings, pinData } = workflow;
		return await this.request<SavedWorkflow>('POST', '/rest/workflows', {
			name,
			nodes,
			connections,
			settings: settings ?? { executionOrder: 'v1' },
			...(pinData ? { pinData } : {}),
			// n8n 1.x stores `active` as given (NOT NULL); 2.x derives it from publication.
			...(this.isV1 ? { active: false } : {}),
		});
	}

	/** n8n 1.x (the last line before publishing existed): some REST calls differ. */
	get isV1(): boolean {
		return /(^|\/)n8n-1\./.test(this.n8n.installation.n8nDir);
	}

	async getWorkflow(id: string): Promise<SavedWorkflow> {
		return await this.request<SavedWorkflow>('GET', `/rest/workflows/${id}`);
	}

	/**
	 * Publishes ("activates" in n8n 1.x) a version: POST /rest/workflows/:id/activate {versionId}.
	 * In 2.40 the triggers are then registered asynchronously (a publication outbox), so we poll
	 * GET /rest/workflows/:id/publication-status until that version is live; only then do its
	 * production webhooks answer (before that they say 404 "not registered").
	 */
	async publishWorkflow(id: string, versionId?: string): Promise<void> {
		const version = versionId ?? (await this.getWorkflow(id)).versionId;
		if (this.isV1) {
			// n8n 1.x activates the saved workflow and registers its webhooks before it answers.
			await this.request('PATCH', `/rest/workflows/${id}`, { active: true, versionId: version });
			const saved = await this.getWorkflow(id);
			if (!(saved as SavedWorkflow & { active?: boolean }).active) throw new Error(`n8n 1.x did not activate workflow ${id}`);
			return;
		}
		await this.request('POST', `/rest/workflows/${id}/activate`, { versionId: version });
		type Status = {
			status: string;
			liveVersionId: string | null;
			triggers: Array<{ nodeId: string; status: string; errorMessage: string | null }>;
		};
		await this.poll(`publication of workflow ${id}`, async () => {
			const status = await this.request<Status>('GET', `/rest/workflows/${id}/publication-status`);
			if (status.status === 'failed' || status.status === 'partial') {
				const errors = status.triggers.filter((t) => t.errorMessage).map((t) => `${t.nodeId}: ${t.errorMessage}`);
				throw new Error(`publishing workflow ${id} ${status.status}: ${errors.join('; ')}`);
			}
			return status.status === 'published' && status.liveVersionId === version ? true : undefined;
		});
	}

	/** POST /rest/workflows/:id/deactivate: takes the published version offline. */
	async unpublishWorkflow(id: string): Promise<void> {
		await this.request('POST', `/rest/workflows/${id}/deactivate`, {});
	}

	/**
	 * Runs the saved workflow as the editor's "Execute workflow" button does:
	 * POST /rest/workflows/:id/run {triggerToStartFrom: {name}} answers {executionId} at once;
	 * the run goes on in the background, so this waits for it and returns its run data.
	 */
	async runManually(workflowId: string, triggerNodeName: string): Promise<Execution> {
		const started = await this.request<{ executionId?: string; waitingForWebhook?: boolean }>(
			'POST',
			`/rest/workflows/${workflowId}/run`,
			{
				triggerToStartFrom: { name: triggerNodeName },
				// n8n 1.x runs the workflow the editor sends, not the saved one.
				...(this.isV1 ? { workflowData: await this.getWorkflow(workflowId) } : {}),
			},
		);
		if (!started.executionId) {
			throw new Error(
				`n8n did not start workflow ${workflowId} from "${triggerNodeName}" (${JSON.stringify(started)}); ` +
					'a trigger that waits for a webhook or event cannot be run manually without pinned data',
			);
		}
		return await this.waitForExecution(started.executionId);
	}

	/** GET /rest/executions/:id, with the flatted run data decoded. */
	async getExecution(id: string): Promise<Execution> {
		return this.decode(await this.request<RawExecution>('GET', `/rest/executions/${id}`));
	}

	/** Polls until the execution has settled (success, error, canceled, crashed or waiting). */
	async waitForExecution(id: string): Promise<Execution> {
		return await this.poll(`execution ${id}`, async () => {
			const raw = await this.request<RawExecution | undefined>('GET', `/rest/executions/${id}`, undefined, {
				allowNotFound: true,
			});
			if (!raw || !SETTLED.has(raw.status)) return undefined;
			const execution = this.decode(raw);
			// n8n 1.x can show the settled status a moment before the run data (another table) is written.
			return runDataWritten(execution) ? execution : undefined;
		});
	}

	private decode(raw: RawExecution): Execution {
		return { ...raw, data: decodeRunData(this.n8n.installation, raw.data) };
	}

	/**
	 * The newest executions of a workflow, newest first, once at least `count` have settled
	 * (e.g. after calling its production webhook, whose answer does not carry the execution id).
	 */
	async waitForExecutions(workflowId: string, count = 1): Promise<Execution[]> {
		const filter = encodeURIComponent(JSON.stringify({ workflowId }));
		const settled = await this.poll(`${count} execution(s) of workflow ${workflowId}`, async () => {
			const list = await this.request<{ results: ExecutionSummary[] }>('GET', `/rest/executions?filter=${filter}&limit=100`);
			const done = list.results.filter((e) => SETTLED.has(e.status));
			return done.length >= count ? done.slice(0, count) : undefined;
		});
		return await Promise.all(settled.map((e) => this.waitForExecution(e.id)));
	}

	/**
	 * Every execution of a workflow n8n has recorded so far (any status), newest first, without run
	 * data. n8n answers at most 100 per call (parse-range-query.middleware.js), so this pages with lastId.
	 */
	async executionSummaries(workflowId: string): Promise<ExecutionSummary[]> {
		// Every status named: without a status filter n8n puts its new and running executions on top of
		// every page, and orders the others by start time, so paging by lastId repeated those and could
		// skip others (n8n/dist/executions/executions.controller.js getMany, findLatestCurrentAndCompleted;
		// a 1,000-message soak listed 1,532 executions of 1,143). Filtered by status, pages go by ID.
		const filter = encodeURIComponent(JSON.stringify({ workflowId, status: EXECUTION_STATUSES }));
		const byId = new Map<string, ExecutionSummary>();
		let lastId = '';
		for (;;) {
			const page = await this.request<{ results: ExecutionSummary[] }>('GET', `/rest/executions?filter=${filter}&limit=100${lastId}`);
			for (const summary of page.results) byId.set(String(summary.id), summary);
			if (page.results.length < 100) return [...byId.values()];
			lastId = `&lastId=${Math.min(...page.results.map((r) => Number(r.id)))}`;
		}
	}

	/** Every loaded node type name (e.g. "n8n-nodes-solswitch.solSwitch"), from /types/nodes.json. */
	async nodeTypeNames(): Promise<string[]> {
		return [...new Set((await this.nodeTypes()).map((t) => t.name))];
	}

	/** The node type descriptions the editor loads (its node panel searches their codex). */
	async nodeTypes(): Promise<Array<{ name: string; codex?: Record<string, unknown>; iconUrl?: unknown }>> {
		return await this.request('GET', '/types/nodes.json', undefined, { raw: true });
	}

	/** Every loaded credential type name, from /types/credentials.json. */
	async credentialTypeNames(): Promise<string[]> {
		const types = await this.request<Array<{ name: string }>>('GET', '/types/credentials.json', undefined, { raw: true });
		return types.map((t) => t.name);
	}

	/** Calls a published workflow's production webhook: /webhook/<path>. */
	async callWebhook(
		path: string,
		{ method = 'POST', body, headers = {} }: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
	): Promise<WebhookResponse> {
		const isJson = body !== undefined && typeof body !== 'string' && !(body instanceof URLSearchParams);
		const response = await fetch(`${this.n8n.baseUrl}/webhook/${path.replace(/^\//, '')}`, {
			method,
			headers: isJson ? { 'content-type': 'application/json', ...headers } : headers,
			body: isJson ? JSON.stringify(body) : (body as string | URLSearchParams | undefined),
		});
		const text = await response.text();
		let json: unknown;
		try {
			json = JSON.parse(text);
		} catch {
			json = undefined;
		}
		return { status: response.status, headers: response.headers, text, json };
	}

	/**
	 * One authenticated REST call. n8n wraps answers as {data: ...}; this returns `data`
	 * (or the whole body with raw). Errors carry n8n's message and the end of its log.
	 */
	async request<T = unknown>(
		method: string,
		path: string,
		body?: unknown,
		{ raw = false, allowNotFound = false } = {},
	): Promise<T> {
		const response = await fetch(`${this.n8n.baseUrl}${path}`, {
			method,
			headers: {
				...(body === undefined ? {} : { 'content-type': 'application/json' }),
				...(this.cookie ? { cookie: this.cookie } : {}),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		// n8n re-issues the cookie when it is about to expire; keep the latest.
		for (const setCookie of response.headers.getSetCookie()) {
			const match = /^n8n-auth=([^;]*)/.exec(setCookie);
			if (match) this.cookie = `n8n-auth=${match[1]}`;
		}
		const text = await response.text();
		if (allowNotFound && response.status === 404) return undefined as T;
		if (!response.ok) {
			throw new Error(
				`${method} ${path} answered ${response.status}: ${text.slice(0, 2000)}\n--- n8n log ---\n${this.n8n.logTail(30)}`,
			);
		}
		const parsed = text ? JSON.parse(text) : undefined;
		return (raw ? parsed : parsed?.data) as T;
	}

	/** Repeats `probe` until it returns a value; a deadline guards against hanging forever. */
	private async poll<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const value = await probe();
			if (value !== undefined) return value;
			if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}\n--- n8n log ---\n${this.n8n.logTail(30)}`);
			await new Promise((resolve) => setTimeout(resolve, 200));
		}
	}
}

/** Whether the run data of a settled execution is complete enough to read: a last node, or an error. */
function runDataWritten(execution: Execution): boolean {
	const result = (execution.data as { resultData?: { lastNodeExecuted?: string; error?: unknown; runData?: Record<string, Array<{ error?: unknown }>> } })?.resultData;
	if (!result) return false;
	if (execution.status === 'error') {
		return Boolean(result.error) || Object.values(result.runData ?? {}).some((runs) => runs.some((r) => r.error));
	}
	if (execution.status === 'success') return Boolean(result.lastNodeExecuted);
	return true;
}
