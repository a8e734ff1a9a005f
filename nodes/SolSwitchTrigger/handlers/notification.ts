/** SIP POST and monitoring notifications: acknowledged at once, filtered by Event, fields as sent. */
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import type { EventKindSpec } from '../events';
import { ACK, replyJson, replyRefusal } from '../replies';

export function handleNotification(fn: IWebhookFunctions, kind: EventKindSpec, fields: IDataObject): IWebhookResponseData {
	const res = fn.getResponseObject();
	const allowed = kind.events ?? [];
	const event = String(fields.Event);
	if (!allowed.includes(event)) {
		replyRefusal(res, 400, `Event must be one of ${allowed.join(', ')} (got ${event.slice(0, 40)})`);
		return { noWebhookResponse: true };
	}
	// The switch needs no answer: never hold it while a slow workflow runs.
	replyJson(res, 200, ACK);
	const wanted = fn.getNodeParameter(kind.value === 'monitoring' ? 'monitoringEvents' : 'notificationEvents', allowed) as string[];
	if (!wanted.includes(event)) return { noWebhookResponse: true };
	return { noWebhookResponse: true, workflowData: [[{ json: fields }]] };
}
