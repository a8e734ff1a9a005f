/**
 * Reason texts of the management functions. The document gives few (Invalid Provider, and the shared
 * ones of switch-calls-reporting.md in ../fail.ts); the rest say what was refused and why.
 */
export const ADMIN_REASONS = {
	globalKeyOnly: 'This function requires a key with global access',
	viewType: 'ViewType must be Partial or Full',
	unknownId: (id: number | string) => `Invalid ID ${id}: no such record`,
	didInUse: (did: string) => `DID ${did} is already in use; nothing was added`,
	invalidDid: (did: string) => `Invalid DID ${did}`,
	notEditable: (field: string) => `${field} cannot be edited`,
	routeAssigned: (did: string) =>
		`DID ${did} has a route assigned: remove the route before changing its customer or setting it inactive`,
	invalidProvider: 'Invalid Provider',
	mustBeBoolean: (field: string) => `${field} must be 1 or 0`,
	invalidValue: (field: string, rule: string) => `${field} ${rule}`,
	extensionInUse: (number: string) => `Extension number ${number} is already in use`,
	ldPasscodeInUse: 'LDPasscode is already in use',
	routeGroupGlobalOnly: 'RouteGroupID can only be set with a global key',
	customerCannotChange: 'Customer cannot be changed',
	unknownSipAccount: (id: string) => `Unknown SIP account ID ${id}`,
	speechToText: 'Speech to text is not enabled for this customer',
	givenIdInUse: (id: string) => `GivenID ${id} is already in use`,
	positionReserved: 'Position 1 is reserved for the reserved block list',
	sscGroupRequired: 'Missing required field SSCGroup',
} as const;
