/**
 * The Messaging Trigger's registry of send-and-wait waits, as pure functions over the plain object the
 * trigger keeps (in its static data, written only in its own webhook process). An entry says: a reply
 * from `phone` to `code` goes to `url`, the waiting execution's signed resume URL, until `expiresAt`.
 *
 * Registration is checked here: the resume URL must be on the trigger's own n8n (same origin, the shape
 * of a waiting-webhook URL with its signature), so the trigger can never be made to POST elsewhere;
 * numbers are numbers (phoneNumber.ts: the same digits the SMS was sent to), compared as one helper
 * compares them; caps keep the object small (static data is saved whole at every change).
 * Routing picks the wait for a reply: the pin written in it, else the only wait, else none and the
 * phone is asked which one.
 */
import { characterCount } from '../../shared/messaging/body';
import { BODY_MAX } from '../../shared/catalog/rules';
import { numberKey, phoneNumberOf } from '../../shared/messaging/phoneNumber';
import { PIN_LENGTH, pinOf } from '../../shared/messaging/sendAndWait/replyWords';

export interface WaitEntry {
	/** The wait (its execution and node): what the waiting node checks in a forward. */
	id: string;
	/**
	 * One per registration by the sending node: the same id and nonce sent twice is one entry; the same
	 * id with a new nonce is the same node waiting again (a loop), which replaces the old entry.
	 */
	nonce: string;
	/** The waiting execution's signed resume URL (never shown, never logged). */
	url: string;
	/** The mobile number the SMS went to: replies come From it. */
	phone: string;
	/** The long or short code that sent it: replies come To it. */
	code: string;
	/** 4 digits, unique among the waits of one phone and code. */
	pin: string;
	/** The approve word, for the "which one?" answer; empty for a free-text answer. */
	word: string;
	createdAt: number;
	expiresAt: number;
}

/**
 * Which wait a message (by the gateway's message ID) was forwarded to, noted before the forward goes
 * out and saved with whatever the trigger answers: a redelivery of that message goes to that wait
 * only (its own copy of the entry, though a later iteration of the same node has replaced it in
 * `waits`), and only that wait having moved on means the message was taken (forwarding.ts).
 */
export interface ForwardNote {
	messageId: string;
	wait: WaitEntry;
	/** Kept until then: the gateway's redeliveries of the message are over (REDELIVERY_WINDOW_MS). */
	until: number;
}

export interface WaitRegistry {
	waits: WaitEntry[];
	/** Absent in what earlier versions saved. */
	forwarded?: ForwardNote[];
}

/**
 * How long a forward is noted: longer than the gateway's redeliveries of one message (retried after
 * 2 s, 4 s, 8 s ... doubling, 12 times: about 2.3 hours, messaging-gateway.md).
 */
export const REDELIVERY_WINDOW_MS = 3 * 3600 * 1000;

/**
 * How long a wait is routed at most, whatever its Limit Wait Time (n8n's "indefinitely" is the year
 * 3000): without it, waits nobody answers (or whose execution was cancelled without a reply that
 * would find it ended) would hold their phone's MAX_PER_NUMBER places for good. After it, a reply
 * takes the ordinary path (it starts the trigger's workflow) and the execution waits on, until its
 * Limit Wait Time or a cancel.
 */
export const MAX_WAIT_LIFETIME_MS = 7 * 24 * 3600 * 1000;

/** At most this many pending waits per phone and code, and in all (the object is saved whole). */
export const MAX_PER_NUMBER = 10;
export const MAX_TOTAL = 1000;

const ID = /^[A-Za-z0-9_-]{8,64}$/;

export function emptyRegistry(): WaitRegistry {
	return { waits: [], forwarded: [] };
}

