/**
 * Reporting functions of switch-calls-reporting.md ("Endpoints"), one entry per row: call records,
 * recordings, agents, queues, live stats, digit validation and multichannel messages.
 * Read this beside the document: attribute names, required/optional and rules are as it states them.
 */
import { customer } from '../../shared/catalog/attributes';
import type { SwitchLists } from '../methods/listSearch';
import type { AttributeSpec, OperationSpec } from '../../engine/catalog/types';
import { AGENT_CSV, AGENT_OUTPUT_OPTION, shapeAgentStats } from '../shapers/agentStats';
import { RECORDING_FIELDS, shapeCallRecording } from '../shapers/callRecording';
import { CDR_CSV, CDR_OUTPUT_OPTION, SPLIT_DAYS_OPTION, shapeCdrExport } from '../shapers/cdrExport';
import { CSV_FILE_OPTIONS } from '../../engine/export/options';
import { shapeLiveQueueStats } from '../shapers/liveQueueStats';
import { LIVE_STATS_PART_FIELD, shapeLiveStats } from '../shapers/liveStats';
import { MCM_CSV, MCM_OUTPUT_OPTION, shapeMultichannelExport } from '../shapers/multichannelExport';
import { shapeLegDetails } from '../shapers/perCall';

/** A range bound the document gives as `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS`. */
const bound = (name: string, description: string): AttributeSpec<SwitchLists> => ({
	name,
	type: 'dateOrDateTime',
	required: true,
	description: `${description}: a date (the whole day) or a date and time. Sent as YYYY-MM-DD, or YYYY-MM-DD HH:MM:SS when a time other than midnight is set.`,
});

const callId = (description: string): AttributeSpec<SwitchLists> => ({
	name: 'CallID',
	label: 'Call ID',
	type: 'string',
	required: true,
	description: `${description} CallIDs come from Report > Export Call Records, Call > Place or Call > Get Many.`,
	placeholder: '1764000000.42',
});

const queueId = (description: string): AttributeSpec<SwitchLists> => ({
	name: 'queueID',
	label: 'Queue ID',
	type: 'digits',
	description,
	placeholder: '600',
});

