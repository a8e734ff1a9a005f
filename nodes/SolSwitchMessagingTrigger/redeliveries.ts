/**
 * The one place the trigger remembers the answers it gave, so a redelivery (same message ID, after a
 * lost answer) is answered again without a second execution. Where the answers are kept is
 * nodes/shared/messaging/replies.ts's business (the static data n8n saves) and processReplyMemory.ts's
 * (the memory this n8n process shares among its calls); this file is the only caller in the trigger.
 */
import type { IHookFunctions, IWebhookFunctions } from 'n8n-workflow';
import { claimAnswering, markUnsavedChanged, recallShared, rememberShared, rememberUntilSaved, waitForCopy } from '../shared/messaging/processReplyMemory';
import { createReplyMemory, dedupKey, hasReplyMemory, okReply, sentReply, type RememberedReply } from '../shared/messaging/replies';
import { rewriteAnswer, type InterceptableResponse } from '../engine/trigger/rewriteAnswer';
import type { DescriptionField } from '../engine/trigger/types';
import type { CallbackType } from './callback';

export function redeliveryKey(type: CallbackType, item: { id?: unknown; status?: unknown }): string {
	return dedupKey(type, String(item.id), item.status as number | undefined);
}

/** n8n's workflow ID keys this process's memory ('' where a test context has none). */
const workflowIdOf = (fn: IWebhookFunctions) => String(fn.getWorkflow().id ?? '');

/** The answer given before to this callback, if any. */
export function answeredBefore(fn: IWebhookFunctions, key: string, now: number): RememberedReply | undefined {
	return recallShared(workflowIdOf(fn), fn.getWorkflowStaticData('global'), key, now);
}

/**
 * An answer the trigger gives itself (a compliance keyword, a Keyword Replies entry) for a message
 * that also runs the workflow, in the reply modes where n8n waits for the workflow's answer: written
 * once the run has ended without error, in place of what n8n writes then (its empty answer, the last
 * node's data, or a Reply to Message body on that branch), and remembered as it is written. If the
 * run fails, n8n's error goes out as written and nothing is remembered: the gateway sends the message
 * again and the run is tried again; if the queue-mode worker running it dies, nothing is written
 * (n8n never settles that call) and the gateway sends it again too. So what the run records (the SMS
 * example's opt-outs, in a Data Table) is not lost with the run, as it was when this answer went out
 * before the run was queued: n8n does not run a job again whose worker died (maxStalledCount 0,
 * n8n/dist/scaling/scaling.service.js). Where n8n writes after saving the call's static data, the
 * answer is in this process's memory at once and in the database with its next save (as in
 * rememberReplyWhenSent).
 */
export function answerWhenRunEnds(fn: IWebhookFunctions, key: string, now: number, body?: string) {
	const workflowId = workflowIdOf(fn);
	const staticData = fn.getWorkflowStaticData('global');
	rewriteAnswer(fn.getResponseObject() as unknown as InterceptableResponse, (written) => {
		if (written.status >= 400) return undefined;
		rememberShared(workflowId, staticData, key, now, body);
		return { status: 200, contentType: 'application/json; charset=utf-8', body: JSON.stringify(okReply(body)) };
	});
}

/**
 * Remembers an answer that n8n writes once the execution is queued (reply mode Immediately): the
 * entry is marked for saving again after n8n queued the run (processReplyMemory.ts
 * markUnsavedChanged), until the answer is written.
 */
export function rememberAnswerWhenQueued(fn: IWebhookFunctions, key: string, now: number, body?: string) {
	const { saved } = rememberUntilSaved(workflowIdOf(fn), fn.getWorkflowStaticData('global'), key, now, body);
	whenWritten(fn.getResponseObject() as unknown as EndableResponse, saved);
}

/** The part of the response object an answer passes through. */
interface EndableResponse {
	statusCode: number;
	end: (...args: unknown[]) => unknown;
	once?: (event: 'close', listener: () => void) => unknown;
}

/**
 * Called when no answer is remembered for this callback. If this process is already answering a copy
 * of it (the gateway sent it again while the first was still being answered), waits for that answer
 * and returns it; if it does not come within COPY_WAIT_MS, returns 'retryLater' (the gateway is to
 * send it again, by when the answer is remembered). Otherwise (no copy, the copy's answer was an
 * error, or the copy is abandoned) notes that this call answers it, until its response is written:
 * the bytes pass through res.end, whoever writes them (the trigger, n8n, or n8n's error); a closed
 * connection ends it too. Returns undefined then: this call goes on and runs the workflow.
 */
