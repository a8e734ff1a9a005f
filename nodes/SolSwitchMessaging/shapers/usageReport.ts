/**
 * Usage report answers: parts of a split range merged (summary counts added up, records
 * concatenated), then a summary item and one item per record, as the Output option asks.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import type { ShapeContext } from '../../engine/catalog/types';
import { appendItems } from '../../engine/items';

const SUMMARY_FIELDS = ['Total', 'Sent', 'Received', 'CarrierLookups'] as const;

function asObject(value: unknown): IDataObject {
	return value && typeof value === 'object' && !Array.isArray(value) ? (value as IDataObject) : {};
}

/** Counts may arrive as strings: add them as numbers; a field no part carried stays absent. */
export function mergeUsageReports(answers: unknown[]): IDataObject {
	const summary: IDataObject = {};
	const records: unknown[] = [];
	let hasRecords = false;
	for (const answer of answers) {
		const part = asObject(answer);
		const partSummary = asObject(part.Summary);
		for (const field of SUMMARY_FIELDS) {
			const value = partSummary[field];
			if (value === undefined || value === null || value === '') continue;
			summary[field] = Number(summary[field] ?? 0) + Number(value);
		}
		if (Array.isArray(part.Records)) {
			hasRecords = true;
			appendItems(records, part.Records);
		}
	}
	return { Status: 'OK', Summary: summary, ...(hasRecords ? { Records: records } : {}), parts: answers.length };
}

export function shapeUsageReport(response: unknown, ctx: ShapeContext): INodeExecutionData[] {
	const answer = asObject(response);
	const output = String(ctx.options.output ?? 'summaryAndRecords');
	const items: INodeExecutionData[] = [];
	if (output !== 'records') {
		items.push({
			json: {
				type: 'summary',
				FromDate: ctx.body.FromDate,
				ToDate: ctx.body.ToDate,
				...asObject(answer.Summary),
				queries: typeof answer.parts === 'number' ? answer.parts : 1,
			},
		});
	}
	if (output !== 'summary' && Array.isArray(answer.Records)) {
		for (const record of answer.Records) items.push({ json: { type: 'record', ...asObject(record) } });
	}
	return items;
}
