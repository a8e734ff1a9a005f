/**
 * CSV text written the way n8n's Convert to File (CSV) writes it, so that a file made in windows is
 * byte for byte the file a user gets from the same items through Convert to File: UTF-8 with a byte
 * order mark (Excel then reads it as UTF-8), rows separated by "\n" with none after the last, and a
 * field quoted when it holds a comma, a double quote or a line break, its quotes doubled (RFC 4180).
 * (n8n's writer, SheetJS, also quotes the file's very first field when it is exactly `ID`, which
 * Excel would take for a SYLK file; a header starting otherwise never meets that rule.) One
 * difference, on purpose: a field holding a carriage return alone is quoted here (RFC 4180 asks it),
 * where SheetJS leaves it bare and breaks the row for most readers.
 */

export const CSV_BOM = '\uFEFF';
export const CSV_ROW_SEPARATOR = '\n';

const NEEDS_QUOTES = /[",\n\r]/;

/** One field: strings as they are, numbers and booleans as text, anything absent (or an object) empty. */
export function csvField(value: unknown): string {
	let text: string;
	if (typeof value === 'string') text = value;
	else if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') text = String(value);
	else return '';
	if (NEEDS_QUOTES.test(text)) return `"${text.replace(/"/g, '""')}"`;
	return text;
}

/** One row, without its separator. */
export function csvRow(values: readonly unknown[]): string {
	let row = '';
	for (let i = 0; i < values.length; i++) row += (i ? ',' : '') + csvField(values[i]);
	return row;
}
