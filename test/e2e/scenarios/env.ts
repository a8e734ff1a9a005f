// What a shared end-to-end scenario needs, whichever way n8n runs: one regular process
// (test/e2e/withSandbox.ts) or queue mode (test/queue/withQueueCluster.ts). REST calls go to main
// (`api`); the switch and the gateway call `webhookBaseUrl` (main itself, or the webhook processors).
import type { Sandbox } from '../../../sandbox/server';
import type { N8nApi } from '../../../scripts/n8n-harness/n8n-api';
import type { N8nInstance } from '../../../scripts/n8n-harness/n8n-instance';

export interface ScenarioEnv {
	/** n8n main: the editor's REST API. */
	readonly n8n: N8nInstance;
	readonly api: N8nApi;
	readonly sandbox: Sandbox;
	/** Where production webhooks (/webhook/..., /form/...) answer. */
	readonly webhookBaseUrl: string;
}
