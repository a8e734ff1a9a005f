/**
 * CDR Leg Details (`Details`) and Call Recording (`Recording`) answer a list about one call: one
 * item per entry, each carrying the CallID asked for so rows from several calls stay apart.
 */
import type { IDataObject } from 'n8n-workflow';
import type { ShapeContext } from '../../engine/catalog/types';
import { isRecord, recordsOf } from '../../engine/shapers/entries';

export function entriesOfCall(response: unknown, key: string, ctx: ShapeContext): IDataObject[] {
	const list = isRecord(response) ? response[key] : undefined;
	const CallID = String(ctx.body.CallID ?? '');
	return recordsOf(list).map((entry) => ({ CallID, ...entry }));
}

export const shapeLegDetails = (response: unknown, ctx: ShapeContext) =>
	entriesOfCall(response, 'Details', ctx).map((json) => ({ json }));
