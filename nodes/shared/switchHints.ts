/**
 * Hints for the switch's Reason texts (switch-calls-reporting.md, Errors), given as the switch
 * service's `hintsFor`: each hint only where it fits the function that was refused.
 */

/**
 * A hint for a switch Reason. `sentWith`: the hint only fits a function that takes one of these
 * attributes ("Unknown Channel" means "the call ended" only where a Channel was sent; on another
 * function it is the switch's own words and no hint of ours would be true).
 */
interface SwitchHint {
	reason: RegExp;
	hint: string;
	sentWith?: string[];
}

const SWITCH_HINTS: SwitchHint[] = [
	{
		reason: /ip address not allowed|ip does not have access/i,
		hint: "The switch refused this n8n server's address: ask the operator to allow its IP address in API management, or use an API key.",
	},
	{
		reason: /error with key|api key .* is invalid|not authori[sz]ed/i,
		hint: 'Check the Key in the credential: it must be an API key generated in the switch portal (API management), copied without spaces.',
	},
	{
		reason: /no access to customer number/i,
		hint: "The key is limited to one customer: leave Customer empty or set it to that key's own customer (the credential's Default Customer).",
	},
	{ reason: /unknown customer id/i, hint: "No customer has that ID: check the Customer field or the credential's Default Customer." },
	{
		reason: /unknown channel/i,
		hint: 'The call may have ended. Take a current channel from Call > Get Many (List Active Calls).',
		sentWith: ['Channel'],
	},
	{
		reason: /unknown callid/i,
		hint: 'Check the CallID: it comes from Call > Place (New Call), Call > Get Many (List Active Calls) or Report > Export Call Records (CDR Export).',
		sentWith: ['CallID'],
	},
	{
		reason: /invalid extension number given|unknown extension number/i,
		hint: 'Check the extension number: it must exist on this customer.',
		sentWith: ['Extension', 'ExtensionNumber'],
	},
	{ reason: /missing required field/i, hint: 'A required field was not sent: fill it in, or check the expression that feeds it.' },
	{ reason: /please use a numerical value/i, hint: 'A numeric field received text: send digits only.' },
	{ reason: /both datestart and dateend are required/i, hint: 'Give both a start and an end date, or neither.' },
	{ reason: /you must upload a file to fax/i, hint: 'Give the fax a PDF: a path or URL the switch can reach, or binary data.' },
	{ reason: /error adding to queue/i, hint: 'The switch could not store the callback: try again in a moment.' },
	{ reason: /requires? a global key|global/i, hint: 'This function needs a key with global (all customers) access.' },
];

/**
 * The switch's hint rules for a function taking `attributes` (its API names); without them (a
 * dropdown's lookup), only the hints that fit any function.
 */
export function switchHints(attributes?: string[]): Array<[RegExp, string]> {
	return SWITCH_HINTS.filter((h) => !h.sentWith || h.sentWith.some((a) => attributes?.includes(a))).map((h) => [h.reason, h.hint]);
}

export function hintFor(reason: string, attributes?: string[]): string | undefined {
	return switchHints(attributes).find(([re]) => re.test(reason))?.[1];
}
