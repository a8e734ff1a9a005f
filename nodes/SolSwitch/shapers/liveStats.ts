/**
 * Live Stats: `{ Status, queuestats: [...], queuetotals: {...}, agentstatus: [...], presence: {...} }`.
 * The user picks which part becomes items: one per queue, the totals, one per agent, one per
 * extension's presence, or the whole answer as one item.
 */
import type { INodeExecutionData, INodeProperties } from 'n8n-workflow';
import type { ShapeContext } from '../../engine/catalog/types';
import { isRecord, keyedPairs, recordsOf } from '../../engine/shapers/entries';

export const LIVE_STATS_PART_FIELD: INodeProperties = {
	displayName: 'Return',
	name: 'liveStatsPart',
	type: 'options',
	default: 'queues',
	options: [
		{ name: 'Agents', value: 'agents', description: 'One item per logged-in agent (agentstatus)' },
		{ name: 'All', value: 'all', description: 'One item with queuestats, queuetotals, agentstatus and presence' },
		{ name: 'Presence', value: 'presence', description: 'One item per extension with its presence value' },
		{ name: 'Queues', value: 'queues', description: 'One item per queue (queuestats)' },
		{ name: 'Totals', value: 'totals', description: 'One item with the totals across the service (queuetotals)' },
	],
	description: 'Which part of the live statistics to output',
};

export function shapeLiveStats(response: unknown, ctx: ShapeContext): INodeExecutionData[] {
	const answer = isRecord(response) ? response : {};
	const part = ctx.fn.getNodeParameter('liveStatsPart', ctx.itemIndex, 'queues') as string;
	switch (part) {
		case 'totals':
			return isRecord(answer.queuetotals) ? [{ json: answer.queuetotals }] : [];
		case 'agents':
			return recordsOf(answer.agentstatus).map((json) => ({ json }));
		case 'presence':
			return keyedPairs(answer.presence).map(([extension, presence]) => ({
				json: { extension, presence: presence as string },
			}));
		case 'all': {
			const parts = Object.entries(answer).filter(([key]) => key !== 'Status' && key !== 'Reason');
			return [{ json: Object.fromEntries(parts) }];
		}
		default:
			return recordsOf(answer.queuestats).map((json) => ({ json }));
	}
}
