import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { executeCatalog } from '../engine/execute';
import { buildCredentials } from '../engine/generators/credentials';
import { buildProperties } from '../engine/generators/properties';
import { buildSubtitle } from '../engine/generators/subtitle';
import { messagingCatalog } from './catalog';

/** SMS and MMS through the SolSwitch messaging gateway; everything below comes from the catalog. */
export class SolSwitchMessaging implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'SolSwitch Messaging',
		name: 'solSwitchMessaging',
		icon: { light: 'file:../../icons/solswitch-messaging.svg', dark: 'file:../../icons/solswitch-messaging.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle: buildSubtitle(messagingCatalog),
		description: 'Send SMS and MMS, reply to incoming messages and read the usage report of the SolSwitch messaging gateway',
		defaults: { name: 'SolSwitch Messaging' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: buildCredentials(messagingCatalog),
		properties: buildProperties(messagingCatalog),
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await executeCatalog(this, messagingCatalog);
	}
}
