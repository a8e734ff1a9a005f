/**
 * A trigger's state kept in its workflow's static data so that every n8n process sees it, mirrored in
 * this process so that overlapping webhook calls do not erase each other's writes. The one mechanism
 * behind the Messaging Trigger's reply memory (nodes/shared/messaging/replyMemory.ts), its
 * send-and-wait registry (SolSwitchMessagingTrigger/sendAndWait/waitStore.ts) and the SolSwitch
 * Trigger's started calls (SolSwitchTrigger/calls/emittedCalls.ts); each owner keeps its own rules
 * (what an entry is, how a loaded copy is taken in, what expires). An owner keeps its member in the
 * workflow's `global` static data (one state per workflow) or in the node's own (`node`: one state
 * per workflow and node, as n8n keeps a node's static data).
 *
 * What it rests on in n8n (the adapter's table, n8nResponse.ts):
 * - N1: each webhook call loads the static data from the database and saves the whole object after
 *   its answer when changed; overlapping calls each save what they loaded, so the last save wins;
 * - N2: assigning a member (even its own value) sets the "changed" flag, so the call saves it;
 * - N7: a queue-mode worker runs on an empty copy and replaces the static data with it: the owners
 *   write only from the trigger's own webhook calls (or where the memory is known loaded).
 *
 * How: per workflow, one object in this process (`shared`) is put, as it is, into the static data of
 * every call that writes (`publish`), so whichever save comes last writes everything this process
 * knows; what another process saved is read from each call's loaded copy (`loaded`) and taken in by
 * the owner before it publishes, so a save from here does not erase it either.
 *
 * What it cannot do: two processes do not see each other's writes until the database carries them.
 */
import type { IDataObject } from 'n8n-workflow';

/** What a call gives the mirror: n8n's webhook and execute contexts both fit. */
export interface MirrorCall {
	getWorkflow(): { id?: string | number };
	getWorkflowStaticData(type: string): IDataObject;
	/** Needed by a mirror of the node's static data: n8n keeps one per node, by name. */
	getNode?(): { name: string };
}

/** Whose static data holds the member: the workflow's, or the calling node's. */
export type MirrorScope = 'global' | 'node';

/** One owner's mirror: per workflow, its process state (`create`), of which `shared` is the part saved under `member`. */
export class StaticDataMirror<State> {
	private readonly states = new Map<string, State>();

	constructor(
		readonly member: string,
		private readonly create: () => State,
		private readonly shared: (state: State) => object,
		private readonly scope: MirrorScope = 'global',
	) {}

	/** The mirror as one call sees it: this process's state for the call's workflow (and node), and the call's static data. */
	of(call: MirrorCall): MirrorView<State> {
		const workflowId = String(call.getWorkflow().id ?? '');
		const key = this.scope === 'node' ? `${workflowId}\u0000${call.getNode?.().name ?? ''}` : workflowId;
		let state = this.states.get(key);
		if (!state) {
			state = this.create();
			this.states.set(key, state);
		}
		return new MirrorView(state, call.getWorkflowStaticData(this.scope), this.member, this.shared);
	}

	/** Forgets this process's states (tests of a restart). */
	forget() {
		this.states.clear();
	}
}

export class MirrorView<State> {
	constructor(
		/** This process's state for the workflow, shared by its calls. */
		readonly state: State,
		/** The call's static data. */
		readonly staticData: IDataObject,
		private readonly member: string,
		private readonly shared: (state: State) => object,
	) {}

	/** What the call's static data holds under the member (the loaded copy, or this process's object once published). */
	current(): unknown {
		return this.staticData[this.member];
	}

	/** The copy the call loaded, to take in; undefined once this process's own object is in its place. */
	loaded(): unknown {
		const value = this.current();
		return value === this.shared(this.state) ? undefined : value;
	}

	/** Puts this process's object in the call's static data: the assignment sets n8n's flag (N2), so n8n saves it with the call (N1). */
	publish() {
		this.staticData[this.member] = this.shared(this.state) as IDataObject;
	}
}
