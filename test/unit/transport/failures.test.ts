import { isEmptyReason } from '../../../nodes/engine/transport/failures';
import { scrub } from '../../../nodes/engine/transport/request';
import { functionUrl } from '../../../nodes/shared/services';
import { hintFor } from '../../../nodes/shared/switchHints';

describe('FAIL reasons', () => {
	it('treats the "nothing found" reasons of the interface as empty results', () => {
		for (const r of ['No Records Found.', 'No data found.', 'No results returned', 'Time rule not found', 'no records found']) {
			expect(isEmptyReason(r)).toBe(true);
		}
		expect(isEmptyReason('Unknown Channel')).toBe(false);
	});
	it('gives a hint a person can act on for the documented reasons', () => {
		expect(hintFor('IP address not allowed')).toMatch(/ask the operator/);
		expect(hintFor('IP does not have access')).toMatch(/ask the operator/);
		expect(hintFor('Error with Key')).toMatch(/Key in the credential/);
		expect(hintFor('Provided API Key abcd**** is invalid.')).toMatch(/Key in the credential/);
		expect(hintFor('No access to customer number 3')).toMatch(/limited to one customer/);
		expect(hintFor('Unknown Channel', ['Channel', 'Customer'])).toMatch(/List Active Calls/);
		// Only where a Channel was sent: elsewhere the call hint would be false.
		expect(hintFor('Unknown Channel')).toBeUndefined();
		expect(hintFor('Unknown Channel', ['Name', 'TrunkType'])).toBeUndefined();
		expect(hintFor('Unknown CallID', ['CallID'])).toMatch(/Check the CallID/);
		expect(hintFor('Unknown CallID', ['Channel'])).toBeUndefined();
		expect(hintFor("Missing required field 'Channel'")).toMatch(/required field/);
		expect(hintFor('Something new')).toBeUndefined();
	});
	it('scrubs secrets from texts and builds function URLs', () => {
		expect(scrub('key sandbox-key was refused', ['sandbox-key', ''])).toBe('key *** was refused');
		expect(functionUrl('https://pbx.example.com/', 'did/view')).toBe('https://pbx.example.com/api/did/view/');
		expect(functionUrl('http://h:1', '/newcall/')).toBe('http://h:1/api/newcall/');
	});
});
