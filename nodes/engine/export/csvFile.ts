/**
 * An export straight to one CSV file (an operation's `csv` entry, CsvExportSpec): the range is asked in
 * windows (windows.ts), each answer becomes CSV rows appended to the file n8n's binary data helper is
 * storing, and is let go before the next window is asked. So memory holds one window, not the range:
 * in n8n's filesystem binary data mode, the file goes to disk as it is made.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import type { CsvExportSpec } from '../catalog/csvExport';
import type { SolSwitchAnswer } from '../transport/request';
import { ByteStream } from './byteStream';
import { CSV_BOM, CSV_ROW_SEPARATOR, csvRow } from './csv';
import { askInWindows, DEFAULT_WINDOWS, SeenKeys, type Window, type WindowSettings, type WindowStats } from './windows';

/** A call whose legs come more than this apart (in different windows) is counted again (spec.groupMemoryMs). */
const GROUP_MEMORY_MS = 3600 * 1000;

export interface CsvFileRequest {
	spec: CsvExportSpec;
	/** The range's bounds as the request sends them, and the attributes that hold them. */
	from: string;
	to: string;
	fromName: string;
	toName: string;
	/** Sends one request for these bounds (the other attributes unchanged). */
	send: (window: Window) => Promise<SolSwitchAnswer>;
	/** Name of the binary property the file goes in. */
	binaryProperty: string;
	windows?: WindowSettings;
	/** Most records to write (Return All off); Infinity for all. */
	limit?: number;
}

/** `cdr-2026-03-10.csv` for a day, `cdr-2026-03-10T080000_2026-03-10T115959.csv` for other ranges. */
export function csvFileName(base: string, from: string, to: string): string {
	const day = /^\d{4}-\d{2}-\d{2}$/;
	if (from === to && day.test(from)) return `${base}-${from}.csv`;
	const part = (bound: string) => bound.replace(' ', 'T').replace(/:/g, '');
	return `${base}-${part(from)}_${part(to)}.csv`;
}

export async function exportCsvFile(fn: IExecuteFunctions, request: CsvFileRequest): Promise<INodeExecutionData> {
	const { spec } = request;
	const stats: WindowStats = { asked: 0, split: 0 };
	let records = 0;
	let groups = 0;

	async function* chunks(): AsyncGenerator<Buffer> {
		yield Buffer.from(CSV_BOM + csvRow(spec.columns), 'utf8');
		const seenRecords = new SeenKeys();
		const seenGroups = new SeenKeys();
		const windows = askInWindows(
			request.from,
			request.to,
			async (window) => {
				const answer = await request.send(window);
				return answer.kind === 'empty' ? undefined : { records: spec.size(answer.data), data: answer.data };
			},
			stats,
			request.windows ?? DEFAULT_WINDOWS,
		);
		const limit = request.limit ?? Infinity;
		for await (const { window, answer } of windows) {
			seenRecords.forgetBefore(window.fromMs);
			seenGroups.forgetBefore(window.fromMs);
			if (!answer) continue;
			let text = '';
			const values: unknown[] = new Array(spec.columns.length);
			spec.rows(answer.data, (row: IDataObject, key: string, group: string, untilMs: number) => {
				if (records >= limit || seenRecords.seen(key, untilMs)) return;
				if (!seenGroups.seen(group, untilMs + (spec.groupMemoryMs ?? GROUP_MEMORY_MS))) groups++;
				for (let c = 0; c < spec.columns.length; c++) values[c] = row[spec.columns[c]];
				text += CSV_ROW_SEPARATOR + csvRow(values);
				records++;
			});
			// The window's answer is not referenced past this point: only its text goes on.
			if (text) yield Buffer.from(text, 'utf8');
			if (records >= limit) break; // no further request once the limit is reached
		}
	}

	const fileName = csvFileName(spec.fileName, request.from, request.to);
	const stream = new ByteStream(() => chunks()[Symbol.asyncIterator]());
	// prepareBinaryData is typed for a Node Readable; ByteStream is the part of one n8n reads (byteStream.ts).
	const file = await fn.helpers.prepareBinaryData(stream as unknown as Buffer, fileName, 'text/csv');
	return {
		json: {
			fileName,
			[request.fromName]: request.from,
			[request.toName]: request.to,
			[spec.counts.records]: records,
			[spec.counts.groups]: groups,
			windowsAsked: stats.asked,
			windowsSplit: stats.split,
		},
		binary: { [request.binaryProperty]: file },
	};
}
