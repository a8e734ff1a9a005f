/**
 * CDR Export: `{ Status, "<CallID>": [leg, leg] | leg, ... }` -> one item per call leg carrying its
 * CallID (the default, ready for a spreadsheet), or one item per call with its legs nested.
 */
import type { INodeExecutionData, INodeProperties } from 'n8n-workflow';
import type { ShapeContext } from '../../engine/catalog/types';
import { keyedPairs, recordsOf } from '../../engine/shapers/entries';

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
	const perCall = ctx.options.cdrOutput === 'call';
	const items: INodeExecutionData[] = [];
	for (const [CallID, legs] of keyedPairs(response)) {
		const list = recordsOf(legs);
		if (perCall) {
			items.push({ json: { CallID, Legs: list } });
			continue;
		}
		for (const leg of list) items.push({ json: { CallID, ...leg } });
	}
	return items;
}
