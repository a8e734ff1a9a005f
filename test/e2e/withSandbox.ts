// The setup most e2e files share: a sandbox (switch and gateway) on loopback and one real n8n with
// this package installed from its packed tarball, both stopped after the file. (Kept out of
// harness/, which `npm start` compiles without jest's globals.)
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { packRepo } from '../../scripts/n8n-harness/package-tarball';
import type { N8nApi } from '../../scripts/n8n-harness/n8n-api';
import type { N8nInstance } from '../../scripts/n8n-harness/n8n-instance';
import { E2E_SETUP_TIMEOUT_MS, E2E_TEST_TIMEOUT_MS, startN8n } from '../../scripts/n8n-harness';
import type { ScenarioEnv } from './scenarios/env';

export type N8nWithSandbox = ScenarioEnv;

/** Call at the top of a test file; read the fields inside tests and beforeAll hooks declared after it. */
export function useN8nWithSandbox(): N8nWithSandbox {
	const env = {
		get webhookBaseUrl() {
			return this.n8n.baseUrl;
		},
	} as { n8n: N8nInstance; api: N8nApi; sandbox: Sandbox; readonly webhookBaseUrl: string };
	jest.setTimeout(E2E_TEST_TIMEOUT_MS);
	beforeAll(async () => {
		env.sandbox = await startSandbox({ timeScale: 0.01 });
		Object.assign(env, await startN8n({ communityPackages: [await packRepo()] }));
	}, E2E_SETUP_TIMEOUT_MS);
	afterAll(async () => {
		await env.n8n?.stop();
		await env.sandbox?.close();
	});
	return env;
}
