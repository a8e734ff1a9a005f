/**
 * The generated blocks of the README and the docs/ pages: which file holds which block, and its
 * content from the catalogs and event tables. Add a catalog or a trigger here. The benchmarks block
 * (docs/performance.md) is written by `npm run bench` only; BENCH_BLOCK names where it lives.
 */
import { eventsList, eventsTable } from './readme/eventsTable';
import { operationsList, operationsTable } from './readme/operationsTable';
import { solSwitchCatalog } from '../nodes/SolSwitch/catalog';
import { solSwitchAdminCatalog } from '../nodes/SolSwitchAdmin/catalog';
import { messagingCatalog } from '../nodes/SolSwitchMessaging/catalog';
import { MESSAGING_TRIGGER } from '../nodes/SolSwitchMessagingTrigger/events';
import { SWITCH_TRIGGER } from '../nodes/SolSwitchTrigger/events';

export interface GeneratedBlock {
	/** Path from the repository root. */
	file: string;
	id: string;
	content: string;
}

export const BENCH_BLOCK = { file: 'docs/performance.md', id: 'benchmarks' } as const;

export function readmeBlocks(): GeneratedBlock[] {
	return [
		{ file: 'README.md', id: 'operations-list:solSwitch', content: operationsList(solSwitchCatalog) },
		{ file: 'README.md', id: 'operations-list:solSwitchAdmin', content: operationsList(solSwitchAdminCatalog) },
		{ file: 'README.md', id: 'operations-list:solSwitchMessaging', content: operationsList(messagingCatalog) },
		{ file: 'README.md', id: 'events-list:solSwitchTrigger', content: eventsList(SWITCH_TRIGGER) },
		{ file: 'README.md', id: 'events-list:solSwitchMessagingTrigger', content: eventsList(MESSAGING_TRIGGER) },
		{ file: 'docs/nodes/solswitch.md', id: 'operations:solSwitch', content: operationsTable(solSwitchCatalog) },
		{ file: 'docs/nodes/solswitch-admin.md', id: 'operations:solSwitchAdmin', content: operationsTable(solSwitchAdminCatalog) },
		{ file: 'docs/nodes/solswitch-messaging.md', id: 'operations:solSwitchMessaging', content: operationsTable(messagingCatalog) },
		{ file: 'docs/nodes/solswitch-trigger.md', id: 'events:solSwitchTrigger', content: eventsTable(SWITCH_TRIGGER) },
		{ file: 'docs/nodes/solswitch-messaging-trigger.md', id: 'events:solSwitchMessagingTrigger', content: eventsTable(MESSAGING_TRIGGER) },
	];
}
