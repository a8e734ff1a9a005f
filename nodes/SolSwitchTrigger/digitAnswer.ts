/**
 * The Digit Validation answer. The switch waits, with a caller on the line, for one plain-text
 * routing option; whatever n8n would send (the last node's field as text or JSON, a Respond to
 * Webhook body, or an error page when the workflow failed or gave nothing) passes through here on
 * its way out: a usable option goes out as bare text, anything else becomes the Fallback Option.
 */
import { rewriteAnswerAsWritten, type AnswerResponse, type WrittenAnswer } from '../engine/trigger/n8nResponse';
import { DV_OPTION_MAX } from '../shared/catalog/rules';

export type { AnswerResponse as InterceptableResponse, WrittenAnswer } from '../engine/trigger/n8nResponse';

/** Longest option accepted; the DV's options are short words or numbers (the action's rule too). */
export const MAX_OPTION_LENGTH = DV_OPTION_MAX;

/** A routing option is one line of text: no line breaks, not empty, not too long. */
export function cleanOption(value: unknown): string | undefined {
	if (typeof value !== 'string' && typeof value !== 'number') return undefined;
	const text = String(value).trim();
	if (!text || /[\r\n]/.test(text) || text.length > MAX_OPTION_LENGTH) return undefined;
	return text;
}

/** The option in what n8n wrote, or undefined when it holds none (error, empty, an object ...). */
export function optionFromAnswer(answer: WrittenAnswer): string | undefined {
	if (answer.status >= 400) return undefined;
	if (/json/i.test(answer.contentType)) {
		try {
			return cleanOption(JSON.parse(answer.body) as unknown);
		} catch {
			return undefined;
		}
	}
	return cleanOption(answer.body);
}

/**
 * Rewrites what n8n writes to `res` for this one request into the plain option, or the fallback.
 * Without a fallback, an answer that holds no option goes out as n8n wrote it.
 */
export function answerAsPlainOption(res: AnswerResponse, fallback: string) {
	rewriteAnswerAsWritten(res, (written) => {
		const option = optionFromAnswer(written) ?? cleanOption(fallback);
		return option === undefined ? undefined : { status: 200, contentType: 'text/plain; charset=utf-8', body: option };
	});
}
