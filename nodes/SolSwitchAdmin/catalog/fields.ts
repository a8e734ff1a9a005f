/**
 * Attributes particular to switch-management.md (the view type, record IDs and owner customers picked
 * from the switch, the Customer of this node), built on the shared vocabulary
 * (nodes/shared/catalog/attributes.ts).
 */
import type { AttributeSpec } from '../../engine/catalog/types';
import { customer } from '../../shared/catalog/attributes';
import { RULES } from '../../shared/catalog/rules';
import type { AdminLists } from '../methods/listSearch';

type Extra = Partial<AttributeSpec<AdminLists>>;

/** `ViewType` of every view function (rule 1): Partial (the short set, default) or Full. */
export const viewType = (forcedByIdNote = false): AttributeSpec => ({
	name: 'ViewType',
	label: 'View Type',
	type: 'enum',
	topLevel: true,
	default: 'Partial',
	switchDefault: 'Partial',
	options: [
		{ name: 'Partial', value: 'Partial', description: 'The short set of fields' },
		{ name: 'Full', value: 'Full', description: 'Every field of the record' },
	],
	description: forcedByIdNote ? 'Fields to return. A given ID always returns the Full view.' : 'Fields to return',
});

/** The ID of one existing record, picked from the switch or typed (no form stated, but for DIDs: `extra`). */
export const recordId = (load: AdminLists, description: string, extra: Extra = {}): AttributeSpec<AdminLists> => ({
	name: 'ID',
	type: 'digits',
	load,
	description,
	...extra,
});

/**
 * `Customer` in this node: the shared definition, picked from the switch's customers or typed, and
 * sent as the digits picked (the record tables' IDs are text).
 */
export const adminCustomer = (description = '', extra: Extra = {}): AttributeSpec<AdminLists> =>
	customer<AdminLists>(description, { load: 'customers', type: 'digits', rule: RULES.numeric, ...extra });

/** A customer ID (numeric, convention 5) picked from the switch's customers (global key) or typed. */
export const customerPick = (name: string, description: string, extra: Extra = {}): AttributeSpec<AdminLists> => ({
	name,
	label: 'Customer',
	type: 'digits',
	rule: RULES.numeric,
	load: 'customers',
	description,
	...extra,
});
