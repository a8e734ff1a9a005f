/**
 * Send and Wait for Response, execute side, through n8n-core's engine against the sandbox's gateway:
 * the wait is registered (signed with the key derived from the inbound key) before the SMS goes out,
 * the SMS carries the instruction (and the pin when the phone has another wait), the execution is put
 * to wait until Limit Wait Time, and every refusal happens before anything is registered or sent.
 * The registration endpoint here is a stand-in that checks and stores with the trigger's own registry
 * functions; the trigger itself is tested in real n8n (test/e2e).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WAIT_INDEFINITELY } from 'n8n-workflow';
import { runNode } from '../../../scripts/n8n-engine/n8nEngine';
import { CONFIRM_ROUNDS } from '../../../nodes/SolSwitchMessaging/sendAndWait/run';
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';
import { addWait, emptyRegistry, MAX_WAIT_LIFETIME_MS, registrationOf, routeReply } from '../../../nodes/SolSwitchMessagingTrigger/sendAndWait/registry';
import { sendAndWaitWebhook } from '../../../nodes/SolSwitchMessaging/sendAndWait/webhook';
import { deriveKey, sign, verify, WAIT_HEADER } from '../../../nodes/shared/messaging/sendAndWait/signing';
import { DEFAULT_INBOUND_KEY } from '../../../sandbox/gateway/config';
import { useSandbox } from '../../helpers/sandbox';
import { gatewayOf, gatewayReceived, messagingCredentials } from './env';

jest.setTimeout(60_000);

const env = useSandbox();

/** What the stand-in trigger received and how it answers. */
const trigger = {
	server: undefined as Server | undefined,
	url: '',
	received: [] as Array<{ headers: Record<string, unknown>; body: unknown }>,
	mo: [] as Array<Record<string, string>>,
	status: 200,
	registry: emptyRegistry(),
	nextPin: '4821',
	/** What the trigger says of its saved state, call by call (a trigger that says nothing: empty). */
	saved: [] as boolean[],
};

beforeAll(async () => {
	trigger.server = createServer((req, res) => {
		let text = '';
		req.on('data', (c) => (text += c));
		req.on('end', () => {
			const body = JSON.parse(text || '{}');
			// An MO the sandbox's gateway delivers (no registration header): kept, answered OK.
			if (req.headers[WAIT_HEADER] === undefined) {
				trigger.mo.push(body);
				res.writeHead(200, { 'content-type': 'application/json' }).end('{"Status":"OK"}');
				return;
			}
			trigger.received.push({ headers: req.headers, body });
			if (trigger.status !== 200) {
				res.writeHead(trigger.status, { 'content-type': 'application/json' }).end('{"message":"not registered"}');
				return;
			}
			const checked = verify(deriveKey(DEFAULT_INBOUND_KEY, 'register'), body, Date.now());
			// The trigger's origin check, as if it served on n8n's origin (the engine's waiting base URL).
			const entry = checked.ok ? registrationOf(checked.payload, 'http://127.0.0.1/webhook/trigger', Date.now()) : checked;
			const added = entry.ok ? addWait(trigger.registry, entry.entry, Date.now(), () => trigger.nextPin) : entry;
			res.writeHead(added.ok ? 200 : 400, { 'content-type': 'application/json' });
			const saved = trigger.saved.length ? { saved: trigger.saved.shift() } : {};
			res.end(JSON.stringify(added.ok ? { accepted: true, pin: added.entry.pin, others: added.others, ...saved } : { accepted: false, reason: added.reason }));
		});
	});
	await new Promise<void>((resolve) => trigger.server!.listen(0, '127.0.0.1', resolve));
	trigger.url = `http://127.0.0.1:${(trigger.server!.address() as AddressInfo).port}/webhook/trigger`;
});

afterAll(async () => {
	await new Promise((resolve) => trigger.server?.close(resolve));
});

beforeEach(() => {
	trigger.received = [];
	trigger.mo = [];
	trigger.status = 200;
	trigger.registry = emptyRegistry();
	trigger.nextPin = '4821';
	trigger.saved = [];
});

const params = (over: Record<string, unknown> = {}) => ({
	resource: 'message',
	operation: 'sendAndWait',
	From: '55555',
	To: '15145550123',
	message: 'Deploy v2 to production?',
	triggerUrl: trigger.url,
	...over,
});

const run = (over: Record<string, unknown> = {}, credentials = messagingCredentials(env.sandbox), input = [{ json: { ticket: 7 } }, { json: { ticket: 8 } }]) =>
	runNode({ type: 'solSwitchMessaging', parameters: params(over), credentials, input });