/** A registry read from static data, or a fresh one when what is there is not one (never trusted blindly). */
export function asRegistry(value: unknown): WaitRegistry {
	const waits = value && typeof value === 'object' ? (value as { waits?: unknown }).waits : undefined;
	if (!Array.isArray(waits)) return emptyRegistry();
	const forwarded = (value as { forwarded?: unknown }).forwarded;
	// Entries saved before waits had a lifetime (expiresAt in the year 3000) get it from their creation.
	return {
		waits: waits.filter((w): w is WaitEntry => isEntry(w)).map((w) => (w.expiresAt > w.createdAt + MAX_WAIT_LIFETIME_MS ? { ...w, expiresAt: w.createdAt + MAX_WAIT_LIFETIME_MS } : w)),
		forwarded: Array.isArray(forwarded) ? forwarded.filter((n): n is ForwardNote => isNote(n)) : [],
	};
}

function isNote(n: unknown): boolean {
	if (!n || typeof n !== 'object') return false;
	const note = n as Record<string, unknown>;
	return typeof note.messageId === 'string' && note.messageId !== '' && typeof note.until === 'number' && isEntry(note.wait);
}

function isEntry(w: unknown): boolean {
	if (!w || typeof w !== 'object') return false;
	const e = w as Record<string, unknown>;
	return ['id', 'nonce', 'url', 'phone', 'code', 'pin', 'word'].every((k) => typeof e[k] === 'string') && typeof e.expiresAt === 'number' && typeof e.createdAt === 'number';
}

/**
 * n8n's endpoints that are not its waiting-webhook endpoint (their default names): a resume URL
 * never sits under one of them, whatever N8N_ENDPOINT_WEBHOOK_WAIT says.
 */
const OTHER_ENDPOINTS = new Set(['rest', 'webhook', 'webhook-test', 'form', 'form-test', 'form-waiting', 'mcp', 'mcp-test', 'healthz', 'metrics', 'assets', 'static', 'types', 'icons']);

/**
 * Whether a resume URL may be forwarded to: http(s), the same origin as the trigger's own production
 * URL, a path <prefix>/<endpoint>/<execution id>/<node id> with no dot segments, where <prefix> is the
 * trigger's own (n8n serves every endpoint under one) and <endpoint> is neither the trigger's own
 * nor another of n8n's (its REST API, test webhooks, forms), and the query n8n's alone: its
 * `signature` (64 hex digits), after the registration's `nonce` when one is given, itself after the
 * wait's `iteration` (digits) when there is one (run.ts has n8n sign both in). Anything else would
 * make the trigger a relay.
 */
