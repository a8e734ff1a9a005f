/**
 * The four functions every management suite has (view, add, edit, delete), built from the suite's
 * record table: add takes the table as the document marks it, edit takes the same fields all
 * optional (only the fields the user sets are sent: omitted fields keep their values on the switch).
 */
import type { AttributeSpec, OperationSpec, ResponseSpec } from '../../engine/catalog/types';
import { optional } from '../../shared/catalog/attributes';

export interface Suite {
	resource: string;
	/** "DID", "SIP account": the record's name in sentences. */
	noun: string;
	/** Path prefix: 'did' for /api/did/view/ ... */
	path: string;
	scope: 'global' | 'any';
}

const RESULTS: ResponseSpec = { kind: 'list', key: 'Results' };

export function viewOp<L extends string>(suite: Suite, filters: Array<AttributeSpec<L>>, description?: string): OperationSpec<L> {
	return {
		resource: suite.resource,
		operation: 'view',
		name: 'View',
		action: `View ${suite.noun} records`,
		description: description ?? `List ${suite.noun} records, one item per record (Partial or Full view)`,
		path: `${suite.path}/view`,
		attributes: filters,
		response: RESULTS,
		scope: suite.scope,
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
		name: 'Add',
		action: `Add a ${suite.noun}`,
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
		name: 'Edit',
		action: `Edit a ${suite.noun}`,
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
		name: 'Delete',
		action: `Delete a ${suite.noun}`,
		...(description ? { description } : {}),
		path: `${suite.path}/delete`,
		attributes: [{ ...id, required: true }, ...extra],
		response: { kind: 'object' },
		scope: suite.scope,
	};
}
