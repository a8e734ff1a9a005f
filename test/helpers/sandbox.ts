/** Starts a sandbox on a loopback port for a test file, and the credentials that point at it. */
import { DEFAULT_CUSTOMER2_KEY, DEFAULT_SWITCH_KEY, startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox/server';

export function useSandbox(options: SandboxOptions = {}) {
	const ref: { sandbox: Sandbox } = {} as { sandbox: Sandbox };
	beforeAll(async () => {
		ref.sandbox = await startSandbox({ timeScale: 0.01, ...options });
	});
	afterAll(async () => {
		await ref.sandbox?.close();
	});
	beforeEach(() => {
		ref.sandbox?.exchanges.clear();
		ref.sandbox?.faults.clear();
	});
	return {
		get sandbox() {
			return ref.sandbox;
		},
		switchCredentials(overrides: Record<string, unknown> = {}) {
			return { solSwitchApi: { baseUrl: ref.sandbox.url, apiKey: DEFAULT_SWITCH_KEY, customer: '', ...overrides } };
		},
		customer2Credentials(overrides: Record<string, unknown> = {}) {
			return { solSwitchApi: { baseUrl: ref.sandbox.url, apiKey: DEFAULT_CUSTOMER2_KEY, customer: '2', ...overrides } };
		},
		/** The switch requests the sandbox received for a function path ('newcall'). */
		received(fn: string) {
			return ref.sandbox.exchanges.find({ service: 'switch', path: `/api/${fn}/` });
		},
	};
}

/** POSTs to one of the sandbox's switch-callback control endpoints (`/_sandbox/callbacks<path>`) and returns its JSON. */
export async function sandboxCallback(sandboxUrl: string, path: string, body: Record<string, unknown>): Promise<Record<string, any>> {
	const answer = await fetch(`${sandboxUrl}/_sandbox/callbacks${path}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	return (await answer.json()) as Record<string, any>;
}
