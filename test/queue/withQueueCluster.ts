// The queue-mode twin of test/e2e/withSandbox.ts: a sandbox and one queue-mode n8n (PostgreSQL,
// Redis, main, webhook processors, a worker) per test file, the package installed in their shared
// user folder, the owner logged in on main. The switch and the gateway call the webhook processors.
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { DEFAULT_OWNER, E2E_SETUP_TIMEOUT_MS, E2E_TEST_TIMEOUT_MS, N8nApi, QueueCluster, packRepo, type QueueClusterOptions } from '../../scripts/n8n-harness';
import type { ScenarioEnv } from '../e2e/scenarios/env';

export interface QueueEnv extends ScenarioEnv {
	readonly cluster: QueueCluster;
}

export function useQueueCluster({ webhookProcessors = 1, supervised = false, webhookEnv }: Pick<QueueClusterOptions, 'webhookProcessors' | 'supervised' | 'webhookEnv'> = {}): QueueEnv {
	const env = {
		get n8n() {
			return this.cluster.main;
		},
		get webhookBaseUrl() {
			return this.cluster.webhookBaseUrl;
		},
	} as { cluster: QueueCluster; api: N8nApi; sandbox: Sandbox; readonly n8n: QueueCluster['main']; readonly webhookBaseUrl: string };
	jest.setTimeout(E2E_TEST_TIMEOUT_MS);
	beforeAll(async () => {
		env.sandbox = await startSandbox({ timeScale: 0.01 });
		env.cluster = await QueueCluster.start({ webhookProcessors, supervised, webhookEnv, communityPackages: [await packRepo()] });
		env.api = new N8nApi(env.cluster.main);
		await env.api.setupOwner(DEFAULT_OWNER);
		await env.api.login(DEFAULT_OWNER.email, DEFAULT_OWNER.password);
	}, E2E_SETUP_TIMEOUT_MS);
	afterAll(async () => {
		await env.cluster?.stop();
		await env.sandbox?.close();
	});
	return env;
}
