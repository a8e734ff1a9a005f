/**
 * Noticing a Messaging Trigger served by several n8n webhook processors at once (queue mode behind a
 * load balancer without affinity), which its state does not survive: the reply memory and the Send
 * and Wait registrations live in the workflow's static data, read and saved whole by every webhook
 * call, so each processor's saves erase what the other saved meanwhile (docs/queue-mode.md). The
 * trigger cannot stop it; it says so, once per workflow and process, in n8n's log, with the page
 * that tells how to route its URL to one processor.
 *
 * How it sees it: the static data notes which process serves the trigger and since when (a random ID
 * made once per process when n8n loads this file), written only when the serving process changed: a
 * write is a save of the whole static data (N1 of engine/trigger/n8nResponse.ts), and a call that
 * only reads (HELP, a report, a redelivery answered from memory) would otherwise save its loaded,
 * possibly stale copy, the overlap the mirror exists to contain. A call that loads another process's
 * note, made within OVERLAP_MS, in a process that itself served this workflow within OVERLAP_MS
 * (kept in this process, not in the static data), means both serve it at once: with two processes
 * alternating, each note is fresh when the other loads it. A processor that takes over a trigger (its
 * processor gone: failover) has served none of its calls lately, so it says nothing; neither does a
 * process started again.
 */
import { randomBytes } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';

export const SERVED_BY_KEY = 'solSwitchServedBy';

/** This n8n process (each loads the node's code once). */
export const PROCESS_ID = randomBytes(8).toString('hex');

/** Two processes serving one workflow within this time of each other serve it at once. */
export const OVERLAP_MS = 60_000;

export const QUEUE_MODE_DOCS = 'https://github.com/solswitch/n8n-nodes-solswitch/blob/main/docs/queue-mode.md#route-each-trigger-to-one-processor';

interface Note {
	process: string;
	at: number;
}

/** When this process last served each workflow's trigger, and the workflows it has warned about. */
const servedHere = new Map<string, number>();
const warned = new Set<string>();

export interface ServedByCall {
	getWorkflow(): { id?: string | number; name?: string };
	getWorkflowStaticData(type: string): IDataObject;
	logger: { warn(message: string, meta?: object): void };
}

function noteOf(value: unknown): Note | undefined {
	if (!value || typeof value !== 'object') return undefined;
	const { process, at } = value as Record<string, unknown>;
	return typeof process === 'string' && typeof at === 'number' ? { process, at } : undefined;
}

/** The warning, as n8n's log shows it. */
export function severalProcessorsWarning(workflowId: string, workflowName: string): string {
	return (
		`SolSwitch Messaging Trigger of workflow ${workflowId} ("${workflowName}") is served by several n8n webhook processors at once: ` +
		`redeliveries may run twice and Send and Wait replies may miss their wait. ` +
		`Route this trigger's URL to one processor (hash it by path at the load balancer): ${QUEUE_MODE_DOCS}`
	);
}

/**
 * Notes this process in the static data (saved by n8n with the call) when it is not the one noted,
 * and warns once if another process served the same trigger meanwhile. Returns whether it warned now.
 */
export function noteServingProcess(call: ServedByCall, now: number, processId = PROCESS_ID): boolean {
	const workflow = call.getWorkflow();
	const workflowId = String(workflow.id ?? '');
	const staticData = call.getWorkflowStaticData('global');
	const loaded = noteOf(staticData[SERVED_BY_KEY]);
	const key = `${processId}/${workflowId}`;
	const mine = servedHere.get(key);
	servedHere.set(key, now);
	const other = loaded !== undefined && loaded.process !== processId;
	let warnedNow = false;
	if (other && mine !== undefined && now - mine < OVERLAP_MS && now - loaded.at < OVERLAP_MS && !warned.has(key)) {
		warned.add(key);
		call.logger.warn(severalProcessorsWarning(workflowId, String(workflow.name ?? '')));
		warnedNow = true;
	}
	// Only when this process takes over from another (or there was no note): no save otherwise (R13).
	if (!loaded || other) staticData[SERVED_BY_KEY] = { process: processId, at: now };
	return warnedNow;
}
