// The soak's faults come one at a time: the next process fault strikes only once n8n is whole again
// (every process ready: QueueCluster.whenHealthy) and the recovery gap has passed. Struck back to back
// they kept n8n down (README, "Fault soak"). A dropped answer needs no wait. Checked on fakes that
// log what happens, in order.
import { FaultInjector } from '../../../scripts/soak/faults';
import type { QueueCluster } from '../../../scripts/n8n-harness/queue/cluster';
import type { FaultProxy } from '../../../scripts/soak/faultProxy';

function fakes() {
	const events: string[] = [];
	const step = (name: string) => async () => {
		events.push(name);
		await Promise.resolve();
	};
	const cluster = {
		worker: { logFile: '/nonexistent/worker.log' },
		webhookProcessors: [{ restart: step('webhook restarted') }],
		redis: { pause: step('redis stopped'), resume: step('redis started') },
		whenHealthy: step('healthy'),
	} as unknown as QueueCluster;
	const proxy = { dropNextAnswer: new Set<string>(), drops: [], forwarded: () => Promise.resolve() } as unknown as FaultProxy;
	return { events, injector: new FaultInjector(cluster, proxy, 10, 1000) };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('a second process fault waits for n8n to be healthy and for the recovery gap after the first', async () => {
	const { events, injector } = fakes();
	injector.assign('webhook processor restarted', 'soak-1');
	injector.assign('Redis stopped', 'soak-2');
	let idle = false;
	void injector.idle().then(() => (idle = true));
	// The restart comes 20 ms into n8n's handling of the call (faults.ts), then the 1,000 ms gap.
	await jest.advanceTimersByTimeAsync(20 + 999);
	// The first restarted and n8n is healthy; the gap is not over, so Redis is untouched.
	expect(events).toEqual(['webhook restarted', 'healthy']);
	await jest.advanceTimersByTimeAsync(1);
	expect(events).toEqual(['webhook restarted', 'healthy', 'redis stopped']);
	await jest.advanceTimersByTimeAsync(10 + 1000);
	expect(events).toEqual(['webhook restarted', 'healthy', 'redis stopped', 'redis started', 'healthy']);
	expect(idle).toBe(true);
	expect(injector.windows.map((w) => [w.fault, w.messageId])).toEqual([
		['webhook processor restarted', 'soak-1'],
		['Redis stopped', 'soak-2'],
	]);
});

test('a dropped answer is armed at once, whatever process fault is under way', async () => {
	const { injector } = fakes();
	injector.assign('webhook processor restarted', 'soak-1');
	let dropMayStrike = false;
	void injector.idle('answer dropped').then(() => (dropMayStrike = true));
	injector.assign('answer dropped', 'soak-2');
	await Promise.resolve();
	expect(dropMayStrike).toBe(true);
});
