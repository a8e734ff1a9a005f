/**
 * A call recording's file: its name and its download from the URL the switch gave. Used by the
 * SolSwitch node's Call Recording action and the SolSwitch Trigger's New Recording event, so both
 * name, download and fail the same way.
 */
import { NodeOperationError, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

/** Download Recordings and the binary field: the Call Recording action's fields, and New Recording's. */
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

/** What a download needs of n8n: its plain request helper and the node, for errors. */
export interface DownloadContext {
	helpers: Pick<IExecuteFunctions['helpers'], 'httpRequest'>;
	getNode: IExecuteFunctions['getNode'];
}

/** The MP3 behind a recording's URL. */
export async function downloadRecording(fn: DownloadContext, url: string, what: string, timeout = 30000, itemIndex?: number): Promise<Buffer> {
	let response: { statusCode: number; body: unknown };
	try {
		// Plain request, no credential: the URL comes from the answer and the key must not follow it.
		response = (await fn.helpers.httpRequest({
			method: 'GET',
			url,
			encoding: 'arraybuffer',
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout,
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
