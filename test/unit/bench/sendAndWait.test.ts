// The send-and-wait bench's own parts (scripts/bench/sendAndWaitPath.ts): the sink that notes when a
// resumed execution calls back, and the two comparison rows made from each side's figures.
import { ResumeSink, waitComparisons, type WaitFigures } from '../../../scripts/bench/sendAndWaitPath';

describe('ResumeSink', () => {
	let sink: ResumeSink;
	beforeEach(async () => (sink = await ResumeSink.start()));
	afterEach(async () => sink.close());

	const report = (phone: string) => fetch(sink.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone }) }).then((r) => r.json());

	it('resolves a phone that calls back after it was awaited, and one that called before', async () => {
		const waiting = sink.resumed('15145550001', 10_000);
		expect(await report('15145550001')).toEqual({ ok: true });
		expect(typeof (await waiting)).toBe('number');
		await report('15145550002');
		expect(typeof (await sink.resumed('15145550002', 10_000))).toBe('number');
		expect(sink.count(['15145550001', '15145550002', '15145550003'])).toBe(2);
		await report('15145550002');
		expect([sink.hits('15145550001'), sink.hits('15145550002'), sink.hits('15145550003')]).toEqual([1, 2, 0]);
	});

	it('gives undefined for a phone that never calls back (a lost resume), and ignores a body that is not JSON', async () => {
		await fetch(sink.url, { method: 'POST', body: 'not json' });
		expect(await sink.resumed('15145550009', 50)).toBeUndefined();
		expect(sink.count(['15145550009'])).toBe(0);
	});

	it('times the first resumes one at a time and the rest at once; a phone that never resumes gives no latency and is not counted per second', async () => {
		const phones = ['15145550011', '15145550012', '15145550013', '15145550014', '15145550015'];
		const acted: string[] = [];
		const { latencies, perSecond } = await sink.timeResumes(phones, 2, 2, 200, async (phone) => {
			acted.push(phone);
			if (phone !== '15145550012' && phone !== '15145550015') await report(phone);
		});
		expect(acted.slice(0, 2)).toEqual(['15145550011', '15145550012']);
		expect([...acted].sort()).toEqual(phones);
		expect(latencies).toHaveLength(1);
		expect(latencies[0]).toBeGreaterThanOrEqual(0);
		expect(perSecond).toBeGreaterThan(0);
		expect(sink.count(phones)).toBe(3);
	});
});

describe('waitComparisons', () => {
	const figures = (latencies: number[], perSecond: number, lost = 0): WaitFigures => ({ latencies, perSecond, replies: 10, lost, notWaiting: 0 });

	it('makes a latency row and a throughput row from the rounds: medians, every round kept, paired ratios, lost resumes noted', () => {
		const ours = { label: 'ours', rounds: [figures([100, 120, 110], 10), figures([90, 95, 300], 12), figures([200, 210, 220], 6)] };
		const recipe = { label: 'recipe', rounds: [figures([150, 140, 160, 170], 8, 2), figures([100, 100, 100], 10), figures([180, 200, 190], 9)] };
		const [latency, rate] = waitComparisons(ours, recipe, '3 rounds of 10 waits each', ', queue mode');
		expect(latency).toMatchObject({
			path: 'SMS reply to resumed execution (one at a time), queue mode',
			metric: 'ms',
			size: '3 rounds of 10 waits each',
			ours: { value: 110, samples: [110, 95, 210], note: '0 of 30 resumes lost' },
			plain: { value: 155, samples: [155, 100, 190], note: '2 of 30 resumes lost' },
		});
		// A time's ratio is theirs over ours, round by round.
		expect(latency.ratios).toEqual([155 / 110, 100 / 95, 190 / 210]);
		// p50 over every timed reply of every round (90 95 100 110 120 200 210 220 300).
		expect(latency.ours.p50Ms).toBe(120);
		expect(rate).toMatchObject({ path: 'SMS replies resuming their executions (all at once), queue mode', metric: 'msg/s', ours: { value: 10, samples: [10, 12, 6] }, plain: { value: 9, samples: [8, 10, 9] } });
		expect(rate.ratios).toEqual([10 / 8, 12 / 10, 6 / 9]);
	});

	it('gives one figure and no ratios for a single round', () => {
		const [latency] = waitComparisons({ label: 'ours', rounds: [figures([100, 120], 10)] }, { label: 'recipe', rounds: [figures([150], 8)] }, '1 round');
		expect(latency).toMatchObject({ ours: { value: 110 }, plain: { value: 150 } });
		expect(latency.ours.samples).toBeUndefined();
		expect(latency.ratios).toBeUndefined();
	});

	it('notes the median CPU per reply of the rounds where it was read', () => {
		const round = (cpuMsPerReply: number) => ({ ...figures([100], 10), cpuMsPerReply });
		const [latency] = waitComparisons({ label: 'ours', rounds: [round(40), round(NaN), round(60), round(50)] }, { label: 'recipe', rounds: [figures([150], 8)] }, '4 rounds');
		expect(latency.ours.note).toBe('0 of 40 resumes lost, n8n CPU 50 ms per reply');
		expect(latency.plain.note).toBe('0 of 10 resumes lost');
	});
});
