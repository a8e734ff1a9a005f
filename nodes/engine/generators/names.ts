/** Names the generators derive from table entries, in one place so they cannot drift apart. */
import type { AttributeSpec, OperationSpec } from '../catalog/types';

/** n8n parameter name of an attribute: the API name, with characters n8n expressions dislike replaced. */
export function paramName(attribute: AttributeSpec<string>): string {
	return attribute.param ?? attribute.name.replace(/[^A-Za-z0-9_]/g, '_');
}

/** Editor label: the table's displayName, else the API name split into words ("queueID" -> "Queue ID"). */
export function labelOf(attribute: AttributeSpec<string>): string {
	if (attribute.label) return attribute.label;
	const spaced = attribute.name
		.replace(/[-_]/g, ' ')
		.replace(/([a-z])([A-Z])/g, '$1 $2')
		.replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');
	return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** Attributes shown as fields of their own (required, conditionally required, or marked topLevel). */
export function isTopLevel(attribute: AttributeSpec<string>): boolean {
	return Boolean(attribute.required) || Boolean(attribute.topLevel);
}

/**
 * The attributes the request carries: a 'file' attribute stands for its `manual` attributes (each
 * required), every other attribute for itself. The schema and the README read these.
 */
export function wireAttributes(op: OperationSpec): Array<AttributeSpec<string>> {
	return op.attributes.flatMap((a) => (a.type === 'file' && a.file ? a.file.manual.map((m) => ({ ...m, required: true })) : [a]));
}

/** The operation's name in the editor: the UX-guideline label, else the document's function name. */
export function operationLabel(op: OperationSpec): string {
	return op.label ?? op.name;
}

/** Whether the operation answers a list of records (offered with Return All / Limit). */
export function returnsMany(op: OperationSpec): boolean {
	return op.returnsMany ?? (op.response.kind === 'list' || op.response.kind === 'keyed');
}

/** Acronyms read as a word, not letter by letter: "a SIP account", not "an SIP account". */
const SPOKEN_ACRONYMS = new Set(['SIP']);

/**
 * A label as it reads inside a sentence, with its article: ordinary words in lower case, acronyms
 * kept ("an extension", "a DID", "a SIP account", "an SMS"). An acronym spelled letter by letter takes
 * "an" when its first letter's name starts with a vowel sound (F is "ef", S is "es").
 */
export function withArticle(label: string): string {
	const words = label.split(' ').map((w) => (/^[A-Z0-9]{2,}s?$/.test(w) ? w : w.toLowerCase()));
	const first = words[0] ?? '';
	const acronym = first !== first.toLowerCase();
	const an = acronym && !SPOKEN_ACRONYMS.has(first) ? /^[AEFHILMNORSX]/.test(first) : /^[aeiou]/.test(first);
	return `${an ? 'an' : 'a'} ${words.join(' ')}`;
}

/** A placeholder that reads as an example, not as a value already set ("e.g. 12"), as n8n's guidelines ask. */
export function examplePlaceholder(placeholder: string): string {
	return /^(e\.g\.|[[{])/.test(placeholder) ? placeholder : `e.g. ${placeholder}`;
}
