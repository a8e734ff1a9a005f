/**
 * One key per phone number, so the notification and the CDR can be compared however each writes it.
 * The switch document writes numbers as "NPA NXX XXXX, leading 1 optional" (New Call's CIDNum); a
 * notification's SourceNumber is "caller ID number or extension" and a CDR's "caller ID number", and
 * neither says whether a `1` or `+1` comes first. So a North American number (10 digits, or 11 with
 * the leading 1, any punctuation) keys as its 10 digits; anything else (an extension, a feature, an
 * international number) keys as its digits, or its trimmed text when it has none (anonymous).
 * Used by the trigger's call records and by Call and Wait's keypress (the DV request's CIDNum).
 */
const NANP = /^1?([2-9]\d{2}[2-9]\d{6})$/;

export function numberKey(number: unknown): string {
	const text = number === undefined || number === null ? '' : String(number).trim();
	const digits = text.replace(/\D/g, '');
	if (!digits) return text;
	const nanp = NANP.exec(digits);
	return nanp ? nanp[1] : digits;
}
