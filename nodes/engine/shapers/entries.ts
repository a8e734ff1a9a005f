/**
 * Readers of keyed collections and lists, shared by the response kinds and the shapers. The switch is PHP-like: a keyed collection may come
 * as an object or, when its keys happen to be 0..n, as an array; one record may come bare instead of
 * in a one-element array. These helpers accept every form so the shapers need not care.
 */
import type { IDataObject } from 'n8n-workflow';

const ENVELOPE = new Set(['Status', 'Reason']);

export function isRecord(value: unknown): value is IDataObject {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `[key, value]` of a keyed collection (object or array), the Status/Reason envelope left out. */
export function keyedPairs(value: unknown): Array<[string, unknown]> {
	if (Array.isArray(value)) return value.map((v, i) => [String(i), v]);
	if (!isRecord(value)) return [];
	return Object.entries(value).filter(([key]) => !ENVELOPE.has(key));
}

/** A list that may have been sent as one bare object: always an array of records. */
export function recordsOf(value: unknown): IDataObject[] {
	if (Array.isArray(value)) return value.map((v) => (isRecord(v) ? v : { value: v as IDataObject[string] }));
	if (isRecord(value)) return [value];
	return [];
}
