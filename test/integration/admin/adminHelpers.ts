/** Running the SolSwitch Admin node against a test file's sandbox, and reading what the switch saw. */
import type { INodeExecutionData } from 'n8n-workflow';
import { adminStore } from '../../../sandbox/switch/admin';
import { runNode, type RunNodeResult } from '../../../scripts/n8n-engine/n8nEngine';
import type { useSandbox } from '../../helpers/sandbox';

type Env = ReturnType<typeof useSandbox>;

/** A resource locator value as the editor stores it: picked from the list, or typed By ID. */
export const byId = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });
export const fromList = (value: string | number, name = '') => ({ __rl: true, mode: 'list', value: String(value), cachedResultName: name });

export function adminRunner(env: Env) {
	const run = (
		resource: string,
		operation: string,
		parameters: Record<string, unknown> = {},
		options: {
			credentials?: Record<string, Record<string, unknown>>;
			input?: INodeExecutionData[];
			continueOnFail?: boolean;
			typeVersion?: number;
		} = {},
	): Promise<RunNodeResult> =>
		runNode({
			type: 'solSwitchAdmin',
			parameters: { resource, operation, ...parameters } as never,
			credentials: (options.credentials ?? env.switchCredentials()) as never,
			input: options.input,
			continueOnFail: options.continueOnFail,
			typeVersion: options.typeVersion,
		});
	/** Runs and expects success: the items' json. */
	const ok = async (...args: Parameters<typeof run>) => {
		const result = await run(...args);
		if (result.error) throw new Error(`unexpected node error: ${result.error.message} ${result.error.description ?? ''}`);
		return result.items.map((i) => i.json);
	};
	return {
		run,
		ok,
		/** Bodies the sandbox received for a function path ('did/add'), without the key. */
		sent(path: string): Array<Record<string, unknown>> {
			return env.received(path).map((e) => {
				const { Key: _key, ...rest } = e.body as Record<string, unknown>;
				return rest;
			});
		},
		get store() {
			return adminStore(env.sandbox.state);
		},
		get state() {
			return env.sandbox.state;
		},
	};
}
