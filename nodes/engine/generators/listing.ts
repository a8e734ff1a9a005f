/**
 * Return All / Limit for operations that answer a list of records (Return All off, 50 records, except
 * for reports over a chosen date range), and Simplify for records with
 * dozens of fields, as n8n's UX guidelines word them. They exist from node version 2 on: a version 1
 * node (a saved workflow) shows none of them and runs as before (every record, every field).
 */
import type { INodeProperties } from 'n8n-workflow';
import type { OperationSpec } from '../catalog/types';
import { returnsMany } from './names';

/** The first node version with Return All / Limit and Simplify. */
export const LISTING_VERSION = 2;

/** The node versions a catalog-driven action node offers; the last is the default for new nodes. */
export const ACTION_NODE_VERSIONS = [1, LISTING_VERSION];

type Show = NonNullable<NonNullable<INodeProperties['displayOptions']>['show']>;

/** Return All, Limit and Simplify of one operation (none when it lists nothing and simplifies nothing). */
export function listingProperties(op: OperationSpec, show: Show): INodeProperties[] {
	const since = { ...show, '@version': [{ _cnd: { gte: LISTING_VERSION } }] };
	const properties: INodeProperties[] = [];
	if (returnsMany(op)) {
		// Two literals rather than a computed default: n8n's scanner wants every default written out.
		const returnAll: INodeProperties = op.returnAllByDefault
			? {
					displayName: 'Return All',
					name: 'returnAll',
					type: 'boolean',
					default: true,
					description: 'Whether to return all results or only up to a given limit',
				}
			: {
					displayName: 'Return All',
					name: 'returnAll',
					type: 'boolean',
					default: false,
					description: 'Whether to return all results or only up to a given limit',
				};
		properties.push(
			{ ...returnAll, displayOptions: { show: since } },
			{
				displayName: 'Limit',
				name: 'limit',
				type: 'number',
				default: 50,
				typeOptions: { minValue: 1 },
				description: 'Max number of results to return',
				hint: 'The switch has no paging: it sends every record, and the node keeps the first ones',
				displayOptions: { show: { ...since, returnAll: [false] } },
			},
		);
	}
	if (op.simplify) {
		properties.push({
			displayName: 'Simplify',
			name: 'simplify',
			type: 'boolean',
			default: true,
			description: 'Whether to return a simplified version of the response instead of the raw data',
			hint: `Keeps ${op.simplify.fields.join(', ')}`,
			displayOptions: { show: since },
		});
	}
	return properties;
}
