/**
 * The main job behind `npm start`: the sandbox as switch and gateway, n8n with this package
 * installed as a community package, an owner, credentials pointing at the sandbox, and every
 * example workflow imported (published when it has a trigger, the Data Tables it writes to made
 * first), with the sandbox's callbacks pointed at those workflows' URLs. Everything lives in one
 * state folder, so a second start reuses the n8n database, the credentials, the tables and the
 * workflows (ids kept in state.json; tables found by name).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_GATEWAY_KEY, DEFAULT_INBOUND_KEY } from '../../sandbox/gateway/config';
import { gatewayOf } from '../../sandbox/gateway';
import { DEFAULT_SWITCH_KEY, startSandbox, type Sandbox } from '../../sandbox/server';
import { callbacksOf } from '../../sandbox/switch/callbacks';
import { freePort } from '../n8n-harness/free-port';
import { N8nApi, type SavedWorkflow, type WorkflowDefinition } from '../n8n-harness/n8n-api';
import { N8nInstance } from '../n8n-harness/n8n-instance';
import { packRepo } from '../n8n-harness/package-tarball';
import { REPO_ROOT } from '../n8n-harness/paths';
import { dataTablesNeeded, ensureDataTables, remapDataTables } from './dataTables';
import { fillDemoTexts } from './demoTexts';
import { credentialsToPick, exampleFiles, exampleSlug, hasTrigger, readExample, remapCredentials, webhookUrls, type TriggerUrl } from './examples';
import { loadState, saveState, type StartState } from './state';

export interface MainJobOptions {
	/** The state folder (default: SOLSWITCH_HOME, else <repo>/.solswitch). */
	home?: string;
	/** n8n's port (default: N8N_PORT, else 5678). */
	n8nPort?: number;
	/** The sandbox's port (default: SANDBOX_PORT, else 8089). */
	sandboxPort?: number;
	/** Sandbox time per real time (default: SANDBOX_TIME_SCALE, else 1). */
	sandboxTimeScale?: number;
	/** Example files to import (default: examples/*.json). */
	examples?: string[];
	/** Progress lines (default: console.log with a [start] prefix). */
	log?: (line: string) => void;
}

export interface ImportedExample {
	slug: string;
	file: string;
	id: string;
	name: string;
	published: boolean;
	/** What happened this start: created, updated (the file changed), reused. */
	action: 'created' | 'updated' | 'reused';
	triggers: TriggerUrl[];
	/** Why publishing failed, if it did. */
	publishError?: string;
	/**
	 * Credentials the user must pick first (types `npm start` has none of, e.g. a chat model's), with
	 * the nodes that use them: such an example is imported as a draft, not published.
	 */
	needsCredentials?: Array<{ type: string; nodes: string[] }>;
}

export interface MainJob {
	home: string;
	sandbox: Sandbox;
	n8n: N8nInstance;
	api: N8nApi;
	state: StartState;
	credentials: Record<string, { id: string; name: string; action: 'created' | 'updated' | 'reused' }>;
	examples: ImportedExample[];
	/** Stops n8n (its whole process group) and the sandbox. */
	stop(): Promise<void>;
}

/** The default state folder: SOLSWITCH_HOME, else .solswitch in the repository root. */
export function defaultHome(): string {
	return path.resolve(process.env.SOLSWITCH_HOME ?? path.join(REPO_ROOT, '.solswitch'));
}

/** The Shared Secret of the examples' SolSwitch Callbacks API credential: added to the URLs the sandbox calls. */
export const SANDBOX_CALLBACK_SECRET = 'sandbox-callback-secret';

/**
 * The credentials the sandbox answers to, by credential type, and the bearer token the MCP example's
 * clients send (a random one of this state folder), so that example is published and can be tried.
 */
function sandboxCredentials(sandbox: Sandbox, state: StartState): Record<string, { name: string; data: Record<string, unknown> }> {
	return {
		solSwitchApi: {
			name: 'SolSwitch sandbox',
			data: { baseUrl: sandbox.url, apiKey: DEFAULT_SWITCH_KEY, customer: '' },
		},
		solSwitchMessagingApi: {
			name: 'SolSwitch Messaging sandbox',
			data: { baseUrl: sandbox.url, apiKey: DEFAULT_GATEWAY_KEY, inboundApiKey: DEFAULT_INBOUND_KEY, inboundKeyType: 'body' },
		},
		solSwitchCallbacksApi: {
			name: 'SolSwitch Callbacks sandbox',
			data: { packetApiKey: '', sharedSecret: SANDBOX_CALLBACK_SECRET },
		},
		httpBearerAuth: {
			name: 'MCP client token (npm start)',
			data: { token: state.mcpToken },
		},
	};
}

