/** New Recording's items: one per recording of the call (Call Recording), the MP3 as binary data on request. */
import { NodeOperationError, type IDataObject, type INodeExecutionData, type IWebhookFunctions } from 'n8n-workflow';
import { downloadRecording, recordingFileName } from '../../shared/recordings';
import { lookUpRecordings } from './callRecords';
import type { CallSummary } from './outcome';

export async function recordingItems(fn: IWebhookFunctions, s: CallSummary, customer: string, waitMs: number): Promise<INodeExecutionData[]> {
	const entries = await lookUpRecordings(fn, s.CallID, customer, s.Recordings.length, waitMs);
	const download = fn.getNodeParameter('downloadRecordings', false) as boolean;
	const field = String(fn.getNodeParameter('binaryPropertyName', 'data') ?? 'data');
	const items: INodeExecutionData[] = [];
	for (const [i, entry] of entries.entries()) {
		const portion = i + 1;
		const json: IDataObject = {
			CallID: s.CallID,
			Customer: customer,
			Portion: portion,
			Recording: s.Recordings[i] ?? '',
			CallerNumber: s.CallerNumber,
			CallerName: s.CallerName,
			DialedNumber: s.DialedNumber,
			AnsweredBy: s.AnsweredBy,
			...entry,
		};
		if (!download) {
			items.push({ json });
			continue;
		}
		const url = typeof entry.URL === 'string' ? entry.URL.trim() : '';
		const what = `recording portion ${portion} of call ${s.CallID}`;
		if (!url) throw new NodeOperationError(fn.getNode(), `Could not download ${what}: the switch gave no URL`);
		const mp3 = await downloadRecording(fn, url, what);
		items.push({ json, binary: { [field]: await fn.helpers.prepareBinaryData(mp3, recordingFileName(s.CallID, portion), 'audio/mpeg') } });
	}
	return items;
}
