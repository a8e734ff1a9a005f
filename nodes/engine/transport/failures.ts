/**
 * What a `Status: FAIL` answer means for the user: "nothing found" is an empty result, anything else
 * an error with a hint a person can act on. Reason texts are those of the interface documents.
 */

/** Reasons that mean "no data", not "something went wrong". */
export const EMPTY_REASONS = [
	'No Records Found.',
	'No data found.',
	'No results returned',
	'Time rule not found',
];

export function isEmptyReason(reason: string): boolean {
	const r = reason.trim().toLowerCase();
	return EMPTY_REASONS.some((e) => r === e.toLowerCase() || r === e.toLowerCase().replace(/\.$/, ''));
}

const HINTS: Array<[RegExp, string]> = [
	[
		/ip address not allowed|ip does not have access/i,
		"The switch refused this n8n server's address: ask the operator to allow its IP address in API management, or use an API key.",
	],
	[
		/error with key|api key .* is invalid|not authori[sz]ed/i,
		'Check the Key in the credential: it must be an API key generated in the switch portal (API management), copied without spaces.',
	],
	[
		/no access to customer number/i,
		"The key is limited to one customer: leave Customer empty or set it to that key's own customer (the credential's Default Customer).",
	],
	[/unknown customer id/i, 'No customer has that ID: check the Customer field or the credential\'s Default Customer.'],
	[/unknown channel/i, 'The call may have ended. Take a current channel from Call > Get Many (List Active Calls).'],
	[/unknown callid/i, 'Check the CallID: it comes from Call > Place (New Call), Call > Get Many (List Active Calls) or Report > Export Call Records (CDR Export).'],
	[
		/invalid extension number given|unknown extension number/i,
		'Check the extension number: it must exist on this customer (3 to 5 digits).',
	],
	[/missing required field/i, 'A required field was not sent: fill it in, or check the expression that feeds it.'],
	[/please use a numerical value/i, 'A numeric field received text: send digits only.'],
	[/both datestart and dateend are required/i, 'Give both a start and an end date, or neither.'],
	[/you must upload a file to fax/i, 'Give the fax a PDF: a path or URL the switch can reach, or binary data.'],
	[/error adding to queue/i, 'The switch could not store the callback: try again in a moment.'],
	[/requires? a global key|global/i, 'This function needs a key with global (all customers) access.'],
];

export function hintFor(reason: string): string | undefined {
	return HINTS.find(([re]) => re.test(reason))?.[1];
}

/** Reasons with which a switch refuses a key that is limited to one customer. */
const SCOPE_REFUSAL = /global|no access to customer|customer[- ]scoped|not allowed for this key|permission/i;

/**
 * The hint rule for a function that needs a global key (`scope: 'global'`): when the switch refuses
 * the key, say plainly that a customer-scoped key cannot be used, whatever the switch's wording.
 * Tried before the shared hints (SolSwitchRequest.hints).
 */
export function globalKeyHintRule(functionName: string): [RegExp, string] {
	return [
		SCOPE_REFUSAL,
		`${functionName} needs an API key with global (system-level) access; a key assigned to one customer cannot be used for it. Put a global key in the SolSwitch API credential.`,
	];
}