export async function answerOfCopyInFlight(fn: IWebhookFunctions, key: string, now: number): Promise<RememberedReply | 'retryLater' | undefined> {
	const workflowId = workflowIdOf(fn);
	// Checked and claimed in one synchronous step (claimAnswering), so copies arriving together
	// cannot both find none.
	const claim = claimAnswering(workflowId, key, now);
	if ('done' in claim) {
		whenWritten(fn.getResponseObject() as unknown as EndableResponse, claim.done);
		return undefined;
	}
	const outcome = await waitForCopy(claim.copy);
	const earlier = answeredBefore(fn, key, now);
	if (earlier) return earlier;
	if (outcome === 'late') return 'retryLater';
	// The first answered an error: another waiting copy may have taken over meanwhile.
	return await answerOfCopyInFlight(fn, key, now);
}

/**
 * Calls `listener` with the status and the body chunk as the answer's bytes pass through res.end
 * (whoever writes them: the trigger, n8n, or n8n's error), just before or just after they are
 * written, once.
 */
function onEnd(res: EndableResponse, when: 'before' | 'after', listener: (statusCode: number, chunk: unknown) => void) {
	const end = res.end;
	res.end = function (this: unknown, ...args: unknown[]) {
		res.end = end;
		const chunk = typeof args[0] === 'function' ? undefined : args[0];
		if (when === 'before') listener(res.statusCode, chunk);
		const result = end.apply(this, args);
		if (when === 'after') listener(res.statusCode, chunk);
		return result;
	};
}

/** Calls `then` once the response's bytes are written (or its connection closed). */
function whenWritten(res: EndableResponse, then: () => void) {
	onEnd(res, 'after', then);
	res.once?.('close', then);
}

/**
 * Reply modes "Using Reply to Message Node" and "When Last Node Finishes": remembers the reply the
 * workflow computes when n8n writes it to the gateway (Reply to Message's Buffer body, or the last
 * node's JSON), from this process or from a queue-mode worker through Redis. Where n8n writes the
 * Buffer before it saves the call's static data (webhook-helpers.js setupResponseNodePromise), the
 * write here, synchronous as the bytes pass, is in that save; where it writes after (the JSON path),
 * the reply is in this process's memory at once and in the database with the next save from this
 * process (processReplyMemory.ts). An answer that is not {"Status":"OK"} with HTTP 200 (n8n's error
 * when the workflow fails) is not remembered, so the gateway's retry runs the workflow again.
 */
export function rememberReplyWhenSent(fn: IWebhookFunctions, key: string, now: number) {
	const workflowId = workflowIdOf(fn);
	const staticData = fn.getWorkflowStaticData('global');
	onEnd(fn.getResponseObject() as unknown as EndableResponse, 'before', (statusCode, chunk) => {
		const reply = sentReply(statusCode, chunk);
		if (reply) rememberShared(workflowId, staticData, key, now, reply.body);
	});
}

/** At publication: whether the memory exists in the workflow's static data (checkExists). */
export function hasRedeliveryMemory(fn: IHookFunctions): boolean {
	return hasReplyMemory(fn.getWorkflowStaticData('global'));
}

/** At publication: creates the (empty) memory, which n8n saves right after, so every process sees it. */
export function createRedeliveryMemory(fn: IHookFunctions) {
	createReplyMemory(fn.getWorkflowStaticData('global'));
}

/**
 * The webhook description's responseData: the last node's first item in reply mode When Last Node
 * Finishes; empty otherwise, so that in mode Immediately n8n answers with the webhookResponse the
 * trigger hands it (n8n/dist/webhooks/webhook-on-received-response-extractor.js). n8n 2.40 evaluates
 * it once more after queuing the execution, just before saving the call's static data
 * (webhook-helpers.js shouldDeferOnReceivedResponse): the moment to mark the trigger's entries for
 * saving again (markUnsavedChanged).
 */
export const RESPONSE_DATA_FIELD: DescriptionField = {
	template: '={{$parameter["replyMode"] === "lastNode" ? "firstEntryJson" : ""}}',
	resolve: (parameters) => {
		markUnsavedChanged();
		return parameters.replyMode === 'lastNode' ? 'firstEntryJson' : '';
	},
};
