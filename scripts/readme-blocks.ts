/** The README blocks generated from the catalogs and event tables: block id -> content. Add a catalog or a trigger here. */
import { eventsTable } from './readme/eventsTable';
import { operationsTable } from './readme/operationsTable';
import { solSwitchCatalog } from '../nodes/SolSwitch/catalog';
import { solSwitchAdminCatalog } from '../nodes/SolSwitchAdmin/catalog';
import { messagingCatalog } from '../nodes/SolSwitchMessaging/catalog';
import { MESSAGING_TRIGGER } from '../nodes/SolSwitchMessagingTrigger/events';
import { SWITCH_TRIGGER } from '../nodes/SolSwitchTrigger/events';

export function readmeBlocks(): Record<string, string> {
	return {
		'operations:solSwitch': operationsTable(solSwitchCatalog),
		'operations:solSwitchAdmin': operationsTable(solSwitchAdminCatalog),
		'operations:solSwitchMessaging': operationsTable(messagingCatalog),
		'events:solSwitchTrigger': eventsTable(SWITCH_TRIGGER),
		'events:solSwitchMessagingTrigger': eventsTable(MESSAGING_TRIGGER),
	};
}
