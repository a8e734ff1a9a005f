/**
 * A node run's credentials, read once. n8n reads a credential from its database and decrypts it at
 * every getCredentials() call; the engine needs it for each item (the base URL, the Customer default,
 * the secrets to keep out of errors), which over thousands of items (a bulk send) made the database
 * the bottleneck. A node's credential cannot change during one run, so one read per run and type.
 */
import type { ICredentialDataDecryptedObject, IExecuteFunctions, ILoadOptionsFunctions, IWebhookFunctions } from 'n8n-workflow';

type Context = IExecuteFunctions | ILoadOptionsFunctions | IWebhookFunctions;

const read = new WeakMap<Context, Map<string, Promise<ICredentialDataDecryptedObject>>>();

export function credentialsOnce(ctx: Context, type: string): Promise<ICredentialDataDecryptedObject> {
	let byType = read.get(ctx);
	if (!byType) read.set(ctx, (byType = new Map()));
	let credentials = byType.get(type);
	if (!credentials) {
		credentials = ctx.getCredentials(type);
		byType.set(type, credentials);
		// A failed read (no credential set) is not remembered: the next item reports it again.
		credentials.catch(() => byType!.delete(type));
	}
	return credentials;
}
