/**
 * The sandbox plays New Call from a Digit Validation extension: CustomDVData honoured as the document
 * states it (URL, Method, Auth Header with AuthInfo, Response, NoURL, CustomData, Headers, `${NAME}`),
 * scripted phones that answer and press, do not answer, or are busy, the DV request with its documented
 * fields, the option routed by (hang up, prompt again, or no option: the call ends), and CDR Leg Details
 * saying what happened.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_SWITCH_KEY } from '../../../sandbox/server';
import { useSandbox } from '../../helpers/sandbox';

const env = useSandbox();

/** The application the DV posts to: records each request and answers `answers` in turn. */
const app = {
	server: undefined as Server | undefined,
	url: '',
	received: [] as Array<{ method: string; url: string; headers: Record<string, unknown>; body: string }>,
	answers: [] as Array<{ status?: number; text: string }>,
};

beforeAll(async () => {
	app.server = createServer((req, res) => {
		let body = '';
		req.on('data', (c) => (body += c));
		req.on('end', () => {
			app.received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
			const next = app.answers.shift() ?? { text: 'thanks' };
			res.writeHead(next.status ?? 200, { 'content-type': 'text/plain' }).end(next.text);
		});
	});
	await new Promise<void>((resolve) => app.server!.listen(0, '127.0.0.1', resolve));
	app.url = `http://127.0.0.1:${(app.server!.address() as AddressInfo).port}/resume`;
});
afterAll(async () => {
	await new Promise((resolve) => app.server?.close(resolve));
});
beforeEach(() => {
	app.received = [];
	app.answers = [];
});