const sentTexts = () => gatewayReceived(env.sandbox, '/sms/').map((e) => (e.body as { Body: string }).Body);

describe('Send and Wait for Response (execute side)', () => {
	it('registers, then sends "Reply YES or NO", then waits indefinitely; the output is the input', async () => {
		const before = Date.now();
		const { items, error, run: result } = await run();
		expect(error).toBeUndefined();
		expect(sentTexts()).toEqual(['Deploy v2 to production?\nReply YES or NO']);
		expect(gatewayReceived(env.sandbox, '/sms/')[0].body).toMatchObject({ From: '55555', To: '15145550123' });
		// Registered before the SMS, and once more after it (the same registration: one wait).
		expect(trigger.received).toHaveLength(2);
		expect(trigger.received.map((r) => r.headers[WAIT_HEADER])).toEqual(['register', 'register']);
		const payloads = trigger.received.map((r) => JSON.parse((r.body as { payload: string }).payload) as Record<string, unknown>);
		expect(payloads[1]).toMatchObject({ id: payloads[0].id, nonce: payloads[0].nonce, resumeUrl: payloads[0].resumeUrl });
		expect(trigger.registry.waits).toHaveLength(1);
		const [wait] = trigger.registry.waits;
		// Asked to wait indefinitely: registered so, routed for MAX_WAIT_LIFETIME_MS (D2).
		expect(payloads[0].expiresAt).toBe(WAIT_INDEFINITELY.getTime());
		expect(wait).toMatchObject({ phone: '15145550123', code: '55555', word: 'YES', pin: '4821', expiresAt: wait.createdAt + MAX_WAIT_LIFETIME_MS });
		// The wait's iteration (the node's first run in its execution: 0, as n8n-core's engine counts its
		// runs: iteration.ts) and the registration's nonce ride in the URL, signed by n8n (D6).
		expect(wait.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1/webhook-waiting/test-execution/node-under-test\\?iteration=0&nonce=${wait.nonce}&signature=[0-9a-f]{64}$`));
		expect(wait.createdAt).toBeGreaterThanOrEqual(before);
		expect(result.status).toBe('waiting');
		expect(result.waitTill?.getTime()).toBe(WAIT_INDEFINITELY.getTime());
		expect(items.map((i) => i.json)).toEqual([{ ticket: 7 }, { ticket: 8 }]);
	});

	describe('one number everywhere: a To written with spaces, a leading +, dashes or parentheses', () => {
		/**
		 * The waiting node's webhook for this run (execution and node as the engine names them), given
		 * the forward the trigger would POST for the wait a reply was routed to.
		 */
		// The waiting node as n8n calls it at the registered resume URL (its query carries the nonce).
		// `nodeRunIndex`: what $node["Ask"].runIndex gives it, n8n having taken the waiting run out of
		// the run data first (iteration.ts).
		const waitingNodeAnswers = async (parameters: IDataObject, forward: unknown, resumeUrl: string, nodeRunIndex: number) =>
			await sendAndWaitWebhook.call({
				evaluateExpression: (expression: string) => (expression === '{{ $node["Ask"].runIndex }}' ? nodeRunIndex : undefined),
				getQueryData: () => Object.fromEntries(new URL(resumeUrl).searchParams),
				getNode: () => ({ id: 'node-under-test', name: 'Ask', type: 'n8n-nodes-solswitch.solSwitchMessaging', typeVersion: 1, position: [0, 0], parameters }),
				getExecutionId: () => 'test-execution',
				getBodyData: () => forward as IDataObject,
				getNodeParameter: (name: string, fallback?: unknown) => (name in parameters ? parameters[name] : fallback),
				getCredentials: async () => messagingCredentials(env.sandbox).solSwitchMessagingApi,
			} as unknown as IWebhookFunctions);

		it.each(['15145550123 ', ' +1 (514) 555-0123', '1-514-555-0123'])('To %j: the SMS goes to 15145550123, whose YES is routed to the wait and resumes it', async (To) => {
			const { error, run: result } = await run({ To });
			expect(error).toBeUndefined();
			expect(gatewayReceived(env.sandbox, '/sms/').map((e) => (e.body as { To: string }).To)).toEqual(['15145550123']);
			expect(trigger.registry.waits).toMatchObject([{ phone: '15145550123', code: '55555' }]);

			// The phone that got the SMS answers it; the sandbox's gateway delivers the MO.
			gatewayOf(env.sandbox).configure({ providerUrl: trigger.url, retries: 0 });
			const delivery = gatewayOf(env.sandbox).phones.reply('15145550123', 'YES');
			expect((await delivery!.done).state).toBe('delivered');
			const [moSms] = trigger.mo;
			expect(moSms).toMatchObject({ From: '15145550123', To: '55555', Body: 'YES' });

			// The trigger's registry finds the wait for that sender, and the waiting node takes the reply.
			const route = routeReply(trigger.registry, { from: moSms.From, to: moSms.To, text: moSms.Body }, Date.now());
			if (route.kind !== 'forward') throw new Error(`not routed: ${route.kind}`);
			const forward = sign(deriveKey(DEFAULT_INBOUND_KEY, 'forward')!, { kind: 'reply', waitId: route.entry.id, from: moSms.From, to: moSms.To, text: moSms.Body, messageId: moSms.ID, receivedAt: new Date().toISOString(), pin: route.entry.pin }, Date.now());
			// The run data n8n gives the waiting webhook: the engine's, the waiting run taken out
			// (n8n/dist/webhooks/waiting-webhooks.js:246-247 in n8n 2.40.7).
			const nodeRunIndex = result.data.resultData.runData['Node Under Test'].slice(0, -1).length - 1;
			expect(new URL(route.entry.url).searchParams.get('iteration')).toBe(String(nodeRunIndex + 1));
			const answer = await waitingNodeAnswers(params({ To }), forward, route.entry.url, nodeRunIndex);
			expect(answer.webhookResponse).toEqual({ accepted: true });
			expect(answer.workflowData?.[0][0].json).toMatchObject({ data: { approved: true, text: 'YES', from: '15145550123', to: '55555' } });
		});

		it('what cannot be a number is refused before anything is registered or sent, naming the field', async () => {
			expect((await run({ To: '514-555-CALL' })).error?.message).toBe(
				'To must be a phone number or code: digits, with only spaces, dashes, dots, parentheses or a leading + besides (got "514-555-CALL")',
			);
			expect((await run({ From: '55' })).error?.message).toBe('From must be a phone number or code of 3 to 15 digits ("55" has 2)');
			expect(trigger.received).toEqual([]);
			expect(sentTexts()).toEqual([]);
		});
	});

	it("confirms the registration: sent again, a second apart, until the trigger's saved state has it", async () => {
		// The first registration is new; the next two find it erased (another processor's save); the fourth finds it.
		trigger.saved = [false, false, false, true];
		const { error, run: result } = await run();
		expect(error).toBeUndefined();
		expect(trigger.received).toHaveLength(4);
		const payloads = trigger.received.map((r) => JSON.parse((r.body as { payload: string }).payload) as Record<string, unknown>);
		expect(new Set(payloads.map((p) => `${String(p.id)}/${String(p.nonce)}`)).size).toBe(1);
		expect(result.status).toBe('waiting');
	});

	it(`stops confirming after ${CONFIRM_ROUNDS} more registrations when the saved state never has it, and waits all the same`, async () => {
		trigger.saved = Array.from({ length: 10 }, () => false);
		const { error, run: result } = await run();
		expect(error).toBeUndefined();
		expect(trigger.received).toHaveLength(1 + CONFIRM_ROUNDS);
		expect(sentTexts()).toEqual(['Deploy v2 to production?\nReply YES or NO']);
		expect(result.status).toBe('waiting');
	});

	it('holds the signed registration secret-free: no inbound key, no sending key in what the trigger receives', async () => {
		await run();
		const text = JSON.stringify(trigger.received[0]);
		expect(text).not.toContain(DEFAULT_INBOUND_KEY);
		expect(text).not.toContain(messagingCredentials(env.sandbox).solSwitchMessagingApi.apiKey);
	});

	it('shows the pin when the phone already has a wait on that code', async () => {
		trigger.registry.waits.push({ id: 'earlier-wait-1', nonce: 'nonce-0001', url: 'x', phone: '15145550123', code: '55555', pin: '1111', word: 'YES', createdAt: 0, expiresAt: Date.now() + 60_000 });
		await run();
		expect(sentTexts()).toEqual(['Deploy v2 to production?\nReply YES 4821 or NO 4821']);
	});

	it('writes the instruction of the settings: own words, approve only, free text', async () => {
		await run({ approvalOptions: { values: { approvalType: 'double', approveLabel: 'Go', disapproveLabel: 'Stay' } } });
		await run({ approvalOptions: { values: { approvalType: 'single' } } });
		await run({ responseType: 'freeText', message: 'When can you come?' });
		expect(sentTexts()).toEqual([
			'Deploy v2 to production?\nReply Go or Stay',
			'Deploy v2 to production?\nReply YES to approve',
			'When can you come?\nReply with your answer',
		]);
	});

	it('waits until Limit Wait Time, and registers the wait until then', async () => {
		const before = Date.now();
		const { run: result } = await run({ options: { limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: 45, resumeUnit: 'minutes' } } } });
		const until = result.waitTill!.getTime();
		expect(until).toBeGreaterThanOrEqual(before + 45 * 60_000);
		expect(until).toBeLessThan(Date.now() + 45 * 60_000 + 1);
		expect(trigger.registry.waits[0].expiresAt).toBe(until);
		const at = '2031-01-02T03:04:05.000Z';
		const { run: fixed } = await run({ options: { limitWaitTime: { values: { limitType: 'atSpecifiedTime', maxDateAndTime: at } } } });
		expect(fixed.waitTill?.toISOString()).toBe(at);
	});

	it('counts the instruction, pin included, in the 136-character rule, before registering or sending', async () => {
		// 136 - "\nReply YES 0000 or NO 0000".length = 110 characters fit; 111 do not.
		const fits = 'x'.repeat(110);
		const { error: ok } = await run({ message: fits });
		expect(ok).toBeUndefined();
		trigger.received = [];
		env.sandbox.exchanges.clear();
		const { error } = await run({ message: `${fits}y` });
		expect(error?.message).toBe('Message with its reply instruction must be 1 to 136 characters (it has 137)');
		expect(error?.description).toMatch(/shorten the message by 1 characters/);
		expect(trigger.received).toEqual([]);
		expect(sentTexts()).toEqual([]);
	});

	describe('Options > Split Long Text', () => {
		// 60 words of 6 letters: 419 characters, far over one SMS.
		const long = Array.from({ length: 60 }, (_, i) => String.fromCharCode(97 + (i % 26)).repeat(6)).join(' ');
		const wordsOf = (parts: string[]) => parts.join(' ').replace(/\d+\/\d+ /g, '').split(/\s+/).filter(Boolean);

		it('sends a long message as several SMS, the instruction ending the last, each within 136; the output is still the input (one wait)', async () => {
			const { items, error, run: result } = await run({ message: long, options: { splitLongText: 'numbered' } });
			expect(error).toBeUndefined();
			const sent = sentTexts();
			expect(sent).toHaveLength(4);
			sent.forEach((text, i) => expect(text.startsWith(`${i + 1}/4 `)).toBe(true));
			sent.forEach((text) => expect([...text].length).toBeLessThanOrEqual(136));
			expect(sent[3].endsWith('\nReply YES or NO')).toBe(true);
			expect(sent.slice(0, 3).some((text) => text.includes('Reply'))).toBe(false);
			expect(wordsOf(sent)).toEqual([...long.split(' '), 'Reply', 'YES', 'or', 'NO']);
			// One wait, registered before the first part and once more after the last.
			expect(trigger.received).toHaveLength(2);
			expect(trigger.registry.waits).toHaveLength(1);
			expect(result.status).toBe('waiting');
			expect(items.map((i) => i.json)).toEqual([{ ticket: 7 }, { ticket: 8 }]);
		});

		it('splits without numbers, and puts the pin in the last part when the phone has another wait', async () => {
			trigger.registry.waits.push({ id: 'earlier-wait-1', nonce: 'nonce-0001', url: 'x', phone: '15145550123', code: '55555', pin: '1111', word: 'YES', createdAt: 0, expiresAt: Date.now() + 60_000 });
			const { error } = await run({ message: long, options: { splitLongText: 'split' } });
			expect(error).toBeUndefined();
			const sent = sentTexts();
			expect(sent.length).toBeGreaterThan(1);
			expect(sent.some((text) => /^\d+\/\d+ /.test(text))).toBe(false);
			expect(sent.at(-1)!.endsWith('\nReply YES 4821 or NO 4821')).toBe(true);
			sent.forEach((text) => expect([...text].length).toBeLessThanOrEqual(136));
		});

		it('sends a message that fits exactly as without the option: one SMS, unnumbered', async () => {
			await run({ options: { splitLongText: 'numbered' } });
			expect(sentTexts()).toEqual(['Deploy v2 to production?\nReply YES or NO']);
		});

		it('111 characters, refused unsplit for the pin a second wait would add, go out as one SMS with the option when no pin is needed', async () => {
			// 111 + "\nReply YES 0000 or NO 0000" is 137: unsplit, refused (the test above); with the option the
			// check passes (the longest instruction fits a last part), and the text sent is cut for the
			// instruction it carries: without a pin, 111 + "\nReply YES or NO" fits one SMS.
			const { error } = await run({ message: `${'x'.repeat(100)} ${'y'.repeat(10)}`, options: { splitLongText: 'split' } });
			expect(error).toBeUndefined();
			expect(sentTexts()).toEqual([`${'x'.repeat(100)} ${'y'.repeat(10)}\nReply YES or NO`]);
		});

		it('without the option a long message is still refused, before registering or sending', async () => {
			const { error } = await run({ message: long, options: { splitLongText: 'off' } });
			expect(error?.message).toMatch(/must be 1 to 136 characters/);
			expect(error?.description).toMatch(/Split Long Text/);
			expect(trigger.received).toEqual([]);
			expect(sentTexts()).toEqual([]);
		});

		it('refuses an instruction no part can hold (a very long approve word), before registering or sending', async () => {
			const word = 'A'.repeat(120);
			const { error } = await run({ message: long, approvalOptions: { values: { approvalType: 'single', approveLabel: word } }, options: { splitLongText: 'split' } });
			expect(error?.message).toBe('The reply instruction does not fit in one message of 136 characters');
			expect(trigger.received).toEqual([]);
			expect(sentTexts()).toEqual([]);
		});

		it('says which parts went out when a later part fails, and does not wait', async () => {
			env.sandbox.faults.set({ match: '/sms/', mode: 'answer', json: { Status: 'FAIL', Reason: 'Throttled.' }, after: 1, times: 1 });
			const { error, run: result } = await run({ message: long, options: { splitLongText: 'numbered' } });
			expect(error?.message).toBe('The gateway answered FAIL: Throttled.');
			expect(error?.description).toContain('Part 1 of 4 was sent before part 2 failed');
			expect(gatewayReceived(env.sandbox, '/sms/')).toHaveLength(2);
			expect(result.status).not.toBe('waiting');
		});
	});

	it('refuses an empty message, words that cannot work, a bad date, without registering or sending', async () => {
		const cases: Array<[Record<string, unknown>, RegExp]> = [
			[{ message: '   ' }, /must be 1 to 136 characters/],
			[{ approvalOptions: { values: { approvalType: 'double', approveLabel: 'YES', disapproveLabel: 'oui' } } }, /are the same/],
			[{ approvalOptions: { values: { approvalType: 'double', approveLabel: 'STOP', disapproveLabel: 'NO' } } }, /compliance keyword/],
			[{ options: { limitWaitTime: { values: { limitType: 'atSpecifiedTime', maxDateAndTime: 'soon' } } } }, /invalid date/],
		];
		for (const [over, message] of cases) {
			const { error } = await run(over);
			expect(error?.message).toMatch(message);
		}
		expect(trigger.received).toEqual([]);
		expect(sentTexts()).toEqual([]);
	});

	it('refuses without an inbound key in the credential: the trigger could not route the reply', async () => {
		const { error } = await run({}, messagingCredentials(env.sandbox, { inboundApiKey: '' }));
		expect(error?.message).toBe('Send and Wait needs an Inbound Key in the SolSwitch Messaging API credential');
		expect(trigger.received).toEqual([]);
		expect(sentTexts()).toEqual([]);
	});

	it('says to publish the trigger when its URL answers 404, and sends nothing', async () => {
		trigger.status = 404;
		const { error } = await run();
		expect(error?.message).toBe('The Messaging Trigger URL is not active (HTTP 404)');
		expect(error?.description).toMatch(/Publish/);
		expect(sentTexts()).toEqual([]);
	});

	it('names the inbound key when the trigger refuses the signature (another key on its credential)', async () => {
		const { error } = await run({}, messagingCredentials(env.sandbox, { inboundApiKey: 'another-key' }));
		expect(error?.message).toBe('The Messaging Trigger did not take the wait: bad signature');
		expect(sentTexts()).toEqual([]);
	});

	it('refuses a trigger URL that is not a URL, or that nobody answers', async () => {
		expect((await run({ triggerUrl: 'trigger' })).error?.message).toBe('The Messaging Trigger URL is not a URL');
		const closed = createServer();
		await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
		const port = (closed.address() as AddressInfo).port;
		await new Promise((r) => closed.close(r));
		expect((await run({ triggerUrl: `http://127.0.0.1:${port}/webhook/x` })).error?.message).toBe('The Messaging Trigger could not be reached');
		expect(sentTexts()).toEqual([]);
	});
});
