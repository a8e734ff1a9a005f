import {
	NodeConnectionTypes,
	NodeOperationError,
	type IHookFunctions,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';
import { triggerProperties } from './description';
import { eventKind } from './events';
import { admit, settingsProblems, type GuardOptions } from './guard';
import { handleDigitValidation } from './handlers/digitValidation';
import { handleNotification } from './handlers/notification';
import { handleSipPacket } from './handlers/sipPacket';
import { replyRefusal } from './replies';

/**
 * Receives the switch's callbacks: SIP POST and monitoring notifications, SIP packet POSTs and
 * Digit Validation requests. The URL is pasted into the switch portal by hand, so the webhook
 * lifecycle registers nothing remotely; it only checks the node's settings when published.
 */
export class SolSwitchTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'SolSwitch Trigger',
		name: 'solSwitchTrigger',
		icon: { light: 'file:../../icons/solswitch-trigger.svg', dark: 'file:../../icons/solswitch-trigger.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["event"]}}',
		description: 'Starts a workflow on SolSwitch call notifications, SIP packet POSTs and Digit Validation requests',
		defaults: { name: 'SolSwitch Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				// Each event kind has its own URL: <webhook id>/<event kind>.
				path: '={{$parameter["event"]}}',
				// Notifications and SIP packets are answered by the node itself (noWebhookResponse);
				// a Digit Validation waits for the workflow's option.
				responseMode: '={{$parameter["event"] === "digit-validation" ? $parameter["answerFrom"] : "onReceived"}}',
				responseData: 'firstEntryJson',
				responsePropertyName: '={{$parameter["answerField"]}}',
				responseContentType: 'text/plain',
			},
		],
		properties: triggerProperties,
	};

	webhookMethods = {
		default: {
			// Nothing to register on the switch: the URL is pasted in its portal. Publishing still
			// refuses settings that would make every request fail.
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return false;
			},
			async create(this: IHookFunctions): Promise<boolean> {
				const problems = settingsProblems(this.getNodeParameter('options', {}) as GuardOptions);
				if (this.getNodeParameter('event') === 'sip-packet' && !this.getNodeParameter('packetApiKey', '')) {
					problems.push('Packet API Key is required to check the APIKey the switch sends');
				}
				if (problems.length) throw new NodeOperationError(this.getNode(), problems.join('; '));
				return true;
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const kind = eventKind(this.getNodeParameter('event') as string);
		const admitted = admit(this, kind, this.getNodeParameter('options', {}) as GuardOptions);
		if ('refusal' in admitted) {
			replyRefusal(this.getResponseObject(), admitted.refusal.status, admitted.refusal.reason);
			return { noWebhookResponse: true };
		}
		if (kind.value === 'sip-packet') return handleSipPacket(this, admitted.fields);
		if (kind.value === 'digit-validation') return handleDigitValidation(this, admitted.fields);
		return handleNotification(this, kind, admitted.fields);
	}
}
