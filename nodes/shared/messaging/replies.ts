/**
 * The MO callback response (messaging-gateway.md): `Status` OK, and for SMS on short codes an optional
 * reply `Body`. Kept in one place so the trigger and the Reply to Message operation answer alike.
 */
import type { IDataObject } from 'n8n-workflow';

export function okReply(body?: string): IDataObject {
	return body === undefined ? { Status: 'OK' } : { Status: 'OK', Body: body };
}

/**
 * Replies given for a message ID, kept in the workflow's static data. The trigger acknowledges a
 * redelivery it finds here without a second execution, repeating the reply Body.
 *
 * Who may write it, and why (read in n8n 2.40.7's compiled source):
 * - The webhook process (the trigger's webhook(), where every callback passes) loads the static data
 *   from the database for each call (n8n/dist/webhooks/live-webhooks.js executeWebhook) and saves it
 *   back, whole, in its response callback. That save keeps what the trigger wrote only when the
 *   trigger answered the call itself (noWebhookResponse: the callback runs at once, before the
 *   execution is queued: n8n/dist/webhooks/webhook-helpers.js). When the workflow answers, the
 *   runner first builds a second Workflow on the same static data object
 *   (n8n/dist/workflow-runner.js establishContextForPersistence), and n8n-workflow's
 *   ObservableObject.create (n8n-workflow/dist/cjs/observable-object.js) resets its __dataChanged
 *   flag, so n8n/dist/workflows/workflow-static-data.service.js saveStaticData skips what the trigger
 *   wrote. (And in "Using Reply to Message Node" mode a save at the answer races n8n's own
 *   process.nextTick(() => res.end()) in webhook-helpers.js setupResponseNodePromise.)
 * - A queue-mode worker runs the execution from the workflow copy saved with it, which carries no
 *   static data (n8n/dist/executions/execution-data/types.js toWorkflowSnapshot; the worker reloads
 *   it from the database only for resumed executions: n8n/dist/scaling/job-processor.js
 *   loadStaticData), and when the run ends it replaces the workflow's static data with what that run
 *   wrote (n8n/dist/execution-lifecycle/execution-lifecycle-hooks.js hookFunctionsSaveWorker,
 *   newStaticData from n8n-core/dist/execution-engine/workflow-execute.js). A write there wipes
 *   every other entry.
 * So: the trigger remembers the answers it gives itself (compliance keywords, "Immediately"); Reply
 * to Message adds its reply only where the memory is visible (one n8n process: the execution shares
 * the webhook call's static data), never on a worker, where the memory is never loaded. The memory
 * object is created when the workflow is published (the trigger's webhook methods; n8n saves the
 * static data right after them), so every process that loads the static data sees it.
 */
export const REPLIES_KEY = 'solSwitchMessagingReplies';
/** Redeliveries stop after about 2.5 hours (12 retries); a day covers them with room to spare. */
export const REPLY_MEMORY_MS = 24 * 3600 * 1000;
export const REPLY_MEMORY_MAX = 5000;

export interface RememberedReply {
	at: number;
	body?: string;
}

export type ReplyMemory = Record<string, RememberedReply>;

export function memoryOf(staticData: IDataObject): ReplyMemory {
	const existing = staticData[REPLIES_KEY];
	if (existing && typeof existing === 'object' && !Array.isArray(existing)) return existing as unknown as ReplyMemory;
	const fresh: ReplyMemory = {};
	staticData[REPLIES_KEY] = fresh as unknown as IDataObject;
	return fresh;
}

export function remember(staticData: IDataObject, key: string, now: number, body?: string) {
	const memory = memoryOf(staticData);
	for (const [k, v] of Object.entries(memory)) if (now - v.at > REPLY_MEMORY_MS) delete memory[k];
	const keys = Object.keys(memory);
	if (keys.length >= REPLY_MEMORY_MAX) {
		keys.sort((a, b) => memory[a].at - memory[b].at);
		for (const k of keys.slice(0, keys.length - REPLY_MEMORY_MAX + 1)) delete memory[k];
	}
	memory[key] = body === undefined ? { at: now } : { at: now, body };
	// Reassigning marks the static data as changed, so n8n saves it.
	staticData[REPLIES_KEY] = { ...memory } as unknown as IDataObject;
}

/**
 * Only reads: creating the memory here would mark the static data as changed, and n8n then writes
 * it to its database after the call, for answers (HELP, INFO, filtered events) that remember nothing.
 */
export function recall(staticData: IDataObject, key: string, now: number): RememberedReply | undefined {
	const memory = staticData[REPLIES_KEY];
	if (!memory || typeof memory !== 'object' || Array.isArray(memory)) return undefined;
	const found = (memory as unknown as ReplyMemory)[key];
	return found && now - found.at <= REPLY_MEMORY_MS ? found : undefined;
}

/** Whether this static data holds the reply memory (a queue-mode worker's never does). */
export function hasReplyMemory(staticData: IDataObject): boolean {
	const memory = staticData[REPLIES_KEY];
	return Boolean(memory) && typeof memory === 'object' && !Array.isArray(memory);
}

/** At publication: creates the (empty) memory, so that every process loading the static data sees it. */
export function createReplyMemory(staticData: IDataObject) {
	if (!hasReplyMemory(staticData)) staticData[REPLIES_KEY] = {};
}

/**
 * Reply to Message: remembers its reply only where the memory is visible, which is where n8n saves
 * the whole memory back (one n8n process). Returns whether it did. Never on a queue-mode worker: its
 * static data is a fresh, empty copy, and saving it would wipe every answer remembered.
 */
export function rememberWhereVisible(staticData: IDataObject, key: string, now: number, body?: string): boolean {
	if (!hasReplyMemory(staticData)) return false;
	remember(staticData, key, now, body);
	return true;
}

/** Dedup key of a callback: the message ID; a report's ID with its status (one message, several reports). */
export function dedupKey(type: 'sms' | 'mms' | 'report', id: string, status?: number): string {
	return type === 'report' ? `report:${id}:${status ?? ''}` : `message:${id}`;
}
