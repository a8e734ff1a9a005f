import { SwitchState } from '../../../sandbox/switch/state';
import { attachReports } from '../../../sandbox/switch/reports/config';
import { callsBetween, cdrSize, findCall } from '../../../sandbox/switch/reports/cdr';

function stateWith(config: { seed: number; legs: number; days: number; lastDay: string }) {
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
});
