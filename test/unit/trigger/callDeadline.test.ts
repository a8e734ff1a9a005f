/**
 * "Wait for Call Record" bounds the whole lookup by the clock, requests included
 * (nodes/SolSwitchTrigger/calls/deadline.ts, callRecords.ts): against a switch that answers each
 * request in 10 s, or never, the lookup ends within the setting plus 10 s (GRACE_MS), every
 * request's timeout cut to the time left, with the clear error naming the call. The clock and the
 * pauses are simulated (n8n-workflow's sleep moves the clock), so the test takes no real time.
 */
import type { IHttpRequestOptions, IWebhookFunctions } from 'n8n-workflow';

const clock = { now: 0 };
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async (ms: number) => {
		clock.now += ms;
	}),
}));

import { lookUpCall } from '../../../nodes/SolSwitchTrigger/calls/callRecords';
import { Deadline, GRACE_MS, MIN_REQUEST_MS, REQUEST_TIMEOUT_MS } from '../../../nodes/SolSwitchTrigger/calls/deadline';
import { forgetKeptCredentials } from '../../../nodes/engine/trigger/keptCredential';

const CALL = '1700000000.42';
const KEY = 'secret-switch-key';
const details = [{ StartTime: '2026-11-27 10:00:00', Action: 'Call from 4385550142 routed to 201', State: 'Routed', Recording: '' }];
const leg = { LegID: '421', StartTime: '2026-11-27 10:00:00', ConnectTime: '', EndTime: '2026-11-27 10:00:06', SourceNumber: '4385550142', DestinationNumber: '201', Disposition: 'NOANSWER' };

interface Asked {
	path: string;
	at: number;
	timeout: number;
}

/** A switch that answers each request `answerMs` after it (Infinity: never), on the simulated clock: the slow profile's 10 s is never within a 10 s timeout. */
function slowSwitch(answerMs: number, asked: Asked[]): IWebhookFunctions {
	return {
		getNode: () => ({ id: 'n1', name: 'Missed Call', type: 'n8n-nodes-solswitch.solSwitchTrigger', typeVersion: 2, position: [0, 0], parameters: {}, credentials: { solSwitchApi: { id: 'cred-1', name: 'Switch' } } }),
		getCredentials: async () => ({ baseUrl: 'http://switch.test', apiKey: KEY, customer: '' }),
		helpers: {
			async httpRequestWithAuthentication(_type: string, options: IHttpRequestOptions) {
				const timeout = Number(options.timeout);
				asked.push({ path: String(options.url).replace('http://switch.test/api/', ''), at: clock.now, timeout });
				// An answer due exactly at the timeout comes after it (its bytes still have to arrive).
				if (answerMs >= timeout) {
					clock.now += timeout;
					throw Object.assign(new Error(`timeout of ${timeout}ms exceeded`), { code: 'ECONNABORTED' });
				}
				clock.now += answerMs;
				if (String(options.url).includes('listactivecalls')) return { statusCode: 200, body: { Status: 'FAIL', Reason: 'No Records Found.' } };
				return { statusCode: 200, body: String(options.url).includes('cdrlegdetails') ? { Status: 'OK', Details: details } : { Status: 'OK', [CALL]: [leg] } };
			},
		},
	} as unknown as IWebhookFunctions;
}

const deadline = (waitMs: number) => new Deadline(waitMs, () => clock.now);

beforeEach(() => {
	clock.now = 0;
	forgetKeptCredentials();
});

