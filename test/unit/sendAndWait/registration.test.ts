/**
 * The trigger's side of send-and-wait with a stand-in for n8n's webhook context: a registration is
 * checked with the credential's Inbound Key read afresh when the kept one does not verify it (D3), it
 * passes the trigger's Allowed Sources and Maximum Body Size like any callback, and a refusal says
 * nothing about whether a key is set (D9); a reply forward carries the registration's nonce (D6), and
 * a forward the waiting node cannot verify is answered 503 and logged, never taken (D3).
 */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';
import { answerRegistrationCall } from '../../../nodes/SolSwitchMessagingTrigger/registration';
import { carriesInboundKey } from '../../../nodes/SolSwitchMessagingTrigger/inboundCredential';
import { routeSms } from '../../../nodes/SolSwitchMessagingTrigger/sendAndWait/router';
import { WaitStore } from '../../../nodes/SolSwitchMessagingTrigger/sendAndWait/waitStore';
import { forgetKeptCredentials } from '../../../nodes/engine/trigger/keptCredential';
import { deriveKey, sign } from '../../../nodes/shared/messaging/sendAndWait/signing';

const OWN = 'https://n8n.example.com/webhook/8c1f7c1e-0000-4000-8000-000000000000/message';
const SIG = 'a'.repeat(64);
let workflows = 0;

interface Setup {
	key: () => string;
	body?: unknown;
	options?: IDataObject;
	address?: string;
	rawBytes?: number;
	headers?: IDataObject;
	workflowId?: string;
	forwardAnswer?: { statusCode: number; body: unknown };
}

function context(setup: Setup) {
	const written: Array<{ status: number; body: unknown }> = [];
	const forwards: Array<{ url: string; body: { payload: string } }> = [];
	const warnings: string[] = [];
	const staticData: IDataObject = {};
	const headers = { 'x-solswitch-wait': 'register', ...setup.headers };
	let status = 0;
	const fn = {
		getNode: () => ({ name: 'Trigger', credentials: { solSwitchMessagingApi: { id: 'cred-1', name: 'Messaging' } } }),
		getCredentials: async () => ({ inboundApiKey: setup.key(), inboundKeyType: 'body' }),
		getHeaderData: () => headers,
		getBodyData: () => setup.body,
		getNodeParameter: (name: string, fallback: unknown) => (name === 'options' ? setup.options ?? {} : fallback),
		getRequestObject: () => ({ socket: { remoteAddress: setup.address ?? '127.0.0.1' }, headers, rawBody: Buffer.alloc(setup.rawBytes ?? 300) }),
		getResponseObject: () => ({
			writeHead: (s: number) => void (status = s),
			end: (text: string) => void written.push({ status, body: JSON.parse(text) }),
		}),
		getNodeWebhookUrl: () => OWN,
		getWorkflow: () => ({ id: setup.workflowId ?? `registration-${++workflows}` }),
		getWorkflowStaticData: () => staticData,
		logger: { warn: (message: string) => void warnings.push(message), debug: () => undefined, info: () => undefined, error: () => undefined },
		helpers: {
			httpRequest: async (options: { url: string; body: { payload: string } }) => {
				forwards.push({ url: options.url, body: options.body });
				return setup.forwardAnswer ?? { statusCode: 200, body: { accepted: true } };
			},
		},
	} as unknown as IWebhookFunctions;
	return { fn, written, forwards, warnings, staticData };
}

const registration = (key: string, over: IDataObject = {}) =>
	sign(
		deriveKey(key, 'register')!,
		{ kind: 'register', id: 'wait-000001', nonce: 'nonce-00001', resumeUrl: `https://n8n.example.com/webhook-waiting/41/node-1?nonce=nonce-00001&signature=${SIG}`, phone: '15145550123', code: '55555', word: 'YES', expiresAt: Date.now() + 60_000, ...over },
		Date.now(),
	);

beforeEach(() => forgetKeptCredentials());

describe('a registration and the Inbound Key', () => {
	it('is verified with the key just set in the credential, not only the kept one (D3: no 30 s of 401 after a rotation)', async () => {
		let key = 'key-A';
		// A gateway callback: key A is now kept for 30 s.
		const before = context({ key: () => key, headers: { 'x-solswitch-wait': undefined } });
		expect(await carriesInboundKey(before.fn, { Key: 'key-A' })).toBe(true);
		key = 'key-B';
		const c = context({ key: () => key, body: registration('key-B') });
		const answer = await answerRegistrationCall(c.fn);
		expect(c.written).toEqual([]);
		expect(answer.webhookResponse).toMatchObject({ accepted: true, others: 0 });
	});

	it('says the same, whatever is wrong with the signature and whether or not a key is set (D9)', async () => {
		const reasons: unknown[] = [];
		for (const [key, body] of [
			['', registration('key-A')],
			['key-A', registration('key-B')],
			['key-A', { payload: '{}', signature: 'nope' }],
			['', { payload: '{}', signature: 'nope' }],
		] as Array<[string, unknown]>) {
			const c = context({ key: () => key, body });
			await answerRegistrationCall(c.fn);
			expect(c.written).toHaveLength(1);
			expect(c.written[0].status).toBe(401);
			reasons.push(c.written[0].body);
		}
		expect(new Set(reasons.map((r) => JSON.stringify(r))).size).toBe(1);
		expect(JSON.stringify(reasons[0])).not.toMatch(/no inbound key|not a signed|bad signature/);
	});
});

