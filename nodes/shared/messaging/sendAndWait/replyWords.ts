/**
 * What a reply to a send-and-wait SMS means, and the instruction the SMS carries. Words are compared
 * as the trigger compares HELP and STOP (keywords.ts: case, accents and extra spaces ignored), so
 * "yes", " Yes " and "YES" approve and "Non" declines. YES and NO are the defaults; OUI and NON are
 * understood with them (the gateway's programs are bilingual, as AIDE and ARRET show).
 *
 * A wait can carry a 4-digit pin, shown in the instruction ("Reply YES 4821 or NO 4821"): it picks the
 * wait when one phone has several pending on one code. The pin may come before or after the word.
 */
import { isComplianceKeyword, normalizedKeyword } from '../keywords';

export type ResponseType = 'approval' | 'freeText';
export type ApprovalType = 'single' | 'double';

export interface AnswerSpec {
	responseType: ResponseType;
	approvalType: ApprovalType;
	/** The word that approves (as the user typed it in the node). */
	approveWord: string;
	/** The word that declines ('double' only). */
	declineWord: string;
}

export const DEFAULT_APPROVE = 'YES';
export const DEFAULT_DECLINE = 'NO';
export const PIN_LENGTH = 4;

/** Words understood besides the one configured, for the defaults only. */
const SYNONYMS: Record<string, string[]> = { YES: ['OUI'], NO: ['NON'] };

function wordsFor(word: string): string[] {
	const main = normalizedKeyword(word);
	return [main, ...(SYNONYMS[main] ?? [])];
}

/** The pin written in a reply, if a whole word of it is 4 digits (first or last). */
export function pinOf(text: string): string | undefined {
	const words = normalizedKeyword(text).split(' ');
	const pin = new RegExp(`^\\d{${PIN_LENGTH}}$`);
	if (words.length > 1 && pin.test(words[words.length - 1])) return words[words.length - 1];
	if (words.length > 1 && pin.test(words[0])) return words[0];
	if (words.length === 1 && pin.test(words[0])) return words[0];
	return undefined;
}

/** The reply without the given pin (first or last word), as the person meant it. */
export function withoutPin(text: string, pin: string | undefined): string {
	if (!pin) return text.trim();
	const words = text.trim().split(/\s+/);
	if (words.length > 1 && words[words.length - 1] === pin) return words.slice(0, -1).join(' ');
	if (words.length > 1 && words[0] === pin) return words.slice(1).join(' ');
	return text.trim();
}

export type Answer = { kind: 'approve' } | { kind: 'decline' } | { kind: 'text'; text: string } | { kind: 'other' };

/** The meaning of a reply (its pin, if any, already removed). */
export function answerOf(spec: AnswerSpec, reply: string): Answer {
	const text = reply.trim();
	if (spec.responseType === 'freeText') return text ? { kind: 'text', text } : { kind: 'other' };
	const said = normalizedKeyword(text);
	if (said && wordsFor(spec.approveWord).includes(said)) return { kind: 'approve' };
	if (spec.approvalType === 'double' && said && wordsFor(spec.declineWord).includes(said)) return { kind: 'decline' };
	return { kind: 'other' };
}

/** "Reply YES or NO", "Reply YES 4821 or NO 4821", "Reply YES to approve", "Reply with your answer". */
export function instructionOf(spec: AnswerSpec, pin?: string): string {
	const withPin = (word: string) => (pin ? `${word} ${pin}` : word);
	if (spec.responseType === 'freeText') return pin ? `Start your reply with ${pin}` : 'Reply with your answer';
	const approve = withPin(spec.approveWord.trim());
	if (spec.approvalType === 'single') return `Reply ${approve} to approve`;
	return `Reply ${approve} or ${withPin(spec.declineWord.trim())}`;
}

/** The SMS as sent: the message, a line break, the instruction. */
export function smsText(message: string, spec: AnswerSpec, pin?: string): string {
	return `${message}\n${instructionOf(spec, pin)}`;
}

/** The longest text the SMS can become (a pin is added when needed): what the 136-character rule checks. */
export function longestSmsText(message: string, spec: AnswerSpec): string {
	return smsText(message, spec, '0'.repeat(PIN_LENGTH));
}

/** A configuration that cannot work: an empty word, the same word twice, a word that is a pin. */
export function answerSpecProblem(spec: AnswerSpec): string | undefined {
	if (spec.responseType === 'freeText') return undefined;
	const approve = normalizedKeyword(spec.approveWord);
	if (!approve) return 'The approve word is empty';
	if (/^\d+$/.test(approve)) return 'The approve word must not be a number (numbers pick among several waits)';
	// The trigger answers STOP, HELP ... itself, before any routing: such a word could never arrive.
	if (isComplianceKeyword(approve)) return `The approve word ${approve} is a compliance keyword the trigger answers itself`;
	if (spec.approvalType === 'double') {
		const decline = normalizedKeyword(spec.declineWord);
		if (!decline) return 'The decline word is empty';
		if (/^\d+$/.test(decline)) return 'The decline word must not be a number (numbers pick among several waits)';
		if (isComplianceKeyword(decline)) return `The decline word ${decline} is a compliance keyword the trigger answers itself`;
		if (wordsFor(spec.approveWord).some((w) => wordsFor(spec.declineWord).includes(w))) return 'The approve and decline words are the same';
	}
	return undefined;
}
