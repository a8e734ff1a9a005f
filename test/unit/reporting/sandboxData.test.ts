import { SwitchState } from '../../../sandbox/switch/state';
import { attachReports } from '../../../sandbox/switch/reports/config';
import { callCountBetween, callsBetween, cdrIndexSize, cdrSize, findCall } from '../../../sandbox/switch/reports/cdr';
import { parseBound } from '../../../sandbox/time';

function stateWith(config: { seed: number; legs: number; days: number; lastDay: string; profile?: 'even' | 'quietThenBusy' }) {
	const state = new SwitchState();
	attachReports(state, config, () => 'http://127.0.0.1:1');
	return state;
}
const everything = (state: SwitchState) => [...callsBetween(state, 1, 0, Number.MAX_SAFE_INTEGER)];

describe('sandbox call records', () => {
	it('reaches 100,000 legs exactly, in time order, single- and multi-leg calls mixed', () => {
		const state = stateWith({ seed: 1, legs: 100000, days: 30, lastDay: '2026-03-10' });
		expect(cdrSize(state, 1).legs).toBe(100000);
		const calls = everything(state);
		expect(calls.reduce((n, c) => n + c.legs.length, 0)).toBe(100000);
		expect(calls.every((c, i) => i === 0 || calls[i - 1].startMs <= c.startMs)).toBe(true);
		expect(calls.some((c) => c.legs.length === 1)).toBe(true);
		expect(calls.some((c) => c.legs.length > 1)).toBe(true);
		expect(new Set(calls.map((c) => c.CallID)).size).toBe(calls.length);
		const late = calls[calls.length - 7];
		expect(findCall(state, 1, late.CallID)?.legs).toEqual(late.legs);
	});

	it('gives the same data for the same seed and size, other data for another seed', () => {
		const config = { seed: 42, legs: 500, days: 3, lastDay: '2026-03-10' };
		expect(everything(stateWith(config))).toEqual(everything(stateWith(config)));
		expect(everything(stateWith({ ...config, seed: 43 }))).not.toEqual(everything(stateWith(config)));
	});

	it('serves any window of a million-leg day on demand: the index keeps a number per 64 calls, the window its own calls', () => {
		const state = stateWith({ seed: 3, legs: 1000000, days: 1, lastDay: '2026-03-10' });
		const { calls, legs } = cdrSize(state, 1);
		expect(legs).toBe(1000000);
		// What the sandbox holds for the day: one number per 64 calls (about 7,000), not a leg.
		expect(cdrIndexSize(state, 1)).toBe(Math.ceil(calls / 64));
		expect(cdrIndexSize(state, 1)).toBeLessThan(10000);
		// One hour late in the day: its calls, counted without generating them, then generated alone.
		const from = parseBound('2026-03-10 17:00:00', false)!;
		const to = parseBound('2026-03-10 17:59:59', true)!;
		const hour = [...callsBetween(state, 1, from, to)];
		expect(hour.length).toBe(callCountBetween(state, 1, from, to));
		expect(hour.length).toBeGreaterThan(calls / 24 - 100);
		expect(hour.every((c) => c.startMs >= from && c.startMs <= to)).toBe(true);
		// The same calls as a lookup of each by its CallID, and the same again from a fresh sandbox with the same seed.
		expect(findCall(state, 1, hour[100].CallID)).toEqual(hour[100]);
		const again = [...callsBetween(stateWith({ seed: 3, legs: 1000000, days: 1, lastDay: '2026-03-10' }), 1, from, to)];
		expect(again).toEqual(hour);
		// Leg numbers run on across the window's calls, from where the day had reached.
		const ids = hour.flatMap((c) => c.legs.map((l) => Number(l.leg.LegID)));
		expect(ids.every((id, i) => i === 0 || id === ids[i - 1] + 1)).toBe(true);
	});

	it('plays a business day in the quietThenBusy profile: nothing 00:00-07:59 or from 18:00, every leg between, each day', () => {
		const state = stateWith({ seed: 3, legs: 1000000, days: 2, lastDay: '2026-03-10', profile: 'quietThenBusy' });
		const count = (from: string, to: string) => callCountBetween(state, 1, parseBound(from, false)!, parseBound(to, true)!);
		const { calls, legs } = cdrSize(state, 1);
		expect(legs).toBe(1000000);
		for (const day of ['2026-03-09', '2026-03-10']) {
			expect(count(`${day} 00:00:00`, `${day} 07:59:59`)).toBe(0);
			expect(count(`${day} 18:00:00`, `${day} 23:59:59`)).toBe(0);
			// Half the calls each day, spread evenly over its ten busy hours.
			expect(count(`${day} 08:00:00`, `${day} 17:59:59`)).toBeGreaterThan(calls / 2 - 2);
			expect(count(`${day} 08:00:00`, `${day} 08:59:59`)).toBeGreaterThan(calls / 20 - 100);
			expect(count(`${day} 17:00:00`, `${day} 17:59:59`)).toBeGreaterThan(calls / 20 - 100);
		}
		// In time order still: the windows a client asks find each call once.
		const morning = [...callsBetween(state, 1, parseBound('2026-03-10 08:00:00', false)!, parseBound('2026-03-10 08:00:59', true)!)];
		expect(morning.every((c, i) => i === 0 || morning[i - 1].startMs <= c.startMs)).toBe(true);
		expect(findCall(state, 1, morning[3].CallID)).toEqual(morning[3]);
		// The default profile spreads the same calls over the whole day.
		const even = stateWith({ seed: 3, legs: 1000000, days: 2, lastDay: '2026-03-10' });
		expect(callCountBetween(even, 1, parseBound('2026-03-10 00:00:00', false)!, parseBound('2026-03-10 07:59:59', true)!)).toBeGreaterThan(calls / 6 - 100);
	});

	it('numbers legs as before the sparse index: call i starts at the sum of the legs before it', () => {
		const state = stateWith({ seed: 9, legs: 5000, days: 2, lastDay: '2026-03-10' });
		const calls = everything(state);
		let next = 100000;
		for (const call of calls) {
			expect(call.legs.map((l) => l.leg.LegID)).toEqual(call.legs.map((_, k) => String(next + k)));
			next += call.legs.length;
		}
		expect(next - 100000).toBe(5000);
		expect(findCall(state, 1, calls[calls.length - 1].CallID)).toEqual(calls[calls.length - 1]);
	});
});
