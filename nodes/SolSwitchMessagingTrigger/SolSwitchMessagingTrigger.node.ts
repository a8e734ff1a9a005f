import {
	NodeConnectionTypes,
	NodeOperationError,
	type IDataObject,
	type IHookFunctions,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';
import { triggerSubtitle, triggerVersions, webhookDescription } from '../engine/trigger/describe';
import { dispatch } from '../engine/trigger/dispatch';
import { MESSAGING_TRIGGER } from './events';
import { COMPLIANCE_PARAMETER, complianceTextProblems, complianceTextWarning, exampleContactHint, type ComplianceSettings } from './replies/complianceAnswers';
import { KEYWORD_REPLIES, keywordReplies, keywordReplyHint, keywordTableProblems } from './replies/keywordReplies';
import { triggerProperties } from './properties';
import { answerRegistrationCall } from './registration';
import { isRegistration } from './sendAndWait/router';
import { noteServingProcess } from './servedBy';
import { ReplyMemory } from '../shared/messaging/replyMemory';
import { MESSAGING_TRIGGER_NAME, REPLY_MODES, replyModeOf } from '../shared/messaging/replyModes';

/**
 * MO SMS / MMS and delivery reports from the SolSwitch messaging gateway, as the event table
 * (events.ts) describes them. The gateway POSTs JSON to this node's URL and waits for
 * {"Status":"OK"} (plus an optional reply Body for SMS on short codes). What the trigger can answer
 * itself (compliance keywords, redeliveries, filtered events, bad requests) it answers without
 * starting an execution.
 */
export class SolSwitchMessagingTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'SolSwitch Messaging Trigger',
		name: MESSAGING_TRIGGER_NAME,
		icon: { light: 'file:../../icons/solswitch-messaging-trigger.svg', dark: 'file:../../icons/solswitch-messaging-trigger.dark.svg' },
		group: ['trigger'],
		// 1.1: the same node, but n8n evaluates no expression for it in the webhook phase (see
		// FIRST_ENGINE_FREE_VERSION); workflows saved at 1 keep it. 1.2: INFO, HELP and AIDE answers are
		// required fields with no example contact, checked at publication (replies/complianceAnswers.ts).
		...triggerVersions([1, 1.1, 1.2]),
		subtitle: triggerSubtitle(MESSAGING_TRIGGER),
		description: 'Starts the workflow when the SolSwitch messaging gateway delivers an SMS, an MMS or a delivery report',
		defaults: { name: 'SolSwitch Messaging Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'solSwitchMessagingApi', required: true }],
		webhooks: [webhookDescription(MESSAGING_TRIGGER)],
		properties: triggerProperties,
		hints: [keywordReplyHint, exampleContactHint],
	};

	// The URL is given to the operator by hand: nothing to register with the gateway. Publishing
	// creates the reply memory, which n8n saves right after (nodes/shared/messaging/replyMemory.ts).
	webhookMethods = {
		default: {
			// Every publication runs checkExists (create only while the memory is missing), so the
			// answers are checked here: a Keyword Replies reply the gateway would refuse, and from 1.2 on a
			// compliance text that is empty, names the example contact or breaks the rule, stop publishing.
			// A saved workflow (before 1.2) is never refused for its compliance texts: one log line says what
			// to set (a published workflow must activate after an upgrade).
			async checkExists(this: IHookFunctions): Promise<boolean> {
				const node = this.getNode();
				const complianceOn = this.getNodeParameter(COMPLIANCE_PARAMETER, true) === true;
				const table = keywordReplies(this.getNodeParameter(KEYWORD_REPLIES, {}) as IDataObject);
				const keywordProblems = keywordTableProblems(table, complianceOn);
				if (keywordProblems.length) throw new NodeOperationError(node, keywordProblems.join('; '), { description: 'Fix them under Keyword Replies.' });
				const settings: ComplianceSettings = {
					version: node.typeVersion,
					read: (name) => this.getNodeParameter(name, ''),
					options: this.getNodeParameter('options', {}) as IDataObject,
				};
				const textProblems = complianceTextProblems(settings);
				if (textProblems.length) {
					throw new NodeOperationError(node, textProblems.join('; '), {
						description: 'The trigger answers INFO, HELP and AIDE with these texts (Answer Compliance Keywords): write your service, who operates it and how to reach you, 1 to 136 characters each.',
					});
				}
				const warning = complianceTextWarning(settings);
				if (warning) this.logger.warn(`SolSwitch Messaging Trigger "${node.name}" (workflow ${this.getWorkflow().id ?? ''}): ${warning}`);
				return ReplyMemory.existsIn(this.getWorkflowStaticData('global'));
			},
			async create(this: IHookFunctions): Promise<boolean> {
				ReplyMemory.createIn(this.getWorkflowStaticData('global'));
				return true;
			},
			async delete(): Promise<boolean> {
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		// Which process serves the production URL: several at once lose state (servedBy.ts) and say so.
		// Not in reply mode When Last Node Finishes: there the reply is remembered by Reply to Message in
		// the execution's static data, and n8n 1.x saves this call's copy after the execution's, so a
		// note written here would erase that reply (seen in the 1.123.81 redelivery tests).
		if (this.getMode() !== 'manual' && REPLY_MODES[replyModeOf(this.getNode().parameters)].workflowReply !== 'asWrittenAndByReplyNode') {
			noteServingProcess(this, Date.now());
		}
		// A Send and Wait for Response registering its wait (signed with the inbound key's HMAC, not a
		// gateway callback: the guard's source and size checks, not its key): answered through n8n, which saves it first.
		if (isRegistration(this)) return await answerRegistrationCall(this);
		return await dispatch(this, MESSAGING_TRIGGER);
	}
}
