/**
 * Reply to Message: answers the gateway's waiting MO callback through `sendResponse` (the call n8n's
 * Respond to Webhook node makes), so the user never builds the gateway's JSON. The text is checked
 * (bodyProblem, RULES.body's limits) here, once the message is known to be an SMS: MMS and reports carry
 * no Body, so a reply expression there is never checked. So that a redelivery of the same message gets
 * the same answer without a second execution, the reply is remembered (nodes/shared/messaging/replies.ts):
 * in reply mode "Using Reply to Message Node" by the trigger, as n8n writes it to the gateway; in mode
 * "When Last Node Finishes" (n8n answers with the last node's JSON after the run, too late for the
 * trigger) here, in the execution's static data, only where it holds the memory (one n8n process).
 */
import { NodeOperationError, type IDataObject, type IExecuteFunctions, type INodeExecutionData } from 'n8n-workflow';
import type { ShapeContext } from '../../engine/catalog/types';
import { bodyProblem } from '../../shared/messaging/body';
import { rememberWhereVisible } from '../../shared/messaging/processReplyMemory';
import { dedupKey, okReply } from '../../shared/messaging/replies';

export const TRIGGER_TYPE_SUFFIX = '.solSwitchMessagingTrigger';

interface TriggerMessage {
	type: 'sms' | 'mms' | 'report';
	id: string;
	status?: number;
	/** The trigger remembers the reply itself (its reply mode "Using Reply to Message Node"). */
	triggerRemembers: boolean;
	/** The trigger answered already (compliance keyword, or reply mode "Immediately"). */
	answered?: boolean;
}

function triggerMessage(fn: IExecuteFunctions, itemIndex: number): TriggerMessage {
	const own = fn.getNode().name;
	const trigger = fn.getParentNodes(own, { includeNodeParameters: true }).find((n) => n.type.endsWith(TRIGGER_TYPE_SUFFIX));
	if (!trigger) {
		throw new NodeOperationError(fn.getNode(), 'Reply to Message needs a SolSwitch Messaging Trigger before it', {
			itemIndex,
			description: 'It answers the message that started the workflow. Start the workflow with the SolSwitch Messaging Trigger, reply mode "Using Reply to Message Node".',
		});
	}
	const proxy = fn.getWorkflowDataProxy(itemIndex);
	const first = (proxy.$(trigger.name) as { first: () => INodeExecutionData | undefined }).first();
	const json = (first?.json ?? {}) as IDataObject;
	if (typeof json.id !== 'string' || !['sms', 'mms', 'report'].includes(String(json.type))) {
		throw new NodeOperationError(fn.getNode(), `The trigger "${trigger.name}" has no message to reply to`, { itemIndex });
	}
	return {
		type: json.type as TriggerMessage['type'],
		id: json.id,
		status: typeof json.status === 'number' ? json.status : undefined,
		triggerRemembers: trigger.parameters?.replyMode === 'responseNode',
		answered: json.answered === true,
	};
}

export async function replyToMessage(body: IDataObject, ctx: ShapeContext): Promise<INodeExecutionData[]> {
	const { fn, itemIndex } = ctx;
	const message = triggerMessage(fn, itemIndex);
	// "MMS MO responses carry only Status", and so do reports; a Body is for SMS only.
	const text = message.type === 'sms' && typeof body.Body === 'string' ? body.Body : undefined;
	// The 136-character rule applies to the Body that is sent, so only to a reply to an SMS.
	const problem = text === undefined ? undefined : bodyProblem(text, 'Reply');
	if (problem) throw new NodeOperationError(fn.getNode(), problem, { itemIndex });
	const reply = okReply(text);
	// One answer per callback: the first item answers; later items (and callbacks the trigger already
	// answered) pass the reply through without sending again.
	if (itemIndex === 0 && !message.answered) {
		// A Buffer body (the same bytes on the wire): n8n writes it before it saves the webhook call's
		// static data, where the trigger remembers it (nodes/shared/messaging/replies.ts).
		fn.sendResponse({ body: Buffer.from(JSON.stringify(reply)), headers: { 'content-type': 'application/json' }, statusCode: 200 });
		// Never on a queue-mode worker: see replies.ts for why a write there would wipe the memory.
		if (!message.triggerRemembers) {
			rememberWhereVisible(String(fn.getWorkflow().id ?? ''), fn.getWorkflowStaticData('global'), dedupKey(message.type, message.id, message.status), Date.now(), text);
		}
	}
	return [{ json: reply }];
}
