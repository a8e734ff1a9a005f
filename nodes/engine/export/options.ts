/**
 * The Options settings of an export written as a CSV file (csvFile.ts), for the operations whose
 * catalog entry has `csv`: where the file goes, and how many records one request may bring.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { DEFAULT_WINDOWS, type WindowSettings } from './windows';

export const CSV_FILE_OPTIONS: INodeProperties[] = [
	{
		displayName: 'Put Output File in Field',
		name: 'csvBinaryProperty',
		type: 'string',
		default: 'data',
		description: 'With Output set to a CSV file: the name of the binary field the file goes in',
	},
	{
		displayName: 'Records per Request (Max)',
		name: 'csvMaxRecords',
		type: 'number',
		default: 5000,
		typeOptions: { minValue: 1, numberPrecision: 0 },
		description:
			'With Output set to a CSV file: the range is asked a part at a time (an hour of call records, a day of agent actions), and a part that brings more records than this is asked again in halves. Lower uses less memory, higher sends fewer requests.',
	},
];

export function csvFileSettings(options: IDataObject): { binaryProperty: string; windows: WindowSettings } {
	const property = typeof options.csvBinaryProperty === 'string' ? options.csvBinaryProperty.trim() : '';
	const max = Number(options.csvMaxRecords);
	return {
		binaryProperty: property || 'data',
		windows: { ...DEFAULT_WINDOWS, maxRecords: Number.isFinite(max) && max >= 1 ? Math.floor(max) : DEFAULT_WINDOWS.maxRecords },
	};
}
