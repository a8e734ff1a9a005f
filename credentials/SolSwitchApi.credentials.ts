import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
	Icon,
} from 'n8n-workflow';
import { defaultCustomerOf } from '../nodes/engine/defaultCustomer';
import { addKeyToBody } from '../nodes/engine/transport/keyInBody';

/**
 * The switch's `{base_url}` and API key. The key travels as the request attribute `Key`; it is
 * optional because the switch may allow this n8n server by its IP address instead.
 */
export class SolSwitchApi implements ICredentialType {
	name = 'solSwitchApi';

	displayName = 'SolSwitch API';

	icon: Icon = { light: 'file:../icons/solswitch.svg', dark: 'file:../icons/solswitch.dark.svg' };

	documentationUrl = 'https://github.com/solswitch/n8n-nodes-solswitch/blob/main/docs/credentials.md#solswitch-api';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://switch.example.com',
			description: 'Address of the switch, without /api (functions are called at <Base URL>/api/<function>/)',
		},
		{
			displayName: 'Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				'API key generated in the switch portal (API management). Leave empty if the switch allows this n8n server by IP address instead.',
		},
		{
			displayName: 'Default Customer',
			name: 'customer',
			type: 'string',
			default: '',
			placeholder: '1',
			description:
				"Numeric customer ID sent when a node's Customer field is left empty (only where Customer is the customer a function acts for). Set it to the key's own customer for a customer-scoped key; empty means the switch default (1).",
		},
	];

	authenticate = async (
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> => {
		// Checked on every request, the credential test's included: a Default Customer that is not a
		// numeric customer ID fails there with this message instead of reaching the switch.
		defaultCustomerOf(credentials.customer);
		return addKeyToBody(requestOptions, credentials.apiKey);
	};

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
			url: '/api/listactivecalls/',
			method: 'POST',
			body: { Customer: '={{$credentials.customer || 1}}' },
		},
		rules: [
			{
				type: 'responseSuccessBody',
				properties: {
					key: 'Status',
					value: 'FAIL',
					message: 'The switch refused the request: check the Key, the Default Customer and that this server\'s IP address is allowed',
				},
			},
		],
	};
}
