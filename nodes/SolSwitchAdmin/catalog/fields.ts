/**
 * Short builders for the record tables of switch-management.md, so each suite's table reads like the
 * document's: one line per field with its type, default and rule.
 */
import { RULES } from '../../engine/catalog/rules';
import type { AttributeRule, AttributeSpec } from '../../engine/catalog/types';

type Extra = Partial<AttributeSpec>;

/** A boolean sent as 1/0; `on` is the interface's default (shown when the field is added). */
export const flag = (name: string, on: boolean | undefined, description: string, extra: Extra = {}): AttributeSpec => ({
	name,
	type: 'boolean',
	...(on === undefined ? {} : { default: on, switchDefault: on ? '1' : '0' }),
	description,
	...extra,
});

export const text = (name: string, description: string, extra: Extra = {}): AttributeSpec => ({
	name,
	type: 'string',
	description,
	...extra,
});

/** A key or password the switch stores: masked in the editor, sent as typed. */
export const secret = (name: string, description: string, extra: Extra = {}): AttributeSpec => ({
	name,
	type: 'password',
	description,
	...extra,
});

/** A numeric-looking value sent as text (IDs, limits): the switch reads form variables as text anyway. */
export const digits = (name: string, description: string, extra: Extra = {}): AttributeSpec => ({
	name,
	type: 'digits',
	rule: RULES.numeric,
	description,
	...extra,
});

export const number = (name: string, description: string, extra: Extra = {}): AttributeSpec => ({
	name,
	type: 'integer',
	rule: RULES.nonNegative,
	description,
	...extra,
});

export const choice = (
	name: string,
	options: Array<{ name: string; value: string | number; description?: string }>,
	description: string,
	extra: Extra = {},
): AttributeSpec => ({ name, type: 'enum', options, description, ...extra });

export const required = (attribute: AttributeSpec): AttributeSpec => ({ ...attribute, required: true });
export const optional = (attribute: AttributeSpec): AttributeSpec => {
	const copy = { ...attribute };
	delete copy.required;
	return copy;
};

/** Value rules of the management document. */
export const ADMIN_RULES = {
	phoneNumber: { pattern: /^\+?\d{7,15}$/, text: 'must be a phone number of 7 to 15 digits, without hyphens or spaces' },
	voicemailPassword: { pattern: /^\d{3,7}$/, text: 'must be a number of 3 to 7 digits' },
	givenId: { pattern: /^\d{3,6}$/, text: 'must be a number of 3 to 6 digits' },
	cidInternalOverride: { pattern: /^\d{3,10}$/, text: 'must be 3 to 10 digits' },
	roamingCode: { pattern: /^\d{1,50}$/, text: 'must be numeric, up to 50 digits' },
	ldPasscode: { pattern: /^\d{1,10}$/, text: 'must be numeric, up to 10 digits' },
	npa: { pattern: /^\d{3}$/, text: 'must be a 3-digit area code' },
	domainName: {
		pattern: /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/,
		text: 'must be a domain name such as team.example.com',
	},
	ipOrSubnet: {
		pattern: /^((25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(25[0-5]|2[0-4]\d|1?\d?\d)(\/([0-9]|[12]\d|3[0-2]))?$/,
		text: 'must be an address xxx.xxx.xxx.xxx, or a subnet xxx.xxx.xxx.xxx/yy',
	},
	countryCode: { pattern: /^[A-Za-z]{2}$/, text: 'must be a two-letter country code such as CA or UK' },
	email: { pattern: /^[^\s@,]+@[^\s@,]+$/, text: 'must be an email address' },
	emails: { pattern: /^[^\s@,]+@[^\s@,]+(\s*,\s*[^\s@,]+@[^\s@,]+)*$/, text: 'must be one email address or several separated by commas' },
	firewallPosition: { min: 2, text: 'must be 2 or more (position 1 is reserved for the reserved block list)' },
} satisfies Record<string, AttributeRule>;

/** `ViewType` of every view function (rule 1): Partial (the short set, default) or Full. */
export const viewType = (forcedByIdNote = false): AttributeSpec => ({
	name: 'ViewType',
	label: 'View Type',
	type: 'enum',
	topLevel: true,
	default: 'Partial',
	switchDefault: 'Partial',
	options: [
		{ name: 'Partial', value: 'Partial', description: 'The short set of fields' },
		{ name: 'Full', value: 'Full', description: 'Every field of the record' },
	],
	description: forcedByIdNote ? 'Fields to return. A given ID always returns the Full view.' : 'Fields to return',
});

/** The numeric ID of one existing record, picked from the switch or typed. */
export const recordId = (load: string, description: string, extra: Extra = {}): AttributeSpec => ({
	name: 'ID',
	type: 'digits',
	rule: RULES.numeric,
	load,
	description,
	...extra,
});

/** A customer ID picked from the switch's customers (global key) or typed. */
export const customerPick = (name: string, description: string, extra: Extra = {}): AttributeSpec => ({
	name,
	label: 'Customer',
	type: 'digits',
	rule: RULES.numeric,
	load: 'customers',
	description,
	...extra,
});
