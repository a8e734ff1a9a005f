/**
 * Output item lists of a node run, which may hold hundreds of thousands of items (a CDR export):
 * no `push(...list)` (a spread of that many arguments overflows the call stack past about
 * 120,000) and no copy per item that is not needed.
 */
import type { INodeExecutionData } from 'n8n-workflow';

/** Appends every element of `more` to `items` (items or records); returns the new length, as push does. */
export function appendItems<T>(items: T[], more: readonly T[]): number {
	for (let i = 0; i < more.length; i++) items.push(more[i]);
	return items.length;
}

/** A copy of the item linked to input item `index`; an item with only `json` (nearly all) is copied without a spread. */
export function pairedWith(item: INodeExecutionData, index: number): INodeExecutionData {
	for (const key in item) if (key !== 'json') return { ...item, pairedItem: { item: index } };
	return { json: item.json, pairedItem: { item: index } };
}
