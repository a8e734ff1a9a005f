/**
 * Which codes are short codes in the sandbox: the document's MO callback answer carries a reply
 * "Body: Optional. SMS on short codes only.", so the gateway needs to know. A real gateway knows
 * its own codes; the sandbox takes a code of up to `shortCodeMaxDigits` digits (6 by default: North
 * American short codes are 5 or 6 digits, a long code is a 10- or 11-digit phone number) for a
 * short code, the rule the Messaging Trigger's "Send Replies As: Automatic" applies too
 * (nodes/SolSwitchMessagingTrigger/replies/answerBy.ts). Tests may list codes outright (`shortCodes`).
 */
export const SHORT_CODE_MAX_DIGITS = 6;

/** The part of the gateway's configuration (config.ts) that says which codes are short. */
export interface ShortCodeRule {
	shortCodeMaxDigits: number;
	shortCodes?: string[];
}

export function isShortCode(config: ShortCodeRule, code: string): boolean {
	if (config.shortCodes) return config.shortCodes.includes(code);
	const digits = code.replace(/\D/g, '');
	return digits.length > 0 && digits.length <= config.shortCodeMaxDigits;
}
