/** The README blocks generated from the catalogs: block id -> content. Add a catalog here. */
import { operationsTable } from '../nodes/shared/generators/readme';
import { solSwitchCatalog } from '../nodes/SolSwitch/catalog';

export function readmeBlocks(): Record<string, string> {
	return {
		'operations:solSwitch': operationsTable(solSwitchCatalog),
	};
}
