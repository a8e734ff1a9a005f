/**
 * The waiting node's webhook(), with a stand-in for n8n's webhook context (the real one runs in the
 * e2e tests): only a signed forward for this wait, from the phone asked, to the code that asked,
 * resumes; everything else keeps waiting with { accepted: false }; nothing makes it throw.
 */
import { createHash } from 'node:crypto';
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';
import { sendAndWaitWebhook } from '../../../nodes/SolSwitchMessaging/sendAndWait/webhook';
import { waitIdOf } from '../../../nodes/SolSwitchMessaging/sendAndWait/spec';
import { deriveKey, sign } from '../../../nodes/shared/messaging/sendAndWait/signing';
import { forgetKeptCredentials } from '../../../nodes/engine/trigger/keptCredential';
import { EARLIER_ITERATION, NODE_FAILED, STILL_WAITING } from '../../../nodes/shared/messaging/sendAndWait/forwarding';

const INBOUND = 'inbound-key-1';
const sha256 = (t: string) => createHash('sha256').update(t).digest('hex');
const WAIT_ID = waitIdOf('41', 'node-1', sha256);

interface Setup {
	parameters?: IDataObject;
	body?: unknown;
	inbound?: string;
	type?: string;
	credentialsFail?: boolean;
	/** The resume URL's query, as n8n checked its signature. */
	query?: IDataObject;
	/** The node's credential as saved (its id keys the kept read); none in most cases. */
	credentialId?: string;
	reads?: { count: number };
	/**
	 * What `$node[name].runIndex` gives in the waiting webhook: n8n has taken the waiting run out of the
	 * run data (iteration.ts), so the index of the run before it, -1 in the node's first run (the
	 * default); the node's iteration now is one more. A function to fail.
	 */
	nodeRunIndex?: number | (() => unknown);
	/** Receives each expression the node evaluates. */
	expressions?: string[];
}

function context(setup: Setup): IWebhookFunctions {
	const parameters: IDataObject = { From: '55555', To: '15145550123', responseType: 'approval', approvalOptions: {}, options: {}, ...setup.parameters };
	return {
		getNode: () => ({
			id: 'node-1',
			name: 'Ask',
			type: setup.type ?? 'n8n-nodes-solswitch.solSwitchMessaging',
			typeVersion: 1,
			position: [0, 0],
			parameters,
			...(setup.credentialId ? { credentials: { solSwitchMessagingApi: { id: setup.credentialId, name: 'Gateway' } } } : {}),
		}),
		getExecutionId: () => '41',
		getBodyData: () => setup.body as IDataObject,
		getQueryData: () => ({ signature: 'f'.repeat(64), ...setup.query }),
		getNodeParameter: (name: string, fallback?: unknown) => (name in parameters ? parameters[name] : fallback),
		evaluateExpression: (expression: string) => {
			setup.expressions?.push(expression);
			return typeof setup.nodeRunIndex === 'function' ? setup.nodeRunIndex() : (setup.nodeRunIndex ?? -1);
		},
		getCredentials: async () => {
			if (setup.reads) setup.reads.count++;
			if (setup.credentialsFail) throw new Error('credential gone');
			return { inboundApiKey: setup.inbound ?? INBOUND };
		},
	} as unknown as IWebhookFunctions;
}

function forward(over: IDataObject = {}, key = deriveKey(INBOUND, 'forward')!, at = Date.now()) {
	return sign(key, { kind: 'reply', waitId: WAIT_ID, from: '15145550123', to: '55555', text: 'YES', messageId: 'mo-1', receivedAt: '2026-11-26T15:00:00.000Z', pin: '4821', ...over }, at);
}

const call = (setup: Setup) => sendAndWaitWebhook.call(context(setup));

