/**
 * The switch's callback secrets (Packet API Key, Shared Secret): from the SolSwitch Callbacks API
 * credential when one is attached. Version 1 of the trigger kept them as node fields (stored in the
 * workflow JSON); a version 1 node without the credential still reads them there, so saved
 * workflows keep working.
 */
import type { ICredentialDataDecryptedObject, IDataObject, IWebhookFunctions } from 'n8n-workflow';
import { credentialAccepts, hasCredential } from '../engine/trigger/keptCredential';
import { constantTimeEqual } from '../engine/trigger/secrets';
import type { Refusal } from '../engine/trigger/types';

export const CALLBACKS_CREDENTIAL = 'solSwitchCallbacksApi';

/** Where a callback carries the shared secret: the URL's query or a header. */
export const SECRET_QUERY_PARAMETER = 'secret';
export const SECRET_HEADER = 'x-solswitch-secret';

export interface CallbackSecrets {
	packetApiKey: string;
	sharedSecret: string;
}

/** The one reader of the credential (the kit keeps one value per credential). */
export function secretsOf(credentials: ICredentialDataDecryptedObject): CallbackSecrets {
	return { packetApiKey: String(credentials.packetApiKey ?? ''), sharedSecret: String(credentials.sharedSecret ?? '') };
}

/** Version 1's node fields. */
function legacySecrets(fn: IWebhookFunctions): CallbackSecrets {
	const options = fn.getNodeParameter('options', {}) as IDataObject;
	return { packetApiKey: String(fn.getNodeParameter('packetApiKey', '') ?? ''), sharedSecret: String(options.sharedSecret ?? '') };
}

/** Whether `accepts` takes the expected value of one secret; the value, to tell "not set" from "differs". */
export async function checkSecret(
	fn: IWebhookFunctions,
	name: keyof CallbackSecrets,
	accepts: (expected: string) => boolean,
): Promise<{ accepted: boolean; expected: string }> {
	if (hasCredential(fn, CALLBACKS_CREDENTIAL)) {
		const { accepted, value } = await credentialAccepts(fn, CALLBACKS_CREDENTIAL, secretsOf, (s) => accepts(s[name]));
		return { accepted, expected: value[name] };
	}
	const expected = fn.getNode().typeVersion < 2 ? legacySecrets(fn)[name] : '';
	return { accepted: accepts(expected), expected };
}

/** The guard's secret step: the shared secret in the URL (?secret=) or a header, compared in constant time. */
export async function checkSharedSecret(fn: IWebhookFunctions): Promise<Refusal | undefined> {
	const query = fn.getQueryData() as IDataObject;
	const header = fn.getHeaderData()[SECRET_HEADER];
	const given = [query[SECRET_QUERY_PARAMETER], header].find((v) => typeof v === 'string' && v !== '') as string | undefined;
	const secret = await checkSecret(fn, 'sharedSecret', (expected) => !expected || (given !== undefined && constantTimeEqual(given, expected)));
	if (secret.accepted) return undefined;
	if (given === undefined) return { status: 401, reason: 'Shared secret missing: give it as ?secret= in the URL or in the X-SolSwitch-Secret header' };
	return { status: 401, reason: 'Shared secret does not match' };
}
