import { EARLIER_ITERATION, forwardOutcome, NEAR_TIME_LIMIT_MS, NODE_FAILED, NOT_YET_WAITING_MS, STILL_WAITING } from '../../../nodes/shared/messaging/sendAndWait/forwarding';

/** The head of n8n's page for a finished send-and-wait execution (templates/send-and-wait-no-action-required.handlebars, 1.123.81 to 2.41.3). */
const NO_ACTION_PAGE = "<html lang='en'>\n\t<head>\n\t\t<meta charset='UTF-8' />\n\t\t<title>No action required</title>\n\t</head>\n\t<body><h1>No action required</h1></body>\n</html>";
const HOUR = 3600_000;

describe("what n8n's answer to a forward means (decided by the JSON ack, not the status)", () => {
	it('resumed: the waiting node accepted (object or JSON text), with its reply text', () => {
		expect(forwardOutcome(200, { accepted: true }, 0)).toEqual({ kind: 'resumed' });
		expect(forwardOutcome(200, '{"accepted":true,"replyText":"Thanks"}', 0)).toEqual({ kind: 'resumed', replyText: 'Thanks' });
	});

	it('kept: the waiting node refused and keeps waiting', () => {
		expect(forwardOutcome(200, { accepted: false, reason: 'not understood', replyText: 'Reply YES or NO' }, 0)).toEqual({
			kind: 'kept',
			reason: 'not understood',
			replyText: 'Reply YES or NO',
		});
		expect(forwardOutcome(200, { accepted: false }, 0)).toEqual({ kind: 'kept', reason: 'refused' });
	});

	it('gone: 401, 404, 409 finished with error, a 200 that is neither an ack nor n8n\'s page', () => {
		for (const [status, body] of [
			[200, '<html>Something else</html>'],
			[200, { accepted: 'true' }],
			[401, '<html>invalid token</html>'],
			[404, { message: 'The execution "9" does not exist.' }],
			[409, { message: 'The execution "9" has finished with error.' }],
		] as Array<[number, unknown]>) {
			expect(forwardOutcome(status, body, 0).kind).toBe('gone');
		}
	});

	it('retry: "running already" shortly after registering (not waiting yet), no answer, 502-504', () => {
		const running = { code: 409, message: 'The execution "9" is running already.' };
		expect(forwardOutcome(409, running, 500)).toEqual({ kind: 'retry', reason: 'the execution is not waiting yet' });
		expect(forwardOutcome(409, running, NOT_YET_WAITING_MS + 1, Infinity, true).kind).toBe('consumed');
		expect(forwardOutcome(undefined, undefined, 0).kind).toBe('retry');
		expect(forwardOutcome(503, '', 0).kind).toBe('retry');
	});

	it('retry, not taken: HTTP 500 (D5), so the wait stays and the gateway sends the reply again', () => {
		expect(forwardOutcome(500, { message: 'There was a problem executing the workflow' }, 0)).toEqual({ kind: 'retry', reason: 'n8n answered 500' });
	});

	it('retry, not kept: the waiting node could not check the signature (D3: the two ends hold different Inbound Keys)', () => {
		for (const reason of ['bad signature', 'no inbound key in the credential']) {
			expect(forwardOutcome(200, { accepted: false, reason }, 0)).toEqual({ kind: 'retry', reason: `the waiting node refused the signature (${reason}): are both ends on the same Inbound Key?`, signature: true });
		}
	});

	it('retry, never kept: the waiting node failed itself (a credential or parameter it could not read, R8), so the gateway sends the reply again', () => {
		expect(forwardOutcome(200, { accepted: false, reason: 'the waiting node could not read the reply' }, 1000)).toEqual({ kind: 'retry', reason: NODE_FAILED });
		expect(forwardOutcome(200, JSON.stringify({ accepted: false, reason: NODE_FAILED }), 1000, 1000, true).kind).toBe('retry');
	});

	it('kept: a probe the waiting node answers (it still waits)', () => {
		expect(forwardOutcome(200, { accepted: false, reason: STILL_WAITING }, 0).kind).toBe('kept');
	});

	it('gone: a cancelled execution (n8n: 409 finished with error) or a deleted one (404) frees its wait (D2)', () => {
		expect(forwardOutcome(409, { code: 409, message: 'The execution "9" has finished with error.' }, 0).kind).toBe('gone');
		expect(forwardOutcome(404, { code: 404, message: 'The execution "9" does not exist.' }, 0).kind).toBe('gone');
	});
});