describe("Send and Wait's waiting webhook", () => {
	beforeEach(() => forgetKeptCredentials());

	it('reads the inbound key once for many forwards (each read costs n8n an isolate), and afresh at once when the key changed', async () => {
		const reads = { count: 0 };
		for (let i = 0; i < 3; i++) expect((await call({ body: forward(), credentialId: 'cred-1', reads })).webhookResponse).toEqual({ accepted: true });
		expect(reads.count).toBe(1);
		// The credential's key rotated: the kept one does not verify, the fresh read does; nothing refused.
		const rotated = deriveKey('inbound-key-2', 'forward')!;
		expect((await call({ body: forward({}, rotated), inbound: 'inbound-key-2', credentialId: 'cred-1', reads })).webhookResponse).toEqual({ accepted: true });
		expect(reads.count).toBe(2);
		// A forward signed with neither: read afresh, still refused.
		expect((await call({ body: forward({}, deriveKey('forged', 'forward')!), inbound: 'inbound-key-2', credentialId: 'cred-1', reads })).webhookResponse).toMatchObject({ accepted: false });
		expect(reads.count).toBe(3);
	});

	it('resumes on the approve word with a real boolean, the text and who answered', async () => {
		const result = await call({ body: forward() });
		expect(result.webhookResponse).toEqual({ accepted: true });
		const data = (result.workflowData![0][0].json as { data: IDataObject }).data;
		expect(data).toEqual({ approved: true, text: 'YES', from: '15145550123', to: '55555', messageId: 'mo-1', respondedAt: expect.any(String) });
		expect(new Date(String(data.respondedAt)).toISOString()).toBe(data.respondedAt);
	});

	it('resumes when the To was mapped with spaces or written +1 (514) ..., and when the gateway writes the sender with 10 digits', async () => {
		for (const To of ['15145550123 ', '+1 (514) 555-0123', '5145550123']) {
			const result = await call({ body: forward(), parameters: { To } });
			expect(result.webhookResponse).toEqual({ accepted: true });
			expect((result.workflowData![0][0].json as { data: IDataObject }).data).toMatchObject({ approved: true, from: To === '5145550123' ? '5145550123' : '15145550123', to: '55555' });
		}
		expect((await call({ body: forward({ from: '5145550123' }) })).webhookResponse).toEqual({ accepted: true });
		expect(await call({ body: forward(), parameters: { To: 'not a number' } })).toEqual({ webhookResponse: { accepted: false, reason: 'not from the number this wait asked' } });
	});

	it('resumes with approved false on the decline word, and reads OUI / NON and the pin', async () => {
		expect((await call({ body: forward({ text: 'non 4821' }) })).workflowData![0][0].json).toMatchObject({ data: { approved: false, text: 'non' } });
		expect((await call({ body: forward({ text: '4821 Oui' }) })).workflowData![0][0].json).toMatchObject({ data: { approved: true, text: 'Oui' } });
	});

	it('free text: resumes with the text and no approved key', async () => {
		const result = await call({ body: forward({ text: 'At 5 pm' }), parameters: { responseType: 'freeText' } });
		const data = (result.workflowData![0][0].json as { data: IDataObject }).data;
		expect(data.text).toBe('At 5 pm');
		expect('approved' in data).toBe(false);
	});

	it('unrecognised text: keeps waiting and sends the instruction again (with the pin if the reply had one)', async () => {
		expect(await call({ body: forward({ text: 'maybe' }) })).toEqual({ webhookResponse: { accepted: false, reason: 'not understood', replyText: 'Reply YES or NO' } });
		expect(await call({ body: forward({ text: 'maybe 4821' }) })).toEqual({ webhookResponse: { accepted: false, reason: 'not understood', replyText: 'Reply YES 4821 or NO 4821' } });
		// One-button approval has no decline word: NO is not understood.
		expect((await call({ body: forward({ text: 'NO' }), parameters: { approvalOptions: { values: { approvalType: 'single' } } } })).webhookResponse).toEqual({
			accepted: false,
			reason: 'not understood',
			replyText: 'Reply YES to approve',
		});
	});

	it('unrecognised text with "Decline With the Text", and always in the review tool: approved false, the text as chatInput', async () => {
		const expected = { data: { approved: false, text: 'only after 6 pm', chatInput: 'only after 6 pm' } };
		expect((await call({ body: forward({ text: 'only after 6 pm' }), parameters: { options: { otherReply: 'decline' } } })).workflowData![0][0].json).toMatchObject(expected);
		expect((await call({ body: forward({ text: 'only after 6 pm' }), type: 'n8n-nodes-solswitch.solSwitchMessagingHitlTool' })).workflowData![0][0].json).toMatchObject(expected);
	});

	it('keeps waiting on anything not forwarded by the trigger for this wait', async () => {
		const cases: Array<[Setup, string]> = [
			[{ body: { hello: 'world' } }, 'not a signed message'],
			[{ body: undefined }, 'not a signed message'],
			[{ body: forward({}, deriveKey('other-key', 'forward')!) }, 'bad signature'],
			[{ body: forward({}, deriveKey(INBOUND, 'register')!) }, 'bad signature'],
			[{ body: forward({}, undefined, Date.now() - 10 * 60_000) }, 'too old (or from a clock far off)'],
			[{ body: forward(), inbound: '' }, 'no inbound key in the credential'],
			[{ body: forward({ waitId: waitIdOf('42', 'node-1', sha256) }) }, 'not a reply to this wait'],
			[{ body: forward({ kind: 'register' }) }, 'not a reply to this wait'],
			[{ body: forward({ from: '15145550999' }) }, 'not from the number this wait asked'],
			[{ body: forward({ to: '55556' }) }, 'not from the number this wait asked'],
			[{ body: forward(), credentialsFail: true }, NODE_FAILED],
		];
		for (const [setup, reason] of cases) {
			const result = await call(setup);
			expect(result).toEqual({ webhookResponse: { accepted: false, reason } });
		}
	});

	it('in a loop, takes no forward that came to an earlier iteration\'s URL: the iteration n8n signed into it is behind the iteration now (D6)', async () => {
		// Iteration 2 of the node waits (its run data holds iteration 1's run: index 0); the trigger
		// redelivers a reply to iteration 1's URL.
		expect(await call({ body: forward(), query: { iteration: '0', nonce: 'n1' }, nodeRunIndex: 0 })).toEqual({ webhookResponse: { accepted: false, reason: EARLIER_ITERATION } });
		// A URL ahead of the run index is no URL of this wait either.
		expect(await call({ body: forward(), query: { iteration: '2', nonce: 'n3' }, nodeRunIndex: 0 })).toEqual({ webhookResponse: { accepted: false, reason: 'not a reply to this wait' } });
		// Its own URL: taken.
		expect((await call({ body: forward(), query: { iteration: '1', nonce: 'n2' }, nodeRunIndex: 0 })).webhookResponse).toEqual({ accepted: true });
		// A URL without an iteration (registered by an earlier version of the package): taken, as before.
		expect((await call({ body: forward(), nodeRunIndex: 4 })).webhookResponse).toEqual({ accepted: true });
		// The node's first run: n8n's run data holds none of its runs while it waits (-1, what n8n 2.40.7
		// gives; the waiting node once read it as "no run index" and refused every forward): iteration 0.
		expect((await call({ body: forward(), query: { iteration: '0', nonce: 'n0' }, nodeRunIndex: -1 })).webhookResponse).toEqual({ accepted: true });
	});

	it("reads the run index of its own node by name, braces escaped so a name cannot end the expression", async () => {
		const expressions: string[] = [];
		await sendAndWaitWebhook.call({ ...context({ body: forward(), query: { iteration: '0' }, expressions }), getNode: () => ({ id: 'node-1', name: 'Ask {{ 1 }} "x"', type: 'n8n-nodes-solswitch.solSwitchMessaging', typeVersion: 1, position: [0, 0], parameters: { From: '55555', To: '15145550123' } }) } as unknown as IWebhookFunctions);
		expect(expressions).toEqual(['{{ $node["Ask \\u007b\\u007b 1 \\u007d\\u007d \\"x\\""].runIndex }}']);
	});

	it('answers NODE_FAILED (which the trigger retries, never keeps: R8) when the run index cannot be read', async () => {
		for (const nodeRunIndex of [() => { throw new Error('expression failed'); }, () => 'x', () => -2, () => 0.5]) {
			expect(await call({ body: forward(), query: { iteration: '0' }, nodeRunIndex })).toEqual({ webhookResponse: { accepted: false, reason: NODE_FAILED } });
		}
	});

	it('answers a probe from the trigger with STILL_WAITING and takes nothing; a probe at an earlier iteration\'s URL is told so', async () => {
		const probe = sign(deriveKey(INBOUND, 'forward')!, { kind: 'probe', waitId: WAIT_ID }, Date.now());
		expect(await call({ body: probe, query: { iteration: '1' }, nodeRunIndex: 0 })).toEqual({ webhookResponse: { accepted: false, reason: STILL_WAITING } });
		expect(await call({ body: probe, query: { iteration: '0' }, nodeRunIndex: 0 })).toEqual({ webhookResponse: { accepted: false, reason: EARLIER_ITERATION } });
		const otherWait = sign(deriveKey(INBOUND, 'forward')!, { kind: 'probe', waitId: waitIdOf('42', 'node-1', sha256) }, Date.now());
		expect(await call({ body: otherWait, query: { iteration: '1' }, nodeRunIndex: 0 })).toEqual({ webhookResponse: { accepted: false, reason: 'not a reply to this wait' } });
	});
});
