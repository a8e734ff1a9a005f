import { cleanOption, optionFromAnswer } from '../../../nodes/SolSwitchTrigger/digitAnswer';
import { fixedAnswerFor } from '../../../nodes/SolSwitchTrigger/handlers/digitValidation';
import { sourceAddress } from '../../../nodes/engine/trigger/guard';

describe('the routing option in what n8n answers', () => {
	it('takes text as it is, trimmed', () => {
		expect(optionFromAnswer({ status: 200, contentType: 'text/plain', body: 'sales\n' })).toBe('sales');
		expect(optionFromAnswer({ status: 200, contentType: 'text/html; charset=utf-8', body: '2' })).toBe('2');
	});

	it('unwraps JSON strings and numbers, so no quotes reach the switch', () => {
		expect(optionFromAnswer({ status: 200, contentType: 'application/json', body: '"3"' })).toBe('3');
		expect(optionFromAnswer({ status: 200, contentType: 'application/json; charset=utf-8', body: '7' })).toBe('7');
	});

	it('finds none in errors, objects, arrays, empty or multi-line answers', () => {
		expect(optionFromAnswer({ status: 500, contentType: 'application/json', body: '{"message":"Error in workflow"}' })).toBeUndefined();
		expect(optionFromAnswer({ status: 200, contentType: 'application/json', body: '{"option":"1"}' })).toBeUndefined();
		expect(optionFromAnswer({ status: 200, contentType: 'application/json', body: '["1"]' })).toBeUndefined();
		expect(optionFromAnswer({ status: 200, contentType: 'application/json', body: '' })).toBeUndefined();
		expect(optionFromAnswer({ status: 200, contentType: 'text/plain', body: '   ' })).toBeUndefined();
		expect(optionFromAnswer({ status: 200, contentType: 'text/plain', body: 'a\nb' })).toBeUndefined();
		expect(optionFromAnswer({ status: 200, contentType: 'text/plain', body: 'x'.repeat(257) })).toBeUndefined();
		expect(optionFromAnswer({ status: 404, contentType: 'text/plain', body: 'sales' })).toBeUndefined();
	});

	it('cleanOption accepts one short line of text or a number', () => {
		expect(cleanOption(' 4 ')).toBe('4');
		expect(cleanOption(5)).toBe('5');
		expect(cleanOption(undefined)).toBeUndefined();
		expect(cleanOption({})).toBeUndefined();
	});
});

describe('fixed answers', () => {
	const table = { answers: [{ digits: '1', option: 'sales' }, { digits: ' 22 ', option: 'support' }, { digits: '3', option: '' }] };

	it('answer the digits listed, and only those', () => {
		expect(fixedAnswerFor('1', table)).toBe('sales');
		expect(fixedAnswerFor('22', table)).toBe('support');
		expect(fixedAnswerFor('2', table)).toBeUndefined();
		expect(fixedAnswerFor('3', table)).toBeUndefined();
		expect(fixedAnswerFor('1', {})).toBeUndefined();
	});
});

describe('sourceAddress', () => {
	it('is the connection address unless proxies are trusted', () => {
		expect(sourceAddress('10.0.0.9', '203.0.113.5', 0)).toBe('10.0.0.9');
	});

	it('behind N trusted proxies, is the address the outermost one saw (counted from the right)', () => {
		expect(sourceAddress('10.0.0.9', '203.0.113.5', 1)).toBe('203.0.113.5');
		expect(sourceAddress('10.0.0.9', '1.1.1.1, 203.0.113.5, 10.0.0.8', 2)).toBe('203.0.113.5');
		// A client cannot choose its address by sending its own X-Forwarded-For.
		expect(sourceAddress('10.0.0.9', 'forged, 198.51.100.1', 1)).toBe('198.51.100.1');
	});

	it('is unknown when fewer proxies appear than are trusted', () => {
		expect(sourceAddress('10.0.0.9', undefined, 1)).toBeUndefined();
		expect(sourceAddress('10.0.0.9', '203.0.113.5', 2)).toBeUndefined();
	});
});