const EXAMPLE_FILES_FOLDER = '/home/node/.n8n-files';
/**
 * n8n's address as the examples write it (a Send and Wait's Messaging Trigger URL: n8n's default
 * port on this machine), rewritten to the n8n that `npm start` runs.
 */
export const EXAMPLE_N8N_URL = 'http://localhost:5678';

export async function startMainJob(options: MainJobOptions = {}): Promise<MainJob> {
	const log = options.log ?? ((line: string) => console.log(`[start] ${line}`));
	const home = path.resolve(options.home ?? defaultHome());
	const n8nPort = options.n8nPort ?? Number(process.env.N8N_PORT ?? 5678);
	const sandboxPort = options.sandboxPort ?? Number(process.env.SANDBOX_PORT ?? 8089);
	const filesFolder = path.join(home, 'files');
	fs.mkdirSync(filesFolder, { recursive: true });
	const state = loadState(home);
	saveState(home, state);
	log(`state folder ${home}`);

	const sandbox = await startSandbox({
		host: '127.0.0.1',
		port: sandboxPort,
		timeScale: options.sandboxTimeScale ?? Number(process.env.SANDBOX_TIME_SCALE ?? 1),
	}).catch((error: NodeJS.ErrnoException) => {
		if (error.code === 'EADDRINUSE') throw new Error(`port ${sandboxPort} is in use: stop what runs there or set SANDBOX_PORT`);
		throw error;
	});
	log(`sandbox (switch and gateway) listening on ${sandbox.url}`);

	let n8n: N8nInstance | undefined;
	try {
		const packed = Date.now();
		const tarball = await packRepo();
		const userFolder = path.join(home, 'n8n');
		const installedDir = path.join(userFolder, '.n8n', 'nodes', 'node_modules', 'n8n-nodes-solswitch');
		const mustInstall = state.installedTarball !== path.basename(tarball) || !fs.existsSync(installedDir);
		log(`package ${path.basename(tarball)} (${Math.round((Date.now() - packed) / 100) / 10} s)${mustInstall ? ', installing it into n8n' : ', already installed'}`);

		n8n = await N8nInstance.start({
			userFolder,
			communityPackages: mustInstall ? [tarball] : [],
			env: {
				N8N_PORT: String(n8nPort),
				N8N_RUNNERS_BROKER_PORT: String(await freePort()),
				N8N_ENCRYPTION_KEY: state.encryptionKey,
				N8N_RESTRICT_FILE_ACCESS_TO: filesFolder,
				N8N_LOG_LEVEL: process.env.N8N_LOG_LEVEL ?? 'info',
				...(process.env.GENERIC_TIMEZONE ? { GENERIC_TIMEZONE: process.env.GENERIC_TIMEZONE } : {}),
			},
		}).catch(async (error: Error) => {
			if (/EADDRINUSE|address already in use/i.test(error.message)) {
				throw new Error(`port ${n8nPort} is in use: stop what runs there or set N8N_PORT\n${error.message}`);
			}
			throw error;
		});
		if (mustInstall) {
			state.installedTarball = path.basename(tarball);
			saveState(home, state);
		}
		log(`n8n ${path.basename(n8n.installation.n8nDir).replace(/^n8n-/, '')} ready on ${n8n.baseUrl} (log: ${n8n.logFile})`);

		const api = new N8nApi(n8n);
		await signIn(api, state, log);

		const credentials = await ensureCredentials(api, sandbox, state, home, log);
		const idsByType = Object.fromEntries(Object.entries(credentials).map(([type, c]) => [type, { id: c.id, name: c.name }]));

		const examples: ImportedExample[] = [];
		for (const file of options.examples ?? exampleFiles()) {
			examples.push(await ensureExample(api, file, idsByType, filesFolder, state, home, log));
		}
		configureSandbox(sandbox, examples, log);

		const running = n8n;
		return {
			home,
			sandbox,
			n8n: running,
			api,
			state,
			credentials,
			examples,
			async stop() {
				await running.stop();
				await sandbox.close();
			},
		};
	} catch (error) {
		await n8n?.stop();
		await sandbox.close();
		throw error;
	}
}

/** Logs in as the owner, creating the owner on a fresh database. */
async function signIn(api: N8nApi, state: StartState, log: (line: string) => void): Promise<void> {
	const { email, password } = state.owner;
	try {
		await api.login(email, password);
		return;
	} catch {
		// a fresh database: no owner yet
	}
	try {
		await api.setupOwner(state.owner);
	} catch (error) {
		throw new Error(
			`cannot log in as ${email} with the password in state.json, and the owner is already set up ` +
				`(changed in the editor?). Put the current password in ${'state.json'} or delete the state folder's n8n folder.\n${(error as Error).message.split('\n')[0]}`,
		);
	}
	await api.login(email, password);
	log(`owner account created: ${email}`);
}

