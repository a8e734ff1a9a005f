/**
 * The call events under every reading of the switch the documents allow (sandbox/switch/profiles.ts,
 * test/helpers/switchProfiles.ts): the sandbox plays calls and notifies the SolSwitch Trigger, which
 * reads the records back and classifies each call from the switch's own facts. Under each profile:
 * an unanswered inbound call is one Missed Call (voicemail, IVR or queue picking it up included,
 * voicemail only while Count Voicemail as Missed is on); an unanswered outbound call is none, whatever
 * its caller ID; an answered call is none; a transferred call is one Call Ended, its notifications all
 * answered OK; numbers written differently in notifications and records still match (the extension
 * notified where the records name its caller ID DID included); and one URL
 * (Call Events at One URL) carries every kind, also where the portal keeps one URL only.
 */
import { callbacksOf } from '../../../sandbox/switch/callbacks';
import { AUTO_ATTENDANT } from '../../../sandbox/switch/callPlayer';
import { settingsOf } from '../../../sandbox/switch/profiles';
import { EVERY_PROFILE } from '../../helpers/switchProfiles';
import { useSandbox } from '../../helpers/sandbox';
import { useCallEventsTrigger } from '../../helpers/callEventsTrigger';

const env = useSandbox();

const trigger = useCallEventsTrigger(env, 'call-events');

/** One trigger at one URL for Missed Call and Call Ended: each item says its CallEvent. */
function listen(parameters: Record<string, unknown> = {}) {
	trigger.host.parameters = { event: 'call-events', callEvents: ['missed-call', 'call-ended'], ...parameters };
	callbacksOf(env.sandbox).configure({ sipNotificationUrls: [trigger.host.urlFor('call-events', '?secret=call-secret')] });
}

