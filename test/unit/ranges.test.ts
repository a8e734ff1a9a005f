import { splitRange } from '../../nodes/engine/transport/ranges';

describe('splitRange', () => {
	it('keeps a range that fits in one part as it is', () => {
		expect(splitRange('2026-01-01', '2026-01-31', 45)).toEqual([{ from: '2026-01-01', to: '2026-01-31' }]);
	});
	it('splits whole days into consecutive inclusive parts', () => {
		expect(splitRange('2026-01-01', '2026-03-31', 45)).toEqual([
			{ from: '2026-01-01', to: '2026-02-14' },
			{ from: '2026-02-15', to: '2026-03-31' },
		]);
	});
	it('splits one day per part', () => {
		expect(splitRange('2026-11-01', '2026-11-03', 1)).toEqual([
			{ from: '2026-11-01', to: '2026-11-01' },
			{ from: '2026-11-02', to: '2026-11-02' },
			{ from: '2026-11-03', to: '2026-11-03' },
		]);
	});
	it('splits date-times at the same time of day, ending exactly at the end bound', () => {
		expect(splitRange('2026-11-01 08:00:00', '2026-11-02 12:00:00', 1)).toEqual([
			{ from: '2026-11-01 08:00:00', to: '2026-11-02 07:59:59' },
			{ from: '2026-11-02 08:00:00', to: '2026-11-02 12:00:00' },
		]);
	});
	it('crosses month and leap-year boundaries', () => {
		const parts = splitRange('2028-02-27', '2028-03-02', 2);
		expect(parts).toEqual([
			{ from: '2028-02-27', to: '2028-02-28' },
			{ from: '2028-02-29', to: '2028-03-01' },
			{ from: '2028-03-02', to: '2028-03-02' },
		]);
	});
	it('leaves unreadable or reversed ranges to the switch', () => {
		expect(splitRange('yesterday', '2026-01-01', 1)).toEqual([{ from: 'yesterday', to: '2026-01-01' }]);
		expect(splitRange('2026-02-01', '2026-01-01', 1)).toEqual([{ from: '2026-02-01', to: '2026-01-01' }]);
	});
});
