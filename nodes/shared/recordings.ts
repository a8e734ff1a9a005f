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

/** The largest MP3 the SolSwitch Trigger's New Recording puts into an item (32 MiB): a larger one is left at its URL. */
export const MAX_RECORDING_BYTES = 32 * 1024 * 1024;

/** A bounded download: the MP3, or why it was left at its URL (too large, or no time left). */
export type BoundedDownload = { mp3: Buffer } | { skipped: string };

export interface DownloadBounds {
	/** Bytes beyond which the download stops. */
	maxBytes: number;
	/** The request's own limit (n8n's timeout: the longest silence of the connection). */
	timeout: number;
	/** The clock time (ms) after which the download stops. */
	until: number;
	/** What the skip message names as the time limit ("Wait for Call Record (15 s)"). */
	limitName: string;
	clock?: () => number;
}

/** The part of a Node Readable the download reads (node code may not import `stream`). */
interface ByteStream extends AsyncIterable<Uint8Array | string> {
	destroy?: () => void;
}

const sizeOf = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${bytes} bytes`);

/**
 * The MP3 behind a recording's URL, for a caller that runs on a clock (a webhook call the switch is
 * waiting on): read as a stream, and left at its URL, the stream destroyed, as soon as it is larger
 * than `maxBytes` (its Content-Length says so, or the bytes read pass it) or `until` has passed, so
 * neither the memory nor the time it takes is unbounded. A URL that fails (HTTP error, unreachable)
 * before the time is up fails as downloadRecording does.
 */
export async function downloadRecordingWithin(fn: DownloadContext, url: string, what: string, bounds: DownloadBounds): Promise<BoundedDownload> {
	const clock = bounds.clock ?? Date.now;
	const tooLarge = `The MP3 is larger than ${sizeOf(bounds.maxBytes)}, the most that is downloaded into an item: download it from URL`;
	const tooLate = `The MP3 could not be downloaded within ${bounds.limitName}: download it from URL`;
	const left = Math.min(bounds.timeout, bounds.until - clock());
	if (left < 50) return { skipped: tooLate };
	let response: { statusCode: number; headers?: Record<string, unknown>; body: unknown };
	try {
		// Plain request, no credential: the URL comes from the answer and the key must not follow it.
		response = (await fn.helpers.httpRequest({ method: 'GET', url, encoding: 'stream', returnFullResponse: true, ignoreHttpStatusErrors: true, timeout: left })) as typeof response;
	} catch (error) {
		if (clock() >= bounds.until) return { skipped: tooLate };
		throw new NodeOperationError(fn.getNode(), `Could not download ${what}: ${String(error.message)}`, { description: 'The recording URL must be reachable from this n8n server.' });
	}
	const body = response.body as ByteStream;
	const stop = () => body?.destroy?.();
	if (response.statusCode >= 400) {
		stop();
		throw new NodeOperationError(fn.getNode(), `Could not download ${what}: HTTP ${response.statusCode}`, {
			description: 'The recording may have been deleted from the switch, or its link has expired.',
		});
	}
	const declared = Number(response.headers?.['content-length']);
	if (Number.isFinite(declared) && declared > bounds.maxBytes) {
		stop();
		return { skipped: tooLarge };
	}
	const chunks: Buffer[] = [];
	let size = 0;
	try {
		for await (const chunk of body) {
			const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : Buffer.from(chunk);
			size += bytes.length;
			if (size > bounds.maxBytes) {
				stop();
				return { skipped: tooLarge };
			}
			if (clock() >= bounds.until) {
				stop();
				return { skipped: tooLate };
			}
			chunks.push(bytes);
		}
	} catch (error) {
		if (clock() >= bounds.until) return { skipped: tooLate };
		throw new NodeOperationError(fn.getNode(), `Could not download ${what}: ${String((error as Error).message)}`, { description: 'The recording URL must be reachable from this n8n server.' });
	}
	return { mp3: Buffer.concat(chunks) };
}
