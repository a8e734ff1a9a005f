// The fault soak's counting: lost, acted on twice and to which faults each double is put down, and
// the opt-outs kept (tally.ts), on hand-made traces whose answers are known.
import { faultsMet, tally, type FaultWindow, type MessageTrace } from '../../../scripts/soak/tally';

const trace = (index: number, over: Partial<MessageTrace> = {}): MessageTrace => ({
	index,
	ID: `soak-${index}`,
	From: `1514500000${index}`,
	To: '55555',
	Body: index % 10 === 0 ? 'STOP' : 'hello',
	burst: false,
	firstAttemptAt: 1000 * index,
	doneAt: 1000 * index + 500,
	attempts: 1,
	failedAttempts: [],
	state: 'delivered',
	...over,
});

const windows: FaultWindow[] = [
	// The worker killed for message 1, down from 1.2 s to 3.1 s: message 2 (2.0-2.5 s) was in flight.
	{ fault: 'worker killed', messageId: 'soak-1', start: 1200, end: 3100 },
	{ fault: 'answer dropped', messageId: 'soak-4', start: 4400, end: 4400 },
	{ fault: 'Redis stopped', messageId: 'soak-9', start: 8200, end: 8300 },
];

test('faults met: a process fault touches the calls in flight while it was in force, a dropped answer only its own message', () => {
	expect(faultsMet(trace(1), windows)).toEqual(['worker killed (its own)']);
	expect(faultsMet(trace(2), windows)).toEqual(["worker killed (another's)"]);
	expect(faultsMet(trace(3), windows)).toEqual(["worker killed (another's)"]); // 3.0-3.5 s: restart ended at 3.1 s
	expect(faultsMet(trace(4), windows)).toEqual(['answer dropped (its own)']);
	expect(faultsMet(trace(5), windows)).toEqual([]);
});

test('a message delivered after retries is blamed only on what struck its failed attempts, not its later successful one', () => {
	// Its first attempt failed at 7.0-7.4 s (nothing struck it); the retry at 8.0-8.5 s met the Redis stop and succeeded.
	const retried = trace(7, { attempts: 2, doneAt: 8500, failedAttempts: [{ start: 7000, end: 7400 }] });
	expect(faultsMet(retried, windows)).toEqual([]);
	const struck = trace(7, { attempts: 2, doneAt: 8500, failedAttempts: [{ start: 7000, end: 8250 }] });
	expect(faultsMet(struck, windows)).toEqual(["Redis stopped (another's)"]);
});

test('lost, doubles with their causes, and opt-outs', () => {
	const messages = [trace(0), trace(1, { fault: 'worker killed' }), trace(2), trace(4, { fault: 'answer dropped', attempts: 2, failedAttempts: [{ start: 4000, end: 4400 }] }), trace(6, { burst: true }), trace(7), trace(10)];
	const executions = [
		{ messageId: 'soak-0', status: 'success' },
		{ messageId: 'soak-1', status: 'crashed' },
		{ messageId: 'soak-1', status: 'success' },
		{ messageId: 'soak-2', status: 'success' },
		{ messageId: 'soak-2', status: 'success' },
		{ messageId: 'soak-4', status: 'success' },
		{ messageId: 'soak-4', status: 'success' },
		{ messageId: 'soak-6', status: 'success' },
		{ messageId: 'soak-6', status: 'success' },
		{ messageId: 'soak-7', status: 'error' },
		{ messageId: 'soak-10', status: 'success' },
	];
	const figures = tally(messages, executions, windows, [trace(0).From]);
	expect(figures.messagesSeen).toBe(6);
	expect(figures.lost).toEqual(['soak-7 (hello, 1 attempts)']); // an execution that failed did not act
	expect(figures.actedOnTwice).toBe(3); // soak-1 crashed once and succeeded once: acted on once
	expect(figures.doublesByCause).toEqual({ "worker killed (another's)": 1, 'answer dropped (its own)': 1, 'none (burst)': 1 });
	expect(figures.doubles.find((d) => d.ID === 'soak-4')).toMatchObject({ succeeded: 2, attempts: 2 });
	expect(figures.executionsByStatus).toEqual({ success: 9, crashed: 1, error: 1 });
	expect(figures.faultsPlanned).toEqual({ 'worker killed': 1, 'answer dropped': 1 });
	expect(figures.messagesMeetingAFault).toBe(3); // 1, 2 and 4
	expect(figures).toMatchObject({ optOutsSent: 2, optOutsKept: 1, optOutRows: 1 });
});

test('a message whose run sent the reply only the workflow gives was seen, even with no execution ended in success (worker killed after its last node)', () => {
	const menu = 'Thanks! Text HOURS, PRICE or ORDER.';
	const messages = [trace(1, { fault: 'worker killed', replyBody: menu }), trace(2, { replyBody: 'We are open Monday to Friday' }), trace(3)];
	const executions = [
		{ messageId: 'soak-1', status: 'running' },
		{ messageId: 'soak-2', status: 'running' },
		{ messageId: 'soak-3', status: 'success' },
	];
	const figures = tally(messages, executions, windows, [], menu);
	expect(figures.messagesSeen).toBe(2);
	expect(figures.seenOnlyByTheirReply).toEqual(['soak-1 (hello, worker killed)']);
	// Another reply (the trigger's own) proves no run: soak-2 is lost.
	expect(figures.lost).toEqual(['soak-2 (hello, 1 attempts)']);
	// Without the workflow's reply named, only successful executions count.
	expect(tally(messages, executions, windows, []).lost).toHaveLength(2);
});
