/**
 * The trigger's side of a forward: the reply it POSTs to a waiting execution's resume URL, and what
 * n8n's answer means. Decided by the JSON acknowledgement the waiting node writes, never by the status
 * alone. When the execution no longer waits, n8n itself answers (n8n/dist/webhooks/waiting-webhooks.js,
 * the same in 1.123 and 2.40): 409 "running already" (not waiting yet, or resumed and running), 409
 * "has finished with error" (a cancelled execution too), 200 with its HTML "No action required" page
 * for a send-and-wait execution that finished (409 "has finished already" for another), 404 for a
 * deleted one. Anything n8n answers with a server error (500, and 502-504 from a proxy) is sent again
 * by the gateway: the wait stays, and if a racing copy of the reply did resume it, the copy's
 * remembered answer or the ended wait answers the next try. A waiting node that cannot verify the
 * forward (the two ends hold different Inbound Keys) is no answer either: sent again, never taken.
 *
 * A wait the trigger still holds, before its Limit Wait Time, whose execution has moved on without an
 * error (resumed and running, or finished) was resumed by a reply the trigger did not get to note: an
 * earlier delivery of this one, handed over by a webhook process that died before it answered the
 * gateway or saved the trigger's state (a processor killed in queue mode), or whose save another
 * processor's overwrote. That reply is taken as the one already handled ('consumed'): answered OK,
 * nothing started, so a redelivered reply never also runs the trigger's workflow. A wait cancelled
 * (finished with error) or deleted is 'gone': the reply takes the ordinary path, as after the wait's
 * time limit, when the trigger no longer routes it at all.
 */

/** The query parameter of the resume URL that carries the registration's nonce, signed by n8n (getSignedResumeUrl). */
export const NONCE_PARAMETER = 'nonce';

/** What the waiting node says when the forward's signature does not verify with its key (signing.ts verify). */
export const SIGNATURE_REFUSALS: readonly string[] = ['bad signature', 'no inbound key in the credential'];

/** What the trigger forwards, signed (signing.ts, purpose 'forward'). */
export interface ForwardedReply {
	kind: 'reply';
	/** The wait's id, so the waiting node can tell a forward meant for another wait. */
	waitId: string;
	/**
	 * The registration's nonce: the same node waiting again (a loop) has the same waitId but a new
	 * nonce, which n8n signed into its resume URL; the waiting node takes only its own.
	 */
	nonce: string;
	from: string;
	to: string;
	text: string;
	messageId: string;
	receivedAt: string;
}

/** The waiting node's acknowledgement (its webhook's JSON answer). */
export interface WaitAck {
	accepted: boolean;
	/** Sent back to the phone in the gateway answer's Body (for example the instruction again). */
	replyText?: string;
	reason?: string;
}

export type ForwardOutcome =
	/** The execution took the reply: answer the gateway OK (with replyText), start no execution. */
	| { kind: 'resumed'; replyText?: string }
	/** The waiting node refused the reply and keeps waiting: answer OK (with replyText), start nothing. */
	| { kind: 'kept'; replyText?: string; reason: string }
	/**
	 * Not waiting yet, n8n unreachable or failing, or the forward's signature refused (`signature`:
	 * the two ends' Inbound Keys differ): HTTP 503 so the gateway sends the reply again.
	 */
	| { kind: 'retry'; reason: string; signature?: true }
	/**
	 * The execution was resumed by a reply the trigger did not note (an earlier delivery of this one):
	 * drop the entry, answer OK, start nothing.
	 */
	| { kind: 'consumed'; reason: string }
	/** The wait is over (cancelled, deleted, or no answer n8n gives a resumed one): drop the entry; the reply takes the ordinary path. */
	| { kind: 'gone'; reason: string };

/** A wait younger than this that n8n calls "running" is taken as not waiting yet (retry). */
export const NOT_YET_WAITING_MS = 2 * 60 * 1000;

/**
 * A wait whose Limit Wait Time is nearer than this when its reply arrives may have been resumed by
 * n8n's timeout while the forward was on its way (at most the trigger's 15 s forward timeout, plus
 * 5 s for clocks of two processes that differ): its execution no longer waiting says nothing about
 * the reply, which takes the ordinary path as after the time limit.
 */
export const NEAR_TIME_LIMIT_MS = 20_000;

/** n8n's page for a send-and-wait execution that has finished (templates/send-and-wait-no-action-required.handlebars, 1.123 to 2.41). */
const NO_ACTION_PAGE = /<title>\s*No action required\s*<\/title>/i;

function ackOf(body: unknown): WaitAck | undefined {
	let value = body;
	if (typeof value === 'string') {
		try {
			value = JSON.parse(value);
		} catch {
			return undefined;
		}
	}
	if (!value || typeof value !== 'object' || typeof (value as WaitAck).accepted !== 'boolean') return undefined;
	const ack = value as WaitAck;
	return {
		accepted: ack.accepted,
		...(typeof ack.replyText === 'string' && ack.replyText ? { replyText: ack.replyText } : {}),
		...(typeof ack.reason === 'string' ? { reason: ack.reason } : {}),
	};
}

/**
 * n8n's answer to a forward as an outcome. `status` undefined: no answer (refused, timed out).
 * `entryAgeMs`: how long ago the wait was registered; `entryLeftMs`: how long until its Limit Wait
 * Time (as the node registered it).
 */
export function forwardOutcome(status: number | undefined, body: unknown, entryAgeMs: number, entryLeftMs = Infinity): ForwardOutcome {
	if (status === undefined) return { kind: 'retry', reason: 'n8n did not answer the forward' };
	const ack = status === 200 ? ackOf(body) : undefined;
	if (ack?.accepted) return { kind: 'resumed', ...(ack.replyText ? { replyText: ack.replyText } : {}) };
	if (ack && SIGNATURE_REFUSALS.includes(ack.reason ?? '')) {
		return { kind: 'retry', reason: `the waiting node refused the signature (${ack.reason}): are both ends on the same Inbound Key?`, signature: true };
	}
	if (ack) return { kind: 'kept', reason: ack.reason ?? 'refused', ...(ack.replyText ? { replyText: ack.replyText } : {}) };
	const text = typeof body === 'string' ? body : JSON.stringify(body ?? '');
	// Moved on without an error: resumed by a reply (this one, earlier), unless its time limit may have done it.
	const consumed = (reason: string): ForwardOutcome =>
		entryLeftMs > NEAR_TIME_LIMIT_MS ? { kind: 'consumed', reason } : { kind: 'gone', reason: `${reason}, at its time limit` };
	if (status === 409 && /running already/i.test(text)) {
		return entryAgeMs < NOT_YET_WAITING_MS ? { kind: 'retry', reason: 'the execution is not waiting yet' } : consumed('the execution was resumed and runs');
	}
	if ((status === 409 && /has finished already/i.test(text)) || (status === 200 && NO_ACTION_PAGE.test(text))) return consumed('the execution was resumed and has finished');
	if (status >= 500) return { kind: 'retry', reason: `n8n answered ${status}` };
	return { kind: 'gone', reason: `the wait has ended (n8n answered ${status})` };
}
