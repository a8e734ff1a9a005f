// Dates are read in the workflow's time zone (its Timezone setting, n8n's getTimezone()), not the
// n8n server's: the same instant is another calendar day in Tokyo than in New York.
import type { INodeParameters } from 'n8n-workflow';
import { runNode } from '../../../scripts/n8n-engine/n8nEngine';
import { useSandbox } from '../../helpers/sandbox';

const env = useSandbox({ reports: { seed: 7, legs: 30, days: 3, lastDay: '2026-03-10' } });

const exportCdr = (fields: INodeParameters, timezone: string) =>
	runNode({
		type: 'solSwitch',
		parameters: { resource: 'report', operation: 'exportCdr', ...fields, options: {} },
		credentials: env.switchCredentials(),
		timezone,
	});

describe('dates in the workflow time zone', () => {
	// 2026-03-08 23:30 UTC is 2026-03-09 08:30 in Tokyo and 2026-03-08 19:30 in New York (EDT from 03-08).
	const instant = '2026-03-08T23:30:00Z';

	it.each([
		['Asia/Tokyo', '2026-03-09 08:30:00'],
		['America/New_York', '2026-03-08 19:30:00'],
	])('an instant from an expression is the wall clock of the workflow zone (%s)', async (timezone, wall) => {
		const { error } = await exportCdr({ DateStart: `={{ new Date('${instant}') }}`, DateEnd: `={{ '${instant}' }}` }, timezone);
		expect(error).toBeUndefined();
		expect(env.received('cdrexport')[0].body).toMatchObject({ DateStart: wall, DateEnd: wall });
	});

	it("reads $now's DateTime as the workflow's date", async () => {
		const { error } = await exportCdr({ DateStart: '={{ $now.minus({ days: 1 }) }}', DateEnd: '={{ $now }}' }, 'Pacific/Kiritimati');
		expect(error).toBeUndefined();
		const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date());
		expect(String((env.received('cdrexport')[0].body as Record<string, unknown>).DateEnd).slice(0, 10)).toBe(today);
	});

	it('keeps a date picked in the editor (a wall clock without offset) as the user chose it', async () => {
		const { error } = await exportCdr({ DateStart: '2026-03-08T00:00:00', DateEnd: '2026-03-09T17:30:00' }, 'Asia/Tokyo');
		expect(error).toBeUndefined();
		expect(env.received('cdrexport')[0].body).toMatchObject({ DateStart: '2026-03-08', DateEnd: '2026-03-09 17:30:00' });
	});
});
