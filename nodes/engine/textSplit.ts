/**
 * Options > Split Long Text, for the operations whose table entry has `textSplit` (Send SMS): a text
 * longer than its rule allows becomes several requests, one per part, instead of an error. Off unless
 * the user adds the option, so a saved workflow sends exactly what it sent before. A local operation
 * with `textSplit` (Send and Wait) gets the same option but cuts its text itself (splitterFor).
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { TextSplitSpec } from './catalog/types';

export const SPLIT_OPTION_NAME = 'splitLongText';

export const TEXT_SPLIT_OPTION: INodeProperties = {
	displayName: 'Split Long Text',
	name: SPLIT_OPTION_NAME,
	type: 'options',
	default: 'off',
	options: [
		{ name: "Don't Split", value: 'off', description: 'A text over the limit is an error, as without this option' },
		{ name: 'Split', value: 'split', description: 'Send a long text as several messages, cut between words' },
		{ name: 'Split and Number', value: 'numbered', description: 'Send a long text as several messages, each starting with its number such as "1/3 " (counted in the limit)' },
	],
	description:
		'What to do with a text longer than the gateway allows (136 characters): each part is a message of its own and an output item with its message ID. A text that fits is sent as one message, unnumbered.',
};

/** One set of attribute values per part to send: the item's own values, unless the option splits the text. */
export function textPieces(spec: TextSplitSpec | undefined, raw: Record<string, unknown>, options: IDataObject): Array<Record<string, unknown>> {
	const mode = options[SPLIT_OPTION_NAME];
	if (!spec || (mode !== 'split' && mode !== 'numbered')) return [raw];
	const text = raw[spec.attribute];
	if (typeof text !== 'string') return [raw]; // not text: the schema says what is wrong
	const parts = spec.split(text, mode === 'numbered');
	// Nothing sendable (only whitespace): the schema refuses the text as it was written.
	if (!parts.length) return [raw];
	return parts.map((part) => ({ ...raw, [spec.attribute]: part }));
}

/** Whether the option is on for this operation (every item then says which part it is). */
export function splitting(spec: TextSplitSpec | undefined, options: IDataObject): boolean {
	return spec !== undefined && (options[SPLIT_OPTION_NAME] === 'split' || options[SPLIT_OPTION_NAME] === 'numbered');
}

/** For a local operation's runner: how to cut its text when the option is on (undefined when off). */
export function splitterFor(spec: TextSplitSpec | undefined, options: IDataObject): ((text: string, lastLine?: string) => string[]) | undefined {
	if (!spec || !splitting(spec, options)) return undefined;
	const numbered = options[SPLIT_OPTION_NAME] === 'numbered';
	return (text, lastLine) => spec.split(text, numbered, lastLine);
}
