/**
 * MO SMS, MO MMS and delivery reports, once the kit has admitted, classified and parsed them:
 * redeliveries answered as before, MMS media downloaded, compliance keywords answered by the
 * trigger, then the reply mode (answer at once, or let the workflow answer).
 */
import { NodeOperationError, type IDataObject, type INodeExecutionData, type IWebhookFunctions, type IWebhookResponseData } from 'n8n-workflow';
import { replyJson } from '../../engine/trigger/replies';
import type { ReceivedEvent } from '../../engine/trigger/types';
import { bodyProblem } from '../../shared/messaging/body';
import { DEFAULT_COMPLIANCE_TEXTS } from '../../shared/messaging/complianceTexts';
import { normalizedKeyword, type Compliance } from '../../shared/messaging/keywords';
import { KEYWORD_REPLIES, keywordReplies, keywordReplyFor } from '../keywordReplies';
import { okReply } from '../../shared/messaging/replies';
import type { CallbackType } from '../callback';
import { downloadMedia } from '../media';
import { answerOfCopyInFlight, answeredBefore, answerWhenRunEnds, redeliveryKey, rememberAnswerWhenQueued, rememberReplyWhenSent } from '../redeliveries';

type ComplianceTextName = keyof typeof DEFAULT_COMPLIANCE_TEXTS;

function complianceTextName(c: Compliance): ComplianceTextName {
	if (c.kind === 'info') return 'infoText';
	if (c.kind === 'help') return c.language === 'fr' ? 'aideText' : 'helpText';
	return c.language === 'fr' ? 'arretText' : 'stopText';
}

/** {"Status":"OK"} (with a reply Body), written at once; the gateway needs nothing more. */
export function answerOk(fn: IWebhookFunctions, body?: string): IWebhookResponseData {
	replyJson(fn.getResponseObject(), 200, okReply(body));
	return { noWebhookResponse: true };
}

/**
 * A copy of a callback still being answered: an HTTP error, with a Status other than OK or FAIL, is
 * what keeps the message queued at the gateway and retried (messaging-gateway.md, States and
 * transitions).
 */
function answerRetryLater(fn: IWebhookFunctions): IWebhookResponseData {
	replyJson(fn.getResponseObject(), 503, { Status: 'RETRY', Reason: 'A copy of this message is still being answered; send it again later.' });
	return { noWebhookResponse: true };
}

/**
 * Reply mode Immediately, for a callback that starts an execution: {"Status":"OK"} (with a reply
 * Body) handed to n8n as the webhook's response. n8n 2.40 writes it once the execution is queued
 * (n8n/dist/webhooks/webhook-helpers.js shouldDeferOnReceivedResponse), so a run that could not be
 * queued (Redis unreachable) is answered with an HTTP error and the gateway sends the message again;
 * n8n 1.x writes it just before queuing.
 */
function answerWhenQueued(fn: IWebhookFunctions, { output, key, now }: { output: INodeExecutionData; key: string; now: number }, body?: string): IWebhookResponseData {
	rememberAnswerWhenQueued(fn, key, now, body);
	return { webhookResponse: okReply(body), workflowData: [[output]] };
}

/**
 * A reply the trigger gives itself (a compliance keyword, a Keyword Replies entry): checked against
 * the reply rule, and the workflow run after it only when asked. With no run, written at once; in
 * reply mode Immediately, once the run is queued (above); in the modes where the workflow answers,
 * once the run has ended without error (redeliveries.ts answerWhenRunEnds), so that a run lost with
 * its worker or failed is run again when the gateway sends the message again: a STOP's opt-out is
 * recorded before the STOP is acknowledged.
 */
function answerByTrigger(
	fn: IWebhookFunctions,
	call: { output: INodeExecutionData; key: string; now: number; replyMode: string },
	{ text, label, where, runWorkflow }: { text: string; label: string; where: string; runWorkflow: boolean },
): IWebhookResponseData {
	const { output, key, now, replyMode } = call;
	const problem = bodyProblem(text, `The ${label} reply`);
	if (problem) throw new NodeOperationError(fn.getNode(), problem, { description: `Shorten the text under ${where} of the trigger.` });
	output.json.answered = true;
	output.json.reply = text;
	// Answering INFO, HELP or a keyword again is harmless, so an answer that starts no execution is
	// not remembered: no static data written, no database write for those answers.
	if (!runWorkflow) return answerOk(fn, text);
	if (replyMode === 'onReceived') return answerWhenQueued(fn, call, text);
	answerWhenRunEnds(fn, key, now, text);
	return { workflowData: [[output]] };
}

export async function handleCallback(fn: IWebhookFunctions, { kind, item, receivedAt }: ReceivedEvent): Promise<IWebhookResponseData> {
	const type = kind.value as CallbackType;
	const now = receivedAt.getTime();
	const options = fn.getNodeParameter('options', {}) as IDataObject;
	const replyMode = fn.getNodeParameter('replyMode', 'onReceived') as string;
	const key = redeliveryKey(type, item);
	if (options.acknowledgeRedeliveries !== false) {
		// Answered before; or a copy is being answered in this process right now: its answer, or
		// "send it again later" while it takes long.
		const earlier = answeredBefore(fn, key, now) ?? (await answerOfCopyInFlight(fn, key, now));
		if (earlier === 'retryLater') return answerRetryLater(fn);
		if (earlier) return answerOk(fn, earlier.body);
	}

	const output: INodeExecutionData = { json: item };
	if (type === 'mms' && options.downloadMedia === true) {
		await downloadMedia(fn, output, String(options.binaryPropertyName || 'data'));
	}

	const compliance = item.compliance as Compliance | undefined;
	if (compliance && fn.getNodeParameter('compliance', true) === true) {
		const name = complianceTextName(compliance);
		const configured = options[name];
		const text = typeof configured === 'string' && configured !== '' ? configured : DEFAULT_COMPLIANCE_TEXTS[name];
		const runWorkflow = compliance.kind === 'stop' || options.runOnInfoHelp === true;
		return answerByTrigger(fn, { output, key, now, replyMode }, { text, label: compliance.keyword, where: 'Options', runWorkflow });
	}

	if (type === 'sms') {
		const entry = keywordReplyFor(keywordReplies(fn.getNodeParameter(KEYWORD_REPLIES, {}) as IDataObject), String(item.text));
		if (entry) {
			const label = normalizedKeyword(entry.keyword);
			item.keywordReply = label;
			return answerByTrigger(fn, { output, key, now, replyMode }, { text: entry.reply, label, where: 'Keyword Replies', runWorkflow: entry.runWorkflow });
		}
	}

	if (replyMode === 'onReceived') {
		item.answered = true;
		return answerWhenQueued(fn, { output, key, now });
	}
	// The workflow answers (Reply to Message or the last node); n8n answers
	// with an HTTP error if it fails, and the gateway retries: nothing is lost.
	// The answer is remembered as n8n writes it (redeliveries.ts).
	if (options.acknowledgeRedeliveries !== false) rememberReplyWhenSent(fn, key, now);
	return { workflowData: [[output]] };
}
