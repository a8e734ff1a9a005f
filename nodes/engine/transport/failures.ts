/**
 * What a `Status: FAIL` answer means for the user: "nothing found" is an empty result of a function
 * that returns a list or a report (and a failure like any other on a command), anything else an
 * error with a hint that fits the function (the service's hints: ServiceSpec.hints / hintsFor).
 */

/** Reasons that mean "no data" (switch-calls-reporting.md, Errors: "Nothing found"). */
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
