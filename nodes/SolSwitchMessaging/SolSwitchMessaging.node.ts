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
import { buildProperties } from '../engine/generators/properties';
import { buildSubtitle } from '../engine/generators/subtitle';
import { messagingCatalog } from './catalog';
import { messageTooLongHint } from './sendAndWait/hint';
import { RESTART_WEBHOOK_METHODS, SEND_AND_WAIT_WEBHOOKS } from '../shared/humanInTheLoop/webhooks';
import { sendAndWaitWebhook } from './sendAndWait/webhook';
import { MESSAGING_NODE_VERSIONS, TOGGLES_VERSION } from './versions';

/**
 * SMS and MMS through the SolSwitch messaging gateway; everything below comes from the catalog, except
 * the waiting webhook of Send and Wait for Response (sendAndWait/webhook.ts), which n8n calls on the
 * execution's resume URL when the Messaging Trigger forwards the reply.
 */
export class SolSwitchMessaging implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'SolSwitch Messaging',
		name: 'solSwitchMessaging',
		icon: { light: 'file:../../icons/solswitch-messaging.svg', dark: 'file:../../icons/solswitch-messaging.dark.svg' },
		group: ['output'],
		version: MESSAGING_NODE_VERSIONS,
		defaultVersion: TOGGLES_VERSION,
		subtitle: buildSubtitle(messagingCatalog),
		description: 'Send SMS and MMS, send an SMS and wait for the reply (approvals), reply to incoming messages and read the usage report of the SolSwitch messaging gateway',
		defaults: { name: 'SolSwitch Messaging' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: buildCredentials(messagingCatalog),
		properties: buildProperties(messagingCatalog),
		// Send and Wait's resume URL (sendAndWait/webhooks.ts), declared as n8n's own send-and-wait nodes declare it.
		webhooks: SEND_AND_WAIT_WEBHOOKS,
		hints: [messageTooLongHint],
	};

	// A restart webhook is never registered: nothing to create or delete (webhooks.ts).
	webhookMethods = RESTART_WEBHOOK_METHODS;

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await sendAndWaitWebhook.call(this);
	}

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await executeCatalog(this, messagingCatalog);
	}
}
