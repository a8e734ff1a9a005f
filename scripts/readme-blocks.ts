/** The README blocks generated from the catalogs: block id -> content. Add a catalog here. */
import { operationsTable } from './readme/operationsTable';
import { solSwitchCatalog } from '../nodes/SolSwitch/catalog';
import { solSwitchAdminCatalog } from '../nodes/SolSwitchAdmin/catalog';
import { messagingCatalog } from '../nodes/SolSwitchMessaging/catalog';

export function readmeBlocks(): Record<string, string> {
	return {
		'operations:solSwitch': operationsTable(solSwitchCatalog),
		'operations:solSwitchAdmin': operationsTable(solSwitchAdminCatalog),
		'operations:solSwitchMessaging': operationsTable(messagingCatalog),
	};
}
