/**
 * The trigger's side of send-and-wait with a stand-in for n8n's webhook context: a registration is
 * checked with the credential's Inbound Key read afresh when the kept one does not verify it (D3), it
 * passes the trigger's Allowed Sources and Maximum Body Size like any callback, and a refusal says
 * nothing about whether a key is set (D9); a reply goes, noted, to one wait, and every redelivery to
 * that wait only (D6); a wait that moved on means the message was taken only for that same message
 * (R10); a forward the waiting node cannot verify is answered 503 and logged, never taken (D3); at the
 * cap, the waits are probed before the phone is asked which one (R12).
 */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';
import { answerRegistrationCall } from '../../../nodes/SolSwitchMessagingTrigger/registration';
import { carriesInboundKey } from '../../../nodes/SolSwitchMessagingTrigger/inboundCredential';
import { routeSms } from '../../../nodes/SolSwitchMessagingTrigger/sendAndWait/router';
import { WaitStore } from '../../../nodes/SolSwitchMessagingTrigger/sendAndWait/waitStore';
import { forgetKeptCredentials } from '../../../nodes/engine/trigger/keptCredential';
import { deriveKey, sign } from '../../../nodes/shared/messaging/sendAndWait/signing';
import { STILL_WAITING } from '../../../nodes/shared/messaging/sendAndWait/forwarding';
import { MAX_PER_NUMBER } from '../../../nodes/SolSwitchMessagingTrigger/sendAndWait/registry';

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
	/** n8n's answer to a forward or probe: one for all, or per call (the URL and the signed payload). */
	forwardAnswer?: { statusCode: number; body: unknown } | ((url: string, payload: IDataObject) => { statusCode: number; body: unknown } | Promise<{ statusCode: number; body: unknown }>);
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
				const answer = setup.forwardAnswer;
				return typeof answer === 'function' ? await answer(options.url, JSON.parse(options.body.payload) as IDataObject) : (answer ?? { statusCode: 200, body: { accepted: true } });
			},
		},
	} as unknown as IWebhookFunctions;
	return { fn, written, forwards, warnings, staticData, setup };
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

	async function withWait(forwardAnswer?: Setup['forwardAnswer']) {
		const c = context({ key: () => 'key-A', body: registration('key-A'), forwardAnswer });
		expect((await answerRegistrationCall(c.fn)).webhookResponse).toMatchObject({ accepted: true });
		return c;
	}

	const PAGE = "<html lang='en'><head><title>No action required</title></head><body></body></html>";
	const iterationUrl = (iteration: number, nonce: string) => `https://n8n.example.com/webhook-waiting/41/node-1?iteration=${iteration}&nonce=${nonce}&signature=${SIG}`;

	it('carries the wait ID (no nonce: the iteration is in the URL n8n signed), and notes before it goes out where the message went', async () => {
		let noted: unknown;
		const c = await withWait();
		c.setup.forwardAnswer = () => {
			noted = WaitStore.of(c.fn).forwardedTo('mo-1', Date.now());
			return { statusCode: 200, body: { accepted: true } };
		};
		expect(await routeSms(c.fn, async () => 'key-A', sms)).toEqual({ kind: 'answered' });
		expect(c.forwards).toHaveLength(1);
		const payload = JSON.parse(c.forwards[0].body.payload);
		expect(payload).toMatchObject({ kind: 'reply', waitId: 'wait-000001', text: 'YES', messageId: 'mo-1' });
		expect(payload).not.toHaveProperty('nonce');
		expect(noted).toMatchObject({ id: 'wait-000001', nonce: 'nonce-00001' });
	});

	it('is sent again later (503), logged, and the wait kept, when the waiting node cannot verify it (D3)', async () => {
		const c = await withWait({ statusCode: 200, body: { accepted: false, reason: 'bad signature' } });
		expect(await routeSms(c.fn, async () => 'key-A', sms)).toEqual({ kind: 'retry' });
		expect(c.warnings).toEqual([expect.stringMatching(/Inbound Key/)]);
		expect(WaitStore.of(c.fn).view(Date.now()).waits).toHaveLength(1);
	});

	it('is sent again later (503), the wait kept, when the waiting node failed to read it (R8: never answered OK and lost)', async () => {
		const c = await withWait({ statusCode: 200, body: { accepted: false, reason: 'the waiting node could not read the reply' } });
		expect(await routeSms(c.fn, async () => 'key-A', sms)).toEqual({ kind: 'retry' });
		expect(WaitStore.of(c.fn).view(Date.now()).waits).toHaveLength(1);
	});

	it('R10: a new message meeting a wait whose execution has finished takes the ordinary path, the wait dropped', async () => {
		const c = await withWait({ statusCode: 200, body: PAGE });
		expect(await routeSms(c.fn, async () => 'key-A', sms)).toEqual({ kind: 'none' });
		expect(c.forwards).toHaveLength(1);
		expect(WaitStore.of(c.fn).view(Date.now()).waits).toEqual([]);
		expect(WaitStore.of(c.fn).forwardedTo('mo-1', Date.now())).toBeUndefined();
	});

	it('the same message, forwarded before and not answered (503), meeting its wait finished: answered OK, starting nothing, the wait dropped', async () => {
		let calls = 0;
		const c = await withWait(() => (++calls === 1 ? Promise.reject(new Error('socket hang up')) : { statusCode: 200, body: PAGE }));
		expect(await routeSms(c.fn, async () => 'key-A', sms)).toEqual({ kind: 'retry' });
		expect(await routeSms(c.fn, async () => 'key-A', sms)).toEqual({ kind: 'answered' });
		expect(c.forwards).toHaveLength(2);
		expect(WaitStore.of(c.fn).view(Date.now()).waits).toEqual([]);
	});

	it('D6: forwarded to iteration 1, n8n answers too late (503); iteration 2 registers under the same wait ID; the redelivery goes to iteration 1 only, and is taken as handled', async () => {
		// n8n's waiting webhook for execution 41: it answers what the node at that URL would.
		let runIndex = 0;
		const c = context({ key: () => 'key-A', body: registration('key-A', { resumeUrl: iterationUrl(0, 'nonce-00001') }) });
		c.setup.forwardAnswer = async (url, payload) => {
			const iteration = Number(new URL(url).searchParams.get('iteration'));
			if (payload.kind !== 'reply') return { statusCode: 200, body: { accepted: false, reason: 'still waiting' } };
			if (iteration < runIndex) return { statusCode: 200, body: { accepted: false, reason: 'meant for an earlier wait of this node' } };
			// Iteration 1 takes the YES: the execution resumes, loops, and its node waits again (run 1)...
			runIndex++;
			// ... but n8n's answer does not reach the trigger in time.
			throw new Error('timeout of 15000ms exceeded');
		};
		expect((await answerRegistrationCall(c.fn)).webhookResponse).toMatchObject({ accepted: true });
		expect(await routeSms(c.fn, async () => 'key-A', sms)).toEqual({ kind: 'retry' });
		expect(runIndex).toBe(1);
		// Iteration 2 registers: same wait ID, a new nonce and iteration in its URL; it replaces the entry.
		c.setup.body = registration('key-A', { nonce: 'nonce-00002', resumeUrl: iterationUrl(1, 'nonce-00002') });
		expect((await answerRegistrationCall(c.fn)).webhookResponse).toMatchObject({ accepted: true });
		expect(WaitStore.of(c.fn).view(Date.now()).waits.map((w) => w.nonce)).toEqual(['nonce-00002']);
		// The gateway redelivers the YES: to iteration 1's URL only, told it was for an earlier wait: handled.
		expect(await routeSms(c.fn, async () => 'key-A', sms)).toEqual({ kind: 'answered' });
		expect(c.forwards.map((f) => new URL(f.url).searchParams.get('iteration'))).toEqual(['0', '0']);
		expect(runIndex).toBe(1);
		// Iteration 2 still waits, and a new message reaches it.
		expect(WaitStore.of(c.fn).view(Date.now()).waits.map((w) => w.nonce)).toEqual(['nonce-00002']);
		expect(await routeSms(c.fn, async () => 'key-A', { ...sms, messageId: 'mo-2' })).toEqual({ kind: 'retry' });
		expect(new URL(c.forwards[2].url).searchParams.get('iteration')).toBe('1');
		expect(runIndex).toBe(2);
	});

	describe(`R12: at the cap (${MAX_PER_NUMBER} waits of one phone and code), a reply without a pin`, () => {
		/** Ten waits on one phone, of executions 100-109; `alive` says which still wait (the rest were cancelled). */
		async function tenWaits(alive: (execution: number) => boolean) {
			const c = context({ key: () => 'key-A' });
			c.setup.forwardAnswer = (url, payload) => {
				const execution = Number(/webhook-waiting\/(\d+)\//.exec(url)?.[1]);
				if (!alive(execution)) return { statusCode: 409, body: { code: 409, message: `The execution "${execution}" has finished with error.` } };
				return payload.kind === 'probe' ? { statusCode: 200, body: { accepted: false, reason: STILL_WAITING } } : { statusCode: 200, body: { accepted: true } };
			};
			for (let i = 0; i < MAX_PER_NUMBER; i++) {
				c.setup.body = registration('key-A', { id: `wait-00010${i}`, nonce: `nonce-0010${i}`, resumeUrl: `https://n8n.example.com/webhook-waiting/10${i}/node-1?nonce=nonce-0010${i}&signature=${SIG}` });
				expect((await answerRegistrationCall(c.fn)).webhookResponse).toMatchObject({ accepted: true });
			}
			return c;
		}

		it('probes every wait, drops those n8n says are over, and asks which one among the rest only', async () => {
			const c = await tenWaits((execution) => execution >= 107);
			const answer = await routeSms(c.fn, async () => 'key-A', sms);
			expect(c.forwards.map((f) => JSON.parse(f.body.payload).kind)).toEqual(Array(MAX_PER_NUMBER).fill('probe'));
			expect(answer).toMatchObject({ kind: 'answered', body: expect.stringMatching(/^3 requests wait for your reply/) });
			expect(WaitStore.of(c.fn).view(Date.now()).waits.map((w) => w.id)).toEqual(['wait-000107', 'wait-000108', 'wait-000109']);
		});

		it('forwards the reply to the one wait left after the probes', async () => {
			const c = await tenWaits((execution) => execution === 104);
			expect(await routeSms(c.fn, async () => 'key-A', sms)).toEqual({ kind: 'answered' });
			const last = c.forwards.at(-1)!;
			expect(JSON.parse(last.body.payload)).toMatchObject({ kind: 'reply', waitId: 'wait-000104' });
			expect(c.forwards).toHaveLength(MAX_PER_NUMBER + 1);
		});

		it('below the cap, asks without probing', async () => {
			const c = context({ key: () => 'key-A' });
			for (const i of [1, 2]) {
				c.setup.body = registration('key-A', { id: `wait-00020${i}`, nonce: `nonce-0020${i}`, resumeUrl: `https://n8n.example.com/webhook-waiting/20${i}/node-1?nonce=nonce-0020${i}&signature=${SIG}` });
				await answerRegistrationCall(c.fn);
			}
			expect(await routeSms(c.fn, async () => 'key-A', sms)).toMatchObject({ kind: 'answered', body: expect.stringMatching(/^2 requests/) });
			expect(c.forwards).toEqual([]);
		});
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
