// The fault soak's figures, from what was sent (the plan and the gateway's deliveries), what n8n ran
// (each execution's message ID and status), when each fault was in force, and the opt-out table.
// A message acted on twice is blamed on the faults that struck one of its failed attempts (the gateway
// sends a message again only when an attempt got no OK: the attempt whose workflow ran although its
// answer was lost is one of those): its own dropped answer, and any process fault (its own, planned
// for it, or another message's: a worker restart holds up every call in flight) in force during such
// an attempt. A double delivered in one attempt can only come from n8n running one call twice: it is
// blamed on the process faults in force while that attempt ran; one that met no fault at all is put
// down to overlap with other calls.
import type { Fault, PlannedMessage } from './plan';

/** A fault in force from start to end (ms since the epoch): a process down, or one answer dropped. */
export interface FaultWindow {
	/** A planned fault, or an n8n process that exited on its own (its process manager started it again). */
	fault: Fault | 'n8n exited on its own';
	/** The message the fault was planned for (for a dropped answer: the only one it touches). */
	messageId: string;
	start: number;
	end: number;
}

/** One message as the gateway delivered it. */
export interface MessageTrace extends PlannedMessage {
	/** When the gateway's first attempt started and when the delivery left its queue (ms since the epoch). */
	firstAttemptAt: number;
	doneAt: number;
	attempts: number;
	/** Each attempt that got no OK, from its start to its end (error, timeout or an answer that was not OK). */
	failedAttempts: Array<{ start: number; end: number }>;
	state: string;
	/** The reply Body the gateway got with its OK, if any. */
	replyBody?: string;
}

export interface ExecutionSeen {
	messageId: string;
	status: string;
}

export interface Double {
	ID: string;
	Body: string;
	succeeded: number;
	attempts: number;
	/** What it met, e.g. "worker killed (its own)", "Redis stopped (another's)", "none (burst)". */
	causes: string;
}

export interface SoakFigures {
	messages: number;
	faultsPlanned: Record<string, number>;
	/** Messages that met a fault (faultsMet): their own, or another's in force during a failed attempt. */
	messagesMeetingAFault: number;
	gatewayDelivered: number;
	gatewayNotDelivered: string[];
	executions: number;
	executionsByStatus: Record<string, number>;
	/**
	 * Messages the workflow saw: at least one successful execution, or the reply only a run of the
	 * workflow gives (its Reply to Message) reached the gateway: all of them, or the soak failed.
	 */
	messagesSeen: number;
	/**
	 * Of those, the ones with no successful execution whose run still sent its reply: the worker was
	 * killed after the run's Reply to Message (its last node) had answered, before n8n recorded the
	 * end (the execution stays "running").
	 */
	seenOnlyByTheirReply: string[];
	lost: string[];
	actedOnTwice: number;
	doublesByCause: Record<string, number>;
	doubles: Double[];
	optOutsSent: number;
	optOutsKept: number;
	optOutRows: number;
}

const during = (window: FaultWindow, span: { start: number; end: number }) => window.start <= span.end && window.end >= span.start;

function struck(window: FaultWindow, message: MessageTrace, spans: Array<{ start: number; end: number }>): boolean {
	if (window.fault === 'answer dropped') return window.messageId === message.ID;
	return spans.some((span) => during(window, span));
}

/**
 * The faults that struck a message's failed attempts (or, delivered at once, its one attempt), in a
 * stable order: "kind (its own)" for the one planned for it, "kind (another's)" for the others.
 */
export function faultsMet(message: MessageTrace, windows: FaultWindow[]): string[] {
	const spans = message.failedAttempts.length ? message.failedAttempts : [{ start: message.firstAttemptAt, end: message.doneAt }];
	const met = new Set<string>();
	for (const window of windows) {
		if (struck(window, message, spans)) met.add(`${window.fault} (${window.messageId === message.ID ? 'its own' : "another's"})`);
	}
	return [...met].sort();
}

/**
 * `workflowReply`: the reply Body only a run of the workflow gives (the SMS example's Reply to
 * Message); a message the gateway got it for was seen by the workflow even if no execution of it
 * ended in success.
 */
export function tally(messages: MessageTrace[], executions: ExecutionSeen[], windows: FaultWindow[], optOutNumbers: string[], workflowReply?: string): SoakFigures {
	const runs = new Map<string, { runs: number; succeeded: number }>();
	const byStatus: Record<string, number> = {};
	for (const execution of executions) {
		const entry = runs.get(execution.messageId) ?? { runs: 0, succeeded: 0 };
		entry.runs++;
		if (execution.status === 'success') entry.succeeded++;
		runs.set(execution.messageId, entry);
		byStatus[execution.status] = (byStatus[execution.status] ?? 0) + 1;
	}
	const faultsPlanned: Record<string, number> = {};
	for (const m of messages) if (m.fault) faultsPlanned[m.fault] = (faultsPlanned[m.fault] ?? 0) + 1;
	const doubles: Double[] = messages
		.filter((m) => (runs.get(m.ID)?.succeeded ?? 0) > 1)
		.map((m) => {
			const met = faultsMet(m, windows);
			return {
				ID: m.ID,
				Body: m.Body,
				succeeded: runs.get(m.ID)!.succeeded,
				attempts: m.attempts,
				causes: met.length ? met.join(' + ') : m.burst ? 'none (burst)' : 'none',
			};
		});
	const doublesByCause: Record<string, number> = {};
	for (const d of doubles) doublesByCause[d.causes] = (doublesByCause[d.causes] ?? 0) + 1;
	const succeeded = (m: MessageTrace) => (runs.get(m.ID)?.succeeded ?? 0) > 0;
	const repliedByRun = (m: MessageTrace) => workflowReply !== undefined && m.replyBody === workflowReply;
	const stops = messages.filter((m) => m.Body === 'STOP');
	const kept = new Set(optOutNumbers);
	return {
		messages: messages.length,
		faultsPlanned,
		messagesMeetingAFault: messages.filter((m) => faultsMet(m, windows).length > 0).length,
		gatewayDelivered: messages.filter((m) => m.state === 'delivered').length,
		gatewayNotDelivered: messages.filter((m) => m.state !== 'delivered').map((m) => `${m.ID} (${m.state})`),
		executions: executions.length,
		executionsByStatus: byStatus,
		messagesSeen: messages.filter((m) => succeeded(m) || repliedByRun(m)).length,
		seenOnlyByTheirReply: messages.filter((m) => !succeeded(m) && repliedByRun(m)).map((m) => `${m.ID} (${m.Body}${m.fault ? `, ${m.fault}` : ''})`),
		lost: messages.filter((m) => !succeeded(m) && !repliedByRun(m)).map((m) => `${m.ID} (${m.Body}${m.fault ? `, ${m.fault}` : ''}, ${m.attempts} attempts)`),
		actedOnTwice: doubles.length,
		doublesByCause,
		doubles,
		optOutsSent: stops.length,
		optOutsKept: stops.filter((m) => kept.has(m.From)).length,
		optOutRows: optOutNumbers.length,
	};
}
