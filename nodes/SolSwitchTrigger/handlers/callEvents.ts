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
 *    {"Status":"OK"}, which n8n writes once the run is queued; the call is remembered then. A run
 *    n8n could not queue (it answers an HTTP error) lets the claim go, so the switch's repeat emits it.
 * The whole call runs on the clock of Wait for Call Record (calls/deadline.ts): lookups, pauses and
 * downloads end within the setting plus one request's time.
 * A lookup that fails (switch unreachable or too slow, FAIL, no record within the wait) throws: n8n
 * answers the switch HTTP 500 and records a failed execution with the error, naming the CallID.
 */
import type { IDataObject, INodeExecutionData, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { answerWhenQueued, whenRunRefused } from '../../engine/trigger/n8nResponse';
import { ACK, replyRefusal } from '../../engine/trigger/replies';
import type { ReceivedEvent } from '../../engine/trigger/types';
import { lookUpCall } from '../calls/callRecords';
import { Deadline } from '../calls/deadline';
import { alreadyStarted, claim, remember } from '../calls/emittedCalls';
import { endsTheCall, isMissed, missedCallOf, summarize, type CallSummary } from '../calls/outcome';
import { recordingItems } from '../calls/recordingItems';
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
			// One clock for the whole call, lookups and downloads alike (calls/deadline.ts).
			const deadline = new Deadline(waitMs);
			const lookup = await lookUpCall(fn, callId, customer, deadline);
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
				items = await recordingItems(fn, summary, customer, deadline);
			}
			// A claim taken over meanwhile may have started the run already (calls/emittedCalls.ts).
			if (alreadyStarted(fn, callId)) return acknowledge(fn);
			handedOver = true;
			// A run n8n could not queue: the claim goes at once, so the switch's repeat emits the call.
			whenRunRefused(fn.getResponseObject(), claimed.release);
			return answerWhenQueued(ACK, [items], () => {
				remember(fn, callId);
				claimed.release();
			});
		} finally {
			if (!handedOver) claimed.release();
		}
	};
}