describe("a registration passes the trigger's guard (D9)", () => {
	it('is refused from an address outside Allowed Sources, before the credential is read', async () => {
		let reads = 0;
		const c = context({ key: () => (reads++, 'key-A'), body: registration('key-A'), options: { allowedSources: '10.0.0.0/8' }, address: '192.0.2.7' });
		await answerRegistrationCall(c.fn);
		expect(c.written).toEqual([{ status: 403, body: { accepted: false, reason: expect.stringMatching(/Allowed Sources/) } }]);
		expect(reads).toBe(0);
		const allowed = context({ key: () => 'key-A', body: registration('key-A'), options: { allowedSources: '10.0.0.0/8' }, address: '10.1.2.3' });
		expect((await answerRegistrationCall(allowed.fn)).webhookResponse).toMatchObject({ accepted: true });
	});

	it('is refused above Maximum Body Size', async () => {
		const c = context({ key: () => 'key-A', body: registration('key-A'), options: { maxBodyKb: 1 }, rawBytes: 2048 });
		await answerRegistrationCall(c.fn);
		expect(c.written).toEqual([{ status: 413, body: { accepted: false, reason: expect.stringMatching(/larger than 1 KB/) } }]);
	});
});

describe('a reply forwarded to its wait', () => {
	const sms = { from: '15145550123', to: '55555', text: 'YES', messageId: 'mo-1', receivedAt: '2026-11-27T10:00:00.000Z' };

	async function withWait(forwardAnswer?: { statusCode: number; body: unknown }) {
		const c = context({ key: () => 'key-A', body: registration('key-A'), forwardAnswer });
		expect((await answerRegistrationCall(c.fn)).webhookResponse).toMatchObject({ accepted: true });
		return c;
	}

	it("carries the registration's nonce (D6)", async () => {
		const c = await withWait();
		expect(await routeSms(c.fn, async () => 'key-A', sms)).toEqual({ kind: 'answered' });
		expect(c.forwards).toHaveLength(1);
		expect(JSON.parse(c.forwards[0].body.payload)).toMatchObject({ kind: 'reply', waitId: 'wait-000001', nonce: 'nonce-00001', text: 'YES' });
	});

	it('is sent again later (503), logged, and the wait kept, when the waiting node cannot verify it (D3)', async () => {
		const c = await withWait({ statusCode: 200, body: { accepted: false, reason: 'bad signature' } });
		expect(await routeSms(c.fn, async () => 'key-A', sms)).toEqual({ kind: 'retry' });
		expect(c.warnings).toEqual([expect.stringMatching(/Inbound Key/)]);
		expect(WaitStore.of(c.fn).view(Date.now()).waits).toHaveLength(1);
	});

	it('is answered OK, starting nothing, the wait dropped, when n8n says the execution has moved on while the trigger still held the wait (an earlier delivery of this reply resumed it through a process that died before noting it)', async () => {
		const page = "<html lang='en'><head><title>No action required</title></head><body></body></html>";
		const c = await withWait({ statusCode: 200, body: page });
		expect(await routeSms(c.fn, async () => 'key-A', sms)).toEqual({ kind: 'answered' });
		expect(c.forwards).toHaveLength(1);
		expect(WaitStore.of(c.fn).view(Date.now()).waits).toEqual([]);
	});

	it('takes the ordinary path, the wait dropped, for a reply near the Limit Wait Time whose execution no longer waits (the timeout may have resumed it), and for a cancelled one', async () => {
		const page = "<html lang='en'><head><title>No action required</title></head><body></body></html>";
		// The wait ends 60 s after its registration: 45 s later it is within NEAR_TIME_LIMIT_MS of it.
		const near = await withWait({ statusCode: 200, body: page });
		expect(await routeSms(near.fn, async () => 'key-A', sms, Date.now() + 45_000)).toEqual({ kind: 'none' });
		expect(near.forwards).toHaveLength(1);
		expect(WaitStore.of(near.fn).view(Date.now()).waits).toEqual([]);
		const cancelled = await withWait({ statusCode: 409, body: { code: 409, message: 'The execution "41" has finished with error.' } });
		expect(await routeSms(cancelled.fn, async () => 'key-A', sms)).toEqual({ kind: 'none' });
		expect(WaitStore.of(cancelled.fn).view(Date.now()).waits).toEqual([]);
	});

	it('is not forwarded once the wait\'s Limit Wait Time has passed: the ordinary path', async () => {
		const c = await withWait({ statusCode: 200, body: { accepted: true } });
		expect(await routeSms(c.fn, async () => 'key-A', sms, Date.now() + 60_001)).toEqual({ kind: 'none' });
		expect(c.forwards).toEqual([]);
	});

	it('is sent again later, the wait kept, when n8n answers the forward HTTP 500 (D5)', async () => {
		const c = await withWait({ statusCode: 500, body: { message: 'There was a problem executing the workflow' } });
		expect(await routeSms(c.fn, async () => 'key-A', sms)).toEqual({ kind: 'retry' });
		expect(WaitStore.of(c.fn).view(Date.now()).waits).toHaveLength(1);
	});
});
