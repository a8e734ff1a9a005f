import type { OperationSpec } from '../../../nodes/engine/catalog/types';
import { buildRequestBody } from '../../../nodes/engine/generators/schema';
import { callControl } from '../../../nodes/SolSwitch/catalog/callControl';

const op = (operation: string) => callControl.find((o) => o.operation === operation)!;

function fails(spec: OperationSpec, raw: Record<string, unknown>): string {
	const result = buildRequestBody(spec, raw);
	if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.body)}`);
	return result.message;
}

describe('request schema generated from the table', () => {
	it('names the field and the rule: Extension must be 3 to 5 digits', () => {
		expect(fails(op('newCall'), { Extension: '12', Destination: '5145550123' })).toBe('Extension must be 3 to 5 digits');
		expect(fails(op('newCall'), { Extension: '123456', Destination: '1' })).toBe('Extension must be 3 to 5 digits');
		expect(fails(op('toggleMonitoring'), { Extension: '20a', Enabled: true })).toBe('Extension must be 3 to 5 digits');
	});

	it('requires required attributes', () => {
		expect(fails(op('newCall'), { Extension: '201', Destination: '' })).toBe('Destination is required');
		expect(fails(op('hold'), {})).toBe('Channel is required');
	});

	it('checks numeric destinations and DTMF tones', () => {
		expect(fails(op('transfer'), { Channel: 'SIP/1', Destination: '514-555' })).toBe(
			'Destination must be a numerical value (digits only)',
		);
		expect(fails(op('sendDtmf'), { Channel: 'SIP/1', Tone: '12A' })).toBe('Tone may contain only the digits 0-9, * and #');
		expect(buildRequestBody(op('sendDtmf'), { Channel: 'SIP/1', Tone: '0123456789*#' }).ok).toBe(true);
	});

	it('refuses fax numbers with hyphens', () => {
		expect(fails(op('send'), { To: '514-555-0199', From: '5145550101' })).toBe(
			'To must be digits only, without hyphens or spaces',
		);
	});

	it('needs srcnumber or dstnumber for Add Header, and accepts either', () => {
		expect(fails(op('addHeader'), { 'header-name': 'X-A', value: '1' })).toBe(
			'Give a Source Number, a Destination Number, or both',
		);
		const result = buildRequestBody(op('addHeader'), { dstnumber: '5145550123', 'header-name': 'X-A', value: '1' });
		expect(result).toEqual({ ok: true, body: { dstnumber: '5145550123', 'header-name': 'X-A', value: '1' } });
	});

	it('requires Extension only when Type is addedit (Manage Caller ID Routes)', () => {
		expect(fails(op('manage'), { Type: 'addedit', CID: '5145550123' })).toBe('Extension is required when Type is addedit');
		expect(buildRequestBody(op('manage'), { Type: 'del', CID: '5145550123' })).toEqual({
			ok: true,
			body: { Type: 'del', CID: '5145550123' },
		});
		expect(fails(op('manage'), { Type: 'replace', CID: '1' })).toBe('Type must be one of: addedit, del');
	});

	it('sends booleans as 1/0, numbers typed as numbers as text digits, and omits blanks', () => {
		const result = buildRequestBody(op('newCall'), {
			Extension: 201,
			Destination: 5145550123,
			WaitForStart: false,
			Timeout: '40',
			CIDName: '  ',
		});
		expect(result).toEqual({
			ok: true,
			body: { Extension: '201', Destination: '5145550123', WaitForStart: 0, Timeout: 40 },
		});
		const on = buildRequestBody(op('toggleMonitoring'), { Extension: '201', Enabled: 'true' });
		expect(on).toEqual({ ok: true, body: { Extension: '201', Enabled: 1 } });
	});

	it('checks integer ranges and types', () => {
		const ranged: OperationSpec = {
			resource: 'r', operation: 'o', name: 'N', action: 'A', path: 'p', response: { kind: 'status' },
			attributes: [{ name: 'Position', type: 'integer', rule: { min: 2, text: 'must be 2 or more' }, description: '' }],
		};
		expect(fails(ranged, { Position: 1 })).toBe('Position must be 2 or more');
		// The document states no range for Timeout (seconds, default 25): none is invented.
		expect(buildRequestBody(op('newCall'), { Extension: '201', Destination: '1', Timeout: 0 }).ok).toBe(true);
		expect(fails(op('newCall'), { Extension: '201', Destination: '1', Timeout: 'soon' })).toBe('Ring Timeout must be a number');
		expect(fails(op('newCall'), { Extension: '201', Destination: '1', Timeout: 2.5 })).toBe('Ring Timeout must be a whole number');
	});

	it('parses JSON attributes typed as text and refuses malformed JSON', () => {
		const ok = buildRequestBody(op('newCall'), {
			Extension: '510',
			Destination: '5145550123',
			CustomDVData: '{"URL":"https://example.com/${CID}","NoURL":false}',
			CustomDVDigits: ['a', 'b'],
		});
		expect(ok).toEqual({
			ok: true,
			body: {
				Extension: '510',
				Destination: '5145550123',
				CustomDVData: { URL: 'https://example.com/${CID}', NoURL: false },
				CustomDVDigits: ['a', 'b'],
			},
		});
		expect(fails(op('newCall'), { Extension: '510', Destination: '1', CustomDVData: '{"URL":' })).toBe(
			'Custom DV Data must be valid JSON (an object or an array)',
		);
		expect(fails(op('newCall'), { Extension: '510', Destination: '1', CustomDVData: '42' })).toBe(
			'Custom DV Data must be valid JSON (an object or an array)',
		);
	});

	it('checks the caller ID number format', () => {
		expect(fails(op('newCall'), { Extension: '201', Destination: '1', CIDNum: '555-0100' })).toMatch(/^Caller ID Number must be a number in the form NPA NXX XXXX/);
		expect(buildRequestBody(op('newCall'), { Extension: '201', Destination: '1', CIDNum: '15145550100' }).ok).toBe(true);
	});
});

describe('attribute types not used by call control', () => {
	const spec: OperationSpec = {
		resource: 'x',
		operation: 'y',
		name: 'Y',
		action: 'y',
		path: 'y',
		response: { kind: 'status' },
		attributes: [
			{ name: 'Day', type: 'date', description: '' },
			{ name: 'At', type: 'dateTime', description: '' },
			{ name: 'Either', type: 'dateOrDateTime', description: '' },
			{ name: 'DID', type: 'list', rule: { pattern: /^\d{10}$/, text: 'must be 10 digits' }, description: '' },
			{ name: 'IDs', type: 'list', alwaysArray: true, description: '' },
		],
		rules: [{ kind: 'together', attributes: ['Day', 'At'], message: 'Both Day and At are required.' }],
	};

	it('formats dates from pickers and expressions without shifting time zones', () => {
		expect(buildRequestBody(spec, { Day: '2026-11-24T23:30:00', At: '2026-11-24T09:05:00.000+05:00', Either: '2026-11-24T00:00:00' })).toEqual({
			ok: true,
			body: { Day: '2026-11-24', At: '2026-11-24 09:05:00', Either: '2026-11-24' },
		});
		expect(buildRequestBody(spec, { Either: '2026-11-24 13:00' })).toEqual({ ok: true, body: { Either: '2026-11-24 13:00:00' } });
		expect(fails(spec, { Day: 'yesterday', At: '2026-01-01' })).toBe('Day must be a date (YYYY-MM-DD)');
	});

	it('applies cross rules: both bounds or neither', () => {
		expect(fails(spec, { Day: '2026-11-24' })).toBe('Both Day and At are required.');
	});

	it('splits lists, checks each value, and sends one value alone unless alwaysArray', () => {
		expect(buildRequestBody(spec, { DID: '5145550100, 5145550101\n5145550102' })).toEqual({
			ok: true,
			body: { DID: ['5145550100', '5145550101', '5145550102'] },
		});
		expect(buildRequestBody(spec, { DID: '5145550100' })).toEqual({ ok: true, body: { DID: '5145550100' } });
		expect(buildRequestBody(spec, { IDs: 7 })).toEqual({ ok: true, body: { IDs: ['7'] } });
		expect(fails(spec, { DID: '5145550100,123' })).toBe('DID must be 10 digits');
	});
});
