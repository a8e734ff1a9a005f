/**
 * The MT MMS content (ContentName, ContentType, Content in Base64): from the input item's binary data
 * (file name and MIME type as n8n knows them), or typed by hand.
 */
import { NodeOperationError, type IDataObject, type INodeProperties } from 'n8n-workflow';
import type { ShapeContext } from '../../engine/catalog/types';

const show = { resource: ['message'], operation: ['sendMms'] };

export const mmsContentFields: INodeProperties[] = [
	{
		displayName: 'Content Source',
		name: 'contentSource',
		type: 'options',
		default: 'binary',
		options: [
			{ name: 'Binary Data of the Input Item', value: 'binary', description: 'A file from a previous node (Read File, HTTP Request, the Messaging Trigger ...)' },
			{ name: 'By Hand', value: 'manual', description: 'Give the file name, media type and Base64 content' },
		],
		displayOptions: { show },
	},
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		description: 'Name of the binary field of the input item that holds the file',
		displayOptions: { show: { ...show, contentSource: ['binary'] } },
	},
	{
		displayName: 'Content Name',
		name: 'ContentName',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'photo.jpg',
		description: 'File name of the content, with its extension',
		displayOptions: { show: { ...show, contentSource: ['manual'] } },
	},
	{
		displayName: 'Content Type',
		name: 'ContentType',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'image/jpeg',
		description: 'Media type as in an HTTP Content-Type header',
		displayOptions: { show: { ...show, contentSource: ['manual'] } },
	},
	{
		displayName: 'Content (Base64)',
		name: 'Content',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		required: true,
		description: 'The media content, Base64 encoded',
		displayOptions: { show: { ...show, contentSource: ['manual'] } },
	},
];

const NAME_WITH_EXTENSION = /^[^/\\]+\.[A-Za-z0-9]+$/;
const MEDIA_TYPE = /^[\w.+-]+\/[\w.+-]+(\s*;.*)?$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export async function prepareMmsContent(body: IDataObject, ctx: ShapeContext): Promise<IDataObject> {
	const { fn, itemIndex } = ctx;
	const fail = (message: string, description?: string) =>
		new NodeOperationError(fn.getNode(), message, { itemIndex, description });
	let name: string;
	let type: string;
	let content: string;
	if (fn.getNodeParameter('contentSource', itemIndex) === 'manual') {
		name = String(fn.getNodeParameter('ContentName', itemIndex, '')).trim();
		type = String(fn.getNodeParameter('ContentType', itemIndex, '')).trim();
		content = String(fn.getNodeParameter('Content', itemIndex, '')).replace(/\s+/g, '');
		if (!content) throw fail('Content is required: give the file in Base64');
		if (content.length % 4 !== 0 || !BASE64.test(content)) throw fail('Content must be Base64 encoded');
	} else {
		const property = String(fn.getNodeParameter('binaryPropertyName', itemIndex));
		const binary = fn.helpers.assertBinaryData(itemIndex, property);
		const buffer = await fn.helpers.getBinaryDataBuffer(itemIndex, property);
		if (!buffer.length) throw fail(`The binary field "${property}" is empty`);
		name = (binary.fileName ?? '').trim();
		type = (binary.mimeType ?? '').trim();
		content = buffer.toString('base64');
		if (!name) {
			throw fail(`The binary field "${property}" has no file name`, 'The gateway needs a ContentName with an extension: set a file name on the binary data, or choose Content Source "By Hand".');
		}
	}
	if (!NAME_WITH_EXTENSION.test(name)) throw fail(`Content Name must be a file name with an extension (got "${name}")`);
	if (!MEDIA_TYPE.test(type)) throw fail(`Content Type must be a media type such as image/jpeg (got "${type}")`);
	return { ...body, ContentName: name, ContentType: type, Content: content };
}
