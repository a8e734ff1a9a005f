/**
 * `npm run sandbox`: the switch and gateway emulator on its own, for trying the nodes by hand.
 * SANDBOX_PORT (default 8089), SANDBOX_HOST (default 127.0.0.1), SANDBOX_TIME_SCALE (default 1),
 * SANDBOX_SWITCH_PROFILE (default `default`: one of switch/profiles.ts's names).
 */
import { DEFAULT_CUSTOMER2_KEY, DEFAULT_SWITCH_KEY, startSandbox } from './server';
import type { SwitchProfileName } from './switch/profiles';

async function main() {
	const sandbox = await startSandbox({
		port: Number(process.env.SANDBOX_PORT ?? 8089),
		host: process.env.SANDBOX_HOST ?? '127.0.0.1',
		timeScale: Number(process.env.SANDBOX_TIME_SCALE ?? 1),
		switchProfile: (process.env.SANDBOX_SWITCH_PROFILE || 'default') as SwitchProfileName,
	});
	const lines = [
		`SolSwitch sandbox listening on ${sandbox.url}`,
		`  switch base URL : ${sandbox.url}            (functions at ${sandbox.url}/api/<function>/)`,
		`  switch key      : ${DEFAULT_SWITCH_KEY}     (global)`,
		`  customer-2 key  : ${DEFAULT_CUSTOMER2_KEY}  (customer 2 only)`,
		...Object.values(sandbox.services)
			.map((s) => (s as { describe?: () => string[] }).describe?.() ?? [])
			.flat(),
		`  control         : ${sandbox.url}/_sandbox/exchanges (what the sandbox received)`,
	];
	console.log(lines.join('\n'));
	const stop = async () => {
		await sandbox.close();
		process.exit(0);
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

void main();
