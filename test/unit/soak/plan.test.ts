// The fault soak's plan: the figures in the README are read against it (how many faults of each
// kind, which messages are STOPs, which are sent together), so its arithmetic is checked here.
import { DEFAULT_OPTIONS, parseOptions, planMessages } from '../../../scripts/soak/plan';

test('1,000 messages with a burst of 50: 200 faults (one in five of all messages), 50 of each kind, none in the burst', () => {
	const plan = planMessages({ messages: 1000, burst: 50, faultShare: 0.2 });
	expect(plan).toHaveLength(1000);
	const faulted = plan.filter((m) => m.fault);
	expect(faulted).toHaveLength(200);
	for (const kind of ['worker killed', 'webhook processor restarted', 'Redis stopped', 'answer dropped']) {
		expect(faulted.filter((m) => m.fault === kind)).toHaveLength(50);
	}
	const burst = plan.filter((m) => m.burst);
	expect(burst.map((m) => m.index)).toEqual(Array.from({ length: 50 }, (_, i) => 475 + i));
	expect(burst.some((m) => m.fault)).toBe(false);
	// Spread out: never two faulted messages in a row, never more than five clean ones between two.
	const gaps = faulted.slice(1).map((m, i) => m.index - faulted[i].index);
	expect(Math.min(...gaps)).toBeGreaterThanOrEqual(4);
	expect(Math.max(...gaps.filter((g) => g < 50))).toBeLessThanOrEqual(6);
});

test('a STOP in ten, each from a number of its own, the others hello', () => {
	const plan = planMessages({ messages: 100, burst: 0, faultShare: 0.2 });
	expect(plan.filter((m) => m.Body === 'STOP').map((m) => m.index)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
	expect(new Set(plan.map((m) => m.From)).size).toBe(100);
	expect(new Set(plan.map((m) => m.ID)).size).toBe(100);
});

test('options: flags, the older positional form, and refusals', () => {
	expect(parseOptions([])).toEqual(DEFAULT_OPTIONS);
	expect(parseOptions(['--messages=100', '--burst=20', '--redis=none', '--rate=4'])).toMatchObject({ messages: 100, burst: 20, redis: 'none', rate: 4 });
	expect(parseOptions(['150', '0.1'])).toMatchObject({ messages: 150, timeScale: 0.1 });
	expect(() => parseOptions(['--redis=sometimes'])).toThrow(/none, everysec or always/);
	expect(() => parseOptions(['--speed=9'])).toThrow(/unknown option --speed/);
	expect(() => parseOptions(['--messages=10', '--burst=20'])).toThrow(/burst/);
});

test('--faults picks the kinds struck, in turn (one kind alone isolates its effect); --recovery-ms the gap after each', () => {
	const options = parseOptions(['--messages=100', '--burst=0', '--faults=redis,drop', '--recovery-ms=500']);
	expect(options.faults).toEqual(['Redis stopped', 'answer dropped']);
	expect(options.recoveryMs).toBe(500);
	const faulted = planMessages(options).filter((m) => m.fault);
	expect(faulted).toHaveLength(20);
	expect(faulted.filter((m) => m.fault === 'Redis stopped')).toHaveLength(10);
	expect(faulted.filter((m) => m.fault === 'answer dropped')).toHaveLength(10);
	expect(() => parseOptions(['--faults=worker,flood'])).toThrow(/--faults takes worker, webhook, redis, drop/);
});

test('--webhook-processors puts several behind HAProxy (default 1); kill adds the processor killed (SIGKILL) to the kinds, in turn with the others', () => {
	expect(DEFAULT_OPTIONS.webhookProcessors).toBe(1);
	expect(DEFAULT_OPTIONS.faults).not.toContain('webhook processor killed');
	const options = parseOptions(['--messages=300', '--webhook-processors=2', '--faults=worker,webhook,redis,drop,kill']);
	expect(options).toMatchObject({ messages: 300, webhookProcessors: 2 });
	const faulted = planMessages(options).filter((m) => m.fault);
	expect(faulted).toHaveLength(60);
	expect(faulted.filter((m) => m.fault === 'webhook processor killed')).toHaveLength(12);
	expect(() => parseOptions(['--webhook-processors=two'])).toThrow(/--webhook-processors must be a number/);
});

test('--side-effect-once is a switch (default off); it takes no value, and the other options still need theirs', () => {
	expect(DEFAULT_OPTIONS.sideEffectOnce).toBe(false);
	expect(parseOptions(['--messages=300', '--side-effect-once', '--webhook-processors=2'])).toMatchObject({ messages: 300, sideEffectOnce: true, webhookProcessors: 2 });
	expect(() => parseOptions(['--side-effect-once=yes'])).toThrow(/takes no value/);
	expect(() => parseOptions(['--messages'])).toThrow(/--messages needs a value/);
});
