/**
 * The ways the Messaging Trigger answers the gateway, each with when its answer is remembered
 * (nodes/shared/messaging/replyMemory.ts). Which one a callback gets is decided in one place, by
 * reply mode (nodes/shared/messaging/replyModes.ts, run by handlers/message.ts). Every interception
 * of n8n's answer goes through the adapter (nodes/engine/trigger/n8nResponse.ts).
 */
import type { INodeExecutionData, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { afterAnswerWritten, answerWhenQueued as handToN8nWhenQueued, beforeAnswerWritten, rewriteAnswerAsWritten, type AnswerResponse } from '../engine/trigger/n8nResponse';
import { replyJson } from '../engine/trigger/replies';
import { RETRY_LATER, okReply, sentReply } from '../shared/messaging/callbackFormat';
import type { Claim, ReplyMemory } from '../shared/messaging/replyMemory';
import type { ReplyModeRule } from '../shared/messaging/replyModes';
import type { Routed } from './sendAndWait/router';

/** One callback being answered: its item, its dedup key and arrival, and the memory (none when Acknowledge Redeliveries is off). */
export interface AnsweringCall {
	output: INodeExecutionData;
	key: string;
	now: number;
	memory?: ReplyMemory;
}

const responseOf = (fn: IWebhookFunctions) => fn.getResponseObject() as unknown as AnswerResponse;

/** {"Status":"OK"} (with a reply Body), written at once; nothing starts, nothing is remembered. */
export function answerOk(fn: IWebhookFunctions, body?: string): IWebhookResponseData {
	replyJson(fn.getResponseObject(), 200, okReply(body));
	return { noWebhookResponse: true };
}

/** A copy of a callback still being answered: 503 RETRY, the gateway sends it again later. */
export function answerRetryLater(fn: IWebhookFunctions): IWebhookResponseData {
	replyJson(fn.getResponseObject(), RETRY_LATER.status, { ...RETRY_LATER.json });
	return { noWebhookResponse: true };
}

/**
 * A redelivery or a copy in flight, answered from the memory: the answer given before, or 503 RETRY
 * while a copy takes longer than COPY_WAIT_MS. Otherwise this call answers the callback, and the
 * claim ends when its answer is written (whoever writes it) or its connection closes.
 */
export function answerFromClaim(fn: IWebhookFunctions, claim: Claim): IWebhookResponseData | undefined {
	if ('answered' in claim) return answerOk(fn, claim.answered.body);
	if ('retryLater' in claim) return answerRetryLater(fn);
	afterAnswerWritten(responseOf(fn), claim.claimed.done);
	return undefined;
}

/**
 * Reply mode Immediately, for a callback that starts an execution: {"Status":"OK"} (with a reply
 * Body) handed to n8n, which writes it once the run is queued (n8n 2.40) or just before (1.x); a run
 * that cannot be queued (Redis unreachable) is answered with an HTTP error and the gateway sends the
 * message again (N3). Remembered when n8n takes the answer to write it, after queuing (so the
 * assignment also sets the flag queuing reset, and n8n's save writes it): never for a run n8n could
 * not queue, whose redelivery must run.
 */
export function answerWhenQueued(call: AnsweringCall, body?: string): IWebhookResponseData {
	const { memory, key, now, output } = call;
	return handToN8nWhenQueued(okReply(body), [[output]], () => memory?.remember(key, now, body));
}

/**
 * An answer the trigger gives itself for a message that also runs the workflow, in the modes where
 * n8n waits for the workflow's answer: written once the run has ended without error, in place of what
 * n8n writes then (its empty answer, the last node's data, or a Reply to Message body), and
 * remembered as it is written. If the run fails, n8n's error goes out as written and nothing is
 * remembered: the gateway sends the message again and the run is tried again; if the queue-mode
 * worker running it dies, nothing is written (N6) and the gateway sends it again too. Where n8n
 * writes after saving the call's static data, the answer is in this process's memory at once and in
 * the database with its next save.
 */
export function answerWhenRunEnds(fn: IWebhookFunctions, call: AnsweringCall, body?: string): IWebhookResponseData {
	const { memory, key, now, output } = call;
	rewriteAnswerAsWritten(responseOf(fn), (written) => {
		if (written.status >= 400) return undefined;
		memory?.remember(key, now, body);
		return { status: 200, contentType: 'application/json; charset=utf-8', body: JSON.stringify(okReply(body)) };
	});
	return { workflowData: [[output]] };
}

/**
 * Reply modes "Using Reply to Message Node" and "When Last Node Finishes": the workflow answers (n8n
 * answers with an HTTP error if it fails, and the gateway retries: nothing is lost). Its reply is
 * remembered as n8n writes it, from this process or from a worker through Redis: a Reply to Message
 * Buffer before n8n's save (N4), so in that save; the last node's JSON after it, so in this
 * process's memory at once and in the database with the next save from this process. An answer that
 * is not {"Status":"OK"} with HTTP 200 is not remembered. With `noReply: 'answerOk'`, a run that ends
 * without error and without a reply (n8n's empty HTTP 200, which the gateway would retry) is answered
 * {"Status":"OK"}, and that is remembered.
 */
export function answerByWorkflow(fn: IWebhookFunctions, call: AnsweringCall, noReply: ReplyModeRule['runEndsWithoutReply']): IWebhookResponseData {
	const { memory, key, now, output } = call;
	const res = responseOf(fn);
	if (noReply === 'answerOk') {
		rewriteAnswerAsWritten(res, (written) =>
			written.status < 400 && written.body === '' ? { status: 200, contentType: 'application/json; charset=utf-8', body: JSON.stringify(okReply()) } : undefined,
		);
	}
	if (memory) {
		beforeAnswerWritten(res, (status, chunk) => {
			const reply = sentReply(status, chunk);
			if (reply) memory.remember(key, now, reply.body);
		});
	}
	return { workflowData: [[output]] };
}

/**
 * A reply to a Send and Wait for Response, routed (sendAndWait/router.ts):
 * handed to the waiting execution (or refused by it, or the phone asked which wait it answers), so
 * {"Status":"OK"} with the reply Body, if any, and nothing starts; remembered now, so a redelivery gets
 * the same answer and resumes nothing twice. Not waiting yet (or n8n busy): 503 RETRY, not remembered,
 * the gateway sends it again. No wait for it: undefined, the message takes the ordinary path.
 */
export function answerRoutedReply(fn: IWebhookFunctions, call: AnsweringCall, routed: Routed): IWebhookResponseData | undefined {
	if (routed.kind === 'none') return undefined;
	if (routed.kind === 'retry') return answerRetryLater(fn);
	call.memory?.remember(call.key, call.now, routed.body);
	return answerOk(fn, routed.body);
}