async function play(body: Record<string, unknown>) {
	const answer = await fetch(`${env.sandbox.url}/_sandbox/calls/play`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
	expect(answer.status).toBe(200);
	return (await answer.json()) as { CallID: string; legs: Array<Record<string, string>> };
}

const notifications = () => env.sandbox.exchanges.find({ direction: 'out', service: 'sipNotification' });
const items = () => trigger.host.executions.flat().map((i) => i.json as Record<string, any>);
const of = (event: string, callId: string) => items().filter((i) => i.CallEvent === event && i.CallID === callId);

describe.each(EVERY_PROFILE)('call events under the %s profile', (profile) => {
	const settings = settingsOf(profile);
	beforeAll(() => {
		env.sandbox.state.settings = settings;
	});
	afterAll(() => {
		env.sandbox.state.settings = settingsOf('default');
	});

	it('an unanswered inbound call is one Missed Call, classified from the switch\'s facts and saying what picked it up', async () => {
		listen();
		const call = await play({ scenario: 'missed', From: '4385550142', DID: '5145550100', Extension: '201', ringSeconds: 20 });
		for (const e of notifications()) expect([e.status, e.answer]).toEqual([200, '{"Status":"OK"}']);
		expect(trigger.host.executions).toHaveLength(1);
		const [missed] = of('missed-call', call.CallID);
		const [ended] = of('call-ended', call.CallID);
		const endedIn = settings.unansweredEndsIn === 'nothing' ? '' : settings.unansweredEndsIn;
		expect(missed).toMatchObject({ CallerName: 'Jean Dupuis', Extension: '201', Outcome: endedIn === 'voicemail' ? 'voicemail' : 'missed', EndedIn: endedIn });
		expect(String(missed.CallerNumber).replace(/^\+?1/, '')).toBe('4385550142');
		expect(missed.ClassifiedBy.Direction).toMatch(/^the switch notified Incoming|^caller/);
		expect(ended).toMatchObject({ Direction: 'inbound', AnsweredBy: '', LegCount: endedIn ? 2 : 1 });
		if (endedIn === 'voicemail') expect(missed.VoicemailBox).toBe('201');
		if (endedIn === 'ivr') expect(ended.Legs[1].DestinationNumber).toBe(AUTO_ATTENDANT.number);
	});

	it('Count Voicemail as Missed off: a call that ended in voicemail is no Missed Call, Call Ended still says voicemail', async () => {
		listen({ countVoicemailAsMissed: false });
		const call = await play({ scenario: 'missed' });
		const voicemail = settings.unansweredEndsIn === 'voicemail';
		expect(of('missed-call', call.CallID)).toHaveLength(voicemail ? 0 : 1);
		expect(of('call-ended', call.CallID)).toEqual([expect.objectContaining({ Outcome: voicemail ? 'voicemail' : 'missed' })]);
	});

	it('an unanswered outbound call is no Missed Call, whatever its caller ID; Call Ended says outbound', async () => {
		listen();
		const call = await play({ scenario: 'outboundUnanswered', Extension: '201', To: '4385550142' });
		expect(String(call.legs[0].SourceNumber).replace(/^\+?1(?=\d{10}$)/, '')).toBe(settings.outboundCallerId === 'did' ? '5145550100' : '201');
		// The notifications may name the extension where the records name its DID (notifiedCaller).
		const ended = notifications().find((e) => (e.body as Record<string, string>).CallID === call.CallID && (e.body as Record<string, string>).Event === 'Disconnected')!;
		expect(String((ended.body as Record<string, string>).SourceNumber).replace(/^\+?1(?=\d{10}$)/, '')).toBe(settings.outboundCallerId === 'did' && settings.notifiedCaller === 'callerId' ? '5145550100' : '201');
		expect(of('missed-call', call.CallID)).toEqual([]);
		expect(of('call-ended', call.CallID)).toEqual([expect.objectContaining({ Direction: 'outbound', Outcome: 'missed' })]);
		const answered = await play({ scenario: 'outboundAnswered', Extension: '202', To: '4385550142' });
		expect(of('call-ended', answered.CallID)).toEqual([expect.objectContaining({ Direction: 'outbound', Outcome: 'answered' })]);
		expect(of('missed-call', answered.CallID)).toEqual([]);
	});

	it('an answered inbound call is no Missed Call', async () => {
		listen();
		const call = await play({ scenario: 'answered', ringSeconds: 4, talkSeconds: 30 });
		expect(of('missed-call', call.CallID)).toEqual([]);
		expect(of('call-ended', call.CallID)).toEqual([expect.objectContaining({ Outcome: 'answered', AnsweredBy: '201', TalkSeconds: 30 })]);
	});

	it('a transferred call is one Call Ended with both legs, and every notification is answered OK (none waits and fails)', async () => {
		listen();
		const call = await play({ scenario: 'transferred', ringSeconds: 3, talkSeconds: 20 });
		const disconnected = notifications().filter((e) => (e.body as { Event: string }).Event === 'Disconnected');
		expect(disconnected.map((e) => [e.status, e.answer])).toEqual([
			[200, '{"Status":"OK"}'],
			[200, '{"Status":"OK"}'],
		]);
		expect(of('call-ended', call.CallID)).toEqual([expect.objectContaining({ LegCount: 2, Outcome: 'answered', AnsweredBy: '201', TalkSeconds: 40 })]);
	});

	it('one URL carries every kind: where the portal keeps one URL, the last set is the one notified, and it gives Missed Call and Call Ended in one run', async () => {
		trigger.host.parameters = { event: 'call-events', callEvents: ['missed-call', 'call-ended', 'new-recording'] };
		const other = 'http://127.0.0.1:9/never';
		callbacksOf(env.sandbox).configure({ sipNotificationUrls: [other, trigger.host.urlFor('call-events', '?secret=call-secret')] });
		expect(callbacksOf(env.sandbox).config.sipNotificationUrls).toHaveLength(settings.notificationUrls === 'one' ? 1 : 2);
		const call = await play({ scenario: 'missed' });
		expect(trigger.host.executions).toHaveLength(1);
		expect(trigger.host.executions[0].map((i) => i.json.CallEvent)).toEqual(['missed-call', 'call-ended']);
		const toHost = notifications().filter((e) => e.path !== other).length;
		expect(toHost).toBeGreaterThanOrEqual(2);
		expect(notifications().filter((e) => e.path === other)).toHaveLength(settings.notificationUrls === 'one' ? 0 : toHost);
		const recorded = await play({ scenario: 'recorded' });
		expect(trigger.host.executions[1].map((i) => [i.json.CallEvent, i.json.CallID])).toEqual([
			['call-ended', recorded.CallID],
			['new-recording', recorded.CallID],
		]);
		expect(call.CallID).not.toBe(recorded.CallID);
	});
});
