/** Value rules stated by the interface documents, shared by the catalogs. */
import type { AttributeRule } from './types';

export const RULES = {
	extension: { pattern: /^\d{3,5}$/, text: 'must be 3 to 5 digits' },
	extensionOrLong: {
		pattern: /^(\d{3,5}|[1-4]\d)$/,
		text: 'must be 10 to 49, or 3 to 5 digits',
	},
	numeric: { pattern: /^\d+$/, text: 'must be a numerical value (digits only)' },
	dtmf: { pattern: /^[0-9*#]+$/, text: 'may contain only the digits 0-9, * and #' },
	faxNumber: { pattern: /^\+?\d+$/, text: 'must be digits only, without hyphens or spaces' },
	nanp: {
		pattern: /^1?\d{10}$/,
		text: 'must be a number in the form NPA NXX XXXX (10 digits, leading 1 optional)',
	},
	positive: { min: 1, text: 'must be a positive number' },
	nonNegative: { min: 0, text: 'must be 0 or more' },
} satisfies Record<string, AttributeRule>;
