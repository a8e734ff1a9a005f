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
 * several without a pin: the phone is asked which, after the waits were probed when the phone is at
 * the cap), the trigger notes which wait the message goes to (waitStore.ts), the reply is forwarded,
 * signed, to the wait's resume URL, and n8n's answer decides what the gateway hears (forwarding.ts).
 * Every redelivery of the message goes to the noted wait only: a wait whose execution was resumed
 * meanwhile by the message's earlier delivery answers OK and starts nothing, and a later iteration of
 * the same node, registered since, is never offered it.
 */
import { randomInt } from 'node:crypto';
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import type { ForwardedReply, ForwardOutcome, WaitProbe } from '../../shared/messaging/sendAndWait/forwarding';
import { forwardOutcome } from '../../shared/messaging/sendAndWait/forwarding';
import { MAX_PER_NUMBER, pendingFor, registrationOf, routeReply, type WaitEntry } from './registry';
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

async function post(fn: IWebhookFunctions, key: Buffer, entry: WaitEntry, message: Record<string, unknown>, now: number): Promise<{ status?: number; body?: unknown }> {
	try {
		const response = (await fn.helpers.httpRequest({
			method: 'POST',
			url: entry.url,
			body: sign(key, message, now),
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

/** Hands a reply to a wait: n8n's answer as an outcome (forwarding.ts). */
async function forward(fn: IWebhookFunctions, key: Buffer, entry: WaitEntry, sms: ReceivedSms, now: number, forwardedBefore: boolean): Promise<ForwardOutcome> {
	const reply: ForwardedReply & { pin: string } = { kind: 'reply', waitId: entry.id, ...sms, pin: entry.pin };
	const answer = await post(fn, key, entry, { ...reply }, now);
	return forwardOutcome(answer.status, answer.body, now - entry.createdAt, entry.expiresAt - now, forwardedBefore);
}

/**
 * At the cap (MAX_PER_NUMBER waits of one phone and code), before the phone is asked which one: asks
 * each wait whether it still waits (a probe the waiting node takes nothing from, forwarding.ts
 * WaitProbe) and drops those n8n says are over (cancelled, deleted, finished, or a node now waiting
 * in a later iteration), so that waits nobody will answer any more do not hold the phone's places.
 * A wait that does not answer (n8n unreachable, not waiting yet) is kept.
 */
async function dropEndedWaits(fn: IWebhookFunctions, store: WaitStore, key: Buffer, waits: WaitEntry[], now: number) {
	const outcomes = await Promise.all(
		waits.map(async (entry) => {
			const probe: WaitProbe = { kind: 'probe', waitId: entry.id };
			const answer = await post(fn, key, entry, { ...probe }, now);
			return forwardOutcome(answer.status, answer.body, now - entry.createdAt, entry.expiresAt - now);
		}),
	);
	outcomes.forEach((outcome, i) => {
		if (outcome.kind === 'gone') store.remove(waits[i], now);
	});
}

/** What a forward's outcome means alike for a first delivery and a redelivery; undefined: the caller decides (consumed, gone). */
function settled(fn: IWebhookFunctions, store: WaitStore, wait: WaitEntry, outcome: ForwardOutcome, now: number): Routed | undefined {
	switch (outcome.kind) {
		case 'resumed':
			store.remove(wait, now);
			return { kind: 'answered', body: outcome.replyText };
		case 'kept':
			return { kind: 'answered', body: outcome.replyText };
		case 'retry':
			// Not one the gateway should give up on: logged when only the operator can mend it.
			if (outcome.signature) fn.logger?.warn(`SolSwitch Messaging Trigger: a reply could not be handed to its Send and Wait: ${outcome.reason} The gateway sends it again.`);
			return { kind: 'retry' };
		default:
			return undefined;
	}
}

/** A redelivery of a message the trigger forwarded before: to that wait only, whatever waits now. */
async function redeliver(fn: IWebhookFunctions, store: WaitStore, key: Buffer, wait: WaitEntry, sms: ReceivedSms, now: number): Promise<Routed> {
	const outcome = await forward(fn, key, wait, sms, now, true);
	const common = settled(fn, store, wait, outcome, now);
	if (common) return common;
	store.remove(wait, now);
	// Consumed: its earlier delivery resumed the wait (n8n's answer came too late, or the process died
	// before answering): handled once, not run again, and no later wait takes it.
	if (outcome.kind === 'consumed') return { kind: 'answered' };
	// Gone: the wait ended without this message (cancelled, deleted, at its time limit): the ordinary path.
	store.forgetForward(sms.messageId, now);
	return { kind: 'none' };
}

/**
 * Routes an MO SMS (never a compliance keyword: the caller answers those first). The inbound key is
 * read only when the phone has a wait or the message was forwarded before (most messages have
 * neither); without one, nothing is routed. A message forwarded before goes to that wait only
 * (redeliver). Otherwise at most a few waits are tried: one found ended is dropped and the next
 * candidate considered; before each forward, the trigger notes where the message goes.
 */
export async function routeSms(fn: IWebhookFunctions, inboundKey: () => Promise<string>, sms: ReceivedSms, now = Date.now()): Promise<Routed> {
	const store = WaitStore.of(fn);
	const before = store.forwardedTo(sms.messageId, now);
	if (!before && routeReply(store.view(now), sms, now).kind === 'none') return { kind: 'none' };
	const key = deriveKey(await inboundKey(), 'forward');
	if (!key) return { kind: 'none' };
	if (before) return await redeliver(fn, store, key, before, sms, now);
	for (let attempt = 0; attempt < 3; attempt++) {
		let route = routeReply(store.view(now), sms, now);
		if (route.kind === 'ask') {
			const pending = pendingFor(store.view(now), sms.from, sms.to, now);
			if (pending.length >= MAX_PER_NUMBER) {
				await dropEndedWaits(fn, store, key, pending, now);
				route = routeReply(store.view(now), sms, now);
			}
		}
		if (route.kind === 'none') return route;
		if (route.kind === 'ask') return { kind: 'answered', body: route.text };
		store.noteForward(sms.messageId, route.entry, now);
		const outcome = await forward(fn, key, route.entry, sms, now, false);
		const common = settled(fn, store, route.entry, outcome, now);
		if (common) return common;
		// Over before this message (a first forward is never 'consumed': that needs the same message
		// forwarded before): dropped, and the next candidate, if any, considered.
		store.remove(route.entry, now);
		store.forgetForward(sms.messageId, now);
	}
	return { kind: 'none' };
}
