/**
 * Return All / Limit and Simplify applied to an operation's items (see generators/listing.ts). The
 * switch has no paging, so the limit is applied after the answer; a version 1 node has neither
 * setting stored and gets every record with every field, as before.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import type { OperationSpec } from '../catalog/types';
import { returnsMany } from '../generators/names';

export interface Listing {
	/** How many items to keep (Infinity: all). */
	limit: number;
	simplify: boolean;
}

/** The item's settings; absent (a version 1 node): every record, not simplified. */
export function readListing(fn: IExecuteFunctions, op: OperationSpec, itemIndex: number): Listing {
	const returnAll = returnsMany(op) ? (fn.getNodeParameter('returnAll', itemIndex, true) as boolean) : true;
	const limit = returnAll ? Infinity : Math.max(1, Number(fn.getNodeParameter('limit', itemIndex, 50)));
	const simplify = op.simplify ? (fn.getNodeParameter('simplify', itemIndex, false) as boolean) : false;
	return { limit, simplify };
}

/** The record reduced to the operation's short set of fields, in that order. */
export function simplifyRecord(op: OperationSpec, json: IDataObject): IDataObject {
	const fields = op.simplify?.fields ?? [];
	return Object.fromEntries(fields.filter((f) => f in json).map((f) => [f, json[f]]));
}

export function applyListing(op: OperationSpec, listing: Listing, items: INodeExecutionData[]): INodeExecutionData[] {
	const kept = items.slice(0, listing.limit);
	if (!listing.simplify) return kept;
	return kept.map((item) => ({ ...item, json: simplifyRecord(op, item.json) }));
}
