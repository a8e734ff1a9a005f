/**
 * The four functions every management suite has (view, add, edit, delete), built from the suite's
 * record table: add takes the table as the document marks it, edit takes the same fields all
 * optional (only the fields the user sets are sent: omitted fields keep their values on the switch).
 * The editor names them as n8n's UX guidelines do (Get Many, Create, Update, Delete), the document's
 * names ("DID View") stay in the operations' descriptions and the README; the stored operation
 * values stay view / add / edit / delete, so saved workflows keep working.
 */
import type { AttributeSpec, OperationSpec, ResponseSpec, SimplifySpec } from '../../engine/catalog/types';
import { optional } from '../../shared/catalog/attributes';

export interface Suite {
	resource: string;
	/** "DID", "SIP account": the record's name in sentences. */
	noun: string;
	/** Path prefix: 'did' for /api/did/view/ ... */
	path: string;
	scope: 'global' | 'any';
	/** Plural for "Get many ...", when adding an s is wrong ("DID records"). */
	plural?: string;
}

const RESULTS: ResponseSpec = { kind: 'list', key: 'Results' };

/** "a customer", "an extension" (the nouns are words, or acronyms read letter by letter: a DID, a SIP account). */
const withArticle = (noun: string) => `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;

/** The document's name of a suite function: "DID View", "SIP Account Add". */
const functionName = (suite: Suite, fn: string) =>
	`${suite.noun.replace(/\b[a-z]/g, (c) => c.toUpperCase())} ${fn}`;

/** Simplify of a view: the short set, asked for in the Full view so that every field of it comes back. */
export const simplifyTo = (fields: string[]): SimplifySpec => ({ fields, request: { ViewType: 'Full' } });

export function viewOp<L extends string>(
	suite: Suite,
	filters: Array<AttributeSpec<L>>,
	options: { description?: string; simplify?: SimplifySpec } = {},
): OperationSpec<L> {
	return {
		resource: suite.resource,
		operation: 'view',
		name: functionName(suite, 'View'),
		label: 'Get Many',
		action: `Get many ${suite.plural ?? `${suite.noun}s`}`,
		description: options.description ?? `List ${suite.noun} records, one item per record`,
		path: `${suite.path}/view`,
		attributes: filters,
		response: RESULTS,
		scope: suite.scope,
		...(options.simplify ? { simplify: options.simplify } : {}),
	};
}

export function addOp<L extends string>(
	suite: Suite,
	attributes: Array<AttributeSpec<L>>,
	response: ResponseSpec = { kind: 'object' },
	description?: string,
): OperationSpec<L> {
	return {
		resource: suite.resource,
		operation: 'add',
		name: functionName(suite, 'Add'),
		label: 'Create',
		action: `Create ${withArticle(suite.noun)}`,
		...(description ? { description } : {}),
		path: `${suite.path}/add`,
		attributes,
		response,
		scope: suite.scope,
	};
}

/** Edit: the ID (or IDs) required, every other field optional and sent only when set. */
export function editOp<L extends string>(suite: Suite, id: AttributeSpec<L>, fields: Array<AttributeSpec<L>>, description?: string): OperationSpec<L> {
	return {
		resource: suite.resource,
		operation: 'edit',
		name: functionName(suite, 'Edit'),
		label: 'Update',
		action: `Update ${withArticle(suite.noun)}`,
		description: description ?? `Change the fields you set; fields left out keep their current values`,
		path: `${suite.path}/edit`,
		attributes: [{ ...id, required: true }, ...fields.map(optional)],
		response: { kind: 'object' },
		scope: suite.scope,
	};
}

export function deleteOp<L extends string>(suite: Suite, id: AttributeSpec<L>, extra: Array<AttributeSpec<L>> = [], description?: string): OperationSpec<L> {
	return {
		resource: suite.resource,
		operation: 'delete',
		name: functionName(suite, 'Delete'),
		label: 'Delete',
		action: `Delete ${withArticle(suite.noun)}`,
		...(description ? { description } : {}),
		path: `${suite.path}/delete`,
		attributes: [{ ...id, required: true }, ...extra],
		response: { kind: 'object' },
		scope: suite.scope,
	};
}
