/**
 * WaitStore: where the Messaging Trigger keeps the send-and-wait registry (registry.ts), by the same
 * rules as its reply memory (nodes/shared/messaging/replyMemory.ts): written only by the trigger's own
 * webhook calls, in the webhook process, where n8n saves the static data with the call; never from an
 * execution (a queue-mode worker's copy is empty and its save would wipe it).
 *
 * Two stores, as the reply memory has them (the same mechanism: engine/trigger/staticDataMirror.ts):
 * - the workflow's static data (member WAITS_KEY): what other n8n processes see;
 * - one registry object per workflow shared by the calls of this process. Overlapping webhook calls
 *   each save the static data they loaded (last writer wins): a registration saved by one call is
 *   erased by a message call that loaded before it. Each write puts this process's registry (with the
 *   entries of the loaded copy taken in) in the call's static data, so the last save from this process
 *   writes every wait it knows; and routing reads both stores, so a wait this process registered is
 *   found even while the database has lost it. Waits removed here are remembered as removed for as
 *   long as they would have lived, so a stale loaded copy does not bring them back.
 *
 * What it cannot do: with two webhook processors, a wait registered on one and erased from the
 * database by the other's overlapping save is missing on the other until the sending node registers
 * it again (it does, once, after sending: run.ts).
 */
import { StaticDataMirror, type MirrorCall, type MirrorView } from '../../engine/trigger/staticDataMirror';
import { addWait, asRegistry, forgetForward, forwardedTo, MAX_TOTAL, MAX_WAIT_LIFETIME_MS, noteForward, removeWait, type Added, type ForwardNote, type WaitEntry, type WaitRegistry } from './registry';

export const WAITS_KEY = 'solSwitchMessagingWaits';
/** At most this many tombstones per workflow and process, the oldest forgotten first (as many as waits can be pending). */
export const MAX_TOMBSTONES = MAX_TOTAL;

interface ProcessStore {
	registry: WaitRegistry;
	/** Waits removed in this process (by id and nonce: tombstoneOf), until they would have expired. */
	removed: Map<string, number>;
}

/** The two stores (engine/trigger/staticDataMirror.ts): the registry object is what is saved under WAITS_KEY. */
const mirror = new StaticDataMirror<ProcessStore>(WAITS_KEY, () => ({ registry: { waits: [], forwarded: [] }, removed: new Map() }), (store) => store.registry);

const tombstoneOf = (w: Pick<WaitEntry, 'id' | 'nonce'>) => `${w.id}/${w.nonce}`;

/** What a call gives the store: n8n's webhook context fits. */
export type WaitStoreCall = MirrorCall;

export class WaitStore {
	static of(call: WaitStoreCall): WaitStore {
		return new WaitStore(mirror.of(call));
	}

	private readonly store: ProcessStore;

	private constructor(private readonly mirrored: MirrorView<ProcessStore>) {
		this.store = mirrored.state;
	}

	/** Both stores as one registry, for routing. Only reads. */
	view(now: number): WaitRegistry {
		const saved = asRegistry(this.mirrored.current());
		const own = this.store.registry.waits.filter((w) => w.expiresAt > now);
		const ids = new Set(own.map((w) => w.id));
		const loaded = saved.waits.filter((w) => w.expiresAt > now && !ids.has(w.id) && !this.store.removed.has(tombstoneOf(w)));
		// Forward notes: this process's, and those another process saved for other messages.
		const ownNotes = (this.store.registry.forwarded ?? []).filter((n) => n.until > now);
		const noted = new Set(ownNotes.map((n) => n.messageId));
		const loadedNotes = (saved.forwarded ?? []).filter((n) => n.until > now && !noted.has(n.messageId));
		return { waits: [...own, ...loaded].sort((a, b) => a.createdAt - b.createdAt), forwarded: [...loadedNotes, ...ownNotes] satisfies ForwardNote[] };
	}

	/** Takes in the loaded copy, drops what expired, and puts the shared registry in the call's static data (n8n saves it with the call). */
	private write(now: number, change: (registry: WaitRegistry) => void) {
		for (const [id, until] of this.store.removed) if (until <= now) this.store.removed.delete(id);
		const merged = this.view(now);
		change(merged);
		this.store.registry.waits = merged.waits;
		this.store.registry.forwarded = merged.forwarded;
		this.mirrored.publish();
	}

	/** Registers a wait (registry.addWait's rules); a registration already known is not written again. */
	add(entry: Omit<WaitEntry, 'pin'>, now: number, random4: () => string): Added {
		// Registered again after it was answered here (the sending node's second registration came late).
		if ((this.store.removed.get(tombstoneOf(entry)) ?? 0) > now) return { ok: false, reason: 'this wait was answered already' };
		const known = this.view(now).waits.find((w) => w.id === entry.id && w.nonce === entry.nonce);
		const savedHere = asRegistry(this.mirrored.current()).waits.some((w) => w.id === entry.id && w.nonce === entry.nonce);
		if (known && savedHere) return { ok: true, entry: known, others: this.view(now).waits.filter((w) => w.phone === known.phone && w.code === known.code).length - 1 };
		let added: Added = { ok: false, reason: 'not added' };
		this.write(now, (registry) => {
			added = addWait(registry, entry, now, random4);
		});
		return added;
	}

	/** The wait a message was forwarded to (a copy of its entry as it was then), while the note is kept. */
	forwardedTo(messageId: string, now: number): WaitEntry | undefined {
		return messageId ? forwardedTo(this.view(now), messageId, now) : undefined;
	}

	/**
	 * Notes that a message goes to a wait, before it is forwarded: saved with whatever this call
	 * answers (the 503 included), so every redelivery of the message goes to that wait only.
	 */
	noteForward(messageId: string, wait: WaitEntry, now: number) {
		if (messageId) this.write(now, (registry) => noteForward(registry, messageId, wait, now));
	}

	/** Forgets where a message went (its wait had ended, and it takes the ordinary path). */
	forgetForward(messageId: string, now: number) {
		if (messageId) this.write(now, (registry) => forgetForward(registry, messageId));
	}

	/**
	 * Drops a wait that was answered or has ended. Its tombstone lasts as long as the wait would have
	 * been routed (MAX_WAIT_LIFETIME_MS at most), and at most MAX_TOMBSTONES are kept.
	 */
	remove(entry: WaitEntry, now: number) {
		const { removed } = this.store;
		const tombstone = tombstoneOf(entry);
		removed.delete(tombstone);
		removed.set(tombstone, Math.min(entry.expiresAt, entry.createdAt + MAX_WAIT_LIFETIME_MS));
		for (const oldest of removed.keys()) {
			if (removed.size <= MAX_TOMBSTONES) break;
			removed.delete(oldest);
		}
		this.write(now, (registry) => removeWait(registry, entry.id, entry.nonce));
	}
}
