/**
 * Agent Stats: `{ Status, "<extension>": { "<action ID>": record, ... }, ... }` -> one item per
 * action, carrying the extension and the action ID; or one CSV file of the actions (AGENT_CSV), the
 * range asked a day at a time (the function takes dates only), for long ranges.
 */
import type { IDataObject, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import type { CsvExportSpec } from '../../engine/catalog/csvExport';
import { forEachKeyed, isRecord, keyedPairs } from '../../engine/shapers/entries';
import { boundMs } from '../../engine/transport/ranges';

export const AGENT_OUTPUT_OPTION: INodeProperties = {
	displayName: 'Output',
	name: 'agentOutput',
	type: 'options',
	default: 'action',
	options: [
		{ name: 'One Item per Action', value: 'action', description: 'Each action with its extension and action ID' },
		{
			name: 'CSV File',
			value: 'csvFile',
			description: 'One item with a CSV file of the actions (the columns of the items), the range asked a day at a time: for long ranges',
		},
	],
	description: 'How the status changes become items, or a file',
};

/** The CSV file's columns: the items' keys, the action fields in the order of the document's table. */
export const AGENT_COLUMNS = ['Extension', 'ActionID', 'Action', 'DateTime', 'DateTimeUnix', 'ReasonCode'] as const;

const DAY_SECONDS = 86400;

export const AGENT_CSV: CsvExportSpec = {
	option: 'agentOutput',
	value: 'csvFile',
	range: { from: 'DateStart', to: 'DateEnd', day: 'Date' },
	// Dates only: a day is the finest window; a quiet range grows to 4 days per request, no more, so that
	// a quiet stretch (a weekend, a holiday) cannot grow a window that the busy days after it fill.
	windows: { startSeconds: DAY_SECONDS, maxSeconds: 4 * DAY_SECONDS, unitSeconds: DAY_SECONDS },
	columns: AGENT_COLUMNS,
	size(response) {
		let n = 0;
		forEachKeyed(response, (_, actions) => forEachKeyed(actions, () => n++));
		return n;
	},
	// An action is known by extension and action ID, and belongs to the one day of its DateTime.
	rows(response, visit) {
		forEachKeyed(response, (Extension, actions) =>
			forEachKeyed(actions, (ActionID, record) => {
				const row: IDataObject = { Extension, ActionID, ...(isRecord(record) ? record : {}) };
				const at = typeof row.DateTime === 'string' ? boundMs(row.DateTime.trim(), false) : undefined;
				visit(row, `${Extension}\u0000${ActionID}`, Extension, at ?? Infinity);
			}),
		);
	},
	fileName: 'agent-stats',
	counts: { records: 'actions', groups: 'agents' },
	// Each agent acts every day: remembered for the whole export, so counted once (a few hundred at most).
	groupMemoryMs: Infinity,
};

export function shapeAgentStats(response: unknown): INodeExecutionData[] {
	const items: INodeExecutionData[] = [];
	for (const [Extension, actions] of keyedPairs(response)) {
		for (const [ActionID, record] of keyedPairs(actions)) {
			items.push({ json: { Extension, ActionID, ...(isRecord(record) ? record : { value: record as string }) } });
		}
	}
	return items;
}
