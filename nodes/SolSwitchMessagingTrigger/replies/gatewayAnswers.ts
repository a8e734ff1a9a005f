/**
 * The ways the Messaging Trigger answers the gateway, each with when its answer is remembered
 * (nodes/shared/messaging/replyMemory.ts). Which one a callback gets is decided in one place, by
 * reply mode (nodes/shared/messaging/replyModes.ts, run by handlers/message.ts). Every interception
 * of n8n's answer goes through the adapter (nodes/engine/trigger/n8nResponse.ts).
 *
 * A reply text reaches the person by the callback's reply channel (channel.ts), chosen once
 * per callback: as the answer's Body (a short code), or as an SMS from the code sent here first (a
 * long code), the gateway then getting Status only. A reply that leaves before the answer is
 * remembered only once it went out; one that could not go is remembered as pending, and the gateway
 * is answered 503, so it sends the message again and the reply is tried again then, without a second
 * run (up to the gateway's 12 retries, each logged).
 */
import type { INodeExecutionData, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import {
	afterAnswerWritten,
	answerWhenQueued as handToN8nWhenQueued,
	beforeAnswerWritten,
	rewriteAnswerAsWritten,
	type AnswerResponse,
	type Replacement,
} from '../../engine/trigger/n8nResponse';
import { replyJson } from '../../engine/trigger/replies';
import { RETRY_LATER, okReply, sentReply } from '../../shared/messaging/callbackFormat';
import type { Claim, ReplyMemory } from '../../shared/messaging/replyMemory';
import type { ReplyModeRule } from '../../shared/messaging/replyModes';
import type { Routed } from '../sendAndWait/router';
import { callbackBodyChannel } from './callbackBody';
import type { Delivery, GatewayAnswer, ReplyChannel } from './channel';

/** One callback being answered: its item, its dedup key and arrival, and the memory (none when Acknowledge Redeliveries is off). */
export interface AnsweringCall {
	output: INodeExecutionData;
	key: string;
	now: number;
	memory?: ReplyMemory;
	/** How a reply text travels (channelFor.ts); absent: as the answer's Body. */
	channel?: ReplyChannel;
}

const channelOf = (call: AnsweringCall): ReplyChannel => call.channel ?? callbackBodyChannel;

const JSON_TYPE = 'application/json; charset=utf-8';
const replacementOf = (answer: GatewayAnswer): Replacement => ({ status: answer.status, contentType: JSON_TYPE, body: JSON.stringify(answer.json) });

/** What a delivery leaves for a redelivery: the Body answered, or the reply still pending. */
function rememberDelivery(call: AnsweringCall, delivery: Delivery) {
	call.memory?.remember(call.key, call.now, delivery.body, delivery.pending);
}

/**
 * Delivers a reply by the call's channel and writes what the gateway hears, now. Remembered when
 * delivering it again would not be harmless (it left before the answer): a redelivery (our answer
 * lost, or the gateway gave up waiting) then sends nothing twice and runs nothing.
 */
async function deliverAndAnswer(fn: IWebhookFunctions, call: AnsweringCall, text: string, remember: boolean): Promise<IWebhookResponseData> {
	const delivery = await channelOf(call).deliver(fn, text);
	if (remember) rememberDelivery(call, delivery);
	replyJson(fn.getResponseObject(), delivery.answer.status, delivery.answer.json);
	return { noWebhookResponse: true };
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
 * A reply the trigger gives itself that starts nothing (INFO, HELP, a keyword reply), written now.
 * As the callback's Body it is not remembered (the gateway delivers only the Body of the answer it
 * got, so answering a redelivery again is harmless). As an SMS it is sent first and remembered once
 * it went out: a redelivery (our answer lost) must not send the person a second SMS.
 */
export async function answerNow(fn: IWebhookFunctions, call: AnsweringCall, text: string): Promise<IWebhookResponseData> {
	return await deliverAndAnswer(fn, call, text, !channelOf(call).repeatable);
}

/**
 * A redelivery or a copy in flight, answered from the memory: the answer given before (a reply SMS
 * still to send is sent now), or 503 RETRY while a copy takes longer than COPY_WAIT_MS. Otherwise
 * this call answers the callback, and the claim ends when its answer is written (whoever writes it),
 * which every answer below does after remembering it. Not when the gateway closes the connection:
 * a gateway that gives up while the reply SMS is still being sent (or the run still runs) sends the
 * message again, and that copy must wait for the answer being remembered, not send a second SMS or
 * start a second run (code review 3, R9).
 */
export async function answerFromClaim(fn: IWebhookFunctions, call: AnsweringCall, claim: Claim): Promise<IWebhookResponseData | undefined> {
	if ('answered' in claim) {
		const { pending, body } = claim.answered;
		if (!pending) return answerOk(fn, body);
		// A reply still pending goes by this callback's channel (if the setting changed since, the new
		// way), remembered as answerNow remembers.
		return await answerNow(fn, call, pending.text);
	}
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

/** The trigger's own reply in reply mode Immediately (a STOP's confirmation): as answerWhenQueued, a reply that leaves before the answer sent first. */
export async function answerOwnWhenQueued(fn: IWebhookFunctions, call: AnsweringCall, text: string): Promise<IWebhookResponseData> {
	// Delivered first; what it did is remembered as answerWhenQueued remembers, once n8n takes the
	// answer after queuing: a run n8n could not queue (an opt-out) runs on the redelivery, at the cost
	// of a second confirmation SMS. A reply that could not go: n8n's answer is rewritten to the
	// delivery's (503), unless n8n writes an error of its own.
	const delivery = await channelOf(call).deliver(fn, text);
	const { answer } = delivery;
	if (answer.status !== 200) rewriteAnswerAsWritten(responseOf(fn), (written) => (written.status >= 400 ? undefined : replacementOf(answer)));
	return handToN8nWhenQueued(answer.status === 200 ? answer.json : okReply(), [[call.output]], () => rememberDelivery(call, delivery));
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
		if (body !== undefined) return deliverInPlaceOfAnswer(fn, call, body);
		memory?.remember(key, now);
		return replacementOf({ status: 200, json: okReply() });
	});
	return { workflowData: [[output]] };
}