describe('a switch that answers each request in 10 s', () => {
	it.each([0, 2000, 15_000])('Wait for Call Record %i ms (less than three answers in a row): the lookup ends within the setting plus 10 s, with the clear error naming the call', async (waitMs) => {
		const asked: Asked[] = [];
		const error = await lookUpCall(slowSwitch(10_000, asked), CALL, '', deadline(waitMs)).catch((e: Error) => e);
		expect(error).toBeInstanceOf(Error);
		expect((error as Error).message).toMatch(new RegExp(`^Call ${CALL.replace('.', '\\.')} could not be looked up: the switch had no record of it after \\d+ s \\(The switch did not answer within \\d+ ms\\)$`));
		expect((error as Error).message).not.toContain(KEY);
		expect(clock.now).toBeLessThanOrEqual(waitMs + GRACE_MS);
		// Every request's timeout cut to what was left, none too short to be worth making.
		for (const a of asked) {
			expect(a.timeout).toBeLessThanOrEqual(Math.min(REQUEST_TIMEOUT_MS, waitMs + GRACE_MS - a.at));
			expect(a.timeout).toBeGreaterThanOrEqual(MIN_REQUEST_MS);
		}
		// List Active Calls first (a leg of a call that goes on is not looked up), with the whole request time.
		expect(asked[0]).toEqual({ path: 'listactivecalls/', at: 0, timeout: Math.min(REQUEST_TIMEOUT_MS, waitMs + GRACE_MS) });
	});

	it.each([25_000, 120_000])('Wait for Call Record %i ms: room for three answers in a row, the call is found, within the setting plus 10 s (each request may take more than 10 s)', async (waitMs) => {
		const asked: Asked[] = [];
		const found = await lookUpCall(slowSwitch(10_000, asked), CALL, '', deadline(waitMs));
		expect(found).toEqual({ found: { details, legs: [expect.objectContaining({ LegID: '421' })] } });
		expect(asked.map((a) => [a.path, a.at])).toEqual([
			['listactivecalls/', 0],
			['cdrlegdetailsapi/', 10_000],
			['cdrexport/', 20_000],
		]);
		expect(clock.now).toBe(30_000);
		expect(clock.now).toBeLessThanOrEqual(waitMs + GRACE_MS);
	});

	it('a switch that never answers: the same bound', async () => {
		const asked: Asked[] = [];
		await expect(lookUpCall(slowSwitch(Number.POSITIVE_INFINITY, asked), CALL, '', deadline(15_000))).rejects.toThrow(`Call ${CALL} could not be looked up`);
		expect(clock.now).toBeLessThanOrEqual(15_000 + GRACE_MS);
	});
});

describe('a switch slow but in time', () => {
	it('answers within the bound are used: 3 s per answer, a 2 s wait still finds the call (a try begun in time may finish)', async () => {
		const asked: Asked[] = [];
		const found = await lookUpCall(slowSwitch(3000, asked), CALL, '', deadline(2000));
		expect(found).toEqual({ found: { details, legs: [expect.objectContaining({ LegID: '421' })] } });
		// List Active Calls first (a leg of a call that goes on is not looked up), then the records.
		expect(asked.map((a) => [a.path, a.at, a.timeout])).toEqual([
			['listactivecalls/', 0, 12_000],
			['cdrlegdetailsapi/', 3000, 9000],
			['cdrexport/', 6000, 6000],
		]);
	});
});

describe('the deadline itself', () => {
	it('pauses are cut to the setting, requests to the setting plus one request, nothing asked with no time left', () => {
		const d = deadline(1000);
		expect(d.pause(2000)).toBe(1000);
		expect(d.requestTimeout()).toBe(1000 + GRACE_MS);
		expect(deadline(60_000).requestTimeout()).toBe(REQUEST_TIMEOUT_MS);
		clock.now = 1000;
		expect(d.mayTryAgain()).toBe(false);
		expect(d.pause(250)).toBe(0);
		expect(d.requestTimeout()).toBe(GRACE_MS);
		clock.now = 1000 + GRACE_MS - 3000;
		expect(d.requestTimeout()).toBe(3000);
		clock.now = 1000 + GRACE_MS - MIN_REQUEST_MS + 1;
		expect(d.requestTimeout()).toBeUndefined();
	});

	it('runs on a monotonic clock by default (performance.now), not the wall clock', () => {
		const d = new Deadline(1000);
		expect(Math.abs(d.now() - performance.now())).toBeLessThan(1000);
	});
});
