// The Missed Call bench's rows (scripts/bench/missedCallPath.ts): each round's figures to a latency
// row and a rate row, wrong runs reported so that no ratio is drawn from them.
import { missedComparisons, type MissedFigures } from '../../../scripts/bench/missedCallPath';

const round = (latencies: number[], perSecond: number, wrong: string[] = [], cpuMsPerCall = NaN): MissedFigures => ({ latencies, perSecond, calls: 20, wrong, cpuMsPerCall });

describe('missedComparisons', () => {
	it('gives the median of the rounds, every round, paired ratios and the CPU per notification', () => {
		const [latency, rate] = missedComparisons(
			{ label: 'ours', rounds: [round([100, 200, 300], 5, [], 200), round([150], 6, [], 220), round([90, 110], 4, [], 210)] },
			{ label: 'plain', rounds: [round([50], 10), round([75], 9), round([100], 8)] },
			'3 rounds',
		);
		expect(latency).toMatchObject({ metric: 'ms', ours: { value: 150, samples: [200, 150, 100], note: '60 calls, every answer right, n8n CPU 210 ms per notification' }, plain: { value: 75, note: '60 calls, every answer right' } });
		expect(latency.ratios).toEqual([50 / 200, 75 / 150, 100 / 100]);
		expect(rate).toMatchObject({ metric: 'msg/s', ours: { value: 5, samples: [5, 6, 4] }, plain: { value: 9 } });
		expect(rate.ratios).toEqual([5 / 10, 6 / 9, 4 / 8]);
	});

	it('says "wrong answers" (the report then gives no ratio) when a run started for an answered call or twice for a missed one', () => {
		const [latency] = missedComparisons(
			{ label: 'ours', rounds: [round([100], 5)] },
			{ label: 'plain', rounds: [round([50], 10, ['answered call 1.2: 1 runs', 'missed call 1.3: 2 runs'])] },
			'1 round',
		);
		expect(latency.plain.note).toBe('wrong answers: 2 of 20, first: answered call 1.2: 1 runs');
		expect(latency.ours.note).toBe('20 calls, every answer right');
	});
});
