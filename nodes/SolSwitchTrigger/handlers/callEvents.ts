/**
 * Missed Call, Call Ended and New Recording: events about what happened to a call, built from the
 * switch's own records when it notifies the call's end (SIP POST notification `Disconnected`).
 *
 * For a notification (after the guard and the required fields):
 * 1. any other Event is acknowledged and starts nothing (the switch sends every state to the URL);
 * 2. a call this node already started a run for is acknowledged (a repeat: calls/emittedCalls.ts);
 * 3. the call's records are looked up by CallID (calls/callRecords.ts), waiting, within this webhook
 *    call, for a CDR written late; a CallID the switch still lists as active is a leg of a call
 *    that goes on, acknowledged;
 * 4. only the notification of the call's last leg goes on (calls/outcome.ts endsTheCall): a call
 *    notified once per leg starts one run;
 * 5. the kind's item is built (Missed Call: inbound and unanswered only; New Recording: only with
 *    recordings, one item per recording, the MP3 as binary data on request), handed to n8n with
 *    {"Status":"OK"}, which n8n writes once the run is queued; the call is remembered then.
 * A lookup that fails (switch unreachable, FAIL, no record within the wait) throws: n8n answers the
 * switch HTTP 500 and records a failed execution with the error, naming the CallID.
 */
import { NodeOperationError, type IDataObject, type INodeExecutionData, type IWebhookFunctions, type IWebhookResponseData } from 'n8n-workflow';
import { answerWhenQueued } from '../../engine/trigger/n8nResponse';
import { ACK, replyRefusal } from '../../engine/trigger/replies';
import type { ReceivedEvent } from '../../engine/trigger/types';
import { downloadRecording, recordingFileName } from '../../shared/recordings';
import { lookUpCall, lookUpRecordings } from '../calls/callRecords';
import { alreadyStarted, claim, remember } from '../calls/emittedCalls';
import { endsTheCall, isMissed, missedCallOf, summarize, type CallSummary } from '../calls/outcome';
import { acknowledge } from './notification';

export const CALL_EVENT_KINDS = ['missed-call', 'call-ended', 'new-recording'] as const;
export type CallEventKind = (typeof CALL_EVENT_KINDS)[number];

export const NOTIFICATION_EVENTS = ['Incoming', 'Outgoing', 'Connected', 'Disconnected'];

/** Seconds the lookup waits for a call record by default (the switch writes it a few seconds after the hang-up). */
export const DEFAULT_RECORD_WAIT_S = 15;

function callEndedOf(s: CallSummary, customer: string): IDataObject {
	const { Legs, Recordings, ...rest } = s;
	return { ...rest, Customer: customer, Recordings, Legs: Legs as IDataObject[] };
}

async function recordingItems(fn: IWebhookFunctions, s: CallSummary, customer: string, waitMs: number): Promise<INodeExecutionData[]> {
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

export function callEventHandler(kind: CallEventKind) {
	return async (fn: IWebhookFunctions, { fields }: ReceivedEvent): Promise<IWebhookResponseData> => {
		const event = String(fields.Event);
		if (!NOTIFICATION_EVENTS.includes(event)) {
			replyRefusal(fn.getResponseObject(), 400, `Event must be one of ${NOTIFICATION_EVENTS.join(', ')} (got ${event.slice(0, 40)})`);
			return { noWebhookResponse: true };
		}
		if (event !== 'Disconnected') return acknowledge(fn);
		const callId = String(fields.CallID).trim();
		if (!callId) {
			replyRefusal(fn.getResponseObject(), 400, 'CallID is empty');
			return { noWebhookResponse: true };
		}
		if (alreadyStarted(fn, callId)) return acknowledge(fn);
		const claimed = claim(fn, callId);
		if (!claimed) return acknowledge(fn);
		let handedOver = false;
		try {
			const customer = String(fields.Customer ?? '').trim();
			const waitMs = Math.max(0, Number(fn.getNodeParameter('recordWait', DEFAULT_RECORD_WAIT_S)) || 0) * 1000;
			const lookup = await lookUpCall(fn, callId, customer, waitMs);
			if ('live' in lookup || !endsTheCall(lookup.found.legs, fields)) return acknowledge(fn);
			const summary = summarize(callId, lookup.found.legs, lookup.found.details);
			let items: INodeExecutionData[];
			if (kind === 'missed-call') {
				if (!isMissed(summary)) return acknowledge(fn);
				items = [{ json: missedCallOf(summary, customer) }];
			} else if (kind === 'call-ended') {
				items = [{ json: callEndedOf(summary, customer) }];
			} else {
				if (!summary.Recordings.length) return acknowledge(fn);
				items = await recordingItems(fn, summary, customer, waitMs);
			}
			handedOver = true;
			return answerWhenQueued(ACK, [items], () => {
				remember(fn, callId);
				claimed.release();
			});
		} finally {
			if (!handedOver) claimed.release();
		}
	};
}
