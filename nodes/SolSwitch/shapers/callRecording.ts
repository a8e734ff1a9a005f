/**
 * Call Recording: `{ Status, Recording: [portion, ...] }` -> one item per recording portion (a call
 * has several after a transfer), numbered from 1. On request each portion's MP3 is downloaded from
 * its URL into binary data named `<CallID>-<portion>.mp3`, ready to save or mail.
 */
import { NodeOperationError, type IDataObject, type INodeExecutionData, type INodeProperties } from 'n8n-workflow';
import type { ShapeContext } from '../../engine/catalog/types';
import { entriesOfCall } from './perCall';

export const RECORDING_FIELDS: INodeProperties[] = [
	{
		displayName: 'Download Recordings',
		name: 'downloadRecordings',
		type: 'boolean',
		default: false,
		description: 'Whether to download the MP3 of each portion into the item\'s binary data',
	},
	{
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: 'The name of the output binary field to put the MP3 in',
		description: 'Name of the binary field that receives the MP3',
		displayOptions: { show: { downloadRecordings: [true] } },
	},
];

/** File name of a portion's MP3: the CallID and the portion number, safe for any file system. */
export function recordingFileName(callId: string, portion: number): string {
	return `${callId.replace(/[^\w.-]+/g, '_')}-${portion}.mp3`;
}

async function download(ctx: ShapeContext, url: string, what: string): Promise<Buffer> {
	const { fn, itemIndex } = ctx;
	let response: { statusCode: number; body: unknown };
	try {
		// Plain request, no credential: the URL comes from the answer and the key must not follow it.
		response = (await fn.helpers.httpRequest({
			method: 'GET',
			url,
			encoding: 'arraybuffer',
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: typeof ctx.options.timeout === 'number' ? ctx.options.timeout : 30000,
		})) as { statusCode: number; body: unknown };
	} catch (error) {
		throw new NodeOperationError(fn.getNode(), `Could not download ${what}: ${String(error.message)}`, {
			itemIndex,
			description: 'The recording URL must be reachable from this n8n server.',
		});
	}
	if (response.statusCode >= 400) {
		throw new NodeOperationError(fn.getNode(), `Could not download ${what}: HTTP ${response.statusCode}`, {
			itemIndex,
			description: 'The recording may have been deleted from the switch, or its link has expired.',
		});
	}
	const body = response.body;
	return Buffer.isBuffer(body) ? body : Buffer.from(body as ArrayBuffer);
}

export async function shapeCallRecording(response: unknown, ctx: ShapeContext): Promise<INodeExecutionData[]> {
	const portions: IDataObject[] = entriesOfCall(response, 'Recording', ctx).map((entry, i) => ({ ...entry, Portion: i + 1 }));
	const wantFiles = ctx.fn.getNodeParameter('downloadRecordings', ctx.itemIndex, false) as boolean;
	if (!wantFiles) return portions.map((json) => ({ json }));
	const field = ctx.fn.getNodeParameter('binaryPropertyName', ctx.itemIndex, 'data') as string;
	const items: INodeExecutionData[] = [];
	for (const json of portions) {
		const callId = String(json.CallID);
		const what = `recording portion ${json.Portion} of call ${callId}`;
		const url = typeof json.URL === 'string' ? json.URL.trim() : '';
		if (!url) {
			throw new NodeOperationError(ctx.fn.getNode(), `Could not download ${what}: the switch gave no URL`, {
				itemIndex: ctx.itemIndex,
			});
		}
		const mp3 = await download(ctx, url, what);
		const binary = await ctx.fn.helpers.prepareBinaryData(mp3, recordingFileName(callId, Number(json.Portion)), 'audio/mpeg');
		items.push({ json, binary: { [field]: binary } });
	}
	return items;
}
