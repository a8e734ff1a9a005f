/**
 * Call and Wait for Keypress, execute side, through n8n-core's engine against the sandbox switch: the
 * New Call from the Digit Validation with CustomDVData pointing at the signed resume URL (the secret's
 * hash in the URL, the secret in the Header auth), the wait that starts as soon as New Call answered
 * (so a key pressed after the answer finds it), the call watcher's retries of busy and unanswered calls
 * and its report to the resume URL when nobody answered, under both leg-details readings of the switch
 * (live, after the hang-up) and both readings of New Call's WaitForStart answer (when the call is
 * placed, or only once it started: sandbox/switch/profiles.ts `newCallAnswers`), and every refusal
 * before anything is called. The resume URL points at a local server here; the waiting side in real
 * n8n is test/e2e/callAndWait.test.ts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WAIT_INDEFINITELY, type INodeParameters } from 'n8n-workflow';
import { runNode } from '../../../scripts/n8n-engine/n8nEngine';
import { hashOf } from '../../../nodes/SolSwitch/callAndWait/secret';
import { writeNumber } from '../../../sandbox/switch/profiles';
import { useSandbox } from '../../helpers/sandbox';
import { until } from '../../helpers/until';
import { callAndWaitParameters } from '../../helpers/callAndWaitParameters';

jest.setTimeout(60_000);

const env = useSandbox();
let phoneSeq = 0;

async function phone(turns: Array<Record<string, unknown>>) {
	const number = `1450555${String(3000 + ++phoneSeq)}`;
	await fetch(`${env.sandbox.url}/_sandbox/digit-validation/phone`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ number, turns }) });
	return number;
}

const params = (destination: string, over: Record<string, unknown> = {}) => callAndWaitParameters(destination, over);
/** n8n's waiting webhooks as this test sees them: every post to a resume URL, answered `thanks` (a keypress) or `OK`. */
const n8n = {
	server: undefined as Server | undefined,
	base: '',
	posts: [] as Array<{ at: number; url: string; authorization?: string; body: Record<string, any> }>,
	/** How "n8n" answers the watcher's question before a retry: the node's `waiting`, or n8n's own answer for a wait that is gone. */
	stillWaiting: { status: 200, text: 'waiting' },
	/** How many questions to answer 409 "running already" first (the execution not saved as waiting yet). */
	notWaitingYet: 0,
};
beforeAll(async () => {
	n8n.server = createServer((req, res) => {
		let text = '';
		req.on('data', (c) => (text += c));
		req.on('end', () => {
			const body = JSON.parse(text || '{}') as Record<string, any>;
			n8n.posts.push({ at: Date.now(), url: req.url!, authorization: req.headers.authorization, body });
			if (body.callResult === 'stillWaiting') {
				const answer = n8n.notWaitingYet-- > 0 ? { status: 409, text: '{"code":409,"message":"The execution \\"7\\" is running already."}' } : n8n.stillWaiting;
				return void res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.text);
			}
			res.writeHead(200, { 'content-type': 'text/plain' }).end(body.Digits !== undefined ? 'thanks' : 'OK');
		});
	});
	await new Promise<void>((resolve) => n8n.server!.listen(0, '127.0.0.1', resolve));
	n8n.base = `http://127.0.0.1:${(n8n.server!.address() as AddressInfo).port}/webhook-waiting`;
});
afterAll(async () => {
	await new Promise((resolve) => n8n.server?.close(resolve));
});
beforeEach(() => {
	n8n.posts = [];
	n8n.stillWaiting = { status: 200, text: 'waiting' };
	n8n.notWaitingYet = 0;
});

const run = (parameters: Record<string, unknown>) =>
	runNode({ type: 'solSwitch', typeVersion: 2, parameters: parameters as INodeParameters, credentials: env.switchCredentials(), input: [{ json: { alert: 'disk full' } }], urls: { webhookWaitingBaseUrl: n8n.base } });
