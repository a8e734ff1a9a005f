/**
 * The one place the trigger remembers the answers it gave, so a redelivery (same message ID, after a
 * lost answer) is answered again without a second execution. Where the answers are kept is
 * nodes/shared/messaging/replies.ts's business; this file is the only caller.
 */
import type { IHookFunctions, IWebhookFunctions } from 'n8n-workflow';
import { createReplyMemory, dedupKey, hasReplyMemory, recall, remember, type RememberedReply } from '../shared/messaging/replies';
import type { CallbackType } from './callback';

export function redeliveryKey(type: CallbackType, item: { id?: unknown; status?: unknown }): string {
	return dedupKey(type, String(item.id), item.status as number | undefined);
}

/** The answer given before to this callback, if any. */
export function answeredBefore(fn: IWebhookFunctions, key: string, now: number): RememberedReply | undefined {
	return recall(fn.getWorkflowStaticData('global'), key, now);
}

/** Remembers an answer that started an execution (with its reply Body, if any). */
export function rememberAnswer(fn: IWebhookFunctions, key: string, now: number, body?: string) {
	remember(fn.getWorkflowStaticData('global'), key, now, body);
}

/** At publication: whether the memory exists in the workflow's static data (checkExists). */
export function hasRedeliveryMemory(fn: IHookFunctions): boolean {
	return hasReplyMemory(fn.getWorkflowStaticData('global'));
}

/** At publication: creates the (empty) memory, which n8n saves right after, so every process sees it. */
export function createRedeliveryMemory(fn: IHookFunctions) {
	createReplyMemory(fn.getWorkflowStaticData('global'));
}
