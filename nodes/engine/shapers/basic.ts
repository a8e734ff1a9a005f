/** The response kinds every catalog can name without writing code (see ResponseSpec). */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import type { ResponseSpec, ShapeContext } from '../catalog/types';
import { isRecord, keyedPairs, recordsOf } from './entries';

function asObject(data: unknown): IDataObject {
	return isRecord(data) ? data : { value: data as IDataObject[keyof IDataObject] };
}

/** One item per entry of a collection keyed by ID (CDR Export, DID Report ...), the key kept. */
export function keyedEntries(data: unknown, keyName: string): IDataObject[] {
	return keyedPairs(data).map(([key, value]) => ({ [keyName]: key, ...(isRecord(value) ? value : { value }) }) as IDataObject);
}

export async function shapeResponse(spec: ResponseSpec, data: unknown, ctx: ShapeContext): Promise<INodeExecutionData[]> {
	switch (spec.kind) {
		case 'status':
		case 'object':
			return [{ json: asObject(data) }];
		case 'list':
			return recordsOf(asObject(data)[spec.key]).map((json) => ({ json }));
		case 'keyed': {
			const collection = spec.key === undefined ? data : asObject(data)[spec.key];
			return keyedEntries(collection, spec.keyName).map((json) => ({ json }));
		}
		case 'custom':
			return await spec.shape(data, ctx);
	}
}