const newCalls = () => env.received('newcall').map((e) => e.body as Record<string, any>);
const control = async (path: string, body?: Record<string, unknown>) =>
	(await (await fetch(`${env.sandbox.url}/_sandbox/digit-validation${path}`, body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {})).json()) as Record<string, any>;
type Reading = { legDetails: 'live' | 'afterHangup'; newCallAnswers: 'placed' | 'answered' };
const profile = async (settings: Reading) =>
	await fetch(`${env.sandbox.url}/_sandbox/switch/profile`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ settings }) });
/** The switch's readings the keypress must hold under: leg details during the call or after the hang-up, New Call answered when placed or once the call started. */
const READINGS: Array<[string, string, Reading]> = (['live', 'afterHangup'] as const).flatMap((legDetails) =>
	(['placed', 'answered'] as const).map((newCallAnswers): [string, string, Reading] => [legDetails, newCallAnswers, { legDetails, newCallAnswers }]),
);
/** Whether the switch's CIDNum names this phone, in whichever form the switch writes it (profiles.ts: 10, 11 digits or +1). */
const sameNumber = (written: unknown, number: string) => writeNumber(String(written ?? ''), 'e164') === writeNumber(number, 'e164');
/** The posts of one kind; keys only from the given phone when named (a phone of an earlier test may still press its key into this one). */
const postsOf = (kind: 'keys' | 'result' | 'question', phoneNumber?: string) =>
	n8n.posts.filter((p) =>
		kind === 'keys' ? p.body.Digits !== undefined && (phoneNumber === undefined || sameNumber(p.body.CIDNum, phoneNumber)) : kind === 'result' ? p.body.callResult === 'unanswered' : p.body.callResult === 'stillWaiting',
	);

