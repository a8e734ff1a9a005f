/**
 * ReplyMemory: the answers given to the gateway's callbacks, by dedup key (callbackFormat.ts), so a
 * redelivery (same message ID, after a lost answer) gets the same answer without a second execution.
 * The one owner of the two stores that hold them, and of their rules; nothing else reads or writes
 * them.
 *
 * The two stores:
 * - the workflow's static data (member REPLIES_KEY), which n8n loads for each webhook call and saves
 *   whole after the answer (n8n behaviour N1, engine/trigger/n8nResponse.ts): what other n8n
 *   processes (a second webhook processor, a restart) see;
 * - a memory the calls of one n8n process share, per workflow (engine/trigger/staticDataMirror.ts,
 *   the mechanism the trigger's wait store uses too): overlapping calls each save what they
 *   loaded, so the last save erased the others' entries (measured before it: 10 overlapping replies,
 *   then each redelivered, 9 ran twice). Every call of a workflow in this process puts the same
 *   entries object in its static data, so whichever save comes last writes every entry this process
 *   knows; entries another process saved are taken in from each call's loaded copy, so a save from
 *   here does not erase them either.
 *
 * The rules:
 * - an entry is answered for REPLY_MEMORY_MS (the gateway's retries stop after about 2.5 hours);
 *   at most REPLY_MEMORY_MAX entries, the oldest dropped first;
 * - a call answering a callback claims it; a copy arriving meanwhile waits up to COPY_WAIT_MS for
 *   that answer, then is told to come again later; a claim older than COPY_ABANDONED_MS is taken
 *   over (N6: n8n never settles a call whose worker died);
 * - recall only reads: an answer that remembers nothing (HELP, INFO, a filtered event) must not make
 *   n8n write the static data.
 *
 * What it cannot do: two processes do not see each other's memory until the database carries it;
 * copies arriving in the same instant at two processors can both run.
 *
 * Use (the trigger, handlers/message.ts; any other answer path the same way):
 *   const memory = ReplyMemory.of(fn);
 *   const claim = await memory.claim(key, now);     // answered before / retry later / yours: claimed.done()
 *   memory.remember(key, now, body);                // once the answer is known (and as it is written)
 */
import { sleep, type IDataObject } from 'n8n-workflow';
import { StaticDataMirror, type MirrorCall, type MirrorView } from '../../engine/trigger/staticDataMirror';

export const REPLIES_KEY = 'solSwitchMessagingReplies';
/** Redeliveries stop after about 2.5 hours (12 retries); a day covers them with room to spare. */
export const REPLY_MEMORY_MS = 24 * 3600 * 1000;
export const REPLY_MEMORY_MAX = 5000;
/**
 * How long a copy waits for the answer to the first before it answers "send it again later" (HTTP
 * 503: the gateway keeps the message and retries, 2 s, 4 s, 8 s ... later, by when the first has
 * answered and that answer is remembered). Starting a second execution instead is what made a slow
 * first copy (a worker down, its job waiting in the queue) cost one execution per retry.
 */
export const COPY_WAIT_MS = 5000;
/**
 * A first copy still open after this long is taken as gone: n8n never settles a call whose
 * queue-mode worker was killed under its execution (N6), and a proxy may keep it open after the
 * gateway gave up. The next copy then runs the workflow itself. A claim does not end when the
 * gateway closes the connection (it may give up while the reply SMS is still being sent): it ends
 * when its answer is written, after it was remembered, or at this bound.
 */
export const COPY_ABANDONED_MS = 60_000;

/**
 * A reply that travels apart from the callback's answer and has not gone out yet: the channel it was
 * meant for (a name, as SolSwitchMessagingTrigger's reply channels spell it: "sms" for an SMS from
 * the code) and its text. A redelivery delivers it (and nothing runs again); once it went out the
 * entry holds no pending reply.
 */
export interface PendingReply {
	channel: string;
	text: string;
}

export interface RememberedReply {
	at: number;
	/** The callback answer's reply Body (a short code). */
	body?: string;
	/** A reply still to deliver by its channel (a long code's SMS that could not be sent yet). */
	pending?: PendingReply;
}

type Entries = Record<string, RememberedReply>;

interface Answering {
	pending: Promise<void>;
	since: number;
}

/** One workflow's memory in this process. */
interface ProcessStore {
	/** A plain object, placed as it is in each call's static data: serialized whole at each save. */
	entries: Entries;
	/** Callbacks being answered in this process, by dedup key: settled when the answer is written. */
	answering: Map<string, Answering>;
}

/** The two stores (engine/trigger/staticDataMirror.ts): the entries object is what is saved under REPLIES_KEY. */
const mirror = new StaticDataMirror<ProcessStore>(REPLIES_KEY, () => ({ entries: {}, answering: new Map() }), (store) => store.entries);

function isEntries(value: unknown): value is Entries {
	return Boolean(value) && typeof value === 'object' && !Array.isArray(value);
}

function freshEntry(entries: Entries, key: string, now: number): RememberedReply | undefined {
	const found = entries[key];
	return found && now - found.at <= REPLY_MEMORY_MS ? found : undefined;
}

function pendingOf(value: unknown): PendingReply | undefined {
	if (!value || typeof value !== 'object') return undefined;
	const { channel, text } = value as { channel?: unknown; text?: unknown };
	return typeof channel === 'string' && typeof text === 'string' ? { channel, text } : undefined;
}

/**
 * An entry with only the members it holds (what is saved in the static data), from what was saved:
 * also an entry saved before pending replies named their channel (`sms`: the SMS still to send),
 * which a workflow's static data holds for a day after an upgrade.
 */
