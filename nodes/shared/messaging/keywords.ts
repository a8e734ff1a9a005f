/**
 * Short-code keywords (messaging-gateway.md, "What the service does"): the gateway's provider
 * processes text case-insensitively, and short codes must answer INFO, HELP / AIDE and STOP / ARRET.
 */

export type ComplianceKeyword = 'INFO' | 'HELP' | 'AIDE' | 'STOP' | 'ARRET';

export interface Compliance {
	keyword: ComplianceKeyword;
	/** What the sender asks for. */
	kind: 'info' | 'help' | 'stop';
	/** Language of the keyword: AIDE and ARRET are French; INFO answers in both. */
	language: 'en' | 'fr' | 'en/fr';
}

const KEYWORDS: Record<ComplianceKeyword, Omit<Compliance, 'keyword'>> = {
	INFO: { kind: 'info', language: 'en/fr' },
	HELP: { kind: 'help', language: 'en' },
	AIDE: { kind: 'help', language: 'fr' },
	STOP: { kind: 'stop', language: 'en' },
	ARRET: { kind: 'stop', language: 'fr' },
};

/** Upper case without accents, so "Arrêt" and "ARRET" are the same request. */
function fold(text: string): string {
	return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase();
}

/**
 * A whole message as keywords are compared: upper case, accents dropped, surrounding spaces ignored
 * and inner runs of spaces made one, so "  Arrêt " and "ARRET", "order  status" and "ORDER STATUS" match.
 */
export function normalizedKeyword(text: string): string {
	return fold(text.trim().replace(/\s+/g, ' '));
}

/** The first word of the text, upper-cased: what keyword routing in a workflow compares against. */
export function keywordOf(text: string): string {
	const first = text.trim().split(/\s+/)[0] ?? '';
	return fold(first);
}

/** Whether a word is one of the compliance keywords (in any case, with or without accents). */
export function isComplianceKeyword(word: string): boolean {
	return Object.prototype.hasOwnProperty.call(KEYWORDS, normalizedKeyword(word));
}

/** The compliance keyword when the whole message is one (any case, surrounding spaces ignored). */
export function complianceOf(text: string): Compliance | undefined {
	const whole = normalizedKeyword(text);
	const known = KEYWORDS[whole as ComplianceKeyword];
	return known ? { keyword: whole as ComplianceKeyword, ...known } : undefined;
}
