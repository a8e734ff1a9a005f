import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { executeCatalog } from '../engine/execute';
import { buildCredentials } from '../engine/generators/credentials';
import { ACTION_NODE_VERSIONS, LISTING_VERSION } from '../engine/generators/listing';
import { buildProperties } from '../engine/generators/properties';
import { buildSubtitle } from '../engine/generators/subtitle';
import { solSwitchCatalog } from './catalog';
import { listSearch } from './methods/listSearch';
import { callAndWaitWebhook } from './callAndWait/webhook';
import { RESTART_WEBHOOK_METHODS, SEND_AND_WAIT_WEBHOOKS } from '../shared/humanInTheLoop/webhooks';

/**
 * Call control and reporting on a SolSwitch switch; everything below comes from the catalog, except
 * the waiting webhook of Call and Wait for Keypress (callAndWait/webhook.ts), which n8n calls on the
 * execution's resume URL when the switch's Digit Validation posts the pressed keys.
 */
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
		// Call and Wait's resume URL, declared as n8n's own send-and-wait nodes declare it.
		webhooks: SEND_AND_WAIT_WEBHOOKS,
	};

	methods = { listSearch };

	// A restart webhook is never registered: nothing to create or delete (webhooks.ts).
	webhookMethods = RESTART_WEBHOOK_METHODS;

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await callAndWaitWebhook.call(this);
	}

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await executeCatalog(this, solSwitchCatalog);
	}
}
