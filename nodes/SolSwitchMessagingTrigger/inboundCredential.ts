/**
 * The inbound key and its type, from the trigger's credential (read through the kit's kept
 * credential: at most once per INBOUND_KEY_REUSE_MS per credential, a mismatch re-read at once).
 */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';
import { CREDENTIAL_REUSE_MS, credentialAccepts } from '../engine/trigger/keptCredential';
import { hasInboundKey, type InboundKeyType } from './inboundKey';

export const CREDENTIAL_TYPE = 'solSwitchMessagingApi';
export const INBOUND_KEY_REUSE_MS = CREDENTIAL_REUSE_MS;

export interface InboundKey {
	/** Empty: callbacks are accepted without a key. */
	key: string;
	type: InboundKeyType;
}

/** Whether the request carries the credential's inbound key (or the credential asks for none). */
export async function carriesInboundKey(fn: IWebhookFunctions, body: IDataObject, now = Date.now()): Promise<boolean> {
	const headers = fn.getHeaderData() as IDataObject;
	const { accepted } = await credentialAccepts<InboundKey>(
		fn,
		CREDENTIAL_TYPE,
		(credentials) => ({
			key: String(credentials.inboundApiKey ?? ''),
			type: credentials.inboundKeyType === 'header' ? 'header' : 'body',
		}),
		(inbound) => !inbound.key || hasInboundKey(inbound.key, inbound.type, body, headers),
		now,
	);
	return accepted;
}

/**
 * The credential's inbound key (empty when none), read the same kept way: for send-and-wait's HMAC
 * (router.ts). `accepts`: whether a kept key does for this request (a registration: it verifies the
 * signature); one that does not is read afresh at once, so a key just changed in the credential is
 * used at once and no registration is refused for up to INBOUND_KEY_REUSE_MS after a rotation.
 */
export async function inboundKeyOf(fn: IWebhookFunctions, now = Date.now(), accepts: (key: string) => boolean = () => true): Promise<string> {
	const { value } = await credentialAccepts<InboundKey>(
		fn,
		CREDENTIAL_TYPE,
		(credentials) => ({
			key: String(credentials.inboundApiKey ?? ''),
			type: credentials.inboundKeyType === 'header' ? 'header' : 'body',
		}),
		// A kept key that does is used as it is; none kept (or none set) reads the credential afresh.
		(inbound) => inbound.key !== '' && accepts(inbound.key),
		now,
	);
	return value.key;
}
