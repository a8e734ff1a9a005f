/**
 * Agent Stats: `{ Status, "<extension>": { "<action ID>": record, ... }, ... }` -> one item per
 * action, carrying the extension and the action ID.
 */
import type { INodeExecutionData } from 'n8n-workflow';
import { isRecord, keyedPairs } from '../../engine/shapers/entries';

export function shapeAgentStats(response: unknown): INodeExecutionData[] {
	const items: INodeExecutionData[] = [];
	for (const [Extension, actions] of keyedPairs(response)) {
		for (const [ActionID, record] of keyedPairs(actions)) {
			items.push({ json: { Extension, ActionID, ...(isRecord(record) ? record : { value: record as string }) } });
		}
	}
	return items;
}
