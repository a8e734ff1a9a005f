/** The SolSwitch Messaging node's catalog: messaging-gateway.md. */
import type { Catalog } from '../../engine/catalog/types';
import { gatewayService } from '../../shared/services';
import { messages } from './messages';
import { usage } from './usage';

/** No dropdowns (`load`) on this node. */
export const messagingCatalog: Catalog<never> = {
	service: gatewayService,
	resources: [
		{ value: 'message', name: 'Message', description: 'Send SMS and MMS, reply to an incoming message' },
		{ value: 'usage', name: 'Usage', description: 'Message counts and records' },
	],
	operations: [...messages, ...usage],
};
