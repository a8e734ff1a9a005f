/** The messaging gateway of a test's sandbox, and credentials pointing at it. */
import { DEFAULT_GATEWAY_KEY, DEFAULT_INBOUND_KEY } from '../../../sandbox/gateway/config';
import { gatewayOf } from '../../../sandbox/gateway';
import type { Sandbox } from '../../../sandbox/server';

export function messagingCredentials(sandbox: Sandbox, overrides: Record<string, unknown> = {}) {
	return {
		solSwitchMessagingApi: {
			baseUrl: sandbox.url,
			apiKey: DEFAULT_GATEWAY_KEY,
			inboundApiKey: DEFAULT_INBOUND_KEY,
			inboundKeyType: 'body',
			...overrides,
		},
	};
}

/** Requests the gateway received on a path ('/sms/', '/mms/', '/sms/report'). */
export function gatewayReceived(sandbox: Sandbox, path: string) {
	return sandbox.exchanges.entries.filter((e) => e.direction === 'in' && e.service === 'gateway' && e.path === path);
}

export { gatewayOf };
