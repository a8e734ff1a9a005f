/**
 * Outbound Fax's File: a path or URL the switch can reach, or a PDF from the input item's binary
 * data sent as the data URI `data:application/pdf;base64,<data>` the interface accepts.
 */
import { NodeOperationError, type IDataObject, type INodeProperties } from 'n8n-workflow';
import type { ShapeContext } from '../../engine/catalog/types';

const show = { resource: ['fax'], operation: ['send'] };

export const faxFileFields: INodeProperties[] = [
	{
		displayName: 'File Source',
		name: 'fileSource',
		type: 'options',
		default: 'binary',
		options: [
			{ name: 'Binary Data of the Input Item', value: 'binary', description: 'A PDF from a previous node (Read File, HTTP Request ...)' },
			{ name: 'Path or URL', value: 'url', description: 'A path or URL the switch itself can reach' },
		],
		displayOptions: { show },
	},
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		description: 'Name of the binary field of the input item that holds the PDF',
		displayOptions: { show: { ...show, fileSource: ['binary'] } },
	},
	{
		displayName: 'File',
		name: 'File',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'https://example.com/invoice.pdf',
		description: 'Path or URL of the PDF, reachable from the switch',
		displayOptions: { show: { ...show, fileSource: ['url'] } },
	},
];

export async function prepareFaxFile(body: IDataObject, ctx: ShapeContext): Promise<IDataObject> {
	const { fn, itemIndex } = ctx;
	const source = fn.getNodeParameter('fileSource', itemIndex) as string;
	if (source === 'url') {
		const file = String(fn.getNodeParameter('File', itemIndex, '')).trim();
		if (!file) {
			throw new NodeOperationError(fn.getNode(), 'File is required: give a path or URL of a PDF', { itemIndex });
		}
		return { ...body, File: file };
	}
	const property = fn.getNodeParameter('binaryPropertyName', itemIndex) as string;
	const binary = fn.helpers.assertBinaryData(itemIndex, property);
	const buffer = await fn.helpers.getBinaryDataBuffer(itemIndex, property);
	const looksPdf = buffer.subarray(0, 5).toString('latin1') === '%PDF-';
	if (binary.mimeType !== 'application/pdf' && !looksPdf) {
		throw new NodeOperationError(
			fn.getNode(),
			`The binary field "${property}" is not a PDF (its type is ${binary.mimeType})`,
			{ itemIndex, description: 'The switch faxes PDF files only. Convert the document to PDF first.' },
		);
	}
	return { ...body, File: `data:application/pdf;base64,${buffer.toString('base64')}` };
}
