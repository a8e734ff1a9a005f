/**
 * Digit Validation: a fixed answer for known digits (no workflow at all), else the workflow runs and
 * its option (or the fallback) is written as bare text by answerAsPlainOption.
 */
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { replyText } from '../../engine/trigger/replies';
import type { ReceivedEvent } from '../../engine/trigger/types';
import { answerAsPlainOption, cleanOption, type InterceptableResponse } from '../digitAnswer';

export function fixedAnswerFor(digits: string, table: IDataObject): string | undefined {
	const answers = (table.answers ?? []) as Array<{ digits?: string; option?: string }>;
	const match = answers.find((a) => String(a.digits ?? '').trim() === digits.trim());
	return match ? cleanOption(match.option) : undefined;
}

export function handleDigitValidation(fn: IWebhookFunctions, { fields }: ReceivedEvent): IWebhookResponseData {
	const res = fn.getResponseObject();
	const fixed = fixedAnswerFor(String(fields.Digits), fn.getNodeParameter('fixedAnswers', {}) as IDataObject);
	if (fixed !== undefined) {
		replyText(res, 200, fixed);
		return { noWebhookResponse: true };
	}
	answerAsPlainOption(res as unknown as InterceptableResponse, String(fn.getNodeParameter('fallbackOption', '') ?? ''));
	return { workflowData: [[{ json: fields }]] };
}
