import { findOperation } from '../../../nodes/engine/execute';
import { buildRequestBody } from '../../../nodes/engine/generators/schema';
import { solSwitchCatalog } from '../../../nodes/SolSwitch/catalog';

const op = (resource: string, operation: string) => findOperation(solSwitchCatalog, resource, operation);

describe('Agent Stats date rules', () => {
	const agentStats = op('agent', 'getStats');

	it.each([[{ DateStart: '2026-03-01' }], [{ DateEnd: '2026-03-01' }], [{ DateStart: '2026-03-01', Extension: '201' }]])(
		'refuses one bound alone: %j',
		(raw) => {
			expect(buildRequestBody(agentStats, raw)).toMatchObject({ ok: false, message: 'Both DateStart and DateEnd are required.' });
		},
	);

	it('refuses Date with a range', () => {
		expect(buildRequestBody(agentStats, { Date: '2026-03-01', DateStart: '2026-03-01', DateEnd: '2026-03-02' })).toMatchObject({
			ok: false,
			message: 'Give either Date, or DateStart with DateEnd, not both',
		});
	});

	it('accepts Date alone, a full range, or nothing, sent as YYYY-MM-DD', () => {
		expect(buildRequestBody(agentStats, { Date: '2026-03-01T00:00:00.000+01:00' })).toEqual({ ok: true, body: { Date: '2026-03-01' } });
		expect(buildRequestBody(agentStats, { DateStart: '2026-03-01', DateEnd: new Date(2026, 2, 3, 15, 0, 0) })).toEqual({
			ok: true,
			body: { DateStart: '2026-03-01', DateEnd: '2026-03-03' },
		});
		expect(buildRequestBody(agentStats, {})).toEqual({ ok: true, body: {} });
	});
});

describe('CDR Export dates', () => {
	const cdr = op('report', 'exportCdr');

	it('sends a date as YYYY-MM-DD and a date-time as YYYY-MM-DD HH:MM:SS', () => {
		expect(buildRequestBody(cdr, { DateStart: '2026-03-01T00:00:00', DateEnd: '2026-03-01T17:30:00' })).toEqual({
			ok: true,
			body: { DateStart: '2026-03-01', DateEnd: '2026-03-01 17:30:00' },
		});
		expect(buildRequestBody(cdr, { DateStart: '2026-03-01 08:00:00', DateEnd: '2026-03-02' })).toEqual({
			ok: true,
			body: { DateStart: '2026-03-01 08:00:00', DateEnd: '2026-03-02' },
		});
	});

	it('names the field and the rule for a missing or malformed date', () => {
		expect(buildRequestBody(cdr, { DateStart: '2026-03-01' })).toMatchObject({ ok: false, message: 'Date End is required' });
		expect(buildRequestBody(cdr, { DateStart: '1/3/2026', DateEnd: '2026-03-02' })).toMatchObject({
			ok: false,
			message: 'Date Start must be a date (YYYY-MM-DD) or a date and time (YYYY-MM-DD HH:MM:SS)',
		});
	});
});
