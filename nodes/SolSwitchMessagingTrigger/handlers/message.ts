/**
 * MO SMS, MO MMS and delivery reports, once the kit has admitted, classified and parsed them. One
 * flat sequence for every reply mode:
 *   1. a redelivery, or a copy being answered, is answered from the reply memory; nothing starts;
 *   2. an SMS that answers a Send and Wait for Response is handed to its waiting execution; nothing starts;
 *   3. the item (an MMS's media downloaded into it when asked);
 *   4. the trigger's own answer, if any (a compliance keyword, a Keyword Replies entry): written at
 *      once when it starts nothing, else as the reply mode says for the trigger's answers;
 *   5. otherwise the reply mode says who answers: the trigger once the run is queued, or the workflow
 *      (and, in mode Using Reply to Message Node, the trigger's OK when the run ends without a reply).
 * Whichever answers, a reply text travels by the callback's reply channel, chosen once below
 * (replies/channelFor.ts: the answer's Body, or on a long code an SMS from the code).
 * The reply modes are the table REPLY_MODES (nodes/shared/messaging/replyModes.ts); the answers and
 * when each is remembered, replies/gatewayAnswers.ts.
 */
import { NodeOperationError, type IDataObject, type INodeExecutionData, type IWebhookFunctions, type IWebhookResponseData } from 'n8n-workflow';
import type { ReceivedEvent } from '../../engine/trigger/types';
import { bodyProblem } from '../../shared/messaging/body';
import { dedupKey, type CallbackType } from '../../shared/messaging/callbackFormat';
import { normalizedKeyword, type Compliance } from '../../shared/messaging/keywords';
import { ReplyMemory } from '../../shared/messaging/replyMemory';
import { ACKNOWLEDGE_REDELIVERIES, REPLY_MODES, REPLY_MODE_PARAMETER, replyModeOf } from '../../shared/messaging/replyModes';
import { ANSWER_BY_PARAMETER } from '../replies/answerBy';
import { answerByWorkflow, answerFromClaim, answerNow, answerOwnWhenQueued, answerRoutedReply, answerWhenQueued, answerWhenRunEnds, type AnsweringCall } from '../replies/gatewayAnswers';
import { inboundKeyOf } from '../inboundCredential';
import { routeSms } from '../sendAndWait/router';
import { KEYWORD_REPLIES, keywordReplies, keywordReplyFor } from '../replies/keywordReplies';
import { COMPLIANCE_PARAMETER, COMPLIANCE_TEXT_FIELDS, complianceTextName, complianceTextOf } from '../replies/complianceAnswers';
import { downloadMedia } from '../media';
import { channelFor } from '../replies/channelFor';

/** A reply the trigger gives itself, and whether the workflow runs after it. */
interface OwnAnswer {
	text: string;
	runWorkflow: boolean;
}

/**
 * The trigger's own answer to this callback, if any: a compliance keyword (STOP always runs the
 * workflow, to record the opt-out; INFO and HELP when asked), else a Keyword Replies entry. Checked
 * against the reply rule here, where the text is final.
 */
function ownAnswer(fn: IWebhookFunctions, type: CallbackType, item: IDataObject, options: IDataObject): OwnAnswer | undefined {
	let found: (OwnAnswer & { label: string; where: string }) | undefined;
	const compliance = item.compliance as Compliance | undefined;
	if (compliance && fn.getNodeParameter(COMPLIANCE_PARAMETER, true) === true) {
		const name = complianceTextName(compliance);
		// The text set, or the built-in one where the version has it (replies/complianceAnswers.ts): a STOP is
		// always answered, so its opt-out runs.
		const text = complianceTextOf({ version: fn.getNode().typeVersion, read: (p) => fn.getNodeParameter(p, ''), options }, name) ?? '';
		const field = COMPLIANCE_TEXT_FIELDS.find((f) => f.name === name)!.displayName;
		found = { text, label: compliance.keyword, where: `${field} of the trigger`, runWorkflow: compliance.kind === 'stop' || options.runOnInfoHelp === true };
	} else if (type === 'sms') {
		const entry = keywordReplyFor(keywordReplies(fn.getNodeParameter(KEYWORD_REPLIES, {}) as IDataObject), String(item.text));
		if (!entry) return undefined;
		item.keywordReply = normalizedKeyword(entry.keyword);
		found = { text: entry.reply, label: String(item.keywordReply), where: 'Keyword Replies of the trigger', runWorkflow: entry.runWorkflow };
	}
	if (!found) return undefined;
	const problem = bodyProblem(found.text, `The ${found.label} reply`);
	if (problem) throw new NodeOperationError(fn.getNode(), problem, { description: `Fix the text under ${found.where} (1 to 136 characters).` });
	return { text: found.text, runWorkflow: found.runWorkflow };
}

export async function handleCallback(fn: IWebhookFunctions, { kind, item, receivedAt }: ReceivedEvent): Promise<IWebhookResponseData> {
	const type = kind.value as CallbackType;
	const options = fn.getNodeParameter('options', {}) as IDataObject;
	const rule = REPLY_MODES[replyModeOf({ [REPLY_MODE_PARAMETER]: fn.getNodeParameter(REPLY_MODE_PARAMETER, 'onReceived') as string })];
	const output: INodeExecutionData = { json: item };
	const code = String(item.to);
	const call: AnsweringCall = {
		output,
		key: dedupKey(type, String(item.id), item.status as number | undefined),
		now: receivedAt.getTime(),
		// Acknowledge Redeliveries off: nothing recalled, claimed or remembered, in every mode.
		memory: options[ACKNOWLEDGE_REDELIVERIES] !== false ? ReplyMemory.of(fn) : undefined,
		// How every reply to this callback travels, chosen here once: on a long code an SMS from the
		// code; otherwise the answer's Body (MMS and reports get Status only).
		channel: channelFor(type, fn.getNodeParameter(ANSWER_BY_PARAMETER, 'automatic'), code, item.from),
	};

	// 1. Answered before, or a copy in flight: its answer, or "send it again later".
	if (call.memory) {
		const earlier = await answerFromClaim(fn, call, await call.memory.claim(call.key, call.now));
		if (earlier) return earlier;
	}

	// 2. A reply to a Send and Wait for Response goes to its waiting execution. Never a compliance
	// keyword: STOP, HELP ... are answered as always, below.
	if (type === 'sms' && !item.compliance) {
		const sms = { from: String(item.from), to: String(item.to), text: String(item.text), messageId: String(item.id), receivedAt: String(item.receivedAt) };
		const routed = await answerRoutedReply(fn, call, await routeSms(fn, async () => await inboundKeyOf(fn), sms, call.now));
		if (routed) return routed;
	}

	// 3. The item.
	if (type === 'mms' && options.downloadMedia === true) await downloadMedia(fn, output, String(options.binaryPropertyName || 'data'));

	// 4. The trigger's own answer. Answering INFO, HELP or a keyword again is harmless, so one that
	// starts no execution is not remembered: no static data written, no database write.
	const own = ownAnswer(fn, type, item, options);
	if (own) {
		item.answered = true;
		item.reply = own.text;
		if (!own.runWorkflow) return await answerNow(fn, call, own.text);
		return rule.triggerAnswer === 'whenQueued' ? await answerOwnWhenQueued(fn, call, own.text) : answerWhenRunEnds(fn, call, own.text);
	}

	// 5. Who answers a message the trigger does not answer itself.
	if (rule.plainMessage === 'trigger') {
		item.answered = true;
		return answerWhenQueued(call);
	}
	return answerByWorkflow(fn, call, rule.runEndsWithoutReply);
}
