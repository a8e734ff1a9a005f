/**
 * One number everywhere (issue 26): the one helper that turns a number as people write it into the
 * digits the gateway is sent, the same for sending (the catalog's rule), registering a Send and Wait
 * (the registry) and matching a reply (the registry and the waiting node), with a clear error for what
 * cannot be a number.
 */
import { buildRequestBody } from '../../../nodes/engine/generators/schema';
import { messagingCatalog } from '../../../nodes/SolSwitchMessaging/catalog';
import { numberKey, phoneNumberOf, sameNumber } from '../../../nodes/shared/messaging/phoneNumber';

const op = (operation: string) => messagingCatalog.operations.find((o) => o.operation === operation)!;

describe('phoneNumberOf', () => {
	it.each([
		['15145550123', '15145550123'],
		['15145550123 ', '15145550123'],
		['  15145550123\t', '15145550123'],
		['+1 514 555 0123', '15145550123'],
		['+15145550123', '15145550123'],
		['1-514-555-0123', '15145550123'],
		['(514) 555-0123', '5145550123'],
		['514.555.0123', '5145550123'],
		['+1\u00a0(514)\u00a0555\u20110123', '15145550123'],
		['55555', '55555'],
		[15145550123, '15145550123'],
		['123', '123'],
		['123456789012345', '123456789012345'],
	])('%j is the number %s', (given, digits) => {
		expect(phoneNumberOf(given)).toEqual({ ok: true, number: digits });
	});

	it.each([
		['abc', 'must be a phone number or code: digits, with only spaces, dashes, dots, parentheses or a leading + besides (got "abc")'],
		['1-800-FLOWERS', 'must be a phone number or code: digits, with only spaces, dashes, dots, parentheses or a leading + besides (got "1-800-FLOWERS")'],
		['514555O123', 'must be a phone number or code: digits, with only spaces, dashes, dots, parentheses or a leading + besides (got "514555O123")'],
		['1+5145550123', 'must be a phone number or code: digits, with only spaces, dashes, dots, parentheses or a leading + besides (got "1+5145550123")'],
		['++15145550123', 'must be a phone number or code: digits, with only spaces, dashes, dots, parentheses or a leading + besides (got "++15145550123")'],
		['', 'must be a phone number or code: digits, with only spaces, dashes, dots, parentheses or a leading + besides (got "")'],
		['12', 'must be a phone number or code of 3 to 15 digits ("12" has 2)'],
		['+1 (2)', 'must be a phone number or code of 3 to 15 digits ("+1 (2)" has 2)'],
		['1234567890123456', 'must be a phone number or code of 3 to 15 digits ("1234567890123456" has 16)'],
		[-5145550123, 'must be a phone number or code, not number'],
		[1.5, 'must be a phone number or code, not number'],
		[null, 'must be a phone number or code, not null'],
		[{ phone: '1' }, 'must be a phone number or code, not object'],
	])('%j is no number', (given, problem) => {
		expect(phoneNumberOf(given)).toEqual({ ok: false, problem });
	});
});

describe('matching (sameNumber, numberKey)', () => {
	it('the same number however written, and a North American number with or without its leading 1', () => {
		expect(sameNumber('15145550123', '+1 (514) 555-0123 ')).toBe(true);
		expect(sameNumber('5145550123', '15145550123')).toBe(true);
		expect(sameNumber('55555', '55 555')).toBe(true);
		expect(numberKey('+1 514 555 0123')).toBe('5145550123');
	});

	it('different numbers, and never what is no number', () => {
		expect(sameNumber('15145550123', '15145550124')).toBe(false);
		expect(sameNumber('25145550123', '5145550123')).toBe(false);
		expect(sameNumber('55555', '555550')).toBe(false);
		expect(sameNumber('abc', 'abc')).toBe(false);
		expect(numberKey('')).toBeUndefined();
	});
});

describe("the catalog's rule on To and From (RULES.phoneNumber)", () => {
	it.each(['sendSms', 'sendAndWait'])('%s sends the digits, whatever the number was written with', (operation) => {
		const body = buildRequestBody(op(operation), { From: ' 55555', To: '+1 (514) 555-0123 ', Body: 'Hi' });
		expect(body).toMatchObject({ ok: true, body: { From: '55555', To: '15145550123' } });
	});

	it('Send MMS too', () => {
		const body = buildRequestBody(op('sendMms'), { From: '555-55', To: 15145550123, ContentName: 'a.png', ContentType: 'image/png', Content: 'aGVsbG8=' });
		expect(body).toMatchObject({ ok: true, body: { From: '55555', To: '15145550123' } });
	});

	it('names the field and the rule for what cannot be a number', () => {
		expect(buildRequestBody(op('sendSms'), { From: '55555', To: 'abc', Body: 'Hi' })).toMatchObject({
			ok: false,
			message: 'To must be a phone number or code: digits, with only spaces, dashes, dots, parentheses or a leading + besides (got "abc")',
		});
		expect(buildRequestBody(op('sendSms'), { From: '12', To: '15145550123', Body: 'Hi' })).toMatchObject({
			ok: false,
			message: 'From must be a phone number or code of 3 to 15 digits ("12" has 2)',
		});
		expect(buildRequestBody(op('sendAndWait'), { From: '55555', To: '1234567890123456', Body: 'Hi' })).toMatchObject({
			ok: false,
			message: 'To must be a phone number or code of 3 to 15 digits ("1234567890123456" has 16)',
		});
	});
});
