import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { executeCatalog } from '../engine/execute';
import { buildCredentials } from '../engine/generators/credentials';
import { buildProperties } from '../engine/generators/properties';
import { buildSubtitle } from '../engine/generators/subtitle';
import { solSwitchAdminCatalog } from './catalog';
import { listSearch } from './methods/listSearch';
import { ADMIN_NODE_VERSIONS, NO_LEGACY_VERSION } from './versions';

/** Provisioning on a SolSwitch switch (switch-management.md); everything below comes from the catalog. */
export class SolSwitchAdmin implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'SolSwitch Admin',
		name: 'solSwitchAdmin',
		icon: { light: 'file:../../icons/solswitch-admin.svg', dark: 'file:../../icons/solswitch-admin.dark.svg' },
		group: ['transform'],
		version: ADMIN_NODE_VERSIONS,
		defaultVersion: NO_LEGACY_VERSION,
		subtitle: buildSubtitle(solSwitchAdminCatalog),
		description:
			'Manage DIDs, customers, extensions, SIP accounts, trunks, voicemail boxes and firewall rules, and read 911, time rule and toll data on a SolSwitch switch',
		defaults: { name: 'SolSwitch Admin' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: buildCredentials(solSwitchAdminCatalog),
		properties: buildProperties(solSwitchAdminCatalog),
	};

	methods = { listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await executeCatalog(this, solSwitchAdminCatalog);
	}
}
