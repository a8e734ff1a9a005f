/**
 * What a test needs around n8n-core's real execution classes (WorkflowExecute, WebhookContext,
 * LoadOptionsContext): the credential store (decrypted data the test gives), the package's node
 * types, the additionalData a bare n8n process would pass, and n8n-core's DI container.
 */
import { createRequire } from 'node:module';
import { BinaryDataService } from 'n8n-core';
import {
	ICredentialsHelper,
	type ICredentialDataDecryptedObject,
	type IHttpRequestOptions,
	type INodeType,
	type INodeTypes,
	type IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { allCredentialTypes, allNodeTypes } from './packageTypes';

// n8n-core has its own copy of @n8n/di: its services live in that copy's container.
export const { Container } = createRequire(require.resolve('n8n-core'))('@n8n/di') as typeof import('@n8n/di');

/** Hands out the decrypted credentials a test gives, and applies the credential types' authenticate. */
export class TestCredentialsHelper extends ICredentialsHelper {
	constructor(private readonly store: Record<string, ICredentialDataDecryptedObject>) {
		super();
	}
	getParentTypes() {
		return [];
	}
	async authenticate(credentials: ICredentialDataDecryptedObject, typeName: string, requestParams: IHttpRequestOptions) {
		const type = allCredentialTypes[typeName];
		if (type && typeof type.authenticate === 'function') return await type.authenticate(credentials, requestParams);
		if (type?.authenticate) throw new Error(`Test harness: generic authenticate of ${typeName} is not supported; write it as a function`);
		return requestParams;
	}
	async preAuthentication() {
		return undefined;
	}
	async runPreAuthentication() {
		return undefined;
	}
	getCredentialsProperties() {
		return [];
	}
	async getDecrypted(_a: unknown, _n: unknown, type: string) {
		if (!this.store[type]) throw new Error(`Test harness: no credential of type ${type} given`);
		return this.store[type];
	}
	async getCredentials(): Promise<never> {
		throw new Error('not used');
	}
	isCredentialUsableByNode() {
		return true;
	}
	async updateCredentials() {}
	async updateCredentialsOauthTokenData() {}
}

/** The package's node types under the names n8n gives them (n8n-nodes-solswitch.<name>). */
export const packageNodeTypes: INodeTypes = {
	getByName(name: string) {
		const type = allNodeTypes[name.replace(/^n8n-nodes-solswitch\./, '')];
		if (!type) throw new Error(`Unknown node type ${name}`);
		return type;
	},
	getByNameAndVersion(name: string) {
		return this.getByName(name) as INodeType;
	},
	getKnownTypes: () => ({}),
};

/**
 * additionalData as a bare n8n process passes it: URLs, no variables. Anything else n8n-core asks
 * of it is absent.
 */
export function testAdditionalData(extra: Record<string, unknown>): IWorkflowExecuteAdditionalData {
	const base = {
		restApiUrl: 'http://127.0.0.1/rest',
		instanceBaseUrl: 'http://127.0.0.1/',
		webhookBaseUrl: 'http://127.0.0.1/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1/webhook-test',
		formWaitingBaseUrl: 'http://127.0.0.1/form-waiting',
		variables: {},
		currentNodeParameters: undefined,
		...extra,
	};
	return new Proxy(base, { get: (t, p) => (t as Record<string | symbol, unknown>)[p] }) as unknown as IWorkflowExecuteAdditionalData;
}

let binaryReady: Promise<void> | undefined;
/** n8n-core's binary data service, started once per test process. */
export async function initBinaryData() {
	binaryReady ??= Container.get(BinaryDataService).init();
	await binaryReady;
}
