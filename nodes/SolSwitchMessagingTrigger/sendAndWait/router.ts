/**
 * The Messaging Trigger's side of send-and-wait: it takes registrations from the Messaging node and
 * hands replies to the waiting executions. Pure decisions live in registry.ts and forwarding.ts; the
 * stores in waitStore.ts; this file does the HTTP of both branches, and nothing else.
 *
 * Registration (a POST with header x-solswitch-wait: register, through the guard's source and size
 * checks, registration.ts: it carries no gateway key but an HMAC from the inbound key): verified,
 * checked (same origin, shape, caps), stored, answered { accepted, pin, others } through n8n
 * (webhookResponse), which saves the static data before it writes the answer; refused with HTTP 401
 * (NOT_SIGNED, whatever the cause) or 400 (content), storing nothing and starting nothing.
 *
 * A reply (an MO SMS that is no compliance keyword): its wait, if any, is chosen (pin, or the only one;
 * several without a pin: the phone is asked which), the reply is forwarded, signed, to the wait's
 * resume URL, and n8n's answer decides what the gateway hears (forwarding.ts): a wait whose execution
 * was resumed meanwhile by an earlier delivery of the same reply answers OK and starts nothing.
 */
import { randomInt } from 'node:crypto';
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import type { ForwardedReply } from '../../shared/messaging/sendAndWait/forwarding';
import { forwardOutcome } from '../../shared/messaging/sendAndWait/forwarding';
import { registrationOf, routeReply, type WaitEntry } from './registry';
import { deriveKey, sign, verify, WAIT_HEADER } from '../../shared/messaging/sendAndWait/signing';
import { WaitStore } from './waitStore';

/** How long the trigger waits for n8n to take a forwarded reply (a resume is queued, not run). */
export const FORWARD_TIMEOUT_MS = 15_000;

const random4 = () => String(randomInt(0, 10_000)).padStart(4, '0');

/** Whether this request is a send-and-wait registration (not a gateway callback). */
export function isRegistration(fn: IWebhookFunctions): boolean {
	const value = (fn.getHeaderData() as IDataObject)[WAIT_HEADER];
	return value === 'register';
}

/** What the trigger writes itself: a refusal, at once, nothing stored. */
export type Refuse = (status: number, body: Record<string, unknown>) => IWebhookResponseData;

/**
 * The one refusal of a registration whose signature does not verify, whatever the cause: it says
 * nothing about the trigger's credential (whether a key is set) to whoever sent it.
 */
export const NOT_SIGNED = "not signed with this trigger's Inbound Key";

/** Answers a registration. `inboundKey`: the trigger's credential's (empty: routing is refused). */
export function answerRegistration(fn: IWebhookFunctions, inboundKey: string, refuse: Refuse, now = Date.now()): IWebhookResponseData {
	const checked = verify(deriveKey(inboundKey, 'register'), fn.getBodyData(), now);
	if (!checked.ok) return refuse(401, { accepted: false, reason: NOT_SIGNED });
	if (checked.payload.kind !== 'register') return refuse(400, { accepted: false, reason: 'not a registration' });
	const registration = registrationOf(checked.payload, fn.getNodeWebhookUrl('default') ?? '', now);
	if (!registration.ok) return refuse(400, { accepted: false, reason: registration.reason });
	const added = WaitStore.of(fn).add(registration.entry, now, random4);
	if (!added.ok) return refuse(409, { accepted: false, reason: added.reason });
	return { webhookResponse: { accepted: true, pin: added.entry.pin, others: added.others } };
}

/** What the trigger does with an MO SMS after routing. */
export type Routed =
	/** No wait for this phone and code: the ordinary path (the workflow runs as for any MO). */
	| { kind: 'none' }
	/** Answer the gateway {"Status":"OK"} (with this reply Body), start nothing. */
	| { kind: 'answered'; body?: string }
	/** Answer HTTP 503: the gateway sends the reply again (the execution is not waiting yet). */
	| { kind: 'retry' };

export interface ReceivedSms {
	from: string;
	to: string;
	text: string;
	messageId: string;
	receivedAt: string;
}

async function forward(fn: IWebhookFunctions, key: Buffer, entry: WaitEntry, sms: ReceivedSms, now: number): Promise<{ status?: number; body?: unknown }> {
	const reply: ForwardedReply & { pin: string } = { kind: 'reply', waitId: entry.id, nonce: entry.nonce, ...sms, pin: entry.pin };
	try {
		const response = (await fn.helpers.httpRequest({
			method: 'POST',
			url: entry.url,
			body: sign(key, { ...reply }, now),
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: FORWARD_TIMEOUT_MS,
		})) as { statusCode: number; body: unknown };
		return { status: response.statusCode, body: response.body };
	} catch {
		return {};
	}
}

/**
 * Routes an MO SMS (never a compliance keyword: the caller answers those first). The inbound key is
 * read only when the phone has a wait (most messages have none); without one, nothing is routed. At
 * most a few waits are tried: one found ended is dropped and the next candidate considered.
 */
export async function routeSms(fn: IWebhookFunctions, inboundKey: () => Promise<string>, sms: ReceivedSms, now = Date.now()): Promise<Routed> {
	const store = WaitStore.of(fn);
	if (routeReply(store.view(now), sms, now).kind === 'none') return { kind: 'none' };
	const key = deriveKey(await inboundKey(), 'forward');
	if (!key) return { kind: 'none' };
	for (let attempt = 0; attempt < 3; attempt++) {
		const route = routeReply(store.view(now), sms, now);
		if (route.kind === 'none') return route;
		if (route.kind === 'ask') return { kind: 'answered', body: route.text };
		const answer = await forward(fn, key, route.entry, sms, now);
		const outcome = forwardOutcome(answer.status, answer.body, now - route.entry.createdAt, route.entry.expiresAt - now);
		switch (outcome.kind) {
			case 'resumed':
				store.remove(route.entry, now);
				return { kind: 'answered', body: outcome.replyText };
			case 'kept':
				return { kind: 'answered', body: outcome.replyText };
			case 'retry':
				// Not one the gateway should give up on: logged when only the operator can mend it.
				if (outcome.signature) fn.logger?.warn(`SolSwitch Messaging Trigger: a reply could not be handed to its Send and Wait: ${outcome.reason} The gateway sends it again.`);
				return { kind: 'retry' };
			case 'consumed':
				// An earlier delivery of this reply resumed the wait through a process that never answered
				// the gateway (killed) or whose note of it was saved over: handled once, not run again.
				store.remove(route.entry, now);
				return { kind: 'answered' };
			case 'gone':
				store.remove(route.entry, now);
		}
	}
	return { kind: 'none' };
}
