/**
 * The one place the trigger remembers the answers it gave, so a redelivery (same message ID, after a
 * lost answer) is answered again without a second execution. Where the answers are kept is
 * nodes/shared/messaging/replies.ts's business; this file is the only caller.
 */
import type { IHookFunctions, IWebhookFunctions } from 'n8n-workflow';
import { createReplyMemory, dedupKey, hasReplyMemory, recall, remember, sentReply, type RememberedReply } from '../shared/messaging/replies';
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

/** The part of the response object a reply passes through. */
interface EndableResponse {
	statusCode: number;
	end: (...args: unknown[]) => unknown;
}

/**
 * Reply mode "Using Reply to Message Node": remembers the reply the workflow computes when n8n writes
 * it to the gateway. n8n writes Reply to Message's Buffer body with res.end(), then saves this call's
 * static data (see nodes/shared/messaging/replies.ts): writing it here, synchronously, as the bytes
 * pass, is what puts the reply in that save, in one n8n process and in queue mode alike. An answer
 * that is not {"Status":"OK"} with HTTP 200 (n8n's error when the workflow fails) is not remembered,
 * so the gateway's retry runs the workflow again.
 */
export function rememberReplyWhenSent(fn: IWebhookFunctions, key: string, now: number) {
	const staticData = fn.getWorkflowStaticData('global');
	const res = fn.getResponseObject() as unknown as EndableResponse;
	const end = res.end;
	res.end = function (this: unknown, ...args: unknown[]) {
		res.end = end;
		const reply = typeof args[0] === 'function' ? undefined : sentReply(res.statusCode, args[0]);
		if (reply) remember(staticData, key, now, reply.body);
		return end.apply(this, args);
	};
}

/** At publication: whether the memory exists in the workflow's static data (checkExists). */
export function hasRedeliveryMemory(fn: IHookFunctions): boolean {
	return hasReplyMemory(fn.getWorkflowStaticData('global'));
}

/** At publication: creates the (empty) memory, which n8n saves right after, so every process sees it. */
export function createRedeliveryMemory(fn: IHookFunctions) {
	createReplyMemory(fn.getWorkflowStaticData('global'));
}