describe('Call and Wait for Keypress (execute side)', () => {
	it('calls from the DV with CustomDVData to the signed resume URL, then waits indefinitely; the output is the input', async () => {
		const number = await phone([{ answer: 'answer', presses: ['1'] }]);
		const { items, error, run: result } = await run(params(`+${number}`, { additionalFields: { CIDName: 'Approval' } }));
		expect(error).toBeUndefined();
		const [sent] = newCalls();
		expect(sent).toMatchObject({ Extension: '510', Destination: number, CIDName: 'Approval', WaitForStart: 1 });
		const { URL, Method, Auth, AuthInfo } = sent.CustomDVData;
		expect({ Method, Auth, type: AuthInfo.type }).toEqual({ Method: 'POST', Auth: 'Header', type: 'Bearer' });
		const url = new globalThis.URL(URL);
		expect(url.pathname).toBe('/webhook-waiting/test-execution/node-under-test');
		await until('the keys of the answered call', () => (postsOf('keys', number).length ? true : undefined));
		expect(url.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);
		// The URL holds only the secret's hash; the switch holds the secret.
		expect(url.searchParams.get('wait')).toBe(hashOf(AuthInfo.credentials));
		expect(URL).not.toContain(AuthInfo.credentials);
		expect(result.status).toBe('waiting');
		expect(result.waitTill?.getTime()).toBe(WAIT_INDEFINITELY.getTime());
		expect(items.map((i) => i.json)).toEqual([{ alert: 'disk full' }]);
		// The secret is in no output, no run data.
		expect(JSON.stringify(result.data.resultData)).not.toContain(AuthInfo.credentials);
	});

	it('waits until Limit Wait Time, as n8n reads it', async () => {
		const number = await phone([{ answer: 'answer', presses: ['1'] }]);
		const before = Date.now();
		const { run: result } = await run(params(number, { options: { limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: 5, resumeUnit: 'minutes' } } } }));
		expect(result.waitTill!.getTime()).toBeGreaterThanOrEqual(before + 5 * 60_000);
		expect(result.waitTill!.getTime()).toBeLessThan(Date.now() + 5 * 60_000 + 1000);
		// The phone's key is posted before the next test starts, never into it.
		await until('the keypress post', () => (postsOf('keys', number).length ? true : undefined));
	});

	it.each([
		['a number that cannot be dialled', { Destination: 'call me' }, /cannot be dialled/],
		['the same key to approve and decline', { approvalOptions: { values: { approveLabel: '1', disapproveLabel: '1' } } }, /must differ/],
		['a two-line option for another key', { otherKeyOption: 'repeat\nagain' }, /Option After Another Key/],
		['an invalid Limit Wait Time', { options: { limitWaitTime: { values: { limitType: 'atSpecifiedTime', maxDateAndTime: 'soon' } } } }, /invalid date/],
	])('refuses %s before calling anyone', async (_label, over, message) => {
		const { error } = await run(params('15145550123', over));
		expect(error?.message).toMatch(message);
		expect(newCalls()).toHaveLength(0);
	});

	it('a switch FAIL (an extension that does not exist) stops the node with the Reason', async () => {
		const { error } = await run(params('15145550123', { Extension: '999' }));
		expect(error?.message).toContain('Unknown Extension Number');
	});

	describe.each(READINGS)('leg details %s, New Call answers when %s', (_legDetails, _answers, reading) => {
		beforeEach(async () => {
			await profile(reading);
		});
		afterAll(async () => {
			await profile({ legDetails: 'live', newCallAnswers: 'placed' });
		});

		it.each([300, 2000, 5000])('waits as soon as New Call answers, so a key %i ms after the answer reaches the wait', async (pressAfterMs) => {
			const number = await phone([{ answer: 'answer', ringMs: 300, presses: ['1'], pressAfterMs }]);
			const { run: result } = await run(params(number, { additionalFields: { Timeout: 100 } }));
			const returnedAt = Date.now();
			expect(result.status).toBe('waiting');
			const [call] = (await control('')).calls.filter((c: any) => c.destination === number);
			// Nothing was read between the call and the wait: the execution waited as soon as New Call answered,
			// before the phone was answered (placed), or just after it (answered: New Call answers only then).
			if (reading.newCallAnswers === 'placed') expect(call.answeredAt === undefined || call.answeredAt >= returnedAt).toBe(true);
			else expect(call.answeredAt).toBeLessThanOrEqual(returnedAt);
			const [keys] = await until('the keypress post', () => (postsOf('keys', number).length ? postsOf('keys', number) : undefined), 10_000);
			expect(keys.at).toBeGreaterThan(returnedAt);
			// The switch writes the phone's number its own way (the default: 10 digits), not as New Call was given it.
			expect(keys.body).toMatchObject({ Digits: '1', CIDNum: writeNumber(number, env.sandbox.state.settings.notificationNumbers) });
			expect(keys.url).toMatch(/^\/webhook-waiting\/test-execution\/node-under-test\?wait=[0-9a-f]{64}&signature=/);
			// Answered: the watcher places no other call and reports nothing.
			await new Promise((resolve) => setTimeout(resolve, 1500));
			expect(newCalls()).toHaveLength(1);
			expect(postsOf('result')).toHaveLength(0);
		}, 30_000);

		it('busy, then no answer, then answered: the watcher calls again while the execution waits (the same wait, one URL and secret)', async () => {
			const number = await phone([{ answer: 'busy' }, { answer: 'noAnswer' }, { answer: 'answer', presses: ['1'] }]);
			const { run: result } = await run(params(number, { additionalFields: { Timeout: 5 }, options: { retries: 3, retryInterval: 0 } }));
			expect(result.status).toBe('waiting');
			expect(newCalls()).toHaveLength(1);
			await until('three calls', () => (newCalls().length === 3 ? true : undefined));
			expect(new Set(newCalls().map((c) => JSON.stringify(c.CustomDVData))).size).toBe(1);
			await until('the keypress post', () => (postsOf('keys', number).length ? true : undefined));
			expect(postsOf('result')).toHaveLength(0);
		}, 30_000);

		it('nobody answers any call: the watcher posts each attempt to the resume URL with the wait\'s secret', async () => {
			const number = await phone([{ answer: 'noAnswer' }, { answer: 'busy' }]);
			const { run: result } = await run(params(number, { additionalFields: { Timeout: 5 }, options: { retries: 1, retryInterval: 0 } }));
			expect(result.status).toBe('waiting');
			const [report] = await until('the report', () => (postsOf('result').length ? postsOf('result') : undefined));
			expect(newCalls()).toHaveLength(2);
			const secret = newCalls()[0].CustomDVData.AuthInfo.credentials as string;
			expect(report.authorization).toBe(`Bearer ${secret}`);
			expect(report.url).toBe(new URL(newCalls()[0].CustomDVData.URL).pathname + new URL(newCalls()[0].CustomDVData.URL).search);
			expect(report.body).toEqual({
				callResult: 'unanswered',
				attempts: [expect.objectContaining({ attempt: 1, outcome: 'noAnswer' }), expect.objectContaining({ attempt: 2, outcome: 'busy' })],
			});
		}, 30_000);
	});
});