async function api(fn: string, body: Record<string, unknown>) {
	const answer = await fetch(`${env.sandbox.url}/api/${fn}/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ Key: DEFAULT_SWITCH_KEY, ...body }) });
	return (await answer.json()) as Record<string, any>;
}
async function control(path: string, body?: Record<string, unknown>) {
	const answer = await fetch(`${env.sandbox.url}/_sandbox/digit-validation${path}`, body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {});
	return (await answer.json()) as Record<string, any>;
}
const callRecord = async (CallID: string) => await control(`/call?CallID=${encodeURIComponent(CallID)}`);
async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, tries = 200): Promise<T> {
	for (let i = 0; i < tries; i++) {
		const v = await read();
		if (done(v)) return v;
		await new Promise((r) => setTimeout(r, 10));
	}
	throw new Error('never happened');
}
const legStates = async (CallID: string) => ((await api('cdrlegdetailsapi', { CallID })).Details as Array<{ State: string; Action: string }>).map((d) => `${d.State}: ${d.Action}`);

const customDv = (over: Record<string, unknown> = {}) => ({
	URL: app.url,
	Method: 'POST',
	Auth: 'Header',
	AuthInfo: { type: 'Bearer', credentials: 'wait-secret-1' },
	...over,
});

describe('New Call from a Digit Validation extension', () => {
	it('an answering phone presses 1: the DV posts the documented fields to the overridden URL with the Authorization header, and routes by the option answered', async () => {
		await control('/phone', { number: '5145550123', turns: [{ answer: 'answer', presses: ['1'] }] });
		app.answers = [{ text: 'thanks' }];
		const placed = await api('newcall', { Extension: '510', Destination: '5145550123', CustomDVData: customDv() });
		expect(placed).toEqual({ Status: 'OK', CallID: expect.any(String), Channel: expect.stringMatching(/^SIP\/510-/) });
		const record = await until(() => callRecord(placed.CallID), (r) => r.endedAt !== undefined);
		expect(app.received).toHaveLength(1);
		const [request] = app.received;
		expect(request).toMatchObject({ method: 'POST', url: '/resume', headers: expect.objectContaining({ authorization: 'Bearer wait-secret-1', 'content-type': 'application/json' }) });
		expect(JSON.parse(request.body)).toEqual({ Digits: '1', ExtensionNumber: '510', CDRCallID: placed.CallID, CIDName: '5145550123', CIDNum: '5145550123', DID: '5145550100' });
		expect(record).toMatchObject({ outcome: 'answered', routedTo: 'thanks' });
		expect(record.posts[0]).toMatchObject({ option: 'thanks', valid: true, status: 200 });
		expect(await legStates(placed.CallID)).toEqual(['Routed: Call from 510 routed to 5145550123', 'Answered: Answered by 5145550123', 'Ended: Hangup']);
		expect(env.sandbox.exchanges.find({ direction: 'out', service: 'digitValidation' })).toHaveLength(1);
	});

	it('a prompt-again option waits for another press; the answer must be exactly an option (else the call ends)', async () => {
		await control('/phone', { number: '5145550124', turns: [{ answer: 'answer', presses: ['7', '2'] }] });
		app.answers = [{ text: 'repeat' }, { text: 'goodbye' }];
		const placed = await api('newcall', { Extension: '510', Destination: '5145550124', CustomDVData: customDv() });
		const record = await until(() => callRecord(placed.CallID), (r) => r.endedAt !== undefined);
		expect(record.posts.map((p: any) => [p.digits, p.option])).toEqual([['7', 'repeat'], ['2', 'goodbye']]);

		await control('/phone', { number: '5145550125', turns: [{ answer: 'answer' }] });
		const second = await api('newcall', { Extension: '510', Destination: '5145550125', CustomDVData: customDv() });
		await until(() => callRecord(second.CallID), (r) => r.outcome === 'answered');
		app.answers = [{ text: 'thanks\n' }];
		const pressed = await control('/press', { CallID: second.CallID, digits: '1' });
		expect(pressed).toMatchObject({ post: { answer: 'thanks\n', valid: false }, ended: true });
		expect((await callRecord(second.CallID)).outcome).toBe('failed');
	});

	it('a busy phone and one that does not answer end unanswered; CDR Leg Details say which', async () => {
		await control('/phone', { number: '5145550126', turns: [{ answer: 'busy' }, { answer: 'noAnswer' }] });
		const busy = await api('newcall', { Extension: '510', Destination: '5145550126', CustomDVData: customDv() });
		const unanswered = await api('newcall', { Extension: '510', Destination: '5145550126', CustomDVData: customDv(), Timeout: 5 });
		expect((await until(() => callRecord(busy.CallID), (r) => r.endedAt !== undefined)).outcome).toBe('busy');
		expect((await until(() => callRecord(unanswered.CallID), (r) => r.endedAt !== undefined)).outcome).toBe('noAnswer');
		expect(await legStates(busy.CallID)).toEqual(['Routed: Call from 510 routed to 5145550126', 'Ended: Busy']);
		expect(await legStates(unanswered.CallID)).toEqual(['Routed: Call from 510 routed to 5145550126', 'Ended: No answer']);
		expect(app.received).toHaveLength(0);
		// The press endpoint refuses a call nobody answered.
		expect(await control('/press', { CallID: busy.CallID, digits: '1' })).toMatchObject({ Status: 'FAIL' });
	});

	it('Response replaces the answer when the request succeeded; a failed request routes nowhere', async () => {
		await control('/phone', { number: '5145550127', turns: [{ answer: 'answer', presses: ['1'] }, { answer: 'answer', presses: ['1'] }] });
		app.answers = [{ text: '<html>not an option</html>' }, { status: 409, text: 'running' }];
		const first = await api('newcall', { Extension: '510', Destination: '5145550127', CustomDVData: customDv({ Response: 'thanks' }) });
		expect((await until(() => callRecord(first.CallID), (r) => r.endedAt !== undefined)).posts[0]).toMatchObject({ option: 'thanks', valid: true });
		const second = await api('newcall', { Extension: '510', Destination: '5145550127', CustomDVData: customDv({ Response: 'thanks' }) });
		const record = await until(() => callRecord(second.CallID), (r) => r.endedAt !== undefined);
		expect(record).toMatchObject({ outcome: 'failed', posts: [{ status: 409, valid: false }] });
	});

	it('NoURL routes by CustomDVDigits without a request; GET sends the fields as a query; ${NAME} is substituted; CustomData and Headers are sent', async () => {
		await control('/phone', { number: '5145550128', turns: [{ answer: 'answer', presses: ['2'] }, { answer: 'answer', presses: ['1'] }] });
		const silent = await api('newcall', { Extension: '510', Destination: '5145550128', CustomDVData: { NoURL: true }, CustomDVDigits: ['repeat', 'thanks', '${BYE}'] });
		expect(silent.Status).toBe('OK');
		// CustomDVDigits values pass through the substitution: BYE is not given, so '${BYE}' is no option and the call ends.
		const record = await until(() => callRecord(silent.CallID), (r) => r.endedAt !== undefined);
		expect(record.posts).toEqual([expect.objectContaining({ url: '', option: '${BYE}', valid: false })]);
		expect(app.received).toHaveLength(0);

		app.answers = [{ text: 'goodbye' }];
		const get = await api('newcall', {
			Extension: '510',
			Destination: '5145550128',
			CustomDVData: { URL: `${app.url}?w=\${WAIT}`, WAIT: 'abc', Method: 'GET', Headers: ['X-Wait: ${WAIT}'], CustomData: { Pressed: 'yes', Wait: '${WAIT}' } },
		});
		await until(() => callRecord(get.CallID), (r) => r.endedAt !== undefined);
		expect(app.received).toEqual([expect.objectContaining({ method: 'GET', url: '/resume?w=abc&Pressed=yes&Wait=abc', headers: expect.objectContaining({ 'x-wait': 'abc' }) })]);
	});

	it('refuses CustomDVData it cannot read: an Auth other than Header, a Method other than POST or GET', async () => {
		expect(await api('newcall', { Extension: '510', Destination: '5145550129', CustomDVData: customDv({ Auth: 'Basic' }) })).toEqual({ Status: 'FAIL', Reason: 'Missing required field AuthInfo' });
		expect(await api('newcall', { Extension: '510', Destination: '5145550129', CustomDVData: customDv({ Method: 'PUT' }) })).toEqual({ Status: 'FAIL', Reason: 'Missing required field Method' });
		expect(await api('newcall', { Extension: '510', Destination: '5145550129', CustomDVData: 'not json' })).toEqual({ Status: 'FAIL', Reason: 'Missing required field CustomDVData' });
	});

	it('a call from an ordinary extension stays an ordinary call (no DV request)', async () => {
		const placed = await api('newcall', { Extension: '201', Destination: '5145550130' });
		expect(placed.Status).toBe('OK');
		expect((await control(`/call?CallID=${placed.CallID}`)).Status).toBe('FAIL');
	});

	describe('under the switch profiles', () => {
		const profile = async (settings: Record<string, unknown>) =>
			await fetch(`${env.sandbox.url}/_sandbox/switch/profile`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ settings }) });
		afterEach(async () => {
			await profile({ legDetails: 'live', outboundCallerId: 'extension', newCallAnswers: 'placed' });
		});

		it('leg details only after the hang-up: Unknown CallID while the call rings and while it is answered, every row once it ended', async () => {
			await profile({ legDetails: 'afterHangup' });
			await control('/phone', { number: '5145550140', turns: [{ answer: 'answer', ringMs: 100 }, { answer: 'busy' }, { answer: 'noAnswer' }] });
			const answered = await api('newcall', { Extension: '510', Destination: '5145550140', CustomDVData: customDv() });
			expect(await api('cdrlegdetailsapi', { CallID: answered.CallID })).toEqual({ Status: 'FAIL', Reason: 'Unknown CallID' });
			await until(() => callRecord(answered.CallID), (r) => r.outcome === 'answered');
			expect(await api('cdrlegdetailsapi', { CallID: answered.CallID })).toEqual({ Status: 'FAIL', Reason: 'Unknown CallID' });
			app.answers = [{ text: 'thanks' }];
			await control('/press', { CallID: answered.CallID, digits: '1' });
			expect(await legStates(answered.CallID)).toEqual(['Routed: Call from 510 routed to 5145550140', 'Answered: Answered by 5145550140', 'Ended: Hangup']);

			const busy = await api('newcall', { Extension: '510', Destination: '5145550140', CustomDVData: customDv() });
			const unanswered = await api('newcall', { Extension: '510', Destination: '5145550140', CustomDVData: customDv(), Timeout: 5 });
			await until(() => callRecord(unanswered.CallID), (r) => r.endedAt !== undefined);
			expect(await legStates(busy.CallID)).toEqual(['Routed: Call from 510 routed to 5145550140', 'Ended: Busy']);
			expect(await legStates(unanswered.CallID)).toEqual(['Routed: Call from 510 routed to 5145550140', 'Ended: No answer']);
		});

		it('leg details live: the Answered row while the call goes on', async () => {
			await control('/phone', { number: '5145550141', turns: [{ answer: 'answer' }] });
			const placed = await api('newcall', { Extension: '510', Destination: '5145550141', CustomDVData: customDv() });
			await until(() => callRecord(placed.CallID), (r) => r.outcome === 'answered');
			expect(await legStates(placed.CallID)).toEqual(['Routed: Call from 510 routed to 5145550141', 'Answered: Answered by 5145550141']);
		});

		it('outbound caller ID a DID: the call goes out from New Call\'s CIDNum, else the extension\'s DID, in the notifications and the details', async () => {
			await profile({ outboundCallerId: 'did' });
			await control('/phone', { number: '5145550142', turns: [{ answer: 'busy' }, { answer: 'busy' }] });
			const own = await api('newcall', { Extension: '510', Destination: '5145550142', CustomDVData: customDv() });
			const given = await api('newcall', { Extension: '510', Destination: '5145550142', CustomDVData: customDv(), CIDNum: '5145550101' });
			await until(() => callRecord(given.CallID), (r) => r.endedAt !== undefined);
			expect(await legStates(own.CallID)).toEqual(['Routed: Call from 5145550100 routed to 5145550142', 'Ended: Busy']);
			expect(await legStates(given.CallID)).toEqual(['Routed: Call from 5145550101 routed to 5145550142', 'Ended: Busy']);
			expect(await control(`/call?CallID=${own.CallID}`)).toMatchObject({ source: '5145550100' });
		});

		it('New Call answers when the call is placed (the default): the phone still rings; WaitForStart 0 answers with Status only', async () => {
			await control('/phone', { number: '5145550160', turns: [{ answer: 'answer', ringMs: 300 }, { answer: 'answer', ringMs: 300 }] });
			const placed = await api('newcall', { Extension: '510', Destination: '5145550160', CustomDVData: customDv(), Timeout: 100 });
			expect(placed).toEqual({ Status: 'OK', CallID: expect.any(String), Channel: expect.stringMatching(/^SIP\/510-/) });
			expect((await callRecord(placed.CallID)).outcome).toBe('ringing');
			expect(await api('newcall', { Extension: '510', Destination: '5145550160', CustomDVData: customDv(), WaitForStart: 0 })).toEqual({ Status: 'OK' });
		});

		it('New Call answers once the call started (newCallAnswers answered): after the answer, or after a busy or unanswered call ended, still with CallID and Channel; WaitForStart 0 at once', async () => {
			await profile({ newCallAnswers: 'answered' });
			await control('/phone', { number: '5145550161', turns: [{ answer: 'answer', ringMs: 300 }, { answer: 'busy' }, { answer: 'noAnswer' }, { answer: 'answer', ringMs: 300 }] });
			// Ring Timeout 100 s: 1 s at the tests' time scale, more than the phone's 0.3 s ring.
			const answered = await api('newcall', { Extension: '510', Destination: '5145550161', CustomDVData: customDv(), Timeout: 100 });
			expect(answered).toEqual({ Status: 'OK', CallID: expect.any(String), Channel: expect.stringMatching(/^SIP\/510-/) });
			expect(await callRecord(answered.CallID)).toMatchObject({ outcome: 'answered', answeredAt: expect.any(Number) });
			const busy = await api('newcall', { Extension: '510', Destination: '5145550161', CustomDVData: customDv() });
			expect(busy).toEqual({ Status: 'OK', CallID: expect.any(String), Channel: expect.any(String) });
			expect(await callRecord(busy.CallID)).toMatchObject({ outcome: 'busy', endedAt: expect.any(Number) });
			const unanswered = await api('newcall', { Extension: '510', Destination: '5145550161', CustomDVData: customDv(), Timeout: 5 });
			expect(await callRecord(unanswered.CallID)).toMatchObject({ outcome: 'noAnswer', endedAt: expect.any(Number) });
			// WaitForStart 0: "the reply is immediate and carries only Status", under this reading too.
			expect(await api('newcall', { Extension: '510', Destination: '5145550161', CustomDVData: customDv(), WaitForStart: 0 })).toEqual({ Status: 'OK' });
			const [last] = Object.values((await control('')).calls as Record<string, any>).filter((c: any) => c.destination === '5145550161').slice(-1);
			expect(last.outcome).toBe('ringing');

			// A plain New Call (from an ordinary extension) the same: its answer comes after the phone's Connected.
			const connected: string[] = [];
			const onCall = (event: { Event: string; call: { CallID: string } }) => event.Event === 'Connected' && connected.push(event.call.CallID);
			env.sandbox.state.on('call', onCall);
			try {
				await control('/phone', { number: '5145550162', turns: [{ answer: 'answer', ringMs: 300 }] });
				const plain = await api('newcall', { Extension: '201', Destination: '5145550162', Timeout: 100 });
				expect(plain).toEqual({ Status: 'OK', CallID: expect.any(String), Channel: expect.stringMatching(/^SIP\/201-/) });
				expect(connected).toContain(plain.CallID);
			} finally {
				env.sandbox.state.off('call', onCall);
			}
		});

		it('a key pressed 0.3 s, 2 s or 5 s after the answer: each posted that long after the answer', async () => {
			for (const [i, ms] of [300, 2000, 5000].entries()) {
				await control('/phone', { number: `514555015${i}`, turns: [{ answer: 'answer', presses: ['1'], pressAfterMs: ms }] });
			}
			const placed = await Promise.all([0, 1, 2].map((i) => api('newcall', { Extension: '510', Destination: `514555015${i}`, CustomDVData: customDv() })));
			const records = await Promise.all(placed.map((p) => until(() => callRecord(p.CallID), (r) => r.endedAt !== undefined, 700)));
			const delays = records.map((r) => Date.parse(r.posts[0].at) - r.answeredAt);
			expect(delays[0]).toBeGreaterThanOrEqual(290);
			expect(delays[1]).toBeGreaterThanOrEqual(1990);
			expect(delays[2]).toBeGreaterThanOrEqual(4990);
			expect(delays[2]).toBeLessThan(6000);
		}, 20_000);
	});
});
