/** The answer settings of a Send and Wait node, read the same way by execute() and webhook(). */
import type { IDataObject } from 'n8n-workflow';
import { DEFAULT_APPROVE, DEFAULT_DECLINE, type AnswerSpec } from '../../shared/messaging/sendAndWait/replyWords';

type Read = (name: string, fallback: unknown) => unknown;

export function answerSpecOf(read: Read): AnswerSpec {
	const responseType = read('responseType', 'approval') === 'freeText' ? 'freeText' : 'approval';
	const values = ((read('approvalOptions', {}) as IDataObject).values ?? {}) as IDataObject;
	return {
		responseType,
		approvalType: values.approvalType === 'single' ? 'single' : 'double',
		approveWord: typeof values.approveLabel === 'string' ? values.approveLabel : DEFAULT_APPROVE,
		declineWord: typeof values.disapproveLabel === 'string' ? values.disapproveLabel : DEFAULT_DECLINE,
	};
}

/** One id per wait (execution and node): a registration sent again is the same wait. */
export function waitIdOf(executionId: string, nodeId: string, hash: (text: string) => string): string {
	return hash(`${executionId}/${nodeId}`).slice(0, 32);
}
