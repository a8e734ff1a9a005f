/**
 * A real n8n-core LoadOptionsContext for the SolSwitch Admin node, as the editor's dropdown requests
 * get: the node's listSearch methods run with n8n's own request helpers and credential injection.
 */
import { LoadOptionsContext } from 'n8n-core';
import {
	ICredentialsHelper,
	Workflow,
	type ICredentialDataDecryptedObject,
	type IHttpRequestOptions,
	type INodeParameters,
	type INodeType,
	type INodeTypes,
	type IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { allCredentialTypes, allNodeTypes } from '../../helpers/packageTypes';

class CredentialsFromTest extends ICredentialsHelper {
	constructor(private readonly store: Record<string, ICredentialDataDecryptedObject>) {
		super();
	}
	getParentTypes() {
		return [];
	}
	async authenticate(credentials: ICredentialDataDecryptedObject, typeName: string, request: IHttpRequestOptions) {
		const type = allCredentialTypes[typeName];
		if (typeof type?.authenticate !== 'function') throw new Error(`no function-form authenticate on ${typeName}`);
		return await type.authenticate(credentials, request);
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
		if (!this.store[type]) throw new Error(`no credential of type ${type} given`);
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

const nodeTypes: INodeTypes = {
	getByName: (name: string) => allNodeTypes[name.replace(/^n8n-nodes-solswitch\./, '')],
	getByNameAndVersion: (name: string) => allNodeTypes[name.replace(/^n8n-nodes-solswitch\./, '')] as INodeType,
	getKnownTypes: () => ({}),
};

/** The context a dropdown of the node gets, with the node's current parameters. */
export function loadOptionsContext(parameters: INodeParameters, credentials: Record<string, ICredentialDataDecryptedObject>) {
	const node = {
		id: 'admin',
		name: 'SolSwitch Admin',
		type: 'n8n-nodes-solswitch.solSwitchAdmin',
		typeVersion: 1,
		position: [0, 0] as [number, number],
		parameters,
		credentials: Object.fromEntries(Object.keys(credentials).map((c) => [c, { id: c, name: c }])),
	};
	const workflow = new Workflow({ id: 'w', nodes: [node], connections: {}, nodeTypes, active: false, settings: {} });
	const base = {
		credentialsHelper: new CredentialsFromTest(credentials),
		currentNodeParameters: parameters,
		restApiUrl: 'http://127.0.0.1/rest',
		instanceBaseUrl: 'http://127.0.0.1/',
		webhookBaseUrl: 'http://127.0.0.1/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1/webhook-test',
		formWaitingBaseUrl: 'http://127.0.0.1/form-waiting',
		variables: {},
		executionId: undefined,
	};
	const additionalData = new Proxy(base, { get: (t, p) => (t as Record<string | symbol, unknown>)[p] }) as unknown as IWorkflowExecuteAdditionalData;
	return new LoadOptionsContext(workflow, node, additionalData, 'parameters');
}
