/**
 * FAIL reasons of the gateway. The first two are the texts messaging-gateway.md gives ("Errors");
 * the document does not list the others, so these are the sandbox's own, worded alike.
 */
export const GATEWAY_REASONS = {
	ipNotAllowed: 'IP address not allowed.',
	notAuthorized: 'Not authorized.',
	missing: (field: string) => `Missing required field ${field}.`,
	notNumeric: (field: string) => `${field} must be numeric.`,
	bodyLength: 'Body must be 1 to 136 characters.',
	receipt: 'Receipt must be yes or no.',
	details: 'Details must be yes or no.',
	date: (field: string) => `${field} must be a date (YYYY-MM-DD).`,
	range: 'The report covers at most 45 days per query.',
	order: 'FromDate must not be after ToDate.',
	mmsJsonOnly: 'MMS requests must be a JSON body.',
	base64: 'Content must be Base64 encoded.',
} as const;

export class GatewayFail extends Error {
	constructor(readonly reason: string) {
		super(reason);
	}
}
