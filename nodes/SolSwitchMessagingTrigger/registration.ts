/**
 * A Send and Wait for Response registering its wait with this trigger (router.ts answerRegistration):
 * checked with the HMAC derived from this trigger's inbound key, so the gateway's guard (its key, its
 * addresses) does not apply: the request comes from n8n itself. Refusals are written at once and
 * store nothing; an accepted registration is handed to n8n as the webhook's answer, which n8n writes
 * after saving the static data that now holds the wait (N1).
 *
 * The answer also says whether the wait was already in the static data this call loaded (`saved`):
 * what the database held when the call began, whichever processor serves it. The sending node
 * registers again until it is (run.ts): with several webhook processors and no affinity, another
 * processor's overlapping save can erase a registration (docs/queue-mode.md).
 */
import type { IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { replyJson } from '../engine/trigger/replies';
import { answerRegistration } from './sendAndWait/router';
import { asRegistry } from './sendAndWait/registry';
import { WAITS_KEY } from './sendAndWait/waitStore';
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
	// Before the registration is written into the same object.
	const loaded = new Set(asRegistry(fn.getWorkflowStaticData('global')[WAITS_KEY]).waits.map((w) => `${w.id}/${w.nonce}`));
	const answer = answerRegistration(fn, inboundKey, refuse);
	const accepted = answer.webhookResponse as { accepted?: unknown } | undefined;
	if (accepted?.accepted !== true) return answer;
	// Accepted: the envelope's signature was checked, its payload is the registration.
	const { id, nonce } = JSON.parse(String((fn.getBodyData() as { payload?: unknown }).payload)) as { id?: unknown; nonce?: unknown };
	return { ...answer, webhookResponse: { ...accepted, saved: loaded.has(`${String(id)}/${String(nonce)}`) } };
}
