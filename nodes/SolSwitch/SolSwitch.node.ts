import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { executeCatalog } from '../engine/execute';
import { buildCredentials } from '../engine/generators/credentials';
import { ACTION_NODE_VERSIONS, LISTING_VERSION } from '../engine/generators/listing';
import { buildProperties } from '../engine/generators/properties';
import { buildSubtitle } from '../engine/generators/subtitle';
import { solSwitchCatalog } from './catalog';
import { listSearch } from './methods/listSearch';

/** Call control and reporting on a SolSwitch switch; everything below comes from the catalog. */
export class SolSwitch implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'SolSwitch',
		name: 'solSwitch',
		icon: { light: 'file:../../icons/solswitch-call.svg', dark: 'file:../../icons/solswitch-call.dark.svg' },
		group: ['transform'],
		version: ACTION_NODE_VERSIONS,
		defaultVersion: LISTING_VERSION,
		subtitle: buildSubtitle(solSwitchCatalog),
		description: 'Place, hold and transfer calls, send DTMF and faxes, and read call records and live stats on a SolSwitch switch',
		defaults: { name: 'SolSwitch' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: buildCredentials(solSwitchCatalog),
		properties: buildProperties(solSwitchCatalog),
	};

	methods = { listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await executeCatalog(this, solSwitchCatalog);
	}
}
