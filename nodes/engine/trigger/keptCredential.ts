/**
 * A trigger's credential, read at most once per CREDENTIAL_REUSE_MS per credential.
 *
 * Why: in n8n 2.x with its default settings, `getCredentials` from a webhook costs far more than a
 * database read. Outside a running execution, n8n's credentials helper acquires an expression-engine
 * isolate of its own (n8n behaviour N10, n8nResponse.ts:
 * `await workflow.expression.acquireIsolate()`), a fresh V8 isolate that serves one caller and is
 * then thrown away. Counted with n8n's n8n_expression_pool_acquired_total (scripts/isolates): a
 * callback whose read is kept costs 1 isolate (n8n's own webhook gate), one read afresh 2. With
 * N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true the read costs none (an isolate is made only for an
 * expression, and the credential holds none): there the reuse saves nothing, but n8n's default is
 * eager, so it stays.
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
 * and whether it accepts the request. `slot` names what is kept when one credential is read for
 * more than one purpose (each purpose keeps its own value).
 */
export async function credentialAccepts<T>(
	fn: IWebhookFunctions,
	type: string,
	read: (credentials: ICredentialDataDecryptedObject) => T,
	accepts: (value: T) => boolean,
	now = Date.now(),
	slot = '',
): Promise<{ accepted: boolean; value: T }> {
	const id = fn.getNode().credentials?.[type]?.id;
	const key = id ? `${type}:${id}${slot ? `:${slot}` : ''}` : undefined;
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
