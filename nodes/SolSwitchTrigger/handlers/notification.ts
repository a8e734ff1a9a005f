/** SIP POST and monitoring notifications: acknowledged at once (the kit has filtered by Event), fields as sent. */
import type { IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { ACK, replyJson } from '../../engine/trigger/replies';
import type { ReceivedEvent } from '../../engine/trigger/types';

/** The switch needs no answer: never hold it while a slow workflow runs. */
export function acknowledge(fn: IWebhookFunctions): IWebhookResponseData {
	replyJson(fn.getResponseObject(), 200, ACK);
	return { noWebhookResponse: true };
}

export function handleNotification(fn: IWebhookFunctions, event: ReceivedEvent): IWebhookResponseData {
	return { ...acknowledge(fn), workflowData: [[{ json: event.fields }]] };
}
