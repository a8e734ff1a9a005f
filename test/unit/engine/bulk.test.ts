import { bulkSettings, runBounded } from '../../../nodes/engine/bulk';

/** A task that resolves when released, recording how many run at once. */
function gate() {
	let running = 0;
	let most = 0;
	const started: number[] = [];
	const task = async (i: number) => {
		started.push(i);
		running++;
		most = Math.max(most, running);
		await new Promise((resolve) => setImmediate(resolve));
		await new Promise((resolve) => setImmediate(resolve));
		running--;
		if (i % 7 === 3) throw new Error(`item ${i} failed`);
		return `answer ${i}`;
	};
	return { task, started, most: () => most };
}

describe('runBounded', () => {
	it('runs every task once, at most `concurrency` at once, outcomes in input order', async () => {
		const g = gate();
		const outcomes = await runBounded(50, { concurrency: 4, perSecond: 0 }, g.task, false);
		expect(g.most()).toBe(4);
		expect([...g.started].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i));
		outcomes.forEach((o, i) => {
			if (i % 7 === 3) expect(o).toEqual({ state: 'failed', error: new Error(`item ${i} failed`) });
			else expect(o).toEqual({ state: 'done', value: `answer ${i}` });
		});
	});

	it('starts nothing after the first failure when told to stop, and waits for those in flight', async () => {
		const g = gate();
		const outcomes = await runBounded(50, { concurrency: 2, perSecond: 0 }, g.task, true);
		expect(outcomes[3].state).toBe('failed');
		// Item 4 started beside item 3; nothing after it.
		expect(outcomes.slice(0, 5).map((o) => o.state)).toEqual(['done', 'done', 'done', 'failed', 'done']);
		expect(outcomes.slice(5).every((o) => o.state === 'notStarted')).toBe(true);
		expect(g.started).toHaveLength(5);
	});

	it('spaces the starts to honour a rate', async () => {
		const starts: number[] = [];
		const t0 = Date.now();
		await runBounded(6, { concurrency: 6, perSecond: 50 }, async () => void starts.push(Date.now() - t0), false);
		// The k-th start is reserved k x 20 ms after the first; a busy machine can only make a start
		// later than its slot (so no upper bound, and no gap between two starts is asserted: a late
		// start may be followed closely by the next one's slot). Timers may fire a millisecond early.
		for (let i = 0; i < 6; i++) expect(starts[i]).toBeGreaterThanOrEqual(i * 20 - 2);
	});
});

describe('bulkSettings', () => {
	it('reads the options, and the defaults for anything unusable', () => {
		expect(bulkSettings({})).toEqual({ concurrency: 5, perSecond: 0 });
		expect(bulkSettings({ concurrency: 12, perSecond: 2.5 })).toEqual({ concurrency: 12, perSecond: 2.5 });
		expect(bulkSettings({ concurrency: 0, perSecond: -1 })).toEqual({ concurrency: 5, perSecond: 0 });
	});
});
