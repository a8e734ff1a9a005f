/**
 * The SolSwitch Trigger of the call-event integration tests, started once per file against the
 * sandbox's switch (its credentials, the callback secret `call-secret`), its started runs cleared
 * before each test: `const trigger = useCallEventsTrigger(env, 'missed-call')`, then `trigger.host`.
 */
import { useSandbox } from './sandbox';
import { startTriggerServer, type TriggerServer, type TriggerServerOptions } from './triggerServer';

/** The secret the tests' notification URLs carry (`?secret=call-secret`). */
export const CALL_SECRET = 'call-secret';

export function useCallEventsTrigger(env: ReturnType<typeof useSandbox>, event: string, options: TriggerServerOptions = {}) {
	const ref = {} as { host: TriggerServer };
	beforeAll(async () => {
		ref.host = await startTriggerServer({
			type: 'solSwitchTrigger',
			typeVersion: 2,
			parameters: { event },
			credentials: { ...env.switchCredentials(), solSwitchCallbacksApi: { packetApiKey: '', sharedSecret: CALL_SECRET } },
			...options,
		});
	});
	afterAll(async () => {
		await ref.host?.close();
	});
	beforeEach(() => {
		ref.host.started.length = 0;
	});
	return ref;
}