export function resumeUrlProblem(resumeUrl: unknown, ownWebhookUrl: string, nonce?: string): string | undefined {
	if (typeof resumeUrl !== 'string') return 'no resume URL';
	let url: URL;
	let own: URL;
	try {
		url = new URL(resumeUrl);
		own = new URL(ownWebhookUrl);
	} catch {
		return 'the resume URL is not a URL';
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'the resume URL is not http(s)';
	if (url.username || url.password) return 'the resume URL carries credentials';
	if (url.origin !== own.origin) return `the resume URL is not on this n8n (${own.origin})`;
	if (url.hash) return 'the resume URL has a fragment';
	const segments = url.pathname.split('/').slice(1);
	if (segments.length < 3 || segments.some((s) => s === '' || s === '.' || s === '..' || /%2e/i.test(s)) || !underWaitingEndpoint(segments, own.pathname.split('/').slice(1))) {
		return 'the resume URL is not a waiting-webhook URL';
	}
	if (!/^[A-Za-z0-9_-]+$/.test(segments[segments.length - 2])) return 'the resume URL names no execution';
	const params = [...url.searchParams.keys()];
	const withNonce = nonce !== undefined && params.includes('nonce');
	const expected = [...(withNonce && params.includes('iteration') ? ['iteration'] : []), ...(withNonce ? ['nonce'] : []), 'signature'];
	if (params.join('&') !== expected.join('&') || !/^[0-9a-f]{64}$/.test(url.searchParams.get('signature') ?? '')) {
		return 'the resume URL is not signed by n8n';
	}
	if (params.includes('iteration') && !/^\d{1,9}$/.test(url.searchParams.get('iteration') ?? '')) return 'the resume URL names no iteration';
	if (nonce !== undefined && params.includes('nonce') && url.searchParams.get('nonce') !== nonce) return 'the resume URL is not signed by n8n for this registration';
	return undefined;
}

/** Whether the segments before <endpoint>/<execution id>/<node id> are the trigger's own prefix, and <endpoint> a waiting one. */
function underWaitingEndpoint(segments: string[], own: string[]): boolean {
	const prefix = segments.slice(0, -3);
	const endpoint = segments[segments.length - 3];
	if (own.length < prefix.length + 2 || prefix.some((s, i) => s !== own[i])) return false;
	return /^[A-Za-z0-9_-]+$/.test(endpoint) && endpoint !== own[prefix.length] && !OTHER_ENDPOINTS.has(endpoint);
}

export type Registration = { ok: true; entry: Omit<WaitEntry, 'pin'> } | { ok: false; reason: string };

/** A verified registration payload as an entry (without its pin, which the registry assigns). */
export function registrationOf(payload: Record<string, unknown>, ownWebhookUrl: string, now: number): Registration {
	const { id, nonce, resumeUrl, phone, code, word, expiresAt } = payload;
	if (typeof id !== 'string' || !ID.test(id)) return { ok: false, reason: 'bad id' };
	if (typeof nonce !== 'string' || !ID.test(nonce)) return { ok: false, reason: 'bad nonce' };
	const urlProblem = resumeUrlProblem(resumeUrl, ownWebhookUrl, nonce);
	if (urlProblem) return { ok: false, reason: urlProblem };
	const phoneNumber = phoneNumberOf(phone);
	if (typeof phone !== 'string' || !phoneNumber.ok) return { ok: false, reason: 'the To number is not a phone number' };
	const codeNumber = phoneNumberOf(code);
	if (typeof code !== 'string' || !codeNumber.ok) return { ok: false, reason: 'the From code is not a phone number' };
	if (typeof word !== 'string' || characterCount(word) > 40) return { ok: false, reason: 'bad approve word' };
	if (typeof expiresAt !== 'number' || !Number.isFinite(expiresAt) || expiresAt <= now) return { ok: false, reason: 'already expired' };
	return { ok: true, entry: { id, nonce, url: resumeUrl as string, phone: phoneNumber.number, code: codeNumber.number, word, createdAt: now, expiresAt: Math.min(expiresAt, now + MAX_WAIT_LIFETIME_MS) } };
}

function live(registry: WaitRegistry, now: number): WaitEntry[] {
	return registry.waits.filter((w) => w.expiresAt > now);
}

/**
 * The pending waits of one phone and code, oldest first: the same numbers however the gateway writes
 * them (phoneNumber.ts numberKey); none for what is no number.
 */
export function pendingFor(registry: WaitRegistry, phone: string, code: string, now: number): WaitEntry[] {
	const phoneKey = numberKey(phone);
	const codeKey = numberKey(code);
	if (phoneKey === undefined || codeKey === undefined) return [];
	return live(registry, now).filter((w) => numberKey(w.phone) === phoneKey && numberKey(w.code) === codeKey);
}

export type Added = { ok: true; entry: WaitEntry; others: number } | { ok: false; reason: string };

/**
 * Adds a wait (kept as it is when the same registration comes again), after dropping expired ones. `random4` gives a
 * 4-digit pin; the registry draws again while it is taken for the same phone and code.
 */
export function addWait(registry: WaitRegistry, entry: Omit<WaitEntry, 'pin'>, now: number, random4: () => string): Added {
	const previous = live(registry, now).find((w) => w.id === entry.id);
	if (previous && previous.nonce === entry.nonce) return { ok: true, entry: previous, others: pendingFor(registry, previous.phone, previous.code, now).length - 1 };
	// Expired waits go, and so does the previous wait of the same node in the same execution: a node
	// that waits again (a loop) is no longer waiting for the earlier answer.
	registry.waits = live(registry, now).filter((w) => w.id !== entry.id);
	const same = pendingFor(registry, entry.phone, entry.code, now);
	if (same.length >= MAX_PER_NUMBER) return { ok: false, reason: `${MAX_PER_NUMBER} waits are already pending for ${entry.phone} on ${entry.code}` };
	if (registry.waits.length >= MAX_TOTAL) return { ok: false, reason: `${MAX_TOTAL} waits are already pending on this trigger` };
	const taken = new Set(same.map((w) => w.pin));
	let pin = random4();
	for (let i = 0; taken.has(pin) && i < 100; i++) pin = random4();
	if (taken.has(pin) || !new RegExp(`^\\d{${PIN_LENGTH}}$`).test(pin)) return { ok: false, reason: 'no free pin' };
	const added: WaitEntry = { ...entry, pin };
	registry.waits.push(added);
	return { ok: true, entry: added, others: same.length };
}

/** The note of where a message was forwarded, if it is still kept. */
export function forwardedTo(registry: WaitRegistry, messageId: string, now: number): WaitEntry | undefined {
	return registry.forwarded?.find((n) => n.messageId === messageId && n.until > now)?.wait;
}

/** Notes (or notes again) that a message goes to a wait; at most MAX_TOTAL notes, the oldest dropped first. */
export function noteForward(registry: WaitRegistry, messageId: string, wait: WaitEntry, now: number) {
	const kept = (registry.forwarded ?? []).filter((n) => n.until > now && n.messageId !== messageId);
	kept.push({ messageId, wait, until: now + REDELIVERY_WINDOW_MS });
	registry.forwarded = kept.slice(-MAX_TOTAL);
}

/** Forgets where a message went (its wait had ended: the message takes the ordinary path). */
export function forgetForward(registry: WaitRegistry, messageId: string) {
	registry.forwarded = (registry.forwarded ?? []).filter((n) => n.messageId !== messageId);
}

/** Drops one wait (answered, or found gone). Returns whether it was there. */
export function removeWait(registry: WaitRegistry, id: string, nonce: string): boolean {
	const before = registry.waits.length;
	registry.waits = registry.waits.filter((w) => w.id !== id || w.nonce !== nonce);
	return registry.waits.length !== before;
}

export type Route = { kind: 'none' } | { kind: 'forward'; entry: WaitEntry } | { kind: 'ask'; text: string };

/** Where an MO SMS goes: a wait (by its pin, or the only one), a question back, or the ordinary path. */
export function routeReply(registry: WaitRegistry, mo: { from: string; to: string; text: string }, now: number): Route {
	const candidates = pendingFor(registry, mo.from, mo.to, now);
	if (!candidates.length) return { kind: 'none' };
	const pin = pinOf(mo.text);
	const byPin = pin === undefined ? undefined : candidates.find((w) => w.pin === pin);
	if (byPin) return { kind: 'forward', entry: byPin };
	if (candidates.length === 1) return { kind: 'forward', entry: candidates[0] };
	return { kind: 'ask', text: whichOne(candidates) };
}

/**
 * "2 requests wait for your reply. Add the number of the one you answer: YES 4821, YES 7730", newest
 * first, as many as fit the 136-character reply.
 */
export function whichOne(candidates: WaitEntry[]): string {
	const head = `${candidates.length} requests wait for your reply. Add the number of the one you answer:`;
	const newest = [...candidates].reverse().map((w) => (w.word ? `${w.word} ${w.pin}` : w.pin));
	let text = head;
	for (const [i, choice] of newest.entries()) {
		const next = `${text}${i === 0 ? ' ' : ', '}${choice}`;
		if (characterCount(next) > BODY_MAX) break;
		text = next;
	}
	return text;
}
