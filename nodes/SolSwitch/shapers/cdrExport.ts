/**
 * CDR Export: `{ Status, "<CallID>": [leg, leg] | leg, ... }` -> one item per call leg carrying its
 * CallID (the default, ready for a spreadsheet), or one item per call with its legs nested.
 */
import type { INodeExecutionData, INodeProperties } from 'n8n-workflow';
import type { ShapeContext } from '../../engine/catalog/types';
import { forEachKeyed, forEachRecord, recordsOf } from '../../engine/shapers/entries';

export const CDR_OUTPUT_OPTION: INodeProperties = {
	displayName: 'Output',
	name: 'cdrOutput',
	type: 'options',
	default: 'leg',
	options: [
		{ name: 'One Item per Call Leg', value: 'leg', description: 'Each leg with its CallID: one spreadsheet row per leg' },
		{ name: 'One Item per Call', value: 'call', description: 'Each call with its legs nested under Legs' },
	],
	description: 'How the call records become items',
};

export const SPLIT_DAYS_OPTION: INodeProperties = {
	displayName: 'Split Range Into Requests Of (Days)',
	name: 'splitDays',
	type: 'number',
	default: 1,
	typeOptions: { minValue: 0, numberPrecision: 0 },
	description:
		'Ask the switch for this many days at a time and merge the answers in order, so a month of records does not ride on one giant response (0: one request for the whole range)',
};

export function shapeCdrExport(response: unknown, ctx: ShapeContext): INodeExecutionData[] {
	const items: INodeExecutionData[] = [];
	// Visited in place, no intermediate lists: 100,000 legs make 100,000 items and nothing more.
	if (ctx.options.cdrOutput === 'call') forEachKeyed(response, (CallID, legs) => items.push({ json: { CallID, Legs: recordsOf(legs) } }));
	else forEachKeyed(response, (CallID, legs) => forEachRecord(legs, (leg) => items.push({ json: { CallID, ...leg } })));
	return items;
}
