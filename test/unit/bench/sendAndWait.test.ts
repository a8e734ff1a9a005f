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
	});

	it('gives undefined for a phone that never calls back (a lost resume), and ignores a body that is not JSON', async () => {
		await fetch(sink.url, { method: 'POST', body: 'not json' });
		expect(await sink.resumed('15145550009', 50)).toBeUndefined();
		expect(sink.count(['15145550009'])).toBe(0);
	});
});

describe('waitComparisons', () => {
	const figures = (latencies: number[], perSecond: number, lost = 0): WaitFigures => ({ latencies, perSecond, replies: 100, lost, notWaiting: 0 });

	it('makes a latency row (median of the timed replies) and a throughput row, each noting the lost resumes', () => {
		const [latency, rate] = waitComparisons({ label: 'ours', figures: figures([100, 120, 110], 10) }, { label: 'recipe', figures: figures([150, 140, 160, 170], 8, 2) }, '100 waits each');
		expect(latency).toMatchObject({ metric: 'ms', size: '100 waits each', ours: { value: 110, note: '0 of 100 resumes lost' }, plain: { value: 155, note: '2 of 100 resumes lost' } });
		expect(rate).toMatchObject({ metric: 'msg/s', ours: { value: 10 }, plain: { value: 8 } });
	});
});
