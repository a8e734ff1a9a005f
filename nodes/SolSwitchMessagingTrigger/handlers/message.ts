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
import { answeredBefore, redeliveryKey, rememberAnswer } from '../redeliveries';

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
 * A reply the trigger gives itself (a compliance keyword, a Keyword Replies entry): checked against
 * the reply rule, written at once, and the workflow run after it only when asked.
 */
function answerByTrigger(
	fn: IWebhookFunctions,
	{ output, key, now }: { output: INodeExecutionData; key: string; now: number },
	{ text, label, where, runWorkflow }: { text: string; label: string; where: string; runWorkflow: boolean },
): IWebhookResponseData {
	const problem = bodyProblem(text, `The ${label} reply`);
	if (problem) throw new NodeOperationError(fn.getNode(), problem, { description: `Shorten the text under ${where} of the trigger.` });
	answerOk(fn, text);
	output.json.answered = true;
	output.json.reply = text;
	if (!runWorkflow) return { noWebhookResponse: true };
	// Only an answer that started an execution is remembered: answering INFO, HELP or a keyword again
	// is harmless, and not writing static data keeps those answers free of database writes.
	rememberAnswer(fn, key, now, text);
	return { noWebhookResponse: true, workflowData: [[output]] };
}

export async function handleCallback(fn: IWebhookFunctions, { kind, item, receivedAt }: ReceivedEvent): Promise<IWebhookResponseData> {
	const type = kind.value as CallbackType;
	const now = receivedAt.getTime();
	const options = fn.getNodeParameter('options', {}) as IDataObject;
	const replyMode = fn.getNodeParameter('replyMode', 'onReceived') as string;
	const key = redeliveryKey(type, item);
	if (options.acknowledgeRedeliveries !== false) {
		const earlier = answeredBefore(fn, key, now);
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
		return answerByTrigger(fn, { output, key, now }, { text, label: compliance.keyword, where: 'Options', runWorkflow });
	}

	if (type === 'sms') {
		const entry = keywordReplyFor(keywordReplies(fn.getNodeParameter(KEYWORD_REPLIES, {}) as IDataObject), String(item.text));
		if (entry) {
			const label = normalizedKeyword(entry.keyword);
			item.keywordReply = label;
			return answerByTrigger(fn, { output, key, now }, { text: entry.reply, label, where: 'Keyword Replies', runWorkflow: entry.runWorkflow });
		}
	}

	if (replyMode === 'onReceived') {
		answerOk(fn);
		rememberAnswer(fn, key, now);
		item.answered = true;
		return { noWebhookResponse: true, workflowData: [[output]] };
	}
	// The workflow answers (Reply to Message or the last node); n8n answers
	// with an HTTP error if it fails, and the gateway retries: nothing is lost.
	return { workflowData: [[output]] };
}
