/**
 * Missed Call, Call Ended and New Recording over real HTTP, in process: the sandbox plays a call
 * (POST /_sandbox/calls/play), sends its SIP POST notifications to the SolSwitch Trigger (n8n-core's
 * WebhookContext), which reads the call's records from the sandbox's switch by CallID and starts one
 * run per call. Also: a repeated notification, a CDR written late, a leg of a transferred call, a
 * restart, and bad input (unknown CallID, missing fields, wrong secret, a switch that fails).
 */
// n8n-core's own copies: the webhook context's logger is Container.get(Logger) of these.
import { Logger } from 'n8n-core/node_modules/@n8n/backend-common';
import { Container } from 'n8n-core/node_modules/@n8n/di';
import { callbacksOf } from '../../../sandbox/switch/callbacks';
import { settingsOf, type SwitchSettings } from '../../../sandbox/switch/profiles';
import { forgetProcessMemory } from '../../../nodes/SolSwitchTrigger/calls/emittedCalls';
import { forgetSwitchFacts } from '../../../nodes/SolSwitchTrigger/calls/switchFacts';
import { useSandbox } from '../../helpers/sandbox';
import { readBinary } from '../../helpers/triggerServer';
import { useCallEventsTrigger } from '../../helpers/callEventsTrigger';

const env = useSandbox();

const trigger = useCallEventsTrigger(env, 'missed-call');
afterEach(() => {
	env.sandbox.state.settings = settingsOf('default');
});

/** This test's reading of the switch (profiles.ts), over the default. */
const withSwitch = (over: Partial<SwitchSettings>) => {
	env.sandbox.state.settings = settingsOf('default', over);
};

/** Points the switch's SIP POST notifications at one kind's URL, with the shared secret. */
function listen(kind: string, parameters: Record<string, unknown> = {}) {
	trigger.host.parameters = { event: kind, ...parameters };
	callbacksOf(env.sandbox).configure({ sipNotificationUrls: [trigger.host.urlFor(kind, '?secret=call-secret')] });
}

