/**
 * The customer's lists (extensions, voicemail boxes, queues, DIDs: nodes/SolSwitchTrigger/calls/
 * switchFacts.ts) are read on the notification's clock (deadline.ts), like the call's records: each
 * request's timeout is cut to the time left, and nothing is asked once none is left, so "Wait for
 * Call Record" bounds the whole webhook call (issue 34 item 4). Before, each list had 10 s of its own
 * after the lookup, whatever the lookup had used. The clock is simulated: no real time passes.
 */
import type { IHttpRequestOptions, IWebhookFunctions } from 'n8n-workflow';
import { Deadline, GRACE_MS, MIN_REQUEST_MS, OUT_OF_TIME, REQUEST_TIMEOUT_MS } from '../../../nodes/SolSwitchTrigger/calls/deadline';
import { forgetSwitchFacts, switchFactsOf } from '../../../nodes/SolSwitchTrigger/calls/switchFacts';
import { forgetKeptCredentials } from '../../../nodes/engine/trigger/keptCredential';

const clock = { now: 0 };
const LISTS = ['extension/view/', 'voicemail/view/', 'livequeuestat/', 'did/view/'];

/** A switch that answers each list after `answerMs` of the simulated clock (at or past the timeout: no answer). */
function slowSwitch(answerMs: number, asked: Array<{ path: string; timeout: number }>): IWebhookFunctions {
	return {
		getNode: () => ({ id: 'n1', name: 'Missed Call', type: 'n8n-nodes-solswitch.solSwitchTrigger', typeVersion: 2, position: [0, 0], parameters: {}, credentials: { solSwitchApi: { id: 'cred-1', name: 'Switch' } } }),
		getCredentials: async () => ({ baseUrl: 'http://switch.test', apiKey: 'secret-switch-key', customer: '' }),
		helpers: {
			async httpRequestWithAuthentication(_type: string, options: IHttpRequestOptions) {
				const timeout = Number(options.timeout);
				asked.push({ path: String(options.url).replace('http://switch.test/api/', ''), timeout });
				if (answerMs >= timeout) throw Object.assign(new Error(`timeout of ${timeout}ms exceeded`), { code: 'ECONNABORTED' });
				return { statusCode: 200, body: { Status: 'OK', Results: [{ ExtensionNumber: '201', CIDNum: '5145550100' }] } };
			},
		},
	} as unknown as IWebhookFunctions;
}

beforeEach(() => {
	clock.now = 0;
	forgetSwitchFacts();
	forgetKeptCredentials();
});

it('with the whole time left, each list gets one request\'s time', async () => {
	const asked: Array<{ path: string; timeout: number }> = [];
	const facts = await switchFactsOf(slowSwitch(100, asked), '1', new Deadline(15_000, () => clock.now));
	expect(asked.map((a) => a.path).sort()).toEqual([...LISTS].sort());
	for (const a of asked) expect(a.timeout).toBe(REQUEST_TIMEOUT_MS);
	expect(facts.extensions.has('201')).toBe(true);
	expect(facts.missing).toEqual([]);
});

it('read when the lookup used most of the time: each list request is cut to what is left of the setting plus 10 s', async () => {
	const asked: Array<{ path: string; timeout: number }> = [];
	const deadline = new Deadline(2000, () => clock.now);
	clock.now = 2000 + GRACE_MS - 1500;
	const facts = await switchFactsOf(slowSwitch(10_000, asked), '1', deadline);
	expect(asked).toHaveLength(LISTS.length);
	for (const a of asked) expect(a.timeout).toBe(1500);
	expect(facts.missing).toHaveLength(LISTS.length);
	for (const m of facts.missing) expect(m).toMatch(/did not answer within 1500 ms/);
});

it('no time left: no list is asked, and each is named missing with the reason', async () => {
	const asked: Array<{ path: string; timeout: number }> = [];
	const deadline = new Deadline(2000, () => clock.now);
	clock.now = 2000 + GRACE_MS - MIN_REQUEST_MS + 1;
	const facts = await switchFactsOf(slowSwitch(0, asked), '1', deadline);
	expect(asked).toEqual([]);
	expect(facts.missing.sort()).toEqual([`DIDs: ${OUT_OF_TIME}`, `extensions: ${OUT_OF_TIME}`, `queues: ${OUT_OF_TIME}`, `voicemail boxes: ${OUT_OF_TIME}`]);
});
