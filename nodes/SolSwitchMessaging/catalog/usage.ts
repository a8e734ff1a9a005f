/** The usage report, from messaging-gateway.md ("Usage report request" / "response"). */
import type { INodeProperties } from 'n8n-workflow';
import type { OperationSpec } from '../../engine/catalog/types';
import { mergeUsageReports, shapeUsageReport } from '../shapers/usageReport';
import { TOGGLES_VERSION } from '../versions';

const outputOption: INodeProperties = {
	displayName: 'Output',
	name: 'output',
	type: 'options',
	default: 'summaryAndRecords',
	options: [
		{ name: 'Summary and Records', value: 'summaryAndRecords', description: 'One summary item first, then one item per message record' },
		{ name: 'Records Only', value: 'records', description: 'One item per message record' },
		{ name: 'Summary Only', value: 'summary', description: 'One item with the segment counts' },
	],
	description: 'Which items to output',
};

export const usage: Array<OperationSpec<never>> = [
	{
		resource: 'usage',
		operation: 'report',
		name: 'Usage Report',
		label: 'Get Report',
		action: 'Get message counts and records for a period',
		description: 'Segment counts and per-message records; ranges over 45 days are split into several queries and merged',
		path: '/sms/report',
		attributes: [
			{ name: 'FromDate', label: 'From Date', type: 'date', required: true, description: 'First day of the period (YYYY-MM-DD)' },
			{ name: 'ToDate', label: 'To Date', type: 'date', required: true, description: 'Last day of the period (YYYY-MM-DD), included' },
			{
				name: 'Details',
				type: 'enum',
				required: true,
				default: 'yes',
				options: [
					{ name: 'Yes', value: 'yes', description: 'Return per-message records' },
					{ name: 'No', value: 'no', description: 'Return the summary only' },
				],
				toggleSince: TOGGLES_VERSION,
				description: 'Whether per-message records are returned',
			},
		],
		// "The usage report covers at most 45 days per query."
		split: { from: 'FromDate', to: 'ToDate', maxDays: 45, merge: mergeUsageReports },
		options: [outputOption],
		// Details = No asks for the summary only: Records Only would output nothing, without a word.
		checkOptions: (options, body) =>
			options.output === 'records' && body.Details === 'no'
				? {
						message: 'Output "Records Only" needs Details on',
						description: 'With Details off (No) the gateway sends the summary only, so there would be no records to output. Turn Details on (Yes), or set Output to "Summary Only".',
					}
				: undefined,
		response: { kind: 'custom', shape: shapeUsageReport, records: true },
	},
];
