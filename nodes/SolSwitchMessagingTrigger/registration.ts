/**
 * A Send and Wait for Response registering its wait with this trigger (router.ts answerRegistration):
 * checked with the HMAC derived from this trigger's inbound key, so the gateway's guard (its key, its
 * addresses) does not apply: the request comes from n8n itself. Refusals are written at once and
 * store nothing; an accepted registration is handed to n8n as the webhook's answer, which n8n writes
 * after saving the static data that now holds the wait (N1).
 */
import type { IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { replyJson } from '../engine/trigger/replies';
import { answerRegistration } from './sendAndWait/router';
import { inboundKeyOf } from './inboundCredential';

export async function answerRegistrationCall(fn: IWebhookFunctions): Promise<IWebhookResponseData> {
	const refuse = (status: number, body: Record<string, unknown>): IWebhookResponseData => {
		replyJson(fn.getResponseObject(), status, body);
		return { noWebhookResponse: true };
	};
	let inboundKey = '';
	try {
		inboundKey = await inboundKeyOf(fn);
	} catch {
		return refuse(401, { accepted: false, reason: 'the trigger has no credential' });
	}
	return answerRegistration(fn, inboundKey, refuse);
}
