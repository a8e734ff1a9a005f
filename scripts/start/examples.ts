/**
 * The example workflows of examples/*.json, imported into a running n8n the way a user would
 * (Workflows > Import from File, then pick the credentials): every node's credential of a given
 * type is pointed at the credential created for that type. Used by `npm start` and by the
 * examples' end-to-end tests:
 *
 *   const workflow = await importExample(api, 'examples/sms-auto-reply.json', { solSwitchMessagingApi: cred.id });
 *   workflow.dataTables['SMS opt-outs'].id; // the Data Table it records opt-outs in (made if missing)
 *   if (hasTrigger(workflow)) await api.publishWorkflow(workflow.id);
 *   const urls = webhookUrls(workflow, n8n.baseUrl); // what the sandbox should call
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { N8nApi, SavedWorkflow, WorkflowDefinition } from '../n8n-harness/n8n-api';
import { REPO_ROOT } from '../n8n-harness/paths';
import { dataTablesNeeded, ensureDataTables, remapDataTables, type SavedDataTable } from './dataTables';
import { fillDemoTexts } from './demoTexts';

/** Credential type name (e.g. solSwitchApi) -> the id (and optionally the name) of the credential to use. */
export type CredentialIdsByType = Record<string, string | { id: string; name?: string }>;

type WorkflowNode = Record<string, unknown> & {
	name: string;
	type: string;
	webhookId?: string;
	parameters?: Record<string, unknown>;
	credentials?: Record<string, { id?: string | null; name?: string }>;
};

export interface ImportOptions {
	/** Change the workflow before it is saved (e.g. point a folder parameter somewhere else). */
	transform?: (workflow: WorkflowDefinition) => void;
	/** Save under another name than the file's. */
	name?: string;
}

/** Every examples/*.json, sorted, as absolute paths. */
export function exampleFiles(dir = path.join(REPO_ROOT, 'examples')): string[] {
	if (!fs.existsSync(dir)) return [];
	return fs
		.readdirSync(dir)
		.filter((f) => f.endsWith('.json'))
		.sort()
		.map((f) => path.join(dir, f));
}

/** The file's base name without .json: the example's short name (docs/images/<slug>.png). */
export function exampleSlug(file: string): string {
	return path.basename(file, '.json');
}

/** Reads an example file (relative paths are taken from the repository root). */
export function readExample(file: string): WorkflowDefinition {
	const absolute = path.isAbsolute(file) ? file : path.join(REPO_ROOT, file);
	return JSON.parse(fs.readFileSync(absolute, 'utf8')) as WorkflowDefinition;
}

/**
 * A copy of the workflow with each node's credentials pointed at the given ones, by credential
 * type. A credential type without an entry is left as the file has it (n8n shows it as missing).
 * Webhook nodes without a webhookId get one, as the editor gives them (their URL contains it).
 */
export function remapCredentials(workflow: WorkflowDefinition, credentials: CredentialIdsByType): WorkflowDefinition {
	const copy = JSON.parse(JSON.stringify(workflow)) as WorkflowDefinition;
	for (const node of copy.nodes as WorkflowNode[]) {
		for (const type of Object.keys(node.credentials ?? {})) {
			const target = credentials[type];
			if (target === undefined) continue;
			const { id, name } = typeof target === 'string' ? { id: target, name: undefined } : target;
			node.credentials![type] = { id, name: name ?? node.credentials![type].name ?? type };
		}
		if (isWebhookTrigger(node) && !node.webhookId) node.webhookId = randomUUID();
	}
	return copy;
}

/**
 * The credentials a user must pick before the workflow can run: the credential types its (enabled)
 * nodes use that `credentials` has no entry for, each with the nodes that use it (e.g. an AI
 * example's chat model: `npm start` has no key for a model provider).
 */
export function credentialsToPick(workflow: WorkflowDefinition, credentials: CredentialIdsByType): Array<{ type: string; nodes: string[] }> {
	const byType = new Map<string, string[]>();
	for (const node of workflow.nodes as WorkflowNode[]) {
		if (node.disabled === true) continue;
		for (const type of Object.keys(node.credentials ?? {})) {
			if (credentials[type] !== undefined) continue;
			byType.set(type, [...(byType.get(type) ?? []), node.name]);
		}
	}
	return [...byType].sort(([a], [b]) => a.localeCompare(b)).map(([type, nodes]) => ({ type, nodes }));
}

