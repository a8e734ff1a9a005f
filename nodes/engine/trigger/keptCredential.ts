/**
 * A trigger's credential, read at most once per CREDENTIAL_REUSE_MS per credential.
 *
 * Why: in n8n 2.x, `getCredentials` from a webhook costs far more than a database read. Outside a
 * running execution, n8n's credentials helper creates a new expression-engine isolate (a V8
 * isolate, since the `vm` expression engine is the default) just to resolve expressions in the
 * credential, and every isolate serves one caller and is then thrown away. Measured in n8n 2.40.7
 * with a minimal trigger answering at once: about 39 answers/s without `getCredentials`, 13/s
 * with it (10 concurrent senders, 2 cores). Reading it once per credential and period keeps the
 * trigger's own answers (HELP, INFO, redeliveries, filtered events, refusals) free of that cost.
 *
 * A value that does not accept the request is checked again against a fresh read before the
 * request is refused, so a key just changed in the credential is accepted at once. The one thing
 * the reuse allows: a key that was just replaced is still accepted for at most CREDENTIAL_REUSE_MS.
 * Kept per process, so it changes nothing in queue mode.
 */
import type { ICredentialDataDecryptedObject, IWebhookFunctions } from 'n8n-workflow';

export const CREDENTIAL_REUSE_MS = 30_000;
const MAX_KEPT = 1000;

const kept = new Map<string, { value: unknown; at: number }>();

/** Forgets every kept credential (tests). */
export function forgetKeptCredentials() {
	kept.clear();
}

/** Whether the node has a credential of this type attached. */
export function hasCredential(fn: IWebhookFunctions, type: string): boolean {
	return Boolean(fn.getNode().credentials?.[type]);
}

/**
 * Reads what `read` takes from the credential (kept, or fresh when the kept value does not accept),
 * and whether it accepts the request.
 */
export async function credentialAccepts<T>(
	fn: IWebhookFunctions,
	type: string,
	read: (credentials: ICredentialDataDecryptedObject) => T,
	accepts: (value: T) => boolean,
	now = Date.now(),
): Promise<{ accepted: boolean; value: T }> {
	const id = fn.getNode().credentials?.[type]?.id;
	const key = id ? `${type}:${id}` : undefined;
	const earlier = key ? kept.get(key) : undefined;
	if (earlier && now - earlier.at >= 0 && now - earlier.at < CREDENTIAL_REUSE_MS && accepts(earlier.value as T)) {
		return { accepted: true, value: earlier.value as T };
	}
	const fresh = read(await fn.getCredentials(type));
	if (key) {
		if (kept.size >= MAX_KEPT) kept.clear();
		kept.set(key, { value: fresh, at: now });
	}
	return { accepted: accepts(fresh), value: fresh };
}