async function ensureCredentials(
	api: N8nApi,
	sandbox: Sandbox,
	state: StartState,
	home: string,
	log: (line: string) => void,
): Promise<MainJob['credentials']> {
	const known = new Set(await api.credentialTypeNames());
	const result: MainJob['credentials'] = {};
	state.mcpToken ??= `mcp-${crypto.randomBytes(18).toString('base64url')}`;
	for (const [type, wanted] of Object.entries(sandboxCredentials(sandbox, state))) {
		if (!known.has(type)) continue; // a credential type this build does not have (yet)
		// The callbacks credential has no address: the switch calls n8n.
		const baseUrl = wanted.data.baseUrl === undefined ? undefined : String(wanted.data.baseUrl);
		let saved: StartState['credentials'][string] | undefined = state.credentials[type];
		if (saved && !(await api.request('GET', `/rest/credentials/${saved.id}`, undefined, { allowNotFound: true }))) {
			saved = undefined; // deleted in the editor: make it again
		}
		if (!saved) {
			const byName = await findCredentialByName(api, wanted.name, type);
			if (byName) saved = { id: byName, name: wanted.name };
		}
		let action: 'created' | 'updated' | 'reused' = 'reused';
		if (!saved) {
			const created = await api.createCredential(wanted.name, type, wanted.data);
			saved = { id: created.id, name: created.name, baseUrl };
			action = 'created';
		} else if (saved.baseUrl !== baseUrl) {
			// The sandbox moved (another SANDBOX_PORT): point the credential at it.
			await api.request('PATCH', `/rest/credentials/${saved.id}`, { name: saved.name, type, data: wanted.data });
			saved = { ...saved, baseUrl };
			action = 'updated';
		}
		state.credentials[type] = saved;
		saveState(home, state);
		result[type] = { id: saved.id, name: saved.name, action };
		log(`credential "${saved.name}" (${type}) ${action}${baseUrl ? `: ${baseUrl}` : ''}`);
	}
	return result;
}

async function findCredentialByName(api: N8nApi, name: string, type: string): Promise<string | undefined> {
	const list = await api.request<Array<{ id: string; name: string; type: string }>>('GET', '/rest/credentials');
	return list.find((c) => c.name === name && c.type === type)?.id;
}

async function findWorkflowByName(api: N8nApi, name: string): Promise<string | undefined> {
	const filter = encodeURIComponent(JSON.stringify({ name }));
	const body = await api.request<{ data?: Array<{ id: string; name: string }> } | Array<{ id: string; name: string }>>(
		'GET',
		`/rest/workflows?filter=${filter}`,
		undefined,
		{ raw: true },
	);
	const list = Array.isArray(body) ? body : (body?.data ?? []);
	return list.find((w) => w.name === name)?.id;
}

/**
 * Points folders of the examples (written for n8n's default ~/.n8n-files) into the state folder, and
 * their n8n address (EXAMPLE_N8N_URL) at the n8n that runs them.
 */
function rewriteFolders(workflow: WorkflowDefinition, filesFolder: string, n8nBaseUrl: string): void {
	const visit = (value: unknown): unknown => {
		if (typeof value === 'string' && value.includes(EXAMPLE_FILES_FOLDER)) return value.split(EXAMPLE_FILES_FOLDER).join(filesFolder);
		if (typeof value === 'string' && value.includes(`${EXAMPLE_N8N_URL}/`)) return value.split(`${EXAMPLE_N8N_URL}/`).join(`${n8nBaseUrl.replace(/\/+$/, '')}/`);
		if (Array.isArray(value)) return value.map(visit);
		if (value && typeof value === 'object') {
			for (const [key, child] of Object.entries(value)) (value as Record<string, unknown>)[key] = visit(child);
		}
		return value;
	};
	for (const node of workflow.nodes) visit(node.parameters);
}

