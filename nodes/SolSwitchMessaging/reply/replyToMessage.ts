/**
 * Reply to Message: answers the gateway's waiting MO callback through `sendResponse` (the call n8n's
 * Respond to Webhook node makes), so the user never builds the gateway's JSON. The text is checked
 * (bodyProblem, RULES.body's limits) here, once the message is known to be an SMS: MMS and reports carry
 * no Body, so a reply expression there is never checked.
 *
 * It reaches the Messaging Trigger through what the trigger declares (nodes/shared/messaging/
 * replyModes.ts: its type name, its reply modes and who remembers the workflow's reply in each;
 * callbackFormat.ts: the fields of its item), never through its parameter strings. So that a
 * redelivery gets the same answer without a second execution, the reply is remembered
 * (nodes/shared/messaging/replyMemory.ts): by the trigger as n8n writes it; and, in mode "When Last
 * Node Finishes" (n8n answers with the last node's JSON after its save, too late for the trigger's
 * save), also here, in the execution's static data, where it holds the memory (one n8n process).
 */
import { NodeOperationError, type IDataObject, type IExecuteFunctions, type INodeExecutionData } from 'n8n-workflow';
import type { ShapeContext } from '../../engine/catalog/types';
import { workflowAnswer } from '../../engine/trigger/n8nResponse';
import { bodyProblem } from '../../shared/messaging/body';
import { dedupKeyOf, okReply, triggerMessageOf, type TriggerMessage } from '../../shared/messaging/callbackFormat';
import { ReplyMemory } from '../../shared/messaging/replyMemory';
import { REPLY_MODES, acknowledgesRedeliveries, isMessagingTrigger, replyModeOf, type ReplyModeRule } from '../../shared/messaging/replyModes';

/** The message that started the workflow, the trigger's reply mode rule, and whether it remembers answers. */
function triggerMessage(fn: IExecuteFunctions, itemIndex: number): { message: TriggerMessage; rule: ReplyModeRule; remembers: boolean } {
	const own = fn.getNode().name;
	const trigger = fn.getParentNodes(own, { includeNodeParameters: true }).find(isMessagingTrigger);
	if (!trigger) {
		throw new NodeOperationError(fn.getNode(), 'Reply to Message needs a SolSwitch Messaging Trigger before it', {
			itemIndex,
			description: 'It answers the message that started the workflow. Start the workflow with the SolSwitch Messaging Trigger, reply mode "Using Reply to Message Node".',
		});
	}
	const proxy = fn.getWorkflowDataProxy(itemIndex);
	const first = (proxy.$(trigger.name) as { first: () => INodeExecutionData | undefined }).first();
	const message = triggerMessageOf((first?.json ?? {}) as IDataObject);
	if (!message) throw new NodeOperationError(fn.getNode(), `The trigger "${trigger.name}" has no message to reply to`, { itemIndex });
	const parameters = trigger.parameters as IDataObject | undefined;
	return { message, rule: REPLY_MODES[replyModeOf(parameters)], remembers: acknowledgesRedeliveries(parameters) };
}

export async function replyToMessage(body: IDataObject, ctx: ShapeContext): Promise<INodeExecutionData[]> {
	const { fn, itemIndex } = ctx;
	const { message, rule, remembers } = triggerMessage(fn, itemIndex);
	// "MMS MO responses carry only Status", and so do reports; a Body is for SMS only.
	const text = message.type === 'sms' && typeof body.Body === 'string' ? body.Body : undefined;
	// The 136-character rule applies to the Body that is sent, so only to a reply to an SMS.
	const problem = text === undefined ? undefined : bodyProblem(text, 'Reply');
	if (problem) throw new NodeOperationError(fn.getNode(), problem, { itemIndex });
	const reply = okReply(text);
	// One answer per callback: the first item answers; later items (and callbacks the trigger already
	// answered) pass the reply through without sending again.
	if (itemIndex === 0 && !message.answered) {
		fn.sendResponse(workflowAnswer(reply));
		// Acknowledge Redeliveries off: the trigger remembers nothing, and neither does this node.
		if (remembers && rule.workflowReply === 'asWrittenAndByReplyNode') ReplyMemory.of(fn).rememberIfLoaded(dedupKeyOf(message), Date.now(), text);
	}
	return [{ json: reply }];
}
