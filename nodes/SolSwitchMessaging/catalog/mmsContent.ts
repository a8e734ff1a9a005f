/**
 * The MT MMS content (ContentName, ContentType, Content in Base64): from the input item's binary data
 * (file name and MIME type as n8n knows them), or typed by hand. The rules apply to both.
 */
import type { AttributeSpec } from '../../engine/catalog/types';

export const mmsContent: AttributeSpec = {
	name: 'Content',
	type: 'file',
	required: true,
	description: 'The media: binary data of the input item, or its name, type and Base64 content given by hand',
	file: {
		source: {
			name: 'contentSource',
			label: 'Content Source',
			manual: { value: 'manual', name: 'By Hand', description: 'Give the file name, media type and Base64 content' },
		},
		binaryDescription: 'A file from a previous node (Read File, HTTP Request, the Messaging Trigger ...)',
		binaryFieldDescription: 'Name of the binary field of the input item that holds the file',
		manual: [
			{
				name: 'ContentName',
				type: 'string',
				placeholder: 'photo.jpg',
				description: 'File name of the content, with its extension',
				rule: { pattern: /^[^/\\]+\.[A-Za-z0-9]+$/, text: 'must be a file name with an extension', showValue: true },
			},
			{
				name: 'ContentType',
				type: 'string',
				placeholder: 'image/jpeg',
				description: 'Media type as in an HTTP Content-Type header',
				rule: { pattern: /^[\w.+-]+\/[\w.+-]+(\s*;.*)?$/, text: 'must be a media type such as image/jpeg', showValue: true },
			},
			{ name: 'Content', type: 'base64', description: 'The media content, Base64 encoded' },
		],
		fromBinary: (file, property) => {
			if (!file.data.length) return { refused: `The binary field "${property}" is empty` };
			if (!file.fileName) {
				return {
					refused: `The binary field "${property}" has no file name`,
					description: 'The gateway needs a ContentName with an extension: set a file name on the binary data, or choose Content Source "By Hand".',
				};
			}
			return { ContentName: file.fileName, ContentType: file.mimeType, Content: file.data.toString('base64') };
		},
	},
};