/** A saved example and the Data Tables its nodes were pointed at, by table name. */
export type ImportedWorkflow = SavedWorkflow & { dataTables: Record<string, SavedDataTable> };

/**
 * Imports one example file with its credentials remapped, its Data Tables made (or reused, by
 * name) and pointed at, and the sandbox's demo texts in the compliance texts the file leaves to the
 * user (demoTexts.ts); the saved workflow is a draft (not published).
 */
export async function importExample(
	api: N8nApi,
	file: string,
	credentials: CredentialIdsByType,
	options: ImportOptions = {},
): Promise<ImportedWorkflow> {
	const definition = readExample(file);
	const dataTables = await ensureDataTables(api, dataTablesNeeded(definition));
	const workflow = remapDataTables(remapCredentials(definition, credentials), dataTables);
	fillDemoTexts(workflow);
	if (options.name) workflow.name = options.name;
	options.transform?.(workflow);
	return { ...(await api.createWorkflow(workflow)), dataTables };
}

/** True when a node starts workflows by itself (what n8n calls a trigger or a webhook node). */
export function isTriggerNode(node: { type: string }): boolean {
	const type = node.type.split('.').pop() ?? '';
	return /trigger$/i.test(type) || type === 'webhook' || type === 'formTrigger';
}

function isWebhookTrigger(node: { type: string }): boolean {
	const type = node.type.split('.').pop() ?? '';
	return ['webhook', 'formTrigger', 'solSwitchTrigger', 'solSwitchMessagingTrigger'].includes(type);
}

/** Whether publishing the workflow makes sense: it has a node that starts it without a person. */
export function hasTrigger(workflow: WorkflowDefinition): boolean {
	return (workflow.nodes as WorkflowNode[]).some((node) => isTriggerNode(node) && node.disabled !== true);
}

/** A trigger's production URL and what it is for. */
export interface TriggerUrl {
	node: string;
	/** solSwitchTrigger, solSwitchMessagingTrigger, webhook, formTrigger */
	kind: string;
	/** For solSwitchTrigger: sip-notification, monitoring, sip-packet, digit-validation. */
	event?: string;
	url: string;
}

/**
 * The production URLs of the workflow's SolSwitch triggers (and plain Webhook / Form triggers):
 * `<n8n>/webhook/<webhookId>/<path>` for our triggers, whose paths are fixed per event kind;
 * `<n8n>/webhook/<path>` or `<n8n>/form/<path>` for n8n's own when they set a path. A SolSwitch
 * Trigger with a SolSwitch Callbacks API credential gets that credential's Shared Secret (given
 * here, as n8n keeps it encrypted) as `?secret=`, the URL to paste in the portal.
 */
export function webhookUrls(workflow: WorkflowDefinition, n8nBaseUrl: string, callbacks: { sharedSecret?: string } = {}): TriggerUrl[] {
	const base = n8nBaseUrl.replace(/\/+$/, '');
	const urls: TriggerUrl[] = [];
	for (const node of workflow.nodes as WorkflowNode[]) {
		if (node.disabled === true) continue;
		const kind = node.type.split('.').pop() ?? '';
		const parameters = node.parameters ?? {};
		if (kind === 'solSwitchTrigger') {
			const event = String(parameters.event ?? 'sip-notification');
			const secret = node.credentials?.solSwitchCallbacksApi && callbacks.sharedSecret ? `?secret=${encodeURIComponent(callbacks.sharedSecret)}` : '';
			urls.push({ node: node.name, kind, event, url: `${base}/webhook/${node.webhookId}/${event}${secret}` });
		} else if (kind === 'solSwitchMessagingTrigger') {
			urls.push({ node: node.name, kind, url: `${base}/webhook/${node.webhookId}/message` });
		} else if (kind === 'webhook') {
			const p = String(parameters.path ?? node.webhookId ?? '');
			urls.push({ node: node.name, kind, url: `${base}/webhook/${p.replace(/^\//, '')}` });
		} else if (kind === 'formTrigger') {
			const p = String(parameters.path ?? node.webhookId ?? '');
			urls.push({ node: node.name, kind, url: `${base}/form/${p.replace(/^\//, '')}` });
		}
	}
	return urls;
}
