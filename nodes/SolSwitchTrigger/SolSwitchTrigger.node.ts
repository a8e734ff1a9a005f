import {
	NodeConnectionTypes,
	NodeOperationError,
	type IHookFunctions,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';
import { triggerSubtitle, triggerVersions, webhookDescription } from '../engine/trigger/describe';
import { dispatch } from '../engine/trigger/dispatch';
import { settingsProblems, type GuardOptions } from '../engine/trigger/guard';
import { CALLBACKS_CREDENTIAL, secretsOf } from './callbackSecrets';
import { solSwitchCallbacksApiTest } from './credentialTest';
import { CALL_EVENT_VALUES, SWITCH_TRIGGER } from './events';
import { LATEST_VERSION, triggerProperties } from './properties';

/**
 * Receives the switch's callbacks: SIP POST and monitoring notifications, SIP packet POSTs and
 * Digit Validation requests, as the event table (events.ts) describes them. The URL is pasted into
 * the switch portal by hand, so the webhook lifecycle registers nothing remotely; it only checks the
 * node's settings when published.
 */
export class SolSwitchTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'SolSwitch Trigger',
		name: 'solSwitchTrigger',
		icon: { light: 'file:../../icons/solswitch-trigger.svg', dark: 'file:../../icons/solswitch-trigger.dark.svg' },
		group: ['trigger'],
		// 2: the Packet API Key and the Shared Secret moved into the SolSwitch Callbacks API credential.
		// Not 1, so n8n evaluates no expression for it in the webhook phase (FIRST_ENGINE_FREE_VERSION).
		...triggerVersions([1, LATEST_VERSION]),
		subtitle: triggerSubtitle(SWITCH_TRIGGER),
		description: 'Starts a workflow on SolSwitch call notifications, missed and ended calls, new recordings, SIP packet POSTs and Digit Validation requests',
		defaults: { name: 'SolSwitch Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{ name: 'solSwitchCallbacksApi', required: false, testedBy: 'solSwitchCallbacksApiTest' },
			// The call events read the call's records from the switch.
			{ name: 'solSwitchApi', required: true, displayOptions: { show: { event: CALL_EVENT_VALUES } } },
		],
		webhooks: [webhookDescription(SWITCH_TRIGGER)],
		properties: triggerProperties,
	};

	methods = { credentialTest: { solSwitchCallbacksApiTest } };

	webhookMethods = {
		default: {
			// Nothing to register on the switch: the URL is pasted in its portal. Publishing still
			// refuses settings that would make every request fail.
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return false;
			},
			async create(this: IHookFunctions): Promise<boolean> {
				const problems = settingsProblems(this.getNodeParameter('options', {}) as GuardOptions);
				if (this.getNodeParameter('event') === 'sip-packet') {
					const fromCredential = this.getNode().credentials?.[CALLBACKS_CREDENTIAL]
						? secretsOf(await this.getCredentials(CALLBACKS_CREDENTIAL)).packetApiKey
						: '';
					const fromNode = this.getNode().typeVersion < 2 ? String(this.getNodeParameter('packetApiKey', '') ?? '') : '';
					if (!fromCredential && !fromNode) {
						problems.push('Packet API Key is required to check the APIKey the switch sends: set it in the SolSwitch Callbacks API credential');
					}
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
		return await dispatch(this, SWITCH_TRIGGER);
	}
}