export const reporting: Array<OperationSpec<SwitchLists>> = [
	{
		resource: 'agent',
		operation: 'getStats',
		name: 'Agent Stats',
		label: 'Get Status Changes',
		action: 'Get the status changes of agents',
		description: 'One item per agent action (In, Paused, Out) with its extension and action ID',
		path: 'agentstats',
		attributes: [
			customer(),
			{
				name: 'Extension',
				type: 'digits',
				description: 'Restrict to one extension',
			},
			{
				name: 'Date',
				type: 'date',
				switchDefault: 'today',
				description: 'One day (default today). Use Date Start with Date End for a range instead.',
			},
			{
				name: 'DateStart',
				type: 'date',
				description: 'First day of a range; requires Date End',
			},
			{
				name: 'DateEnd',
				type: 'date',
				description: 'Last day of a range; requires Date Start',
			},
		],
		rules: [
			{ kind: 'together', attributes: ['DateStart', 'DateEnd'], message: 'Both DateStart and DateEnd are required.' },
			{
				kind: 'notBoth',
				first: 'Date',
				second: ['DateStart', 'DateEnd'],
				message: 'Give either Date, or DateStart with DateEnd, not both',
			},
		],
		csv: AGENT_CSV,
		options: [AGENT_OUTPUT_OPTION, ...CSV_FILE_OPTIONS],
		response: { kind: 'custom', shape: shapeAgentStats, records: true },
		returnsMany: true,
		returnAllByDefault: true,
	},
	{
		resource: 'report',
		operation: 'getRecording',
		name: 'Call Recording',
		label: 'Get Recordings',
		action: 'Get the recordings of a call',
		description: 'One item per recording portion, optionally with its MP3 as binary data',
		path: 'recording',
		attributes: [callId('Call whose recordings to get.'), customer()],
		fields: RECORDING_FIELDS,
		response: { kind: 'custom', shape: shapeCallRecording, records: true },
	},
	{
		resource: 'report',
		operation: 'exportCdr',
		name: 'CDR Export',
		label: 'Export Call Records',
		action: 'Export call records for a date range',
		description: 'One item per call leg with its CallID (or one per call, or one CSV file of the legs), for a day, a range, or a long range split by day',
		path: 'cdrexport',
		attributes: [
			bound('DateStart', 'Start of the range (inclusive)'),
			bound('DateEnd', 'End of the range (inclusive)'),
			customer(),
		],
		split: { from: 'DateStart', to: 'DateEnd', daysOption: 'splitDays' },
		csv: CDR_CSV,
		options: [CDR_OUTPUT_OPTION, SPLIT_DAYS_OPTION, ...CSV_FILE_OPTIONS],
		response: { kind: 'custom', shape: shapeCdrExport, records: true },
		returnsMany: true,
		returnAllByDefault: true,
	},
	{
		resource: 'report',
		operation: 'getLegDetails',
		name: 'CDR Leg Details',
		label: 'Get Leg Details',
		action: 'Get the step by step details of a call',
		description: 'One item per detail (Routed, Answered, Ended ...) with the CallID',
		path: 'cdrlegdetailsapi',
		attributes: [callId('Call whose details to get.'), customer()],
		response: { kind: 'custom', shape: shapeLegDetails, records: true },
		returnsMany: true,
	},
	{
		resource: 'report',
		operation: 'getDvLog',
		name: 'Digit Validation Log',
		label: 'Get Digit Validation Log',
		action: 'Get the digit validation log for a date range',
		description: 'One item per log entry: digits entered, caller, and the external API result',
		path: 'dvlog',
		attributes: [
			bound('From', 'Start of the range (inclusive)'),
			bound('To', 'End of the range (inclusive)'),
			{
				name: 'DID',
				type: 'digits',
				description: 'Only entries of calls that dialed this DID',
			},
		],
		split: { from: 'From', to: 'To', daysOption: 'splitDays' },
		options: [SPLIT_DAYS_OPTION],
		response: { kind: 'list', key: 'Logs' },
		returnAllByDefault: true,
	},
	{
		resource: 'queue',
		operation: 'getLiveQueueStats',
		name: 'Live Queue Stats',
		label: 'Get Queue Stats',
		action: 'Get live statistics of queues',
		description: 'One item per queue: calls, callbacks, available agents, answered, abandoned, wait times',
		path: 'livequeuestat',
		attributes: [queueId('Only this queue (default: all queues)'), customer()],
		response: { kind: 'custom', shape: shapeLiveQueueStats, records: true },
		returnsMany: true,
	},
	{
		resource: 'queue',
		operation: 'getLiveStats',
		name: 'Live Stats',
		label: 'Get Live Stats',
		action: 'Get live statistics of queues and agents with presence',
		description: 'Queues, service totals, agent statuses or extension presence, as chosen in Return',
		path: 'livestats',
		attributes: [queueId('Only this queue (default: all queues)'), customer()],
		fields: [LIVE_STATS_PART_FIELD],
		response: { kind: 'custom', shape: shapeLiveStats, records: true },
	},
	{
		resource: 'report',
		operation: 'exportMessages',
		name: 'Multichannel Message Export',
		label: 'Export Multichannel Messages',
		action: 'Export multichannel conversations for a date range',
		description: 'One item per conversation (SMS, Webchat ...) with its queue ID, or one per message',
		path: 'mcmexport',
		attributes: [
			bound('DateStart', 'Messages on or after'),
			bound('DateEnd', 'Messages on or before'),
			customer(),
			queueId("Only this queue; it must belong to the customer"),
			{
				name: 'sessionID',
				label: 'Session ID',
				type: 'string',
				description: 'Only this conversation (its conversation ID); it must belong to the customer',
			},
		],
		csv: MCM_CSV,
		options: [MCM_OUTPUT_OPTION, ...CSV_FILE_OPTIONS],
		response: { kind: 'custom', shape: shapeMultichannelExport, records: true },
		returnsMany: true,
		returnAllByDefault: true,
	},
];
