/**
 * What the Messaging Trigger declares to the nodes that answer after it (Reply to Message, and any
 * later answer path): its type name, its reply modes and, per mode, who answers the gateway, when the
 * answer is remembered (ReplyMemory) and what a redelivery then gets. The trigger's handler runs this
 * table (SolSwitchMessagingTrigger/handlers/message.ts); Reply to Message reads it instead of the
 * trigger's parameter strings.
 */
import type { IDataObject } from 'n8n-workflow';

/** The trigger's node type name (its description's `name`); n8n prefixes it with the package's name. */
export const MESSAGING_TRIGGER_NAME = 'solSwitchMessagingTrigger';

/** Whether a node of a workflow is the Messaging Trigger, whatever the package prefix it was installed under. */
export function isMessagingTrigger(node: { type: string }): boolean {
	return node.type === MESSAGING_TRIGGER_NAME || node.type.endsWith(`.${MESSAGING_TRIGGER_NAME}`);
}

/** The parameter holding the reply mode, and its values (the trigger's Reply option). */
export const REPLY_MODE_PARAMETER = 'replyMode';
export type ReplyMode = 'onReceived' | 'responseNode' | 'lastNode';

export interface ReplyModeRule {
	/**
	 * A message the trigger does not answer itself: `trigger` answers {"Status":"OK"} once the run is
	 * queued; `workflow` leaves the answer to the run (Reply to Message, or the last node's data).
	 */
	plainMessage: 'trigger' | 'workflow';
	/**
	 * An answer the trigger gives itself for a message that also runs the workflow (STOP, a keyword
	 * reply with Run Workflow Too): `whenQueued` as in `plainMessage: trigger`; `whenRunEnds` written
	 * in place of the workflow's answer once the run has ended without error, so a failed or lost run
	 * is run again at the gateway's retry (a STOP's opt-out is recorded before it is acknowledged).
	 */
	triggerAnswer: 'whenQueued' | 'whenRunEnds';
	/**
	 * When the workflow's own reply is remembered: `asWritten` by the trigger as n8n writes it to the
	 * gateway (saved with the call where n8n writes before saving: a Reply to Message Buffer, N4);
	 * `asWrittenAndByReplyNode` also by Reply to Message in the execution's static data (n8n writes
	 * the last node's JSON after its save: only an execution in the same process can add it there,
	 * N7); `nothing` when the workflow does not answer.
	 */
	workflowReply: 'nothing' | 'asWritten' | 'asWrittenAndByReplyNode';
	/**
	 * A run that ends without error and without a reply (n8n then writes an empty HTTP 200, which the
	 * gateway counts as a failure and retries, running the workflow again each time): `answerOk`
	 * answers {"Status":"OK"} instead, and remembers it (a workflow that drops a message it already
	 * handled, or a report it does not answer); `asWritten` leaves n8n's answer (the last node's data
	 * is the answer, as the user built it).
	 */
	runEndsWithoutReply: 'answerOk' | 'asWritten';
}

/**
 * Per reply mode. In every mode a redelivery of a remembered message gets the remembered answer
 * (with its Body) and starts nothing, when Acknowledge Redeliveries is on (the default); an answer
 * that starts no execution (INFO, HELP, a keyword reply alone) is not remembered: answering it again
 * is harmless and costs no database write.
 */
export const REPLY_MODES: Record<ReplyMode, ReplyModeRule> = {
	onReceived: { plainMessage: 'trigger', triggerAnswer: 'whenQueued', workflowReply: 'nothing', runEndsWithoutReply: 'asWritten' },
	responseNode: { plainMessage: 'workflow', triggerAnswer: 'whenRunEnds', workflowReply: 'asWritten', runEndsWithoutReply: 'answerOk' },
	lastNode: { plainMessage: 'workflow', triggerAnswer: 'whenRunEnds', workflowReply: 'asWrittenAndByReplyNode', runEndsWithoutReply: 'asWritten' },
};

/** The reply mode in a trigger's parameters (its default, Immediately, when unset or unknown). */
export function replyModeOf(parameters: IDataObject | undefined): ReplyMode {
	const value = parameters?.[REPLY_MODE_PARAMETER];
	return typeof value === 'string' && Object.prototype.hasOwnProperty.call(REPLY_MODES, value) ? (value as ReplyMode) : 'onReceived';
}

/** The trigger's option (under Options) that turns the reply memory on; on unless set to false. */
export const ACKNOWLEDGE_REDELIVERIES = 'acknowledgeRedeliveries';

/** Whether a trigger with these parameters remembers its answers (Acknowledge Redeliveries): off, nothing is remembered anywhere. */
export function acknowledgesRedeliveries(parameters: IDataObject | undefined): boolean {
	const options = parameters?.options;
	return !(options && typeof options === 'object' && (options as IDataObject)[ACKNOWLEDGE_REDELIVERIES] === false);
}
