/**
 * The ways the Messaging Trigger answers the gateway, each with when its answer is remembered
 * (nodes/shared/messaging/replyMemory.ts). Which one a callback gets is decided in one place, by
 * reply mode (nodes/shared/messaging/replyModes.ts, run by handlers/message.ts). Every interception
 * of n8n's answer goes through the adapter (nodes/engine/trigger/n8nResponse.ts).
 *
 * A reply text reaches the person one of two ways (answerBy.ts): as the answer's Body (a short code),
 * or, on a long code, as an SMS from the code sent here first (replySms.ts), the gateway then getting
 * Status only. Such an SMS is remembered only once it went out; one that could not be sent is
 * remembered as still to send, and the gateway is answered 503, so it sends the message again and
 * the SMS is tried again then, without a second run (up to the gateway's 12 retries, each logged).
 */
import type { IDataObject, INodeExecutionData, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import {
	afterAnswerWritten,
	answerWhenQueued as handToN8nWhenQueued,
	beforeAnswerWritten,
	rewriteAnswerAsWritten,
	type AnswerResponse,
	type Replacement,
} from '../engine/trigger/n8nResponse';
import { replyJson } from '../engine/trigger/replies';
import { RETRY_LATER, SMS_NOT_SENT, okReply, sentReply } from '../shared/messaging/callbackFormat';
import type { Claim, ReplyMemory } from '../shared/messaging/replyMemory';
import type { ReplyModeRule } from '../shared/messaging/replyModes';
import { sendReplySms, type SmsRoute } from './replySms';
import type { Routed } from './sendAndWait/router';

/** One callback being answered: its item, its dedup key and arrival, and the memory (none when Acknowledge Redeliveries is off). */
export interface AnsweringCall {
	output: INodeExecutionData;
	key: string;
	now: number;
	memory?: ReplyMemory;
	/**
	 * Set when a reply text goes as an SMS from the code (a long code, answerBy.ts), not as the
	 * answer's Body: where it goes (the code that received the message, its sender).
	 */
	sms?: SmsRoute;
}

/** What the gateway hears after a reply SMS was tried. */
interface GatewayAnswer {
	status: number;
	json: IDataObject;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const replacementOf = (answer: GatewayAnswer): Replacement => ({ status: answer.status, contentType: JSON_TYPE, body: JSON.stringify(answer.json) });

/**
 * Sends a reply as an SMS and says what the gateway hears: {"Status":"OK"} once it went out, 503
 * when it could not be sent (the gateway sends the message again, and the SMS is tried again). The
 * memory holds Status only once the SMS went out, else the SMS still to send: a redelivery sends no
 * second SMS and runs nothing (a run, a resumed wait happened already). A reply that can never be
 * sent (over 136 characters) is logged as an error and the gateway answered OK: trying again cannot help.
 */
async function replyBySms(fn: IWebhookFunctions, call: AnsweringCall, route: SmsRoute, text: string): Promise<GatewayAnswer> {
	const attempt = await attemptSms(fn, route, text);
	rememberAttempt(call, attempt);
	return attempt.answer;
}

/** A reply SMS tried: what the gateway hears, and the SMS still to send when it could not go out. */
interface SmsAttempt {
	answer: GatewayAnswer;
	pending?: string;
}

async function attemptSms(fn: IWebhookFunctions, route: SmsRoute, text: string): Promise<SmsAttempt> {
	const outcome = await sendReplySms(fn, route, text);
	const where = `from ${route.code} to ${route.person}`;
	if (outcome.sent) return { answer: { status: 200, json: okReply() } };
	if (outcome.permanent) {
		fn.logger.error(`SolSwitch Messaging Trigger: the reply SMS ${where} cannot be sent: ${outcome.reason}`);
		return { answer: { status: 200, json: okReply() } };
	}
	fn.logger.warn(`SolSwitch Messaging Trigger: the reply SMS ${where} was not sent (${outcome.reason}); answered 503 so the gateway sends the message again and the SMS is tried again`);
	return { answer: { status: SMS_NOT_SENT.status, json: { ...SMS_NOT_SENT.json } }, pending: text };
}

/** Status only once the SMS went out (or can never go), else the SMS still to send. */
function rememberAttempt(call: AnsweringCall, attempt: SmsAttempt) {
	call.memory?.remember(call.key, call.now, undefined, attempt.pending);
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
	if (!call.sms) return answerOk(fn, text);
	const answer = await replyBySms(fn, call, call.sms, text);
	replyJson(fn.getResponseObject(), answer.status, answer.json);
	return { noWebhookResponse: true };
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
		const { sms, body } = claim.answered;
		// An SMS still to send, where replies now go as the answer's Body (the setting changed): as the Body.
		if (sms === undefined || !call.sms) return answerOk(fn, body ?? sms);
		const answer = await replyBySms(fn, call, call.sms, sms);
		replyJson(fn.getResponseObject(), answer.status, answer.json);
		return { noWebhookResponse: true };
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

/** The trigger's own reply in reply mode Immediately (a STOP's confirmation): as answerWhenQueued, the reply SMS sent first on a long code. */
export async function answerOwnWhenQueued(fn: IWebhookFunctions, call: AnsweringCall, text: string): Promise<IWebhookResponseData> {
	if (!call.sms) return answerWhenQueued(call, text);
	// The SMS goes first; what it did is remembered as answerWhenQueued remembers, once n8n takes the
	// answer after queuing: a run n8n could not queue (an opt-out) runs on the redelivery, at the cost
	// of a second confirmation SMS.
	const attempt = await attemptSms(fn, call.sms, text);
	if (attempt.answer.status !== 200) rewriteAnswerAsWritten(responseOf(fn), (written) => (written.status >= 400 ? undefined : replacementOf(attempt.answer)));
	return handToN8nWhenQueued(okReply(), [[call.output]], () => rememberAttempt(call, attempt));
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
		if (body !== undefined && call.sms) return smsInPlaceOfAnswer(fn, call, call.sms, body);
		memory?.remember(key, now, body);
		return { status: 200, contentType: JSON_TYPE, body: JSON.stringify(okReply(body)) };
	});
	return { workflowData: [[output]] };
}

/**
 * The reply SMS sent in place of an answer n8n is writing (the run has ended): remembered at once as
 * still to send (where n8n writes before its save, N4, that is in the save: a redelivery anywhere
 * sends the SMS and runs nothing), then sent, the answer held meanwhile (N12).
 */
function smsInPlaceOfAnswer(fn: IWebhookFunctions, call: AnsweringCall, route: SmsRoute, text: string): Promise<Replacement> {
	call.memory?.remember(call.key, call.now, undefined, text);
	return replyBySms(fn, call, route, text).then(replacementOf);
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
	const { sms } = call;
	if (noReply === 'answerOk' || sms) {
		rewriteAnswerAsWritten(res, (written) => {
			if (written.status >= 400) return undefined;
			// On a long code a reply Body would be dropped by the gateway: it goes as an SMS, the gateway gets Status only.
			const text = sms ? workflowReplyText(written) : undefined;
			if (sms && text !== undefined) return smsInPlaceOfAnswer(fn, call, sms, text);
			return noReply === 'answerOk' && written.body === '' ? { status: 200, contentType: JSON_TYPE, body: JSON.stringify(okReply()) } : undefined;
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
 * wait for your reply...") goes as an SMS first, remembered as still to send until it went out.
 * Not waiting yet (or n8n busy): 503 RETRY, not remembered, the gateway sends it again. No wait for
 * it: undefined, the message takes the ordinary path.
 */
export async function answerRoutedReply(fn: IWebhookFunctions, call: AnsweringCall, routed: Routed): Promise<IWebhookResponseData | undefined> {
	if (routed.kind === 'none') return undefined;
	if (routed.kind === 'retry') return answerRetryLater(fn);
	if (routed.body !== undefined && call.sms) {
		const answer = await replyBySms(fn, call, call.sms, routed.body);
		replyJson(fn.getResponseObject(), answer.status, answer.json);
		return { noWebhookResponse: true };
	}
	call.memory?.remember(call.key, call.now, routed.body);
	return answerOk(fn, routed.body);
}
