/**
 * Value rules stated by the interface documents: the one registry every catalog (and the triggers,
 * for the limits they share with the actions) takes its rules from.
 */
import type { AttributeRule } from '../../engine/catalog/types';
import { PHONE_RULE_TEXT, phoneNumberOf } from '../messaging/phoneNumber';

/** messaging-gateway.md, Limits: an MT Body or an MO reply Body has 1 to 136 characters. */
export const BODY_MIN = 1;
export const BODY_MAX = 136;

/** A Digit Validation routing option: one line, as the DV compares it with its configured options. */
export const DV_OPTION_MAX = 256;

export const RULES = {
	extension: { pattern: /^\d{3,5}$/, text: 'must be 3 to 5 digits' },
	extensionOrLong: {
		pattern: /^(\d{3,5}|[1-4]\d)$/,
		text: 'must be 10 to 49, or 3 to 5 digits',
	},
	numeric: { pattern: /^\d+$/, text: 'must be a numerical value (digits only)' },
	dtmf: { pattern: /^[0-9*#]+$/, text: 'may contain only the digits 0-9, * and #' },
	/**
	 * A gateway number (MT From and To, Send and Wait's): the document's "Numeric", reached from the
	 * ways people write numbers by the one helper that registering and matching a reply use too.
	 */
	phoneNumber: {
		normalize: (text: string) => {
			const read = phoneNumberOf(text);
			return read.ok ? { ok: true, value: read.number } : { ok: false, problem: read.problem };
		},
		text: PHONE_RULE_TEXT,
	},
	faxNumber: { pattern: /^\+?\d+$/, text: 'must be digits only, without hyphens or spaces' },
	nanp: {
		pattern: /^1?\d{10}$/,
		text: 'must be a number in the form NPA NXX XXXX (10 digits, leading 1 optional)',
	},
	positive: { min: 1, text: 'must be a positive number' },
	nonNegative: { min: 0, text: 'must be 0 or more' },
	/** Spaces and carriage returns included, counted per character (`u` flag: an emoji is one). */
	body: {
		pattern: new RegExp(`^[\\s\\S]{${BODY_MIN},${BODY_MAX}}$`, 'u'),
		text: `must be ${BODY_MIN} to ${BODY_MAX} characters (spaces and line breaks count)`,
	},
	dvOption: {
		pattern: new RegExp(`^(?=.*\\S)[^\\r\\n]{1,${DV_OPTION_MAX}}$`),
		text: `must be one line of 1 to ${DV_OPTION_MAX} characters, not blank`,
	},
	// Rules of the management document.
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
	ipAddress: {
		pattern: /^((25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(25[0-5]|2[0-4]\d|1?\d?\d)$/,
		text: 'must be xxx.xxx.xxx.xxx for an Address rule',
	},
	ipSubnet: {
		pattern: /^((25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(25[0-5]|2[0-4]\d|1?\d?\d)\/([0-9]|[12]\d|3[0-2])$/,
		text: 'must be xxx.xxx.xxx.xxx/yy for a Subnet rule',
	},
	countryCode: { pattern: /^[A-Za-z]{2}$/, text: 'must be a two-letter country code such as CA or UK' },
	email: { pattern: /^[^\s@,]+@[^\s@,]+$/, text: 'must be an email address' },
	emails: { pattern: /^[^\s@,]+@[^\s@,]+(\s*,\s*[^\s@,]+@[^\s@,]+)*$/, text: 'must be one email address or several separated by commas' },
	firewallPosition: { min: 2, text: 'must be 2 or more (position 1 is reserved for the reserved block list)' },
} satisfies Record<string, AttributeRule>;
