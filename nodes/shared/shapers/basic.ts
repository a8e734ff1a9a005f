/** The response kinds every catalog can name without writing code (see ResponseSpec). */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import type { ResponseSpec, ShapeContext } from '../catalog/types';

const ENVELOPE = new Set(['Status', 'Reason']);

function asObject(data: unknown): IDataObject {
	return data && typeof data === 'object' && !Array.isArray(data) ? (data as IDataObject) : { value: data as IDataObject[keyof IDataObject] };
}

/** One item per entry of an object keyed by ID (CDR Export, DID Report ...), the key kept. */
export function keyedEntries(data: unknown, keyName: string): IDataObject[] {
	const out: IDataObject[] = [];
	for (const [key, value] of Object.entries(asObject(data))) {
		if (ENVELOPE.has(key)) continue;
		const record = value && typeof value === 'object' && !Array.isArray(value) ? (value as IDataObject) : { value };
		out.push({ [keyName]: key, ...record } as IDataObject);
	}
	return out;
}

export async function shapeResponse(spec: ResponseSpec, data: unknown, ctx: ShapeContext): Promise<INodeExecutionData[]> {
	switch (spec.kind) {
		case 'status':
		case 'object':
			return [{ json: asObject(data) }];
		case 'list': {
			const list = asObject(data)[spec.key];
			if (!Array.isArray(list)) return list && typeof list === 'object' ? [{ json: list as IDataObject }] : [];
			return list.map((entry) => ({ json: (entry && typeof entry === 'object' ? entry : { value: entry }) as IDataObject }));
		}
		case 'keyed':
			return keyedEntries(data, spec.keyName).map((json) => ({ json }));
		case 'custom':
			return await spec.shape(data, ctx);
	}
}
