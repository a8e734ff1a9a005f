/**
 * CDR Export: `{ Status, "<CallID>": [leg, leg] | leg, ... }` -> one item per call leg carrying its
 * CallID (the default, ready for a spreadsheet), one item per call with its legs nested, or one CSV
 * file of the legs made in windows of the range (CDR_CSV; engine/export), for days of any size.
 */
import type { IDataObject, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import type { ShapeContext } from '../../engine/catalog/types';
import type { CsvExportSpec } from '../../engine/catalog/csvExport';
import { forEachKeyed, forEachRecord, recordsOf } from '../../engine/shapers/entries';
import { boundMs } from '../../engine/transport/ranges';

export const CDR_OUTPUT_OPTION: INodeProperties = {
	displayName: 'Output',
	name: 'cdrOutput',
	type: 'options',
	default: 'leg',
	options: [
		{ name: 'One Item per Call Leg', value: 'leg', description: 'Each leg with its CallID: one spreadsheet row per leg' },
		{ name: 'One Item per Call', value: 'call', description: 'Each call with its legs nested under Legs' },
		{
			name: 'CSV File',
			value: 'csvFile',
			description:
				'One item with a CSV file of the legs (one row per leg, the columns of the items), made an hour at a time in bounded memory: for days of any size. Excel opens at most 1,048,576 rows.',
		},
	],
	description: 'How the call records become items, or a file',
};

/** The CSV file's columns: CallID, then the leg fields in the order of the document's table. */
export const CDR_COLUMNS = [
	'CallID',
	'LegID',
	'StartTime',
	'ConnectTime',
	'EndTime',
	'SourceName',
	'SourceNumber',
	'DestinationName',
	'DestinationNumber',
	'Disposition',
	'DialedNumber',
	'SourceType',
	'DestinationType',
	'CallCode',
] as const;

const timeOf = (value: unknown) => (typeof value === 'string' ? boundMs(value.trim(), false) : undefined);

/** Legs in one answer. */
function legCount(response: unknown): number {
	let n = 0;
	forEachKeyed(response, (_, legs) => forEachRecord(legs, () => n++));
	return n;
}

/**
 * The legs of one answer as rows. A leg is known by CallID and LegID; the switch may send a leg (or a
 * whole call) again in the next window while the call still runs, so each is remembered until the
 * call's last EndTime in this answer (its latest possible match); a leg without a readable time
 * is remembered for the whole export.
 */
function visitLegs(response: unknown, visit: (row: IDataObject, key: string, group: string, untilMs: number) => void): void {
	forEachKeyed(response, (CallID, legs) => {
		let until = -Infinity;
		forEachRecord(legs, (leg) => {
			const t = timeOf(leg.EndTime) ?? timeOf(leg.ConnectTime) ?? timeOf(leg.StartTime);
			until = Math.max(until, t ?? Infinity);
		});
		forEachRecord(legs, (leg) => visit({ ...leg, CallID }, `${CallID}\u0000${String(leg.LegID ?? JSON.stringify(leg))}`, CallID, until));
	});
}

export const CDR_CSV: CsvExportSpec = {
	option: 'cdrOutput',
	value: 'csvFile',
	range: { from: 'DateStart', to: 'DateEnd' },
	columns: CDR_COLUMNS,
	size: legCount,
	rows: visitLegs,
	fileName: 'cdr',
	counts: { records: 'legs', groups: 'calls' },
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