/**
 * A reply delivered in place of an answer n8n is writing (the run has ended). One that goes out at
 * once (the answer's Body) is remembered as it is written. One sent first (an SMS) is remembered at
 * once as pending (where n8n writes before its save, N4, that is in the save: a redelivery anywhere
 * delivers it and runs nothing), then sent, the answer held meanwhile (N12), and remembered as what
 * it did.
 */
function deliverInPlaceOfAnswer(fn: IWebhookFunctions, call: AnsweringCall, text: string): Replacement | Promise<Replacement> {
	const channel = channelOf(call);
	const delivery = channel.deliver(fn, text);
	if (!(delivery instanceof Promise)) {
		rememberDelivery(call, delivery);
		return replacementOf(delivery.answer);
	}
	call.memory?.remember(call.key, call.now, undefined, { channel: channel.name, text });
	return delivery.then((done) => {
		rememberDelivery(call, done);
		return replacementOf(done.answer);
	});
}

/** The reply Body of a workflow's answer as n8n writes it ({"Status":"OK","Body":...}), if any. */
function workflowReplyText(written: { status: number; body: string }): string | undefined {
	const reply = sentReply(written.status, written.body);
	return reply?.body;
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
	const { takesWorkflowReply } = channelOf(call);
	if (noReply === 'answerOk' || takesWorkflowReply) {
		rewriteAnswerAsWritten(res, (written) => {
			if (written.status >= 400) return undefined;
			// On a long code a reply Body would be dropped by the gateway: the channel delivers it, the gateway gets Status only.
			const text = takesWorkflowReply ? workflowReplyText(written) : undefined;
			if (text !== undefined) return deliverInPlaceOfAnswer(fn, call, text);
			return noReply === 'answerOk' && written.body === '' ? replacementOf({ status: 200, json: okReply() }) : undefined;
		});
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
 * the same answer and resumes nothing twice. On a long code the reply ("Reply YES or NO", "2 requests
 * wait for your reply...") goes by the callback's channel (an SMS first, pending until it went out).
 * Not waiting yet (or n8n busy): 503 RETRY, not remembered, the gateway sends it again. No wait for
 * it: undefined, the message takes the ordinary path.
 */
export async function answerRoutedReply(fn: IWebhookFunctions, call: AnsweringCall, routed: Routed): Promise<IWebhookResponseData | undefined> {
	if (routed.kind === 'none') return undefined;
	if (routed.kind === 'retry') return answerRetryLater(fn);
	if (routed.body !== undefined) return await deliverAndAnswer(fn, call, routed.body, true);
	call.memory?.remember(call.key, call.now);
	return answerOk(fn);
}
