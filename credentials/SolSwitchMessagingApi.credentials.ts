import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
	Icon,
} from 'n8n-workflow';
import { addKeyToBody } from '../nodes/engine/transport/keyInBody';

/**
 * The messaging gateway (messaging-gateway.md): its base URL, from which `<host>/sms/`, `<host>/mms/`
 * and `<host>/sms/report` follow; the Key sent with MT messages and the usage report; and the inbound
 * key the gateway attaches to its callbacks, which may differ from the sending key.
 */
export class SolSwitchMessagingApi implements ICredentialType {
	name = 'solSwitchMessagingApi';

	displayName = 'SolSwitch Messaging API';

	icon: Icon = { light: 'file:../icons/solswitch.svg', dark: 'file:../icons/solswitch.dark.svg' };

	documentationUrl = 'https://github.com/solswitch/n8n-nodes-solswitch/blob/main/docs/credentials.md#solswitch-messaging-api';

	properties: INodeProperties[] = [
		{
			displayName: 'Gateway Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://sms.example.com',
			description: 'Address of the messaging gateway; SMS go to <Base URL>/sms/, MMS to <Base URL>/mms/, the usage report to <Base URL>/sms/report',
		},
		{
			displayName: 'Sending Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description: 'API key for sending messages and the usage report. Leave empty if the gateway allows this n8n server by IP address only.',
		},
		{
			displayName: 'Inbound Key',
			name: 'inboundApiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description: 'Key the gateway attaches to messages and reports it sends to n8n (give the same key to the operator). Leave empty to accept callbacks without a key.',
		},
		{
			displayName: 'Inbound Key Type',
			name: 'inboundKeyType',
			type: 'options',
			default: 'body',
			options: [
				{ name: 'Body', value: 'body', description: 'The key is the Key member of the JSON body' },
				{ name: 'Header', value: 'header', description: 'The key is sent as Authorization: Bearer <key> and x-api-key: <key>' },
			],
			description: 'How the gateway sends the inbound key; tell the operator the same choice',
		},
	];

	authenticate = async (
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> => addKeyToBody(requestOptions, credentials.apiKey);

	// A one-day usage report without details: harmless, and refused with a FAIL when the key or the
	// server's address is not allowed.
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
			url: '/sms/report',
			method: 'POST',
			body: {
				FromDate: '={{$now.toFormat("yyyy-MM-dd")}}',
				ToDate: '={{$now.toFormat("yyyy-MM-dd")}}',
				Details: 'no',
			},
		},
		rules: [
			{
				type: 'responseSuccessBody',
				properties: {
					key: 'Status',
					value: 'FAIL',
					message: "The gateway refused the request: check the Sending Key and that this server's IP address is allowed",
				},
			},
		],
	};
}
