/** The catalog's entry for an export written straight to one CSV file (engine/export reads it). */
import type { IDataObject } from 'n8n-workflow';

/**
 * A report that can be written straight to one CSV file (engine/export): its date range asked in
 * windows, each answer turned into rows and let go. Chosen by an Options setting; the items output
 * stays the default.
 */
export interface CsvExportSpec {
	/** The Options setting and the value of it that chooses the file. */
	option: string;
	value: string;
	/**
	 * Attributes holding the range's bounds (inclusive), and, where the function also takes one day
	 * alone (Agent Stats' Date, default today), that attribute: a file of that day is asked as a range.
	 */
	range: { from: string; to: string; day?: string };
	/** How the range is cut (default: an hour to start, at most a day; see engine/export/windows.ts). */
	windows?: { startSeconds: number; maxSeconds: number; unitSeconds: number };
	/** The file's columns, in order: the header, the same whatever the data holds. */
	columns: readonly string[];
	/** Records in one answer, for the size bound of a window. */
	size: (answer: unknown) => number;
	/**
	 * Visits the records of one answer in order: the row (values by column), a key unique in the
	 * export (a record sent again by a later window is written once), its group (a call, counted
	 * once) and the last time (ms on the interface's clock) it can be matched by a window.
	 */
	rows: (answer: unknown, visit: (row: IDataObject, key: string, group: string, untilMs: number) => void) => void;
	/** Start of the file name: `cdr` gives cdr-2026-03-10.csv. */
	fileName: string;
	/** Names of the counts in the output item: records (legs) and groups (calls). */
	counts: { records: string; groups: string };
	/**
	 * How long after its record's time a group is remembered, so that it is counted once (default an
	 * hour: a call's legs come close together; Infinity for a few groups seen every day, as agents).
	 */
	groupMemoryMs?: number;
}
