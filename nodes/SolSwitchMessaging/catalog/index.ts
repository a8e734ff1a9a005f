/** The SolSwitch Messaging node's catalog: messaging-gateway.md. */
import type { Catalog } from '../../engine/catalog/types';
import { messages } from './messages';
import { usage } from './usage';

export const messagingCatalog: Catalog = {
	credential: 'solSwitchMessagingApi',
	service: 'gateway',
	// `{sms_url}` = <host>/sms/, `{mms_url}` = <host>/mms/, usage report at {base_url}/sms/report.
	url: (baseUrl, path) => `${baseUrl.trim().replace(/\/+$/, '')}${path}`,
	hints: [
		[
			/ip address not allowed/i,
			"The gateway refused this n8n server's address: give the operator this server's public IP address for the MT API allow-list.",
		],
		[
			/not authori[sz]ed/i,
			'Check the Sending Key in the SolSwitch Messaging API credential: it must be the key the operator configured, copied without spaces.',
		],
	],
	resources: [
		{ value: 'message', name: 'Message', description: 'Send SMS and MMS, reply to an incoming message' },
		{ value: 'usage', name: 'Usage', description: 'Message counts and records' },
	],
	operations: [...messages, ...usage],
};
