/**
 * A Send and Wait for Response registering its wait with this trigger (router.ts answerRegistration):
 * it passes the trigger's guard as every callback does (settings, Allowed Sources, Maximum Body Size),
 * but proves itself with the HMAC derived from this trigger's inbound key, not with the gateway's
 * key. The key is read as the guard reads it (kept up to 30 s), afresh when the kept one does not
 * verify the registration. Refusals are written at once and store nothing; an accepted registration
 * is handed to n8n as the webhook's answer, which n8n writes after saving the static data that now
 * holds the wait (N1).
 */
import type { IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { admitSelfSigned, type GuardOptions } from '../engine/trigger/guard';
import { replyJson } from '../engine/trigger/replies';
import { deriveKey, verify } from '../shared/messaging/sendAndWait/signing';
import { answerRegistration, NOT_SIGNED } from './sendAndWait/router';
import { inboundKeyOf } from './inboundCredential';

export async function answerRegistrationCall(fn: IWebhookFunctions, now = Date.now()): Promise<IWebhookResponseData> {
	const refuse = (status: number, body: Record<string, unknown>): IWebhookResponseData => {
		replyJson(fn.getResponseObject(), status, body);
		return { noWebhookResponse: true };
	};
	const refusal = admitSelfSigned(fn, fn.getNodeParameter('options', {}) as GuardOptions);
	if (refusal) return refuse(refusal.status, { accepted: false, reason: refusal.reason });
	let inboundKey = '';
	try {
		inboundKey = await inboundKeyOf(fn, now, (key) => verify(deriveKey(key, 'register'), fn.getBodyData(), now).ok);
	} catch {
		return refuse(401, { accepted: false, reason: NOT_SIGNED });
	}
	return answerRegistration(fn, inboundKey, refuse, now);
}