describe('Call and Wait for Keypress: a switch that answers New Call only once the call started', () => {
	afterEach(async () => {
		await profile({ legDetails: 'live', newCallAnswers: 'placed' });
	});

	// Ring Timeout 3100 s is 31 s at the tests' time scale (0.01): the switch holds New Call's answer
	// past the usual 30 s bound of a request, as a real one would for a Ring Timeout over 30 s.
	it('waits for New Call as long as the Ring Timeout (past the usual 30 s): an unanswered call is reported, not an error', async () => {
		await profile({ legDetails: 'live', newCallAnswers: 'answered' });
		const number = await phone([{ answer: 'noAnswer' }]);
		const { error, run: result } = await run(params(number, { additionalFields: { Timeout: 3100 }, options: { retries: 0 } }));
		expect(error).toBeUndefined();
		expect(result.status).toBe('waiting');
		const [report] = await until('the report', () => (postsOf('result').length ? postsOf('result') : undefined));
		expect(report.body.attempts).toEqual([expect.objectContaining({ attempt: 1, outcome: 'noAnswer' })]);
	}, 90_000);
});

describe('Call and Wait for Keypress: the watcher asks before calling again', () => {
	it('asks the resume URL before each retry, with the wait\'s secret', async () => {
		const number = await phone([{ answer: 'busy' }, { answer: 'busy' }, { answer: 'answer', presses: ['1'] }]);
		await run(params(number, { additionalFields: { Timeout: 5 }, options: { retries: 2, retryInterval: 0 } }));
		await until('the keypress post', () => (postsOf('keys', number).length ? true : undefined));
		expect(newCalls()).toHaveLength(3);
		expect(postsOf('question').map((p) => p.authorization)).toEqual(Array(2).fill(`Bearer ${newCalls()[0].CustomDVData.AuthInfo.credentials}`));
	}, 30_000);

	it('asked before the execution is saved as waiting (409 running already), asks again, then calls', async () => {
		n8n.notWaitingYet = 2;
		const number = await phone([{ answer: 'busy' }, { answer: 'answer', presses: ['1'] }]);
		await run(params(number, { additionalFields: { Timeout: 5 }, options: { retries: 1, retryInterval: 0 } }));
		await until('the keypress post', () => (postsOf('keys', number).length ? true : undefined));
		expect(postsOf('question')).toHaveLength(3);
		expect(newCalls()).toHaveLength(2);
	}, 30_000);

	it('a wait n8n no longer holds (cancelled: n8n answers 409 itself): nobody is called again, nothing is reported', async () => {
		n8n.stillWaiting = { status: 409, text: '{"code":409,"message":"The execution \\"7\\" has finished with error."}' };
		const number = await phone([{ answer: 'busy' }, { answer: 'answer', presses: ['1'] }]);
		await run(params(number, { additionalFields: { Timeout: 5 }, options: { retries: 2, retryInterval: 0 } }));
		await until('the question', () => (postsOf('question').length ? true : undefined));
		await new Promise((resolve) => setTimeout(resolve, 1500));
		expect(newCalls()).toHaveLength(1);
		expect(postsOf('result')).toHaveLength(0);
	}, 30_000);
});
