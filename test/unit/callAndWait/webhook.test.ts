/**
 * Call and Wait for Keypress, the waiting webhook: what the switch's post resumes, and the plain-text
 * option the switch gets at once. Forged posts (no secret, a wrong one, another wait's) resume nothing.
 */
import type { IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { callAndWaitWebhook } from '../../../nodes/SolSwitch/callAndWait/webhook';
import { newWaitSecret } from '../../../nodes/SolSwitch/callAndWait/secret';

const { secret, hash } = newWaitSecret();
const params = { Destination: '+1 514 555 0123', approveOption: 'thanks', declineOption: 'goodbye', otherKeyOption: 'repeat' };
const post = { Digits: '1', ExtensionNumber: '510', CDRCallID: '1764250000.12', CIDName: '5145550123', CIDNum: '5145550123', DID: '5145550100' };

function call(over: { body?: Record<string, unknown>; headers?: Record<string, unknown>; query?: Record<string, unknown>; type?: string; parameters?: Record<string, unknown> } = {}) {
	const written: { status?: number; headers?: Record<string, string>; text?: string } = {};
	const res = {
		headersSent: false,
		writeHead(status: number, headers: Record<string, string>) {
			written.status = status;
			written.headers = headers;
		},
		end(text: string) {
			written.text = text;
		},
	};
	const parameters = { ...params, ...over.parameters } as Record<string, unknown>;
	const fn = {
		getHeaderData: () => over.headers ?? { authorization: `Bearer ${secret}` },
		getQueryData: () => over.query ?? { wait: hash, signature: 'x' },
		getBodyData: () => over.body ?? post,
		getNodeParameter: (name: string, fallback: unknown) => (name in parameters ? parameters[name] : fallback),
		getNode: () => ({ type: over.type ?? 'n8n-nodes-solswitch.solSwitch', name: 'Call', id: 'n1' }),
		getResponseObject: () => res,
	} as unknown as IWebhookFunctions;
	return { written, result: callAndWaitWebhook.call(fn) as Promise<IWebhookResponseData> };
}

const dataOf = (result: IWebhookResponseData) => result.workflowData?.[0]?.[0]?.json.data as Record<string, unknown>;

it('1 resumes with approved true, the digits, the CallID, who answered and when; the switch gets the approval option as plain text', async () => {
	const { written, result } = call();
	const r = await result;
	expect(written).toEqual({ status: 200, headers: expect.objectContaining({ 'Content-Type': 'text/plain; charset=utf-8' }), text: 'thanks' });
	expect(r.noWebhookResponse).toBe(true);
	expect(dataOf(r)).toEqual({ approved: true, digits: '1', callId: '1764250000.12', answeredBy: '15145550123', to: '15145550123', extension: '510', respondedAt: expect.any(String) });
	expect(typeof dataOf(r).approved).toBe('boolean');
});

it.each(['5145550123', '15145550123', '+15145550123'])('CIDNum %j (the switch writes the number its own way): answeredBy is the number called as `to` writes it', async (CIDNum) => {
	const { result } = call({ body: { ...post, CIDNum, CIDName: CIDNum } });
	expect(dataOf(await result)).toMatchObject({ approved: true, answeredBy: '15145550123', to: '15145550123' });
});

it('a CIDNum of another phone (the call was forwarded) is answeredBy as the switch wrote it; none at all: the number called', async () => {
	expect(dataOf(await call({ body: { ...post, CIDNum: '+14385550142' } }).result)).toMatchObject({ answeredBy: '+14385550142', to: '15145550123' });
	const { CIDNum: _none, ...withoutCid } = post;
	expect(dataOf(await call({ body: withoutCid }).result)).toMatchObject({ answeredBy: '15145550123' });
});

it('2 resumes with approved false and the decline option; the review tool also tells its agent what the key meant', async () => {
	const plain = call({ body: { ...post, Digits: '2' } });
	expect(dataOf(await plain.result)).toMatchObject({ approved: false, digits: '2' });
	expect(dataOf(await plain.result).chatInput).toBeUndefined();
	expect(plain.written.text).toBe('goodbye');
	const tool = call({ body: { ...post, Digits: '2' }, type: 'n8n-nodes-solswitch.solSwitchHitlTool' });
	expect(dataOf(await tool.result)).toMatchObject({ approved: false, chatInput: 'Declined by phone: 15145550123 pressed 2.' });
});

it('another key answers the prompt-again option and keeps waiting (no workflowData)', async () => {
	const { written, result } = call({ body: { ...post, Digits: '7' } });
	expect(await result).toEqual({ noWebhookResponse: true });
	expect(written).toMatchObject({ status: 200, text: 'repeat' });
});

it.each([
	['no Authorization header', { headers: {} }],
	['a wrong secret', { headers: { authorization: 'Bearer guessed' } }],
	["another wait's secret", { headers: { authorization: `Bearer ${newWaitSecret().secret}` } }],
	['the secret without its hash in the URL', { query: { signature: 'x' } }],
])('a post with %s resumes nothing and gets 403', async (_label, over) => {
	const { written, result } = call(over);
	expect(await result).toEqual({ noWebhookResponse: true });
	expect(written).toMatchObject({ status: 403, text: 'Forbidden' });
});

it('never throws: a failure keeps the wait', async () => {
	const { written, result } = call({ body: null as unknown as Record<string, unknown>, parameters: { approvalOptions: { get values() { throw new Error('boom'); } } } });
	expect(await result).toEqual({ noWebhookResponse: true });
	expect(written.status).toBe(500);
});

describe("the call watcher's report when nobody answered (watcher.ts)", () => {
	const report = { callResult: 'unanswered', attempts: [{ attempt: 1, callId: '1.1', outcome: 'busy', at: 'x' }, { attempt: 2, callId: '1.2', outcome: 'noAnswer', at: 'y' }] };

	it('resumes with approved false, answered false, the last outcome and every attempt', async () => {
		const { written, result } = call({ body: report });
		const r = await result;
		expect(written).toMatchObject({ status: 200, text: 'OK' });
		expect(dataOf(r)).toEqual({ approved: false, answered: false, outcome: 'noAnswer', to: '15145550123', callId: '1.2', attempts: report.attempts, respondedAt: expect.any(String) });
	});

	it('tells the review tool\'s agent nobody answered', async () => {
		const r = await call({ body: report, type: 'n8n-nodes-solswitch.solSwitchHitlTool' }).result;
		expect(dataOf(r).chatInput).toMatch(/^Nobody answered the call to 15145550123 \(2 attempts, last: noAnswer\)/);
	});

	it.each([
		['without the secret', { headers: {} }],
		['with a wrong secret', { headers: { authorization: 'Bearer guessed' } }],
	])('resumes nothing %s (403)', async (_label, over) => {
		const { written, result } = call({ body: report, ...over });
		expect((await result).workflowData).toBeUndefined();
		expect(written.status).toBe(403);
	});

	it.each([
		['attempts that are not a list', { callResult: 'unanswered', attempts: 'busy' }],
		['an outcome that is no call outcome', { callResult: 'unanswered', attempts: [{ attempt: 1, outcome: 'answered' }] }],
		['too many attempts', { callResult: 'unanswered', attempts: Array.from({ length: 21 }, () => ({ outcome: 'busy' })) }],
	])('keeps waiting on %s (400)', async (_label, body) => {
		const { written, result } = call({ body });
		expect((await result).workflowData).toBeUndefined();
		expect(written.status).toBe(400);
	});

	it('a keypress that also names a call result is a keypress', async () => {
		const r = await call({ body: { ...post, ...report } }).result;
		expect(dataOf(r)).toMatchObject({ approved: true, digits: '1' });
	});
});

describe("the call watcher's question before calling again", () => {
	it('answers waiting and resumes nothing', async () => {
		const { written, result } = call({ body: { callResult: 'stillWaiting' } });
		expect((await result).workflowData).toBeUndefined();
		expect(written).toMatchObject({ status: 200, text: 'waiting' });
	});

	it('without the secret: 403, no answer about the wait', async () => {
		const { written } = call({ body: { callResult: 'stillWaiting' }, headers: {} });
		expect(written.status).toBe(403);
	});
});
