/**
 * Outbound Fax's File: a path or URL the switch can reach, or a PDF from the input item's binary
 * data sent as the data URI `data:application/pdf;base64,<data>` the interface accepts.
 */
import type { AttributeSpec } from '../../engine/catalog/types';

export const faxFile: AttributeSpec = {
	name: 'File',
	type: 'file',
	required: true,
	description: 'The PDF to fax: binary data of the input item, or a path or URL the switch can reach',
	file: {
		source: {
			name: 'fileSource',
			label: 'File Source',
			manual: { value: 'url', name: 'Path or URL', description: 'A path or URL the switch itself can reach' },
		},
		binaryDescription: 'A PDF from a previous node (Read File, HTTP Request ...)',
		binaryFieldDescription: 'Name of the binary field of the input item that holds the PDF',
		manual: [
			{
				name: 'File',
				type: 'string',
				placeholder: 'https://example.com/invoice.pdf',
				description: 'Path or URL of the PDF, reachable from the switch',
			},
		],
		fromBinary: (file, property) => {
			const looksPdf = file.data.subarray(0, 5).toString('latin1') === '%PDF-';
			if (file.mimeType !== 'application/pdf' && !looksPdf) {
				return {
					refused: `The binary field "${property}" is not a PDF (its type is ${file.mimeType})`,
					description: 'The switch faxes PDF files only. Convert the document to PDF first.',
				};
			}
			return { File: `data:application/pdf;base64,${file.data.toString('base64')}` };
		},
	},
};
