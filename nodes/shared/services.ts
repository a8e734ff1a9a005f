/**
 * The two services the nodes talk to, as the generic transport needs them described: which
 * credential, how a path becomes a URL, which credential values are secrets, where the default
 * customer is. The engine knows neither service by name nor any credential field.
 */
import type { ServiceSpec } from '../engine/catalog/types';
import { switchHints } from './switchHints';

const text = (value: unknown) => String(value ?? '');

/** The switch's function URL, `{base_url}/api/<path>/`, with exactly one slash between parts. */
export function functionUrl(baseUrl: string, path: string): string {
	return `${baseUrl.replace(/\/+$/, '')}/api/${path.replace(/^\/+|\/+$/g, '')}/`;
}

/** The switch (SolSwitch API credential): `{base_url}/api/<path>/`, the key and a default customer. */
export const switchService: ServiceSpec = {
	name: 'switch',
	credential: 'solSwitchApi',
	url: (credentials, path) => functionUrl(text(credentials.baseUrl), path),
	secrets: (credentials) => [text(credentials.apiKey)],
	defaultCustomer: (credentials) => credentials.customer,
	baseUrlHint: 'Check the Base URL in the credential: it should be the address of the switch, without /api.',
	// The switch's Reasons (switch-calls-reporting.md, Errors), each hint only where it fits the function.
	hintsFor: switchHints,
};

/** The MT SMS function (messaging-gateway.md, MT SMS request: `{sms_url}` = <host>/sms/). */
export const SMS_PATH = '/sms/';

/** The messaging gateway (SolSwitch Messaging API credential): `{sms_url}` = <host>/sms/ and so on. */
export const gatewayService: ServiceSpec = {
	name: 'gateway',
	credential: 'solSwitchMessagingApi',
	// `{sms_url}` = <host>/sms/, `{mms_url}` = <host>/mms/, usage report at {base_url}/sms/report.
	url: (credentials, path) => `${text(credentials.baseUrl).trim().replace(/\/+$/, '')}${path}`,
	secrets: (credentials) => [text(credentials.apiKey), text(credentials.inboundApiKey)],
	baseUrlHint: 'Check the Base URL in the credential: it should be the address of the gateway.',
	hints: [
		[
			/ip address not allowed/i,
			"The gateway refused this n8n server's address: give the operator this server's public IP address for the allow-list of its sending API.",
		],
		[
			/not authori[sz]ed/i,
			'Check the Sending Key in the SolSwitch Messaging API credential: it must be the key the operator configured, copied without spaces.',
		],
	],
};
