/**
 * The inbound key and its type, read from the trigger's credential at most once per
 * INBOUND_KEY_REUSE_MS per credential.
 *
 * Why: in n8n 2.x, `getCredentials` from a webhook costs far more than a database read. Outside a
 * running execution, n8n's credentials helper creates a new expression-engine isolate (a V8
 * isolate, since the `vm` expression engine is the default) just to resolve expressions in the
 * credential, and every isolate serves one caller and is then thrown away. Measured in n8n 2.40.7
 * with a minimal trigger answering at once: about 39 answers/s without `getCredentials`, 13/s
 * with it (10 concurrent senders, 2 cores). Reading it once per credential and period keeps the
 * trigger's own answers (HELP, INFO, redeliveries, filtered events, refusals) free of that cost.
 *
 * A key that does not match what is kept is checked again against a fresh read before it is
 * refused, so a key just changed in the credential is accepted at once. The one thing the reuse
 * allows: a key that was just replaced (or a Key Type just changed) is still accepted for at most
 * INBOUND_KEY_REUSE_MS. Kept per process, so it changes nothing in queue mode.
 */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';
import { hasInboundKey, type InboundKeyType } from '../shared/messaging/inboundKey';

export const CREDENTIAL_TYPE = 'solSwitchMessagingApi';
export const INBOUND_KEY_REUSE_MS = 30_000;
const MAX_KEPT = 1000;

export interface InboundKey {
	/** Empty: callbacks are accepted without a key. */
	key: string;
	type: InboundKeyType;
}

const kept = new Map<string, InboundKey & { at: number }>();

/** Forgets every kept key (tests). */
export function forgetInboundKeys() {
	kept.clear();
}

async function readInboundKey(fn: IWebhookFunctions): Promise<InboundKey> {
	const credentials = await fn.getCredentials(CREDENTIAL_TYPE);
	return {
		key: String(credentials.inboundApiKey ?? ''),
		type: credentials.inboundKeyType === 'header' ? 'header' : 'body',
	};
}

function accepts(inbound: InboundKey, body: IDataObject, headers: IDataObject): boolean {
	return !inbound.key || hasInboundKey(inbound.key, inbound.type, body, headers);
}

/** Whether the request carries the credential's inbound key (or the credential asks for none). */
export async function carriesInboundKey(fn: IWebhookFunctions, body: IDataObject, now = Date.now()): Promise<boolean> {
	const headers = fn.getHeaderData() as IDataObject;
	const id = fn.getNode().credentials?.[CREDENTIAL_TYPE]?.id;
	const earlier = id ? kept.get(id) : undefined;
	if (earlier && now - earlier.at >= 0 && now - earlier.at < INBOUND_KEY_REUSE_MS && accepts(earlier, body, headers)) return true;
	const fresh = await readInboundKey(fn);
	if (id) {
		if (kept.size >= MAX_KEPT) kept.clear();
		kept.set(id, { ...fresh, at: now });
	}
	return accepts(fresh, body, headers);
}
