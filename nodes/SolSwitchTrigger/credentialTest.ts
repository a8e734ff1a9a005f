/**
 * The SolSwitch Callbacks API credential's test. Nothing is sent with it (the switch calls n8n), so
 * its test checks what would make every callback fail: no secret at all, or a Shared Secret that
 * cannot travel unchanged in the ?secret= of the URL pasted in the portal.
 */
import type { ICredentialDataDecryptedObject, ICredentialsDecrypted, ICredentialTestFunctions, INodeCredentialTestResult } from 'n8n-workflow';
import { secretsOf } from './callbackSecrets';

/** Characters a URL query carries as they are (RFC 3986 unreserved). */
const URL_SAFE = /^[A-Za-z0-9\-._~]*$/;

export function checkCallbackSecrets(data: ICredentialDataDecryptedObject): INodeCredentialTestResult {
	const { packetApiKey, sharedSecret } = secretsOf(data);
	if (!packetApiKey && !sharedSecret) {
		return { status: 'Error', message: 'Set the Packet API Key (SIP Packet POST), a Shared Secret, or both' };
	}
	if (!URL_SAFE.test(sharedSecret)) {
		return {
			status: 'Error',
			message: 'The Shared Secret has characters that change in a URL (such as &, #, + or spaces): use letters, digits and - . _ ~',
		};
	}
	return { status: 'OK', message: 'The secrets can be used: the switch is checked when it calls' };
}

export async function solSwitchCallbacksApiTest(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted<ICredentialDataDecryptedObject>,
): Promise<INodeCredentialTestResult> {
	return checkCallbackSecrets(credential.data ?? {});
}
