import { forwardOutcome, NOT_YET_WAITING_MS } from '../../../nodes/shared/messaging/sendAndWait/forwarding';

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

	it("gone: n8n's 200 HTML page for an ended wait, 401, 404, 409 finished with error", () => {
		for (const [status, body] of [
			[200, '<html>No action required</html>'],
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
		expect(forwardOutcome(409, running, NOT_YET_WAITING_MS + 1).kind).toBe('gone');
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

	it('gone: a cancelled execution (n8n: 409 finished with error) or a deleted one (404) frees its wait (D2)', () => {
		expect(forwardOutcome(409, { code: 409, message: 'The execution "9" has finished with error.' }, 0).kind).toBe('gone');
		expect(forwardOutcome(404, { code: 404, message: 'The execution "9" does not exist.' }, 0).kind).toBe('gone');
	});
});
