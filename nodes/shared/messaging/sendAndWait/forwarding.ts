/**
 * The trigger's side of a forward: the reply it POSTs to a waiting execution's resume URL, and what
 * n8n's answer means. Decided by the JSON acknowledgement the waiting node writes, never by the status
 * alone. When the execution no longer waits, n8n itself answers (the adapter's N13,
 * engine/trigger/n8nResponse.ts waitingWebhookAnswer, the same in 1.123.81, 2.40.7 and 2.41.3):
 * "running" (not waiting yet, or resumed and running), "finished" (a send-and-wait execution that
 * finished), 409 "has finished with error" (a cancelled execution too), 404 for a deleted one.
 * Anything n8n answers with a server error (500, and 502-504 from a proxy) is sent again by the
 * gateway: the wait stays, and if a racing copy of the reply did resume it, the copy's remembered
 * answer or the ended wait answers the next try. A waiting node that cannot verify the forward (the
 * two ends hold different Inbound Keys) or that failed to read it is no answer either: sent again,
 * never taken.
 *
 * A wait whose execution has moved on without an error (resumed and running, or finished), or whose
 * node now waits in a later iteration, was resumed by some reply. It is taken as this reply already
 * handled ('consumed': answered OK, nothing started) only when the trigger forwarded this very
 * message (its ID) to this very wait before (`forwardedBefore`: the trigger's note, waitStore.ts);
 * otherwise it is 'gone', and the message, a new one, takes the ordinary path. A wait cancelled
 * (finished with error) or deleted is 'gone' too, as after the wait's time limit, when the trigger no
 * longer routes it at all.
 */
import { waitingWebhookAnswer } from '../../../engine/trigger/n8nResponse';

/** The query parameter of the resume URL that carries the registration's nonce, signed by n8n (getSignedResumeUrl). */
export const NONCE_PARAMETER = 'nonce';

/**
 * The query parameter of the resume URL that carries the wait's iteration: how many runs n8n held
 * for the node in its execution when this run started (SolSwitchMessaging/sendAndWait/iteration.ts),
 * signed by n8n with the rest of the URL (as n8n's own HITL callback reference carries its state in
 * what it signs). The same node waiting again in a loop has the same execution and node, so the same
 * URL path, and an earlier iteration's URL stays valid for n8n; the waiting node compares this with
 * its iteration now, read the same way, and takes no forward meant for an earlier one.
 */
export const ITERATION_PARAMETER = 'iteration';

/** What the waiting node says when the forward's signature does not verify with its key (signing.ts verify). */
export const SIGNATURE_REFUSALS: readonly string[] = ['bad signature', 'no inbound key in the credential'];

/** What the waiting node says when it failed itself (a credential or parameter it could not read): no answer, sent again. */
export const NODE_FAILED = 'the waiting node could not read the reply';

/** What the waiting node says of a forward meant for an earlier iteration of it (the URL's iteration is behind its iteration now). */
export const EARLIER_ITERATION = 'meant for an earlier wait of this node';

/** What the waiting node says to a probe (the trigger asking whether it still waits, at the cap): it waits, nothing taken. */
export const STILL_WAITING = 'still waiting';

/** What the trigger forwards, signed (signing.ts, purpose 'forward'). */
export interface ForwardedReply {
	kind: 'reply';
	/** The wait's id, so the waiting node can tell a forward meant for another wait. */
	waitId: string;
	from: string;
	to: string;
	text: string;
	messageId: string;
	receivedAt: string;
}

/** What the trigger sends to ask a wait whether it still waits, signed the same way: the node takes nothing. */
export interface WaitProbe {
	kind: 'probe';
	waitId: string;
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
	 * Not waiting yet, n8n unreachable or failing, the waiting node failing, or the forward's signature
	 * refused (`signature`: the two ends' Inbound Keys differ): HTTP 503 so the gateway sends the reply again.
	 */
	| { kind: 'retry'; reason: string; signature?: true }
	/**
	 * The execution was resumed by an earlier delivery of this message, which the trigger forwarded
	 * to this wait (and did not get to note as answered): drop the entry, answer OK, start nothing.
	 */
	| { kind: 'consumed'; reason: string }
	/**
	 * The wait is over (cancelled, deleted, resumed by another message, or no answer n8n gives a
	 * resumed one): drop the entry; the reply takes the ordinary path.
	 */
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
 * Time (as the node registered it); `forwardedBefore`: the trigger forwarded this same message (its
 * ID) to this same wait before (the only case where a wait that moved on means this reply was taken).
 */
export function forwardOutcome(status: number | undefined, body: unknown, entryAgeMs: number, entryLeftMs = Infinity, forwardedBefore = false): ForwardOutcome {
	if (status === undefined) return { kind: 'retry', reason: 'n8n did not answer the forward' };
	// Moved on without an error: resumed by this message earlier if it went here before, unless its
	// time limit may have done it; by another message otherwise.
	const movedOn = (reason: string): ForwardOutcome => {
		if (!forwardedBefore) return { kind: 'gone', reason: `${reason}, by another message` };
		return entryLeftMs > NEAR_TIME_LIMIT_MS ? { kind: 'consumed', reason } : { kind: 'gone', reason: `${reason}, at its time limit` };
	};
	const ack = status === 200 ? ackOf(body) : undefined;
	if (ack?.accepted) return { kind: 'resumed', ...(ack.replyText ? { replyText: ack.replyText } : {}) };
	if (ack && SIGNATURE_REFUSALS.includes(ack.reason ?? '')) {
		return { kind: 'retry', reason: `the waiting node refused the signature (${ack.reason}): are both ends on the same Inbound Key?`, signature: true };
	}
	// The node failed itself (R8): never "kept", which would answer OK and lose the reply.
	if (ack?.reason === NODE_FAILED) return { kind: 'retry', reason: NODE_FAILED };
	if (ack?.reason === EARLIER_ITERATION) return movedOn('the wait was resumed and its node waits again');
	if (ack) return { kind: 'kept', reason: ack.reason ?? 'refused', ...(ack.replyText ? { replyText: ack.replyText } : {}) };
	const state = waitingWebhookAnswer(status, body);
	if (state === 'running') {
		return entryAgeMs < NOT_YET_WAITING_MS ? { kind: 'retry', reason: 'the execution is not waiting yet' } : movedOn('the execution was resumed and runs');
	}
	if (state === 'finished') return movedOn('the execution was resumed and has finished');
	if (status >= 500) return { kind: 'retry', reason: `n8n answered ${status}` };
	return { kind: 'gone', reason: `the wait has ended (n8n answered ${status})` };
}
