/**
 * A Send and Wait for Response registering its wait with this trigger (router.ts answerRegistration):
 * it passes the trigger's guard as every callback does (settings, Allowed Sources, Maximum Body Size),
 * but proves itself with the HMAC derived from this trigger's inbound key, not with the gateway's
 * key. The key is read as the guard reads it (kept up to 30 s), afresh when the kept one does not
 * verify the registration. Refusals are written at once and store nothing; an accepted registration
 * is handed to n8n as the webhook's answer, which n8n writes after saving the static data that now
 * holds the wait (N1).
 *
 * The answer also says whether the wait was already in the static data this call loaded (`saved`):
 * what the database held when the call began, whichever processor serves it. The sending node
 * registers again until it is (run.ts): with several webhook processors and no affinity, another
 * processor's overlapping save can erase a registration (docs/queue-mode.md).
 */
import type { IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { admitSelfSigned, type GuardOptions } from '../engine/trigger/guard';
import { replyJson } from '../engine/trigger/replies';
import { deriveKey, verify } from '../shared/messaging/sendAndWait/signing';
import { answerRegistration, NOT_SIGNED } from './sendAndWait/router';
import { asRegistry } from './sendAndWait/registry';
import { WAITS_KEY } from './sendAndWait/waitStore';
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
	// Before the registration is written into the same object.
	const loaded = new Set(asRegistry(fn.getWorkflowStaticData('global')[WAITS_KEY]).waits.map((w) => `${w.id}/${w.nonce}`));
	const answer = answerRegistration(fn, inboundKey, refuse, now);
	const accepted = answer.webhookResponse as { accepted?: unknown } | undefined;
	if (accepted?.accepted !== true) return answer;
	// Accepted: the envelope's signature was checked, its payload is the registration.
	const { id, nonce } = JSON.parse(String((fn.getBodyData() as { payload?: unknown }).payload)) as { id?: unknown; nonce?: unknown };
	return { ...answer, webhookResponse: { ...accepted, saved: loaded.has(`${String(id)}/${String(nonce)}`) } };
}
