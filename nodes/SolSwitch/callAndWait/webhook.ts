/**
 * Call and Wait for Keypress, waiting side: the node's webhook(), which n8n runs when the switch's
 * Digit Validation POSTs the pressed digits to the execution's signed resume URL (n8n has checked the
 * signature). The post counts only with the wait's secret (secret.ts) in its Authorization header; then:
 *   - the approve key: the switch gets the Option After Approval, the workflow resumes approved true;
 *   - the decline key (two-key approval): the Option After Decline, resumed approved false;
 *   - another key: the Option After Another Key (a route that prompts again), the workflow keeps waiting.
 * The option goes out as plain text at once (noWebhookResponse: n8n adds nothing). A post without the
 * secret gets 403 and resumes nothing. It never throws: n8n would end the wait with an error on a throw.
 * The call watcher (watcher.ts) posts here too, with the same secret, when nobody answered any call:
 * the workflow resumes with approved false, answered false and the attempts; and before it calls
 * again, to learn that the execution still waits (answered `waiting`, nothing resumed).
 */
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { replyText } from '../../engine/trigger/replies';
import { numberKey } from '../../shared/numbers';
import { secretMatches, WAIT_QUERY } from './secret';
import { dialable, keypressSpecOf, outcomeOf } from './spec';
import { unanswered } from './run';
import { CALL_RESULT, STILL_WAITING, STILL_WAITING_QUESTION, type Attempt } from './watcher';

const OUTCOMES = new Set(['busy', 'noAnswer', 'failed', 'ringing', 'unknown']);

/** The watcher's attempts, each checked (the post carries the wait's secret, but is still read as input). */
function attemptsOf(value: unknown): Attempt[] | undefined {
	if (!Array.isArray(value) || value.length > 20) return undefined;
	const attempts: Attempt[] = [];
	for (const a of value as IDataObject[]) {
		if (!a || typeof a !== 'object' || !OUTCOMES.has(String(a.outcome))) return undefined;
		attempts.push({ attempt: Number(a.attempt) || attempts.length + 1, callId: String(a.callId ?? '').slice(0, 40), outcome: a.outcome as Attempt['outcome'], at: String(a.at ?? '').slice(0, 30) });
	}
	return attempts;
}

function answer(fn: IWebhookFunctions, status: number, text: string, data?: IDataObject): IWebhookResponseData {
	replyText(fn.getResponseObject(), status, text);
	return data ? { noWebhookResponse: true, workflowData: [[{ json: { data } }]] } : { noWebhookResponse: true };
}

const field = (body: IDataObject, name: string) => (body[name] === undefined || body[name] === null ? '' : String(body[name]).trim());

function handle(fn: IWebhookFunctions): IWebhookResponseData {
	const headers = fn.getHeaderData() as IDataObject;
	const query = fn.getQueryData() as IDataObject;
	if (!secretMatches(headers.authorization, query[WAIT_QUERY])) return answer(fn, 403, 'Forbidden');
	const body = (fn.getBodyData() ?? {}) as IDataObject;
	// The watcher asks before calling again: reaching here means n8n still holds the wait.
	if (body.callResult === STILL_WAITING_QUESTION && body.Digits === undefined) return answer(fn, 200, STILL_WAITING);
	if (body.callResult === CALL_RESULT && body.Digits === undefined) {
		const attempts = attemptsOf(body.attempts);
		if (!attempts) return answer(fn, 400, 'Bad call result');
		return answer(fn, 200, 'OK', unanswered(fn.getNode().type, dialable(fn.getNodeParameter('Destination', '')) ?? '', attempts));
	}
	const spec = keypressSpecOf((name, fallback) => fn.getNodeParameter(name, fallback));
	const digits = field(body, 'Digits');
	const outcome = outcomeOf(spec, digits);
	if (outcome.kind === 'other') return answer(fn, 200, outcome.option);
	const approved = outcome.kind === 'approve';
	const called = dialable(fn.getNodeParameter('Destination', '')) ?? '';
	// The switch writes the number its own way (10 digits, 11, or +1: the documents do not say): the
	// phone called answers as `to` is written; another (the call was forwarded) as the switch wrote it.
	const cidNum = field(body, 'CIDNum');
	const data: IDataObject = {
		approved,
		digits,
		callId: field(body, 'CDRCallID'),
		answeredBy: !cidNum || numberKey(cidNum) === numberKey(called) ? called : cidNum,
		to: called,
		extension: field(body, 'ExtensionNumber'),
		respondedAt: new Date().toISOString(),
	};
	// The generated review tool's agent reads chatInput as the person's words: say what the key meant.
	if (!approved && fn.getNode().type.endsWith('HitlTool')) data.chatInput = `Declined by phone: ${data.answeredBy} pressed ${digits}.`;
	return answer(fn, 200, outcome.option, data);
}

export async function callAndWaitWebhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	try {
		return handle(this);
	} catch {
		// Whatever failed (parameters, body), the wait goes on: a throw would end it.
		try {
			return answer(this, 500, 'The waiting node could not read the keypress');
		} catch {
			return { noWebhookResponse: true };
		}
	}
}
