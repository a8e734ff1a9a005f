/** A `Status: FAIL` answer with one of the interface's Reason texts. */
export class Fail extends Error {
	constructor(readonly reason: string) {
		super(reason);
	}
}

/** The Reason texts of switch-calls-reporting.md ("Errors"), so handlers cannot misspell them. */
export const REASONS = {
	keyMissing: 'Error with Key',
	keyInvalid: (masked: string) => `Provided API Key ${masked} is invalid.`,
	ipNotAllowed: 'IP address not allowed',
	noSourceOrDestination: 'Missing required field destination number or source number',
	missing: (name: string) => `Missing required field ${name}`,
	unknownCustomer: 'Unknown Customer ID',
	noAccessToCustomer: (id: number | string) => `No access to customer number ${id}`,
	unknownChannel: 'Unknown Channel',
	unknownCall: 'Unknown CallID',
	invalidExtension: 'Invalid extension number given',
	unknownExtension: 'Unknown Extension Number',
	noType: 'No type was given',
	noFile: 'You must upload a file to fax.',
	queueError: 'Error adding to queue, please try again.',
	noMatchingEnd: 'No matching end time',
	bothDates: 'Both DateStart and DateEnd are required.',
	notNumeric: 'Please use a numerical value',
	noRecords: 'No Records Found.',
	noData: 'No data found.',
	noResults: 'No results returned',
	timeRuleNotFound: 'Time rule not found',
} as const;

/** Masks a key the way the switch does in its Reason: the first four characters, then stars. */
export function maskKey(key: string): string {
	return key.slice(0, 4) + '*'.repeat(Math.max(4, key.length - 4));
}
