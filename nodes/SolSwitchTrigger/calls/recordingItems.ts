/**
 * New Recording's items: one per recording the switch lists for the call (Call Recording), with its
 * download URL, and on request the MP3 as binary data. The webhook call runs on the notification's
 * clock (deadline.ts): the recordings are looked up within it, and each MP3 is downloaded within what
 * is left of it and up to MAX_RECORDING_BYTES; one too large, or not downloaded in time, stays at
 * its URL and the item says why in `DownloadSkipped` (the run still starts: the URL is the recording).
 */
import { NodeOperationError, type IDataObject, type INodeExecutionData, type IWebhookFunctions } from 'n8n-workflow';
import { downloadRecordingWithin, MAX_RECORDING_BYTES, recordingFileName } from '../../shared/recordings';
import { lookUpRecordings } from './callRecords';
import { GRACE_MS, type Deadline } from './deadline';
import type { CallSummary } from './outcome';

/** How long a download may go silent before it is given up, cut to the time left. */
const DOWNLOAD_TIMEOUT_MS = 30_000;

export async function recordingItems(fn: IWebhookFunctions, s: CallSummary, customer: string, deadline: Deadline, maxBytes = MAX_RECORDING_BYTES): Promise<INodeExecutionData[]> {
	const entries = await lookUpRecordings(fn, s.CallID, customer, s.Recordings.length, deadline);
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
			// The call's classification and why, as every call-event item carries it.
			Direction: s.Direction,
			Outcome: s.Outcome,
			ClassifiedBy: s.ClassifiedBy,
			...entry,
		};
		if (!download) {
			items.push({ json });
			continue;
		}
		const url = typeof entry.URL === 'string' ? entry.URL.trim() : '';
		const what = `recording portion ${portion} of call ${s.CallID}`;
		if (!url) throw new NodeOperationError(fn.getNode(), `Could not download ${what}: the switch gave no URL`);
		const got = await downloadRecordingWithin(fn, url, what, {
			maxBytes,
			timeout: DOWNLOAD_TIMEOUT_MS,
			until: deadline.endsAt,
			clock: () => deadline.now(),
			limitName: `Wait for Call Record (${Math.round(deadline.waitMs / 1000)} s) plus ${GRACE_MS / 1000} s`,
		});
		if ('skipped' in got) {
			items.push({ json: { ...json, DownloadSkipped: got.skipped } });
			continue;
		}
		items.push({ json, binary: { [field]: await fn.helpers.prepareBinaryData(got.mp3, recordingFileName(s.CallID, portion), 'audio/mpeg') } });
	}
	return items;
}
