/**
 * One phone number, one way. messaging-gateway.md says a number is "Numeric" (MT From: "numeric long
 * or short code"; MT To: "numeric recipient"), and that a sender's From is "10 digits (national) or 11
 * digits (international), format varies by carrier". People and spreadsheets write numbers otherwise:
 * "+1 (514) 555-0123", "514.555.0123", "15145550123 " with a trailing space. So every number given to
 * the package goes through `phoneNumberOf` once: the digits the gateway is sent, or a sentence saying
 * why the value cannot be a number. Sending (the catalog's rule RULES.phoneNumber on To and From),
 * registering a Send and Wait and matching a reply to its wait (`sameNumber`) all use it, so the
 * number an SMS went to is the number whose reply resumes the wait.
 */

/**
 * The digits a number may have: from the shortest short codes (3 digits in some countries; 5 or 6 in
 * North America) to E.164's longest international number (15). The document gives no wider or
 * narrower rule for what is sent, and a saved workflow that sent a number the gateway took keeps
 * sending it.
 */
export const PHONE_DIGITS_MIN = 3;
export const PHONE_DIGITS_MAX = 15;

/** What may separate the digits as written: spaces of any kind, dashes, dots, parentheses. */
const SEPARATORS = /[\s\u00a0\u202f\u2010-\u2015.()-]/g;

export type PhoneNumber = { ok: true; number: string } | { ok: false; problem: string };

/** The rule as the editor's help states it, completing a field's label: "To must be ...". */
export const PHONE_RULE_TEXT = `must be a phone number or code of ${PHONE_DIGITS_MIN} to ${PHONE_DIGITS_MAX} digits (spaces, dashes, dots, parentheses and a leading + are ignored)`;

function shown(value: string): string {
	return value.length > 40 ? `${value.slice(0, 40)}…` : value;
}

/**
 * The number as the gateway takes it (digits only), or what is wrong with it. A number (a spreadsheet
 * cell read as one) counts as its digits. The problem completes a field's label: "To must be ...".
 */
export function phoneNumberOf(value: unknown): PhoneNumber {
	let text: string;
	if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) text = String(value);
	else if (typeof value === 'string') text = value.trim();
	else return { ok: false, problem: `must be a phone number or code, not ${value === null ? 'null' : typeof value}` };
	const written = text.startsWith('+') ? text.slice(1) : text;
	const digits = written.replace(SEPARATORS, '');
	if (!/^\d+$/.test(digits)) {
		return { ok: false, problem: `must be a phone number or code: digits, with only spaces, dashes, dots, parentheses or a leading + besides (got "${shown(text)}")` };
	}
	if (digits.length < PHONE_DIGITS_MIN || digits.length > PHONE_DIGITS_MAX) {
		return { ok: false, problem: `must be a phone number or code of ${PHONE_DIGITS_MIN} to ${PHONE_DIGITS_MAX} digits ("${shown(text)}" has ${digits.length})` };
	}
	return { ok: true, number: digits };
}

/**
 * What two numbers are compared by: their digits, an 11-digit North American number (1 and 10
 * digits) as its 10 national digits, since the gateway writes a sender "10 digits (national) or 11
 * digits (international), format varies by carrier": an SMS sent to 5145550123 may be answered From
 * 15145550123. Undefined for what is no number.
 */
export function numberKey(value: unknown): string | undefined {
	const read = phoneNumberOf(value);
	if (!read.ok) return undefined;
	return read.number.length === 11 && read.number.startsWith('1') ? read.number.slice(1) : read.number;
}

/** Whether two values name the same number (never true for what is no number). */
export function sameNumber(a: unknown, b: unknown): boolean {
	const key = numberKey(a);
	return key !== undefined && key === numberKey(b);
}
