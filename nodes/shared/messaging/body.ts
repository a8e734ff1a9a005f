/**
 * The gateway's body rule (messaging-gateway.md, Limits): an MT Body or an MO reply Body has 1 to 136
 * characters, spaces and carriage returns included. Characters are counted as a person counts them
 * (an emoji is one), which is what "characters" means to the carriers.
 */
import { BODY_MAX, BODY_MIN } from '../catalog/rules';

export { BODY_MAX, BODY_MIN };

export function characterCount(text: string): number {
	return [...text].length;
}

/** The broken rule as a sentence naming the field, or undefined when the text is fine. */
export function bodyProblem(text: unknown, label = 'Body'): string | undefined {
	if (typeof text !== 'string' || characterCount(text) < BODY_MIN || characterCount(text) > BODY_MAX) {
		const count = typeof text === 'string' ? characterCount(text) : 0;
		return `${label} must be ${BODY_MIN} to ${BODY_MAX} characters (it has ${count})`;
	}
	return undefined;
}
