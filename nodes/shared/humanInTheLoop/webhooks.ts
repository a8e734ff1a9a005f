/**
 * The webhook of Send and Wait for Response: the execution's resume URL, as n8n's own send-and-wait
 * nodes declare it (n8n-nodes-base utils/sendAndWait/descriptions, sendAndWaitWebhooksDescription),
 * POST only, since only the Messaging Trigger calls it. A restart webhook is never registered as a
 * live URL (n8n skips it at activation), so the node has no webhookMethods: there is nothing to
 * create on, or delete from, another service. A GET (a link preview) finds no webhook and gets n8n's
 * "no action required" page.
 */
import type { IHookFunctions, IWebhookDescription } from 'n8n-workflow';

export const SEND_AND_WAIT_WEBHOOKS: IWebhookDescription[] = [
	{
		name: 'default',
		httpMethod: 'POST',
		responseMode: 'onReceived',
		responseData: '',
		path: '={{ $nodeId }}',
		restartWebhook: true,
		isFullPath: true,
	},
];

/**
 * The lifecycle n8n's community rule asks of every node that declares webhooks. n8n runs it only for
 * webhooks it registers when a workflow is published, which a restart webhook never is: the resume URL
 * exists exactly while an execution waits, so "exists" is always true and there is nothing to create
 * or delete.
 */
export const RESTART_WEBHOOK_METHODS = {
	default: {
		async checkExists(this: IHookFunctions): Promise<boolean> {
			return true;
		},
		async create(this: IHookFunctions): Promise<boolean> {
			return true;
		},
		async delete(this: IHookFunctions): Promise<boolean> {
			return true;
		},
	},
};
