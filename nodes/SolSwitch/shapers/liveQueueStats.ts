/**
 * Live Queue Stats answers a bare array: one entry per queue, then `{ "Status": "OK" }`. One item
 * per queue; the status object is not a queue and is dropped.
 */
import type { INodeExecutionData } from 'n8n-workflow';
import { recordsOf } from '../../engine/shapers/entries';

export function shapeLiveQueueStats(response: unknown): INodeExecutionData[] {
	return recordsOf(response)
		.filter((entry) => !('Status' in entry) || 'Ext' in entry || 'Queue' in entry)
		.map((json) => ({ json }));
}