async function play(body: Record<string, unknown>) {
	const answer = await fetch(`${env.sandbox.url}/_sandbox/calls/play`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
	expect(answer.status).toBe(200);
	return (await answer.json()) as { CallID: string; legs: Array<Record<string, string>> };
}

const notifications = () => env.sandbox.exchanges.find({ direction: 'out', service: 'sipNotification' });
const lookups = (fn: string) => env.sandbox.exchanges.find({ service: 'switch', path: `/api/${fn}/` });

async function post(kind: string, body: Record<string, unknown>, query = '?secret=call-secret') {
	const answer = await fetch(trigger.host.urlFor(kind, query), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
	return { status: answer.status, text: await answer.text() };
}

describe('Missed Call', () => {
	it('an inbound call that rang and ended unanswered starts one run with the caller, the DID, the extension and the ring time', async () => {
		listen('missed-call');
		const call = await play({ scenario: 'missed', From: '4385550142', CallerName: 'Jean Dupuis', DID: '5145550100', Extension: '201', ringSeconds: 20 });
		expect(notifications().map((e) => (e.body as { Event: string }).Event)).toEqual(['Incoming', 'Disconnected']);
		for (const e of notifications()) expect(e.answer).toBe('{"Status":"OK"}');
		expect(trigger.host.executions).toHaveLength(1);
		expect(trigger.host.executions[0]).toHaveLength(1);
		expect(trigger.host.executions[0][0].json).toEqual({
			CallID: call.CallID,
			Customer: '1',
			CallerNumber: '4385550142',
			CallerName: 'Jean Dupuis',
			DID: '5145550100',
			Extension: '201',
			ExtensionName: 'Alice Martin',
			Outcome: 'missed',
			EndedIn: '',
			VoicemailBox: '',
			StartTime: call.legs[0].StartTime,
			EndTime: call.legs[0].EndTime,
			RingSeconds: 20,
			ClassifiedBy: {
				Direction: 'the switch notified Incoming',
				Outcome: 'no leg was answered (the last leg: NOANSWER)',
				Facts: 'extensions, DIDs, voicemail boxes and queues as the switch lists them',
			},
		});
		// The leg the CDR holds agrees with the notification: NOANSWER, never connected.
		expect(call.legs[0]).toMatchObject({ Disposition: 'NOANSWER', ConnectTime: '', SourceNumber: '4385550142', DestinationNumber: '201', DialedNumber: '5145550100' });
	});

	it('a busy call is missed too (Outcome busy); an answered call starts nothing', async () => {
		listen('missed-call');
		await play({ scenario: 'busy' });
		await play({ scenario: 'answered', ringSeconds: 4, talkSeconds: 30 });
		expect(trigger.host.executions.map((items) => items[0].json.Outcome)).toEqual(['busy']);
	});

	it('a repeated Disconnected is acknowledged and starts no second run, even after a restart (the static data)', async () => {
		listen('missed-call');
		const call = await play({ scenario: 'missed', repeatDisconnected: 2 });
		expect(notifications().filter((e) => (e.body as { Event: string }).Event === 'Disconnected')).toHaveLength(3);
		expect(trigger.host.executions).toHaveLength(1);
		// n8n restarted: the process memory is gone, the static data is loaded from the database.
		forgetProcessMemory();
		const disconnected = notifications().find((e) => (e.body as { Event: string }).Event === 'Disconnected')!.body as Record<string, unknown>;
		expect(await post('missed-call', disconnected)).toEqual({ status: 200, text: '{"Status":"OK"}' });
		expect(trigger.host.executions).toHaveLength(1);
		expect(disconnected.CallID).toBe(call.CallID);
	});

	it('a CDR written seconds after the hang-up still gives the event: the lookup asks again until it is there', async () => {
		listen('missed-call');
		withSwitch({ legDetails: 'afterHangup' });
		// 100 sandbox seconds at the test's time scale (0.01): one second of real time.
		const call = await play({ scenario: 'missed', cdrDelaySeconds: 100 });
		expect(trigger.host.executions).toHaveLength(1);
		expect(trigger.host.executions[0][0].json.CallID).toBe(call.CallID);
		const unknown = lookups('cdrlegdetailsapi').filter((e) => JSON.stringify(e.answer).includes('Unknown CallID'));
		expect(unknown.length).toBeGreaterThanOrEqual(2);
	});
});

describe("the customer's lists (extensions, DIDs, voicemail boxes, queues)", () => {
	it('are read from the switch once for a burst of calls, and a customer-scoped key that may not read DIDs goes on with the extensions\' caller IDs', async () => {
		forgetSwitchFacts();
		listen('call-ended');
		await play({ scenario: 'missed' });
		await play({ scenario: 'answered' });
		expect(trigger.host.executions).toHaveLength(2);
		for (const fn of ['extension/view', 'voicemail/view', 'livequeuestat', 'did/view']) expect([fn, lookups(fn).length]).toEqual([fn, 1]);
		expect(lookups('extension/view')[0].body).toMatchObject({ Customer: '1', ViewType: 'Full' });
		// An outbound call from a DID caller ID, with DID > view refused: still outbound.
		forgetSwitchFacts();
		env.sandbox.faults.set({ match: 'did/view', mode: 'answer', json: { Status: 'FAIL', Reason: 'Access denied' } });
		withSwitch({ outboundCallerId: 'did' });
		const out = await play({ scenario: 'outboundUnanswered' });
		const item = trigger.host.executions[2][0].json as Record<string, any>;
		expect(item).toMatchObject({ CallID: out.CallID, Direction: 'outbound' });
		expect(item.ClassifiedBy.Facts).toBe('extensions, DIDs, voicemail boxes and queues as the switch lists them');
		forgetSwitchFacts();
	});
});

describe('Call Ended', () => {
	it('gives every ended call its outcome, duration, talk time, legs and recordings', async () => {
		listen('call-ended');
		const answered = await play({ scenario: 'recorded', ringSeconds: 5, talkSeconds: 95 });
		await play({ scenario: 'missed', ringSeconds: 12 });
		await play({ scenario: 'busy' });
		const items = trigger.host.executions.map((run) => run[0].json);
		expect(items.map((i) => i.Outcome)).toEqual(['answered', 'missed', 'busy']);
		expect(items[0]).toMatchObject({
			CallID: answered.CallID,
			Direction: 'inbound',
			Disposition: 'ANSWERED',
			AnsweredBy: '201',
			DurationSeconds: 100,
			RingSeconds: 5,
			TalkSeconds: 95,
			LegCount: 1,
			Recordings: [`${answered.CallID}-1.mp3`],
		});
		expect(items[0].Legs).toEqual(answered.legs);
		expect(items[1]).toMatchObject({ DurationSeconds: 12, RingSeconds: 12, TalkSeconds: 0, Recordings: [] });
	});

	it('a transferred call (two legs, a Disconnected for each as it ends) starts one run, on its last leg', async () => {
		listen('call-ended');
		withSwitch({ legDetails: 'afterHangup', disconnectNotifications: 'perLeg' });
		const call = await play({ scenario: 'transferred', ringSeconds: 3, talkSeconds: 20 });
		const disconnected = notifications().filter((e) => (e.body as { Event: string }).Event === 'Disconnected');
		expect(disconnected.map((e) => [(e.body as { DestinationNumber: string }).DestinationNumber, e.answer])).toEqual([
			['201', '{"Status":"OK"}'],
			['202', '{"Status":"OK"}'],
		]);
		// The first leg's end: no record yet, and the switch still lists the call as active.
		expect(lookups('listactivecalls').length).toBeGreaterThanOrEqual(1);
		expect(trigger.host.executions).toHaveLength(1);
		expect(trigger.host.executions[0][0].json).toMatchObject({ CallID: call.CallID, LegCount: 2, Outcome: 'answered', TalkSeconds: 40 });
		expect((trigger.host.executions[0][0].json.Legs as Array<{ Disposition: string }>).map((l) => l.Disposition)).toEqual(['TRANSFERRED', 'ANSWERED']);
	});
});

describe('New Recording', () => {
	it('a recorded call gives its recording with the download URL, how the call was classified (ClassifiedBy), and the MP3 as binary data on request', async () => {
		listen('new-recording', { downloadRecordings: true, binaryPropertyName: 'audio' });
		const call = await play({ scenario: 'recorded' });
		await play({ scenario: 'answered' });
		expect(trigger.host.executions).toHaveLength(1);
		const [item] = trigger.host.executions[0];
		expect(item.json).toMatchObject({ CallID: call.CallID, Portion: 1, Recording: `${call.CallID}-1.mp3`, URL: expect.stringContaining(`/recordings/${call.CallID}/1.mp3?t=`) });
		// Like every call-event item, it says how the call was classified, and why.
		expect(item.json).toMatchObject({ Direction: 'inbound', Outcome: 'answered', ClassifiedBy: { Direction: 'the switch notified Incoming', Outcome: expect.stringMatching(/^leg 1 was answered by 201$/), Facts: expect.any(String) } });
		expect(item.binary!.audio).toMatchObject({ fileName: `${call.CallID}-1.mp3`, mimeType: 'audio/mpeg' });
		const mp3 = await readBinary(item.binary!.audio);
		expect(mp3.subarray(0, 3).toString('latin1')).toBe('ID3');
	});
});

describe('bad input and a failing switch start nothing', () => {
	const disconnected = (CallID: string) => ({ Event: 'Disconnected', CallID, Customer: '1', SourceNumber: '5145550199', DestinationNumber: '201', DialedNumber: '5145550100' });

	it('an unknown CallID: after the wait, a clear error naming the call (n8n records a failed execution)', async () => {
		listen('missed-call', { recordWait: 1 });
		const answer = await post('missed-call', disconnected('1700000000.999'));
		expect(answer.status).toBe(500);
		expect(answer.text).toContain('Call 1700000000.999 could not be looked up: the switch had no record of it after 1 s');
		expect(trigger.host.executions).toHaveLength(0);
	});

	it('a Disconnected whose numbers name no leg of its call starts nothing and leaves one warning naming the call (R6)', async () => {
		listen('call-ended');
		callbacksOf(env.sandbox).configure({ sipNotificationUrls: [] });
		const call = await play({ scenario: 'answered' });
		const warn = jest.spyOn(Container.get(Logger), 'warn').mockImplementation(() => undefined);
		try {
			expect(await post('call-ended', { ...disconnected(call.CallID), SourceNumber: '6135550123' })).toEqual({ status: 200, text: '{"Status":"OK"}' });
			expect(trigger.host.executions).toHaveLength(0);
			expect(warn.mock.calls.map((c) => String(c[0]))).toEqual([expect.stringContaining(`the Disconnected of call ${call.CallID} (6135550123 to 201) names none of its 1 CDR legs`)]);
			// Written with +1 where the record has 10 digits, it is the call's end.
			expect(await post('call-ended', { ...disconnected(call.CallID), SourceNumber: '+15145550199' })).toEqual({ status: 200, text: '{"Status":"OK"}' });
			expect(trigger.host.executions).toHaveLength(1);
		} finally {
			warn.mockRestore();
		}
	});

	it('missing fields and an unknown Event value are refused with 400 and a Reason', async () => {
		listen('call-ended');
		expect(await post('call-ended', { Event: 'Disconnected', CallID: '1.2', DestinationNumber: '201' })).toEqual({
			status: 400,
			text: '{"Status":"FAIL","Reason":"Missing required field SourceNumber"}',
		});
		const odd = await post('call-ended', { ...disconnected('1.2'), Event: 'Hangup' });
		expect(odd.status).toBe(400);
		expect(odd.text).toContain('Event must be one of Incoming, Outgoing, Connected, Disconnected');
		expect(lookups('cdrlegdetailsapi')).toHaveLength(0);
		expect(trigger.host.executions).toHaveLength(0);
	});

	it('a wrong or missing shared secret is refused with 401 before any lookup', async () => {
		listen('call-ended');
		expect((await post('call-ended', disconnected('1.2'), '?secret=wrong')).status).toBe(401);
		expect((await post('call-ended', disconnected('1.2'), '')).status).toBe(401);
		expect(lookups('cdrlegdetailsapi')).toHaveLength(0);
	});

	it('a switch answering FAIL during the lookup: a clear error at once (the Reason, the key scrubbed), nothing started', async () => {
		listen('call-ended');
		env.sandbox.faults.set({ match: 'cdrlegdetailsapi', mode: 'answer', json: { Status: 'FAIL', Reason: 'IP address not allowed' } });
		await play({ scenario: 'answered' });
		expect(trigger.host.executions).toHaveLength(0);
		const last = notifications().pop()!;
		expect(last.status).toBe(500);
		expect(String(last.answer)).toContain('The switch answered FAIL: IP address not allowed');
	});

	it('a switch that cannot be reached during the wait: the error says so; once it answers, a repeat of the notification gives the event', async () => {
		listen('call-ended', { recordWait: 1 });
		env.sandbox.faults.set({ match: 'cdrlegdetailsapi', mode: 'http500' });
		const call = await play({ scenario: 'answered' });
		const failed = notifications().pop()!;
		expect(failed.status).toBe(500);
		expect(String(failed.answer)).toContain(`Call ${call.CallID} could not be looked up`);
		expect(trigger.host.executions).toHaveLength(0);
		env.sandbox.faults.clear();
		expect(await post('call-ended', failed.body as Record<string, unknown>)).toEqual({ status: 200, text: '{"Status":"OK"}' });
		expect(trigger.host.executions).toHaveLength(1);
	});
});
