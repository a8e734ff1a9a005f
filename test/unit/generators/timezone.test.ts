import { DateTime } from 'luxon';
import { inTimeZone } from '../../../nodes/engine/generators/values';

describe('inTimeZone: instants read as the workflow zone shows them', () => {
	it.each([
		['2026-03-01T23:30:00Z', 'Asia/Tokyo', '2026-03-02T08:30:00'],
		['2026-03-01T23:30:00.000Z', 'America/New_York', '2026-03-01T18:30:00'],
		['2026-03-01 23:30:00+01:00', 'UTC', '2026-03-01T22:30:00'],
		['2026-03-01T10:00:00-0500', 'Europe/Berlin', '2026-03-01T16:00:00'],
		// Daylight saving in the workflow zone: New York is UTC-4 from 2026-03-08.
		['2026-03-08T12:00:00Z', 'America/New_York', '2026-03-08T08:00:00'],
	])('%s in %s is %s', (value, zone, wall) => {
		expect(inTimeZone(value, zone)).toBe(wall);
	});

	it('reads a Date and a Luxon DateTime as instants, whatever zone the DateTime carries', () => {
		expect(inTimeZone(new Date(Date.UTC(2026, 2, 1, 23, 30)), 'Asia/Kolkata')).toBe('2026-03-02T05:00:00');
		const inParis = DateTime.fromISO('2026-03-01T23:30:00', { zone: 'Europe/Paris' });
		expect(inTimeZone(inParis, 'Europe/Paris')).toBe('2026-03-01T23:30:00');
		expect(inTimeZone(inParis, 'America/Los_Angeles')).toBe('2026-03-01T14:30:00');
	});

	it('leaves wall clocks (date picker values), plain dates and non-dates as they are', () => {
		for (const value of ['2026-03-01T09:30:00', '2026-03-01', '2026-03-01 09:30', 'yesterday', '', 42, undefined, null]) {
			expect(inTimeZone(value, 'Asia/Tokyo')).toBe(value);
		}
		expect(inTimeZone(new Date('not a date'), 'Asia/Tokyo')).toBeInstanceOf(Date);
	});
});
