/**
 * The trigger's side of a forward: the reply it POSTs to a waiting execution's resume URL, and what
 * n8n's answer means. Decided by the JSON acknowledgement the waiting node writes, never by the status
 * alone: n8n answers 200 with an HTML "no action required" page for a wait that has ended, 409 both
 * for "running already" (the execution is not waiting yet: the gateway should retry) and for
 * "finished with error" (a cancelled execution too), 404 for a deleted one. Anything n8n answers
 * with a server error (500, and 502-504 from a proxy) is sent again by the gateway: the wait stays,
 * and if a racing copy of the reply did resume it, the copy's remembered answer or the ended wait
 * answers the next try. A waiting node that cannot verify the forward (the two ends hold different
 * Inbound Keys) is no answer either: sent again, never taken.
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
	/** The wait is over (ended, timed out, deleted): drop the entry; the reply takes the ordinary path. */
	| { kind: 'gone'; reason: string };

/** A wait younger than this that n8n calls "running" is taken as not waiting yet (retry). */
export const NOT_YET_WAITING_MS = 2 * 60 * 1000;

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
 * `entryAgeMs`: how long ago the wait was registered.
 */
export function forwardOutcome(status: number | undefined, body: unknown, entryAgeMs: number): ForwardOutcome {
	if (status === undefined) return { kind: 'retry', reason: 'n8n did not answer the forward' };
	const ack = status === 200 ? ackOf(body) : undefined;
	if (ack?.accepted) return { kind: 'resumed', ...(ack.replyText ? { replyText: ack.replyText } : {}) };
	if (ack && SIGNATURE_REFUSALS.includes(ack.reason ?? '')) {
		return { kind: 'retry', reason: `the waiting node refused the signature (${ack.reason}): are both ends on the same Inbound Key?`, signature: true };
	}
	if (ack) return { kind: 'kept', reason: ack.reason ?? 'refused', ...(ack.replyText ? { replyText: ack.replyText } : {}) };
	const text = typeof body === 'string' ? body : JSON.stringify(body ?? '');
	if (status === 409 && /running already/i.test(text)) {
		return entryAgeMs < NOT_YET_WAITING_MS ? { kind: 'retry', reason: 'the execution is not waiting yet' } : { kind: 'gone', reason: 'the execution stays running' };
	}
	if (status >= 500) return { kind: 'retry', reason: `n8n answered ${status}` };
	return { kind: 'gone', reason: `the wait has ended (n8n answered ${status})` };
}
