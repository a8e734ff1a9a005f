import { articleFinding, duplicateNames, sentenceFinding } from './copy';

describe('copy checks n8n lacks', () => {
	it('finds a wrong article before a word, and leaves acronyms alone', () => {
		expect(articleFinding('Add a extension')).toBe('"a extension" should be "an extension"');
		expect(articleFinding('Create an customer')).toBe('"an customer" should be "a customer"');
		expect(articleFinding('Create an extension')).toBeUndefined();
		expect(articleFinding('Create a DID, a SIP account, an SMS, a user')).toBeUndefined();
		expect(articleFinding('Select a did...')).toBe('"a did" should keep the acronym in capitals');
		expect(articleFinding('Select a sip account...')).toBe('"a sip" should keep the acronym in capitals');
	});

	it('finds raw fragments and sentences glued on in brackets', () => {
		expect(sentenceFinding('Whether toll is applied Switch default: 0.')).toBe('raw "Switch default:" fragment');
		expect(sentenceFinding('Maximum trunks (Max Trunks must be 0 or more.)')).toBe('a sentence in brackets');
		expect(sentenceFinding('fields to return')).toBe('starts with a lower-case letter');
		expect(sentenceFinding('One item per detail (Routed, Answered, Ended ...) with the CallID')).toBeUndefined();
		expect(sentenceFinding('Whether toll is applied. The switch defaults to off.')).toBeUndefined();
	});
});

describe('one name per field of an operation', () => {
	const node = (properties: unknown[]) => ({ description: { displayName: 'Test', properties } }) as never;
	const operation = {
		displayName: 'Operation', name: 'operation', type: 'options', default: 'a',
		displayOptions: { show: { resource: ['call'] } }, options: [{ name: 'A', value: 'a' }],
	};
	const show = (extra = {}) => ({ displayOptions: { show: { resource: ['call'], operation: ['a'], ...extra } } });

	it('finds a field and an option of the same operation sharing a name (units aside)', () => {
		expect(duplicateNames(node([
			operation,
			{ displayName: 'Timeout', name: 'Timeout', type: 'number', default: 25, ...show() },
			{ displayName: 'Options', name: 'options', type: 'collection', default: {}, ...show(), options: [{ displayName: 'Timeout (Ms)', name: 'timeout', type: 'number', default: 1 }] },
		]))).toEqual(['Test call/a: "Timeout" and "Timeout (Ms)"']);
	});

	it('accepts one name on fields that are never shown together', () => {
		expect(duplicateNames(node([
			operation,
			{ displayName: 'Password', name: 'p1', type: 'string', default: '', ...show({ Type: ['static'] }) },
			{ displayName: 'Password', name: 'p2', type: 'string', default: '', ...show({ Type: ['register'] }) },
		]))).toEqual([]);
	});
});
