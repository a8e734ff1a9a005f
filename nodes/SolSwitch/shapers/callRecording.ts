/**
 * Call Recording: `{ Status, Recording: [portion, ...] }` -> one item per recording portion (a call
 * has several after a transfer), numbered from 1. On request each portion's MP3 is downloaded from
 * its URL into binary data named `<CallID>-<portion>.mp3`, ready to save or mail.
 */
import { NodeOperationError, type IDataObject, type INodeExecutionData } from 'n8n-workflow';
import type { ShapeContext } from '../../engine/catalog/types';
import { downloadRecording, RECORDING_FIELDS, recordingFileName } from '../../shared/recordings';
import { entriesOfCall } from './perCall';

export { RECORDING_FIELDS, recordingFileName };

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
		const timeout = typeof ctx.options.timeout === 'number' ? ctx.options.timeout : 30000;
		const mp3 = await downloadRecording(ctx.fn, url, what, timeout, ctx.itemIndex);
		const binary = await ctx.fn.helpers.prepareBinaryData(mp3, recordingFileName(callId, Number(json.Portion)), 'audio/mpeg');
		items.push({ json, binary: { [field]: binary } });
	}
	return items;
}
