/**
 * The reply memory that one n8n process shares among all its calls of a workflow, on top of the copy
 * n8n keeps in the workflow's static data (nodes/shared/messaging/replies.ts).
 *
 * Why: n8n loads a workflow's static data for each webhook call when it arrives and saves it whole
 * after the answer (n8n/dist/webhooks/live-webhooks.js executeWebhook). Calls whose workflows ran at
 * the same time each saved what they had loaded plus their own entry, so the last save erased the
 * others' (measured before this file: 10 overlapping replies, then each redelivered, 9 ran twice).
 * Here every call of a workflow in this process puts the same memory object in its static data, so
 * whichever save comes last writes every entry this process knows; entries another process saved are
 * taken in from each call's loaded copy, so a save from here does not erase them either.
 *
 * The memory also answers a redelivery in this process before n8n has saved (or after a save from
 * another process erased the entry), and lets a copy of a callback that arrives while the first is
 * still being answered wait for that answer instead of starting a second execution.
 *
 * What it cannot do: two processes (two webhook processors) do not see each other's memory until
 * the database carries it; copies arriving in the same instant at two processors can both run.
 */
import { sleep, type IDataObject } from 'n8n-workflow';
import { REPLIES_KEY, REPLY_MEMORY_MAX, REPLY_MEMORY_MS, freshEntry, hasReplyMemory, isReplyMemory, recall, type RememberedReply, type ReplyMemory } from './replies';

interface WorkflowReplies {
	/** A plain object, placed as it is in each call's static data: serialized whole at each save. */
	entries: ReplyMemory;
	/** Callbacks being answered in this process, by dedup key: resolved when the answer is written. */
	answering: Map<string, Answering>;
}

const workflows = new Map<string, WorkflowReplies>();

function repliesOf(workflowId: string): WorkflowReplies {
	let found = workflows.get(workflowId);
	if (!found) {
		found = { entries: {}, answering: new Map() };
		workflows.set(workflowId, found);
	}
	return found;
}

/** Drops expired entries, then the oldest beyond the cap (room for one more). */
function prune(memory: ReplyMemory, now: number) {
	for (const [k, v] of Object.entries(memory)) if (now - v.at > REPLY_MEMORY_MS) delete memory[k];
	const keys = Object.keys(memory);
	if (keys.length < REPLY_MEMORY_MAX) return;
	keys.sort((a, b) => memory[a].at - memory[b].at);
	for (const k of keys.slice(0, keys.length - REPLY_MEMORY_MAX + 1)) delete memory[k];
}

/** The answer remembered for this callback: in this process's memory, else in the call's loaded copy. */
export function recallShared(workflowId: string, staticData: IDataObject, key: string, now: number): RememberedReply | undefined {
	const own = freshEntry(repliesOf(workflowId).entries, key, now);
	if (own) return own;
	return recall(staticData, key, now);
}

/**
 * Remembers an answer: takes in what the call loaded (entries other processes saved), adds this one,
 * and puts the shared memory in the call's static data. The assignment marks the static data
 * changed, so n8n saves it.
 */
export function rememberShared(workflowId: string, staticData: IDataObject, key: string, now: number, body?: string) {
	const { entries } = repliesOf(workflowId);
	const loaded = staticData[REPLIES_KEY];
	if (isReplyMemory(loaded) && loaded !== entries) {
		for (const [k, v] of Object.entries(loaded)) {
			if (v && typeof v.at === 'number' && !(entries[k]?.at >= v.at)) entries[k] = typeof v.body === 'string' ? { at: v.at, body: v.body } : { at: v.at };
		}
	}
	prune(entries, now);
	entries[key] = body === undefined ? { at: now } : { at: now, body };
	staticData[REPLIES_KEY] = entries as unknown as IDataObject;
}

/**
 * How long a copy waits for the answer to the first before it answers "send it again later" (HTTP
 * 503: the gateway keeps the message and retries, 2 s, 4 s, 8 s ... later, by when the first has
 * answered and that answer is remembered). Starting a second execution instead is what made a slow
 * first copy (a worker down, its job waiting in the queue) cost one execution per retry.
 */
export const COPY_WAIT_MS = 5000;
/**
 * A first copy still open after this long is taken as gone: n8n never settles a call whose
 * queue-mode worker was killed under its execution, and a proxy may keep it open after the gateway
 * gave up. The next copy then runs the workflow itself.
 */
export const COPY_ABANDONED_MS = 60_000;

export interface Answering {
	pending: Promise<void>;
	since: number;
}

/**
 * Claims the answering of a callback in this process, or returns the copy already answering it.
 * Synchronous on purpose: two copies arriving in the same instant are handled by interleaved calls,
 * and a check with an await before the claim let both find no copy and both run the workflow (seen
 * in queue mode: 1 of 10 pairs). A copy open longer than COPY_ABANDONED_MS is taken over (n8n never
 * settles a call whose worker was killed). `done` is to be called once the answer is written (or
 * failed).
 */
export function claimAnswering(workflowId: string, key: string, now: number): { done: () => void } | { copy: Answering } {
	const { answering } = repliesOf(workflowId);
	const open = answering.get(key);
	if (open && now - open.since <= COPY_ABANDONED_MS) return { copy: open };
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

/** Waits for a copy's answer to be written (or failed): 'answered', or 'late' after COPY_WAIT_MS. */
export async function waitForCopy(copy: Answering): Promise<'answered' | 'late'> {
	return await Promise.race([copy.pending.then(() => 'answered' as const), sleep(COPY_WAIT_MS).then(() => 'late' as const)]);
}

/**
 * Reply to Message in reply mode "When Last Node Finishes": remembers its reply only where the memory
 * is visible, which is where n8n saves the execution's static data back (one n8n process: the
 * execution's own copy, loaded when it started, saved when it ends), in the memory this process
 * shares (processReplyMemory.ts). Returns whether it did. Never on a queue-mode worker: its static
 * data is a fresh, empty copy, and saving it would wipe every answer remembered.
 */
export function rememberWhereVisible(workflowId: string, staticData: IDataObject, key: string, now: number, body?: string): boolean {
	if (!hasReplyMemory(staticData)) return false;
	rememberShared(workflowId, staticData, key, now, body);
	return true;
}

/**
 * Static data of calls whose answer n8n writes after the execution is queued (reply mode
 * Immediately in n8n 2.40), holding an entry n8n has not saved yet. Between the trigger's write and
 * n8n's save, n8n builds a second Workflow on the same static data (n8n/dist/workflow-runner.js
 * establishContextForPersistence), which clears its "changed" flag: without marking it again the
 * entry would never be saved.
 */
const unsaved = new Set<IDataObject>();

/** Remembers as rememberShared does, until the call's answer is written (`saved`). */
export function rememberUntilSaved(workflowId: string, staticData: IDataObject, key: string, now: number, body?: string): { saved: () => void } {
	rememberShared(workflowId, staticData, key, now, body);
	unsaved.add(staticData);
	return { saved: () => void unsaved.delete(staticData) };
}

/**
 * Marks every unsaved call's static data changed again. Called from the webhook description's
 * responseData resolver, which n8n 2.40 evaluates after WorkflowRunner.run and just before the
 * answer callback that saves the static data (n8n/dist/webhooks/webhook-helpers.js,
 * shouldDeferOnReceivedResponse). Marking another call's too costs at most one extra save of the
 * same entries.
 */
export function markUnsavedChanged() {
	for (const staticData of unsaved) {
		const memory = staticData[REPLIES_KEY];
		staticData[REPLIES_KEY] = memory;
	}
}
