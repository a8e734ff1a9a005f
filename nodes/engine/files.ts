/**
 * The 'file' attribute kind (FileSpec): how one item's file becomes the attributes it stands for (from the input item's binary data, or the fields given by hand). The
 * generated schema checks the result like any other attributes. Its fields: generators/properties.ts.
 */
import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';
import type { AttributeSpec, FileRefusal, FileSpec } from './catalog/types';
import { paramName } from './generators/names';

export const BINARY_SOURCE = 'binary';
export const BINARY_FIELD = 'binaryPropertyName';

export function specOf(attribute: AttributeSpec<string>): FileSpec {
	if (!attribute.file) throw new Error(`File attribute ${attribute.name} has no file spec`);
	return attribute.file;
}

const refused = (value: IDataObject | FileRefusal): value is FileRefusal => typeof (value as FileRefusal).refused === 'string';

/** One item's file as raw attribute values (unchecked: the schema checks them next). */
export async function readFile(fn: IExecuteFunctions, attribute: AttributeSpec<string>, itemIndex: number): Promise<Record<string, unknown>> {
	const spec = specOf(attribute);
	if (fn.getNodeParameter(spec.source.name, itemIndex, BINARY_SOURCE) !== BINARY_SOURCE) {
		return Object.fromEntries(spec.manual.map((manual) => [manual.name, fn.getNodeParameter(paramName(manual), itemIndex, '')]));
	}
	const property = String(fn.getNodeParameter(BINARY_FIELD, itemIndex));
	const binary = fn.helpers.assertBinaryData(itemIndex, property);
	const data = await fn.helpers.getBinaryDataBuffer(itemIndex, property);
	const values = spec.fromBinary({ fileName: (binary.fileName ?? '').trim(), mimeType: (binary.mimeType ?? '').trim(), data }, property);
	if (refused(values)) throw new NodeOperationError(fn.getNode(), values.refused, { itemIndex, description: values.description });
	return values;
}
