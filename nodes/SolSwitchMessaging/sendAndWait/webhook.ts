/**
 * Send and Wait for Response, waiting side: the node's webhook(), which n8n runs when something POSTs
 * to the execution's signed resume URL (n8n has checked that signature first). Only a reply forwarded
 * by the Messaging Trigger counts: signed with the key derived from the inbound key, for this wait,
 * from the number the SMS went to, to the code that sent it, for this iteration of the node (the
 * iteration n8n signed into the URL, run.ts, is the node's iteration now, read the same way:
 * iteration.ts; in a loop, a URL of an earlier iteration is still valid for n8n, and the trigger may
 * forward a redelivered reply there).
 * Anything else keeps the execution waiting: the node answers { accepted: false } and returns no
 * workflowData. A probe from the trigger (are you still waiting?) is answered so, and takes nothing.
 *
 * It never throws: n8n would end the wait with an error (and an empty item) on a throw. The answer is
 * JSON the trigger decides on (forwarding.ts): accepted, and the text to send back to the phone. What
 * fails here (the credential, a parameter, the iteration) answers NODE_FAILED, which the trigger
 * answers with a 503 so the gateway sends the reply again: never taken for a refusal, never lost.
 */
import { createHash } from 'node:crypto';
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { credentialAccepts } from '../../engine/trigger/keptCredential';
import { gatewayService } from '../../shared/services';
import { phoneNumberOf, sameNumber } from '../../shared/messaging/phoneNumber';
import { answerOf, instructionOf, withoutPin } from '../../shared/messaging/sendAndWait/replyWords';
import { EARLIER_ITERATION, ITERATION_PARAMETER, NODE_FAILED, STILL_WAITING, type WaitAck } from '../../shared/messaging/sendAndWait/forwarding';
import { deriveKey, verify } from '../../shared/messaging/sendAndWait/signing';
import { OTHER_REPLY } from './properties';
import { answerSpecOf, waitIdOf } from './spec';
import { iterationOf } from './iteration';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function keepWaiting(reason: string, replyText?: string): IWebhookResponseData {
	const ack: WaitAck = { accepted: false, reason, ...(replyText ? { replyText } : {}) };
	return { webhookResponse: ack };
}

function resume(data: IDataObject): IWebhookResponseData {
	const ack: WaitAck = { accepted: true };
	return { webhookResponse: ack, workflowData: [[{ json: { data } }]] };
}

/** The iteration n8n signed into the URL this forward came to (run.ts); undefined for a URL without one (an earlier version's). */
function signedIteration(fn: IWebhookFunctions): number | undefined {
	const value = (fn.getQueryData() as IDataObject | undefined)?.[ITERATION_PARAMETER];
	return typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : undefined;
}

async function handle(fn: IWebhookFunctions): Promise<IWebhookResponseData> {
	const now = Date.now();
	const iteration = signedIteration(fn);
	// The inbound key read the kept way (engine/trigger/keptCredential.ts): n8n 2.x's credentials
	// helper takes an expression isolate of its own for every read outside an execution, and a waiting
	// webhook is outside one; the bench's profile showed it on every reply. A kept key that does not
	// verify the forward is read afresh at once, so a key just changed in the credential is used at once.
	const body = fn.getBodyData();
	const { value: inboundKey } = await credentialAccepts(
		fn,
		gatewayService.credential,
		(credentials) => credentials.inboundApiKey,
		(key) => verify(deriveKey(key, 'forward'), body, now).ok,
		now,
		'sendAndWaitForward',
	);
	const checked = verify(deriveKey(inboundKey, 'forward'), body, now);
	if (!checked.ok) return keepWaiting(checked.reason);
	const reply = checked.payload;
	const node = fn.getNode();
	if (reply.waitId !== waitIdOf(fn.getExecutionId(), node.id, sha256)) return keepWaiting('not a reply to this wait');
	if (iteration !== undefined) {
		const current = iterationOf(fn);
		if (iteration < current) return keepWaiting(EARLIER_ITERATION);
		if (iteration !== current) return keepWaiting('not a reply to this wait');
	}
	if (reply.kind === 'probe') return keepWaiting(STILL_WAITING);
	if (reply.kind !== 'reply') return keepWaiting('not a reply to this wait');
	// The numbers as the SMS was sent (the catalog's rule made them digits), compared as the trigger
	// matched them: a To mapped as "15145550123 " waits for 15145550123's reply.
	const phone = phoneNumberOf(fn.getNodeParameter('To', ''));
	const code = phoneNumberOf(fn.getNodeParameter('From', ''));
	if (!phone.ok || !code.ok || !sameNumber(reply.from, phone.number) || !sameNumber(reply.to, code.number)) {
		return keepWaiting('not from the number this wait asked');
	}
	const pin = typeof reply.pin === 'string' ? reply.pin : undefined;
	const raw = typeof reply.text === 'string' ? reply.text : '';
	const text = withoutPin(raw, pin);
	const spec = answerSpecOf((name, fallback) => fn.getNodeParameter(name, fallback));
	const answer = answerOf(spec, text);
	const common = {
		text,
		from: phone.number,
		to: code.number,
		messageId: typeof reply.messageId === 'string' ? reply.messageId : '',
		respondedAt: new Date(now).toISOString(),
	};
	switch (answer.kind) {
		case 'approve':
			return resume({ approved: true, ...common });
		case 'decline':
			return resume({ approved: false, ...common });
		case 'text':
			return resume({ ...common, text: answer.text });
		default: {
			// n8n's generated review tool (type ...HitlTool) always declines with the text, which its agent
			// reads as the person's feedback (chatInput), rather than leaving the agent waiting on a typo.
			const options = fn.getNodeParameter('options', {}) as IDataObject;
			const declines = node.type.endsWith('HitlTool') || options[OTHER_REPLY] === 'decline';
			if (declines && spec.responseType === 'approval' && text) return resume({ approved: false, ...common, chatInput: text });
			const shownPin = raw.trim() !== text ? pin : undefined;
			return keepWaiting('not understood', instructionOf(spec, shownPin));
		}
	}
}

export async function sendAndWaitWebhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	try {
		return await handle(this);
	} catch {
		// Whatever failed (credential, parameters, the iteration), the wait goes on (a throw would end
		// it), and the trigger has the gateway send the reply again (forwarding.ts: retry, not kept).
		return keepWaiting(NODE_FAILED);
	}
}
