/**
 * The call events (calls/callEventKinds.ts: Missed Call, Call Ended, New Recording; or several at
 * one URL): events about what happened to a call, built from the switch's own records when it
 * notifies the call's end (SIP POST notification `Disconnected`). One handler for every kind.
 *
 * For a notification (after the guard and the required fields):
 * 1. `Incoming` and `Outgoing` are noted (the switch's own word for the call's direction,
 *    calls/startEvents.ts) and acknowledged, as is `Connected`: they start nothing;
 * 2. a call this node already started a run for is acknowledged (a repeat: calls/emittedCalls.ts);
 * 3. the call's records are looked up by CallID (calls/callRecords.ts), waiting, within this webhook
 *    call, for a CDR written late; a call the switch still lists as active on another leg goes on
 *    (a transfer): acknowledged;
 * 4. only the notification of the call's last leg goes on (calls/outcome.ts endsTheCall, numbers
 *    compared by key, an extension notified where the record names the customer's DID); one that
 *    names no leg of the call at all is logged, since then the switch writes numbers in a way the
 *    trigger cannot match;
 * 5. the call is classified against the customer's extensions, DIDs, voicemail boxes and queues
 *    (calls/switchFacts.ts, kept a few minutes), and each kind the trigger listens for whose rule
 *    holds gives its items; none: acknowledged. The items are handed to n8n with {"Status":"OK"},
 *    which n8n writes once the run is queued; the call is remembered then. A run n8n could not queue
 *    (it answers an HTTP error) lets the claim go, so the switch's repeat emits it.
 * The whole call runs on the clock of Wait for Call Record (calls/deadline.ts): lookups, pauses and
 * downloads end within the setting plus 10 s.
 * A lookup that fails (switch unreachable or too slow, FAIL, no record within the wait) throws: n8n answers the
 * switch HTTP 500 and records a failed execution with the error, naming the CallID.
 */
import type { INodeExecutionData, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { answerWhenQueued, whenRunRefused } from '../../engine/trigger/n8nResponse';
import { ACK, replyRefusal } from '../../engine/trigger/replies';
import type { ReceivedEvent } from '../../engine/trigger/types';
import { DEFAULT_RECORD_WAIT_S } from '../calls/callEventFields';
import { ALL_CALL_EVENTS, kindsOf, type CallEventRun } from '../calls/callEventKinds';
import { lookUpCall } from '../calls/callRecords';
import { Deadline } from '../calls/deadline';
import { alreadyStarted, claim, remember } from '../calls/emittedCalls';
import { endsTheCall, lastLegOf, namesALeg, summarize } from '../calls/outcome';
import { noteStart, startOf } from '../calls/startEvents';
import { switchFactsOf } from '../calls/switchFacts';
import { acknowledge } from './notification';

export const NOTIFICATION_EVENTS = ['Incoming', 'Outgoing', 'Connected', 'Disconnected'];

export { DEFAULT_RECORD_WAIT_S };

/** The handler of a call-event kind's URL: `value` is one kind, or ALL_CALL_EVENTS for the kinds chosen on the node. */
export function callEventHandler(value: string) {
	return async (fn: IWebhookFunctions, { fields }: ReceivedEvent): Promise<IWebhookResponseData> => {
		const event = String(fields.Event);
		if (!NOTIFICATION_EVENTS.includes(event)) {
			replyRefusal(fn.getResponseObject(), 400, `Event must be one of ${NOTIFICATION_EVENTS.join(', ')} (got ${event.slice(0, 40)})`);
			return { noWebhookResponse: true };
		}
		const callId = String(fields.CallID).trim();
		if (event === 'Incoming' || event === 'Outgoing') noteStart(callId, event);
		if (event !== 'Disconnected') return acknowledge(fn);
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
			// The customer's lists (usually kept: no request) are read beside the lookup, on its clock, so
			// they neither add their time after it nor outlast the setting (calls/switchFacts.ts).
			const factsRead = switchFactsOf(fn, customer, deadline);
			factsRead.catch(() => undefined);
			const lookup = await lookUpCall(fn, callId, customer, deadline, fields);
			if ('live' in lookup) return acknowledge(fn);
			const { legs, details } = lookup.found;
			const facts = await factsRead;
			if (!endsTheCall(legs, fields, facts)) {
				if (!namesALeg(legs, fields, facts)) {
					const last = lastLegOf(legs);
					fn.logger.warn(
						`SolSwitch Trigger: the Disconnected of call ${callId} (${String(fields.SourceNumber)} to ${String(fields.DestinationNumber)}) names none of its ${legs.length} CDR legs (the last: ${String(last?.SourceNumber ?? '')} to ${String(last?.DestinationNumber ?? '')}); no event was emitted for it`,
					);
				}
				return acknowledge(fn);
			}
			const run: CallEventRun = { fn, customer, deadline, voicemailIsMissed: fn.getNodeParameter('countVoicemailAsMissed', true) !== false };
			const summary = summarize(callId, legs, details, facts, startOf(callId));
			const items: INodeExecutionData[] = [];
			for (const kind of kindsOf(fn, value)) {
				if (!kind.applies(summary, run)) continue;
				const own = await kind.items(summary, run);
				// At one URL, each item says which event it is.
				items.push(...(value === ALL_CALL_EVENTS ? own.map((item) => ({ ...item, json: { CallEvent: kind.value, ...item.json } })) : own));
			}
			if (!items.length) return acknowledge(fn);
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