async function ensureExample(
	api: N8nApi,
	file: string,
	credentialIds: Record<string, { id: string; name: string }>,
	filesFolder: string,
	state: StartState,
	home: string,
	log: (line: string) => void,
): Promise<ImportedExample> {
	const slug = exampleSlug(file);
	const example = readExample(file);
	// The tables the example writes to, made once and kept (with their rows) across starts.
	const tables = await ensureDataTables(api, dataTablesNeeded(example), log);
	const tableIds = Object.values(tables).map((t) => t.id);
	// A table deleted in the editor is made again with a new id: the workflow must follow it.
	const fileHash = crypto.createHash('sha256').update(fs.readFileSync(file)).update(tableIds.join(',')).update(api.n8n.baseUrl).digest('hex').slice(0, 16);
	const definition = remapDataTables(remapCredentials(example, credentialIds), tables);
	rewriteFolders(definition, filesFolder, api.n8n.baseUrl);
	// The compliance texts the file leaves to the user: the sandbox's demo texts (demoTexts.ts).
	fillDemoTexts(definition);

	let id: string | undefined = state.workflows[slug]?.id;
	if (id && !(await api.request('GET', `/rest/workflows/${id}`, undefined, { allowNotFound: true }))) id = undefined;
	id ??= await findWorkflowByName(api, definition.name);

	let action: ImportedExample['action'] = 'reused';
	let workflow: SavedWorkflow;
	if (!id) {
		workflow = await api.createWorkflow(definition);
		action = 'created';
	} else if (state.workflows[slug]?.fileHash !== fileHash) {
		// The example file changed since it was imported: bring the workflow up to date, keeping
		// the webhook ids it already has (URLs given to the sandbox stay the same).
		const current = await api.getWorkflow(id);
		for (const node of definition.nodes) {
			const old = current.nodes.find((n) => n.name === node.name);
			if (old?.webhookId && !node.webhookId) node.webhookId = old.webhookId;
		}
		workflow = await api.request<SavedWorkflow>('PATCH', `/rest/workflows/${id}?forceSave=true`, {
			name: definition.name,
			nodes: definition.nodes,
			connections: definition.connections,
			settings: definition.settings ?? current.settings ?? { executionOrder: 'v1' },
			versionId: current.versionId,
		});
		action = 'updated';
	} else {
		workflow = await api.getWorkflow(id);
	}
	state.workflows[slug] = { id: workflow.id, fileHash };
	saveState(home, state);

	let published = Boolean(workflow.activeVersionId) && workflow.activeVersionId === workflow.versionId;
	let publishError: string | undefined;
	// An example that needs a credential the sandbox cannot give (a chat model's) waits for the user.
	const toPick = credentialsToPick(example, credentialIds);
	if (hasTrigger(workflow) && !published && !toPick.length) {
		try {
			await api.publishWorkflow(workflow.id, workflow.versionId);
			published = true;
		} catch (error) {
			publishError = (error as Error).message.split('\n')[0];
		}
	}
	const triggers = webhookUrls(workflow, api.n8n.baseUrl, { sharedSecret: SANDBOX_CALLBACK_SECRET });
	const waiting = toPick.length ? `, a draft until you pick ${pickSentence(toPick)}` : '';
	log(
		`workflow "${workflow.name}" ${action}${published ? ', published' : waiting || (hasTrigger(workflow) ? `, NOT published: ${publishError}` : '')}`,
	);
	return { slug, file, id: workflow.id, name: workflow.name, published, action, triggers, publishError, ...(toPick.length ? { needsCredentials: toPick } : {}) };
}

/** "a credential of type openAiApi in Chat Model": what the user picks before publishing. */
export function pickSentence(toPick: Array<{ type: string; nodes: string[] }>): string {
	return toPick.map((c) => `a credential of type ${c.type} in ${c.nodes.join(', ')}`).join(' and ');
}

/** Points the sandbox's gateway and switch callbacks at the published examples' trigger URLs. */
function configureSandbox(sandbox: Sandbox, examples: ImportedExample[], log: (line: string) => void): void {
	const live = examples.filter((e) => e.published).flatMap((e) => e.triggers);
	const messaging = live.find((t) => t.kind === 'solSwitchMessagingTrigger');
	if (messaging && sandbox.services.gateway) {
		gatewayOf(sandbox).configure({ providerUrl: messaging.url });
		log(`gateway delivers MO messages and delivery reports to ${messaging.url}`);
	}
	// The call events (Missed Call, Call Ended, New Recording) read the same SIP POST notifications.
	const sipNotificationUrls = live.filter((t) => ['sip-notification', 'missed-call', 'call-ended', 'new-recording', 'call-events'].includes(String(t.event))).map((t) => t.url);
	const monitoringUrls = live.filter((t) => t.event === 'monitoring').map((t) => t.url);
	if ((sipNotificationUrls.length || monitoringUrls.length) && sandbox.services.callbacks) {
		callbacksOf(sandbox).configure({ sipNotificationUrls, monitoringUrls });
		for (const url of [...sipNotificationUrls, ...monitoringUrls]) log(`switch sends call notifications to ${url}`);
	}
}