describe('consumed: the wait is still held, its execution has moved on without an error, and the trigger forwarded this same message there before (its earlier delivery resumed it)', () => {
	it("n8n's \"No action required\" page (a send-and-wait execution that finished), 409 finished already, 409 running for a wait older than NOT_YET_WAITING_MS, the node waiting again in a later iteration", () => {
		expect(forwardOutcome(200, NO_ACTION_PAGE, 0, HOUR, true)).toEqual({ kind: 'consumed', reason: 'the execution was resumed and has finished' });
		expect(forwardOutcome(409, { code: 409, message: 'The execution "9 has finished already.' }, 0, HOUR, true)).toEqual({ kind: 'consumed', reason: 'the execution was resumed and has finished' });
		expect(forwardOutcome(409, { code: 409, message: 'The execution "9" is running already.' }, NOT_YET_WAITING_MS + 1, HOUR, true)).toEqual({ kind: 'consumed', reason: 'the execution was resumed and runs' });
		expect(forwardOutcome(200, { accepted: false, reason: EARLIER_ITERATION }, 0, HOUR, true)).toEqual({ kind: 'consumed', reason: 'the wait was resumed and its node waits again' });
		// No time limit (the default argument: as far as the trigger knows, none near).
		expect(forwardOutcome(200, NO_ACTION_PAGE, 0, undefined, true).kind).toBe('consumed');
	});

	it('R10: gone for a message not forwarded there before (a new message ID meets a finished execution): it takes the ordinary path', () => {
		expect(forwardOutcome(200, NO_ACTION_PAGE, 0, HOUR)).toEqual({ kind: 'gone', reason: 'the execution was resumed and has finished, by another message' });
		expect(forwardOutcome(409, { code: 409, message: 'The execution "9 has finished already.' }, 0, HOUR, false).kind).toBe('gone');
		expect(forwardOutcome(409, { code: 409, message: 'The execution "9" is running already.' }, NOT_YET_WAITING_MS + 1, HOUR, false).kind).toBe('gone');
		expect(forwardOutcome(200, { accepted: false, reason: EARLIER_ITERATION }, 0, HOUR, false).kind).toBe('gone');
	});

	it('gone instead within NEAR_TIME_LIMIT_MS of its Limit Wait Time: n8n\'s timeout may have resumed it while the forward was on its way', () => {
		expect(forwardOutcome(200, NO_ACTION_PAGE, 0, NEAR_TIME_LIMIT_MS, true)).toEqual({ kind: 'gone', reason: 'the execution was resumed and has finished, at its time limit' });
		expect(forwardOutcome(409, { message: 'The execution "9" is running already.' }, NOT_YET_WAITING_MS + 1, 1000, true).kind).toBe('gone');
		expect(forwardOutcome(200, NO_ACTION_PAGE, 0, NEAR_TIME_LIMIT_MS + 1, true).kind).toBe('consumed');
	});

	it('never a cancelled or deleted execution, nor one that failed: those are gone (the reply runs the workflow)', () => {
		expect(forwardOutcome(409, { code: 409, message: 'The execution "9" has finished with error.' }, NOT_YET_WAITING_MS + 1, HOUR).kind).toBe('gone');
		expect(forwardOutcome(404, { code: 404, message: 'The execution "9" does not exist.' }, NOT_YET_WAITING_MS + 1, HOUR).kind).toBe('gone');
	});
});
