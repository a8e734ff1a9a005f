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

/**
 * Visits `key, value` of a keyed collection (object or array), the Status/Reason envelope left out,
 * in the order Object.entries gives. Builds no `[key, value]` pair per entry: a CDR export holds
 * tens of thousands of calls.
 */
export function forEachKeyed(value: unknown, visit: (key: string, entry: unknown) => void): void {
	if (Array.isArray(value)) {
		for (let i = 0; i < value.length; i++) visit(String(i), value[i]);
		return;
	}
	if (!isRecord(value)) return;
	const keys = Object.keys(value);
	for (let i = 0; i < keys.length; i++) if (!ENVELOPE.has(keys[i])) visit(keys[i], value[keys[i]]);
}

/** `[key, value]` of a keyed collection (object or array), the Status/Reason envelope left out. */
export function keyedPairs(value: unknown): Array<[string, unknown]> {
	const pairs: Array<[string, unknown]> = [];
	forEachKeyed(value, (key, entry) => pairs.push([key, entry]));
	return pairs;
}

/** Visits each record of a list that may have been sent as one bare object (see recordsOf), building no array. */
export function forEachRecord(value: unknown, visit: (record: IDataObject) => void): void {
	if (Array.isArray(value)) {
		for (const v of value) visit(isRecord(v) ? v : { value: v as IDataObject[string] });
	} else if (isRecord(value)) visit(value);
}

/** A list that may have been sent as one bare object: always an array of records. */
export function recordsOf(value: unknown): IDataObject[] {
	if (Array.isArray(value)) return value.map((v) => (isRecord(v) ? v : { value: v as IDataObject[string] }));
	if (isRecord(value)) return [value];
	return [];
}
