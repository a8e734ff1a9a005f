/** SIP POST and monitoring notifications: acknowledged at once (the kit has filtered by Event), fields as sent. */
import type { IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { ACK, replyJson } from '../../engine/trigger/replies';
import type { ReceivedEvent } from '../../engine/trigger/types';

/** The switch needs no answer: never hold it while a slow workflow runs. */
export function acknowledge(fn: IWebhookFunctions): IWebhookResponseData {
	replyJson(fn.getResponseObject(), 200, ACK);
	return { noWebhookResponse: true };
}

/**
 * A notification that starts a run: {"Status":"OK"} handed to n8n as the webhook's response, which
 * n8n 2.40 writes once the run is queued (n8n behaviour N3, engine/trigger/n8nResponse.ts): in queue mode a run that could not be queued is answered with an
 * HTTP error instead of an OK. n8n 1.x writes it just before queuing. Either way, at once: no
 * workflow is waited for.
 */
export function handleNotification(_fn: IWebhookFunctions, event: ReceivedEvent): IWebhookResponseData {
	return { webhookResponse: ACK, workflowData: [[{ json: event.fields }]] };
}
