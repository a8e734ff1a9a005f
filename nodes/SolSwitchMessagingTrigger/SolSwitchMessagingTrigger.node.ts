import {
	NodeConnectionTypes,
	NodeOperationError,
	type IDataObject,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';
import { bodyProblem } from '../shared/messaging/body';
import { DEFAULT_COMPLIANCE_TEXTS } from '../shared/messaging/complianceTexts';
import type { Compliance } from '../shared/messaging/keywords';
import { dedupKey, okReply, recall, remember } from '../shared/messaging/replies';
import { parseCallback } from './callback';
import { carriesInboundKey } from './inboundCredential';
import { downloadMedia } from './media';
import { triggerProperties } from './properties';

type ComplianceTextName = keyof typeof DEFAULT_COMPLIANCE_TEXTS;

function complianceTextName(c: Compliance): ComplianceTextName {
	if (c.kind === 'info') return 'infoText';
	if (c.kind === 'help') return c.language === 'fr' ? 'aideText' : 'helpText';
	return c.language === 'fr' ? 'arretText' : 'stopText';
}

/**
 * MO SMS / MMS and delivery reports from the SolSwitch messaging gateway. The gateway POSTs JSON to
 * this node's URL and waits for {"Status":"OK"} (plus an optional reply Body for SMS on short codes).
 * What the trigger can answer itself (compliance keywords, redeliveries, filtered events, bad
 * requests) it answers without starting an execution.
 */
export class SolSwitchMessagingTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'SolSwitch Messaging Trigger',
		name: 'solSwitchMessagingTrigger',
		icon: { light: 'file:../../icons/solswitch-messaging-trigger.svg', dark: 'file:../../icons/solswitch-messaging-trigger.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["events"].join(", ")}}',
		description: 'Starts the workflow when the SolSwitch messaging gateway delivers an SMS, an MMS or a delivery report',
		defaults: { name: 'SolSwitch Messaging Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'solSwitchMessagingApi', required: true }],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: '={{$parameter["replyMode"]}}',
				responseData: 'firstEntryJson',
				path: 'message',
			},
		],
		properties: triggerProperties,
	};

	// The URL is given to the operator by hand: nothing to register with the gateway.
	webhookMethods = {
		default: {
			async checkExists(): Promise<boolean> {
				return true;
			},
			async create(): Promise<boolean> {
				return true;
			},
			async delete(): Promise<boolean> {
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const res = this.getResponseObject();
		const answer = (status: number, json: IDataObject): IWebhookResponseData => {
			res.status(status).json(json);
			return { noWebhookResponse: true };
		};
		const body = (this.getBodyData() ?? {}) as IDataObject;
		// An HTTP error: the gateway keeps the message and retries, so a key fixed in time loses nothing.
		if (!(await carriesInboundKey(this, body))) return answer(401, { Status: 'FAIL', Reason: 'Not authorized.' });
		const now = new Date();
		const parsed = parseCallback(body, now);
		// Malformed callbacks are "received but rejected": FAIL removes them from the gateway's queue.
		if (!parsed.ok) return answer(200, { Status: 'FAIL', Reason: parsed.reason });

		const events = this.getNodeParameter('events', []) as string[];
		if (!events.includes(parsed.type)) return answer(200, okReply());

		const options = this.getNodeParameter('options', {}) as IDataObject;
		const replyMode = this.getNodeParameter('replyMode', 'onReceived') as string;
		const staticData = this.getWorkflowStaticData('global');
		const item = parsed.item;
		const key = dedupKey(parsed.type, String(item.id), item.status as number | undefined);
		if (options.acknowledgeRedeliveries !== false) {
			const earlier = recall(staticData, key, now.getTime());
			if (earlier) return answer(200, okReply(earlier.body));
		}

		const output: INodeExecutionData = { json: item };
		if (parsed.type === 'mms' && options.downloadMedia === true) {
			await downloadMedia(this, output, String(options.binaryPropertyName || 'data'));
		}

		const compliance = item.compliance as Compliance | undefined;
		if (compliance && this.getNodeParameter('compliance', true) === true) {
			const name = complianceTextName(compliance);
			const configured = options[name];
			const text = typeof configured === 'string' && configured !== '' ? configured : DEFAULT_COMPLIANCE_TEXTS[name];
			const problem = bodyProblem(text, `The ${compliance.keyword} reply`);
			if (problem) {
				throw new NodeOperationError(this.getNode(), problem, { description: 'Shorten the text under Options of the trigger.' });
			}
			answer(200, okReply(text));
			item.answered = true;
			item.reply = text;
			const runWorkflow = compliance.kind === 'stop' || options.runOnInfoHelp === true;
			if (!runWorkflow) return { noWebhookResponse: true };
			// Only an answer that started an execution is remembered: answering INFO or HELP again is
			// harmless, and not writing static data keeps those answers free of database writes.
			remember(staticData, key, now.getTime(), text);
			return { noWebhookResponse: true, workflowData: [[output]] };
		}

		if (replyMode === 'onReceived') {
			answer(200, okReply());
			remember(staticData, key, now.getTime());
			item.answered = true;
			return { noWebhookResponse: true, workflowData: [[output]] };
		}
		// The workflow answers (Reply to Message, Respond to Webhook or the last node); n8n answers
		// with an HTTP error if it fails, and the gateway retries: nothing is lost.
		return { workflowData: [[output]] };
	}
}
