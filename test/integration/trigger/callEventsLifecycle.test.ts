/**
 * The call events' lifecycle over real HTTP, in process (the SolSwitch Trigger in n8n-core's
 * WebhookContext, the sandbox's switch): a notification's webhook call is bounded by Wait for Call
 * Record, requests included, even against a slow switch; one run per call when a repeat arrives
 * during a lookup or after its claim was taken over; a run n8n could not queue is emitted by the
 * switch's repeat. n8n's own part (queue the run, read the answer, write it) is written here
 * (`afterWebhook`), so a test can make it fail as n8n does when Redis is away.
 * Wall-clock jumps are jest's fake Date only: timers, the network and performance.now stay real.
 */
import type { ServerResponse } from 'node:http';
import type { IDataObject, INodeExecutionData, IWebhookResponseData } from 'n8n-workflow';
import { callbacksOf } from '../../../sandbox/switch/callbacks';
import { DEFAULT_SWITCH_KEY } from '../../../sandbox/server';
import { settingsOf } from '../../../sandbox/switch/profiles';
import { CLAIM_ABANDONED_MS, forgetProcessMemory } from '../../../nodes/SolSwitchTrigger/calls/emittedCalls';
import { GRACE_MS } from '../../../nodes/SolSwitchTrigger/calls/deadline';
import { useSandbox } from '../../helpers/sandbox';
import { writeLikeN8n } from '../../helpers/triggerServer';
import { useCallEventsTrigger } from '../../helpers/callEventsTrigger';

const env = useSandbox();
/** Runs n8n queued (it read the trigger's answer). */
const queued: INodeExecutionData[][] = [];
/** While true, n8n cannot queue a run: it answers 500 without reading the trigger's answer (N3). */
let queueDown = false;

/** n8n's part in reply mode Immediately (webhook-helpers.js): queue the run, read the answer, write it; or an error when it cannot queue. */
function n8nPart(res: ServerResponse, result: IWebhookResponseData) {
	if (!result.workflowData) return writeLikeN8n(res, 200, (result.webhookResponse as IDataObject) ?? { message: 'Webhook call received' });
	if (queueDown) return writeLikeN8n(res, 500, { code: 0, message: 'Connection is closed.' });
	queued.push(result.workflowData[0]);
	writeLikeN8n(res, 200, result.webhookResponse as IDataObject);
}

const trigger = useCallEventsTrigger(env, 'missed-call', { afterWebhook: n8nPart });
beforeEach(() => {
	queued.length = 0;
	queueDown = false;
	forgetProcessMemory();
	env.sandbox.state.settings = settingsOf('default');
});
afterEach(() => {
	jest.useRealTimers();
	env.sandbox.state.settings = settingsOf('default');
});

/** Only Date is faked: the wall clock can jump while everything else runs for real. */
function fakeWallClock() {
	jest.useFakeTimers({
		doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
		now: Date.now(),
	});
}
const jumpWallClock = (ms: number) => jest.setSystemTime(Date.now() + ms);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A missed call played with no notification URL set: the test posts its Disconnected itself. */
async function missedCall(): Promise<Record<string, unknown>> {
	callbacksOf(env.sandbox).configure({ sipNotificationUrls: [] });
	const answer = await fetch(`${env.sandbox.url}/_sandbox/calls/play`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ scenario: 'missed', From: '4385550142', DID: '5145550100', Extension: '201' }),
	});
	const played = (await answer.json()) as { CallID: string; legs: Array<Record<string, string>> };
	const last = played.legs[played.legs.length - 1];
	return { Event: 'Disconnected', CallID: played.CallID, Customer: '1', SourceNumber: last.SourceNumber, DestinationNumber: last.DestinationNumber, DialedNumber: last.DialedNumber };
}

async function post(body: Record<string, unknown>) {
	const started = performance.now();
	const answer = await fetch(trigger.host.urlFor('missed-call', '?secret=call-secret'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
	return { status: answer.status, text: await answer.text(), ms: performance.now() - started };
}

const lookups = (fn: string) => env.sandbox.exchanges.find({ service: 'switch', path: `/api/${fn}/` });

describe('a slow switch: the webhook call is bounded by Wait for Call Record, requests included', () => {
	it('10 s per answer, Wait for Call Record 2 s: the notification fails within 2 s plus 10 s, with a clear error naming the call and no key', async () => {
		trigger.host.parameters = { event: 'missed-call', recordWait: 2 };
		const body = await missedCall();
		env.sandbox.state.settings = settingsOf('slow');
		const answer = await post(body);
		// eslint-disable-next-line no-console
		console.log(`slow switch (10 s per answer), Wait for Call Record 2 s: answered ${answer.status} in ${(answer.ms / 1000).toFixed(1)} s`);
		expect(answer.status).toBe(500);
		expect(answer.text).toContain(`Call ${String(body.CallID)} could not be looked up`);
		expect(answer.text).toContain('did not answer within');
		expect(answer.text).not.toContain(DEFAULT_SWITCH_KEY);
		expect(answer.ms).toBeLessThan(2000 + GRACE_MS + 3000);
		expect(queued).toHaveLength(0);
	}, 40_000);
});

describe('one run per call', () => {
	it('a repeat 65 s (wall clock) into a slow lookup is acknowledged and starts no second lookup nor run', async () => {
		trigger.host.parameters = { event: 'missed-call', recordWait: 120 };
		const body = await missedCall();
		env.sandbox.state.settings = settingsOf('default', { answerDelayMs: 700 });
		fakeWallClock();
		const first = post(body);
		await pause(300);
		jumpWallClock(65_000);
		const repeat = await post(body);
		expect(repeat).toMatchObject({ status: 200, text: '{"Status":"OK"}' });
		expect((await first).status).toBe(200);
		expect(queued).toHaveLength(1);
		expect(lookups('cdrlegdetailsapi')).toHaveLength(1);
	}, 40_000);

	it('a repeat after the claim was taken over (longer than any lookup: a wall-clock jump) looks the call up again, but starts no second run', async () => {
		trigger.host.parameters = { event: 'missed-call', recordWait: 120 };
		const body = await missedCall();
		env.sandbox.state.settings = settingsOf('default', { answerDelayMs: 700 });
		fakeWallClock();
		const first = post(body);
		await pause(300);
		jumpWallClock(CLAIM_ABANDONED_MS + 1000);
		const repeat = post(body);
		expect((await first).status).toBe(200);
		expect(await repeat).toMatchObject({ status: 200, text: '{"Status":"OK"}' });
		expect(lookups('cdrlegdetailsapi')).toHaveLength(2);
		expect(queued).toHaveLength(1);
	}, 40_000);
});

describe('a run n8n could not queue', () => {
	it('n8n answers 500 without taking the answer (Redis away): the claim goes, and the switch\'s repeat 5 s later emits the call', async () => {
		trigger.host.parameters = { event: 'missed-call' };
		const body = await missedCall();
		queueDown = true;
		expect((await post(body)).status).toBe(500);
		expect(queued).toHaveLength(0);
		queueDown = false;
		await pause(5000);
		expect(await post(body)).toMatchObject({ status: 200, text: '{"Status":"OK"}' });
		expect(queued).toHaveLength(1);
		expect(queued[0][0].json.CallID).toBe(body.CallID);
		// Emitted once: a further repeat is acknowledged.
		expect(await post(body)).toMatchObject({ status: 200, text: '{"Status":"OK"}' });
		expect(queued).toHaveLength(1);
	}, 40_000);
});
