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
 * The trigger writes it (and Reply to Message in one case, below) in the webhook call's static data,
 * which n8n saves in its answer callback (read in n8n 2.40.7's compiled source; 1.123.81 does the
 * same), and in the memory the calls of one n8n process share (processReplyMemory.ts: overlapping
 * calls each save all of it):
 * - n8n/dist/webhooks/live-webhooks.js executeWebhook loads the static data from the database for
 *   each call and, in the callback that receives the answer, awaits saveStaticData(workflow) before
 *   anything else: it saves when the static data's __dataChanged flag is set
 *   (n8n/dist/workflows/workflow-static-data.service.js).
 * - Answers the trigger writes itself (noWebhookResponse) are remembered before that callback runs.
 * - Reply mode Immediately: the trigger hands n8n its answer, and n8n 2.40 queues the run, then calls
 *   the callback (webhook-helpers.js shouldDeferOnReceivedResponse). Queuing builds a second Workflow
 *   on the same static data (n8n/dist/workflow-runner.js establishContextForPersistence), and
 *   n8n-workflow's ObservableObject.create resets its flag; the trigger marks it again when n8n
 *   evaluates the description's responseData, after queuing (redeliveries.ts RESPONSE_DATA_FIELD).
 * - A reply computed by the workflow (Reply to Message, reply mode "Using Reply to Message Node")
 *   reaches n8n/dist/webhooks/webhook-helpers.js setupResponseNodePromise, from the same process or
 *   from a queue-mode worker through Redis (n8n/dist/scaling/webhook-response-relay.js keeps a Buffer
 *   body a Buffer). For a Buffer body n8n calls res.end(body) and only then the callback, so the
 *   trigger wraps the response's end (SolSwitchMessagingTrigger/redeliveries.ts) and remembers the
 *   reply there, synchronously, which sets the flag just before n8n saves. A JSON body (mode "When
 *   Last Node Finishes") goes the other way: callback, save, then the answer; that reply is in this
 *   process's memory at once, and in the database with the next save from this process.
 * - The execution may not write it, but for that one case: a queue-mode worker runs the execution with an empty copy of the static
 *   data and, when the run ends, replaces the workflow's static data with what the run wrote
 *   (n8n/dist/execution-lifecycle/execution-lifecycle-hooks.js hookFunctionsSaveWorker), and in one
 *   process the execution runs on its own copy loaded when it started (webhook-helpers.js runs it
 *   with loadStaticData: workflow-runner.js prepareNewExecution), saved only if the run changed it.
 *   So Reply to Message writes no static data in mode "Using Reply to Message Node"; in mode "When
 *   Last Node Finishes" it writes its reply in one n8n process only (rememberWhereVisible).
 * The memory object is created when the workflow is published (the trigger's webhook methods; n8n
 * saves the static data right after them), so every process that loads the static data sees it.
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

/**
 * Only reads: creating the memory here would mark the static data as changed, and n8n then writes
 * it to its database after the call, for answers (HELP, INFO, filtered events) that remember nothing.
 */
export function recall(staticData: IDataObject, key: string, now: number): RememberedReply | undefined {
	const memory = staticData[REPLIES_KEY];
	return isReplyMemory(memory) ? freshEntry(memory, key, now) : undefined;
}

/** Whether this static data holds the reply memory (a queue-mode worker's never does). */
export function hasReplyMemory(staticData: IDataObject): boolean {
	return isReplyMemory(staticData[REPLIES_KEY]);
}

/** Whether a value read from static data is a reply memory object. */
export function isReplyMemory(value: unknown): value is ReplyMemory {
	return Boolean(value) && typeof value === 'object' && !Array.isArray(value);
}

/** The entry for this key, if it is younger than REPLY_MEMORY_MS. */
export function freshEntry(memory: ReplyMemory, key: string, now: number): RememberedReply | undefined {
	const found = memory[key];
	return found && now - found.at <= REPLY_MEMORY_MS ? found : undefined;
}

/** At publication: creates the (empty) memory, so that every process loading the static data sees it. */
export function createReplyMemory(staticData: IDataObject) {
	if (!hasReplyMemory(staticData)) staticData[REPLIES_KEY] = {};
}

/**
 * The answer a callback got, from the bytes written to the gateway: {"Status":"OK"} with its reply
 * Body, if any; undefined for anything else (an HTTP error, a refusal).
 */
export function sentReply(statusCode: number, chunk: unknown): { body?: string } | undefined {
	if (statusCode !== 200) return undefined;
	const text = typeof chunk === 'string' ? chunk : chunk instanceof Uint8Array ? Buffer.from(chunk).toString('utf8') : undefined;
	if (text === undefined) return undefined;
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch {
		return undefined;
	}
	if (!parsed || typeof parsed !== 'object' || (parsed as IDataObject).Status !== 'OK') return undefined;
	const body = (parsed as IDataObject).Body;
	return typeof body === 'string' ? { body } : {};
}

/** Dedup key of a callback: the message ID; a report's ID with its status (one message, several reports). */
export function dedupKey(type: 'sms' | 'mms' | 'report', id: string, status?: number): string {
	return type === 'report' ? `report:${id}:${status ?? ''}` : `message:${id}`;
}