function entryOf(saved: { at: number; body?: unknown; pending?: unknown; sms?: unknown }): RememberedReply {
	const entry: RememberedReply = { at: saved.at };
	if (typeof saved.body === 'string') entry.body = saved.body;
	const pending = pendingOf(saved.pending) ?? (typeof saved.sms === 'string' ? { channel: 'sms', text: saved.sms } : undefined);
	if (pending) entry.pending = pending;
	return entry;
}

/** Drops expired entries, then the oldest beyond the cap (room for one more). */
function prune(entries: Entries, now: number) {
	for (const [k, v] of Object.entries(entries)) if (now - v.at > REPLY_MEMORY_MS) delete entries[k];
	const keys = Object.keys(entries);
	if (keys.length < REPLY_MEMORY_MAX) return;
	keys.sort((a, b) => entries[a].at - entries[b].at);
	for (const k of keys.slice(0, keys.length - REPLY_MEMORY_MAX + 1)) delete entries[k];
}

/**
 * The outcome of a claim: the answer given before; "come again later" (a copy is being answered and
 * took longer than COPY_WAIT_MS); or this call answers it, and calls `done` once its answer is
 * written (or failed), whether or not the caller still listens.
 */
export type Claim = { answered: RememberedReply } | { retryLater: true } | { claimed: { done: () => void } };

/** What a call gives the memory: n8n's webhook and execute contexts both fit. */
export type ReplyMemoryCall = MirrorCall;

export class ReplyMemory {
	/** The memory as one call sees it: this process's store for the workflow, and the call's static data. */
	static of(call: ReplyMemoryCall): ReplyMemory {
		return new ReplyMemory(mirror.of(call));
	}

	/** At publication: whether the static data holds the memory (checkExists). */
	static existsIn(staticData: IDataObject): boolean {
		return isEntries(staticData[REPLIES_KEY]);
	}

	/** At publication: creates the (empty) memory, which n8n saves right after, so every process that loads the static data sees it. */
	static createIn(staticData: IDataObject) {
		if (!ReplyMemory.existsIn(staticData)) staticData[REPLIES_KEY] = {};
	}

	private readonly store: ProcessStore;

	private constructor(private readonly view: MirrorView<ProcessStore>) {
		this.store = view.state;
	}

	/** The answer remembered for this callback: in this process's memory, else in the call's loaded copy. Only reads. */
	recall(key: string, now: number): RememberedReply | undefined {
		const own = freshEntry(this.store.entries, key, now);
		if (own) return own;
		const loaded = this.view.current();
		const found = isEntries(loaded) ? freshEntry(loaded, key, now) : undefined;
		return found && entryOf(found);
	}

	/**
	 * The answer given before; else, if a copy is being answered in this process, its answer (waited
	 * for up to COPY_WAIT_MS, else retryLater); else the answering is claimed for this call. The check
	 * and the claim are one synchronous step, so copies arriving in the same instant cannot both find
	 * none (seen in queue mode before: 1 of 10 pairs). When the copy answered with an error, another
	 * waiting copy may have taken over meanwhile: the claim is tried again.
	 *
	 * A reply still to deliver (`pending`, a long code's SMS) is remembered before it is sent, so that n8n's save carries it
	 * to other processes; while the call that remembered it is still sending it (its claim open in
	 * this process), that entry is not an answer yet: a copy waits for the claim, as for no entry, so
	 * a gateway that gave up mid-SMS and sent the message again does not get a second SMS (R9).
	 */
	async claim(key: string, now: number): Promise<Claim> {
		for (;;) {
			const earlier = this.recall(key, now);
			const open = this.store.answering.get(key);
			const live = open && now - open.since <= COPY_ABANDONED_MS ? open : undefined;
			if (earlier && !(live && earlier.pending)) return { answered: earlier };
			if (!live) return { claimed: this.claimNow(key, now) };
			const outcome = await Promise.race([live.pending.then(() => 'answered' as const), sleep(COPY_WAIT_MS).then(() => 'late' as const)]);
			if (outcome === 'late') {
				const answered = this.recall(key, now);
				return answered && !answered.pending ? { answered } : { retryLater: true };
			}
		}
	}

	private claimNow(key: string, now: number): { done: () => void } {
		const { answering } = this.store;
		let done = () => {};
		const entry: Answering = {
			since: now,
			pending: new Promise<void>((resolve) => {
				done = () => {
					if (answering.get(key) === entry) answering.delete(key);
					resolve();
				};
			}),
		};
		answering.set(key, entry);
		return { done };
	}

	/**
	 * Remembers an answer in both stores: takes in what the call loaded (entries other processes
	 * saved), adds this one, and puts the shared entries in the call's static data. The assignment
	 * marks the static data changed (N2), so n8n saves it with this call.
	 */
	remember(key: string, now: number, body?: string, pending?: PendingReply) {
		const { entries } = this.store;
		const loaded = this.view.loaded();
		if (isEntries(loaded)) {
			for (const [k, v] of Object.entries(loaded)) {
				if (v && typeof v.at === 'number' && !(entries[k]?.at >= v.at)) entries[k] = entryOf(v);
			}
		}
		prune(entries, now);
		entries[key] = entryOf({ at: now, body, pending });
		this.view.publish();
	}

	/**
	 * Remembers only where the call's static data holds the memory: an execution in one n8n process
	 * (its own copy, loaded when it started, saved back when it ends, N7). Never on a queue-mode
	 * worker: its static data is a fresh, empty copy, and saving it would wipe every answer
	 * remembered. Returns whether it did.
	 */
	rememberIfLoaded(key: string, now: number, body?: string): boolean {
		if (!ReplyMemory.existsIn(this.view.staticData)) return false;
		this.remember(key, now, body);
		return true;
	}
}
