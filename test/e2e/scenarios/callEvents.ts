// Missed Call, Call Ended and New Recording in a real n8n (the packed package installed as a
// community package): the sandbox plays calls into a DID, its switch sends the SIP POST
// notifications to the published workflows, and the trigger reads each call's records back from the
// sandbox's switch with the SolSwitch API credential. Also measured (printed, not asserted): the time
// from the switch sending the Disconnected notification to the run starting in n8n.
import { randomUUID } from 'node:crypto';
import { DEFAULT_SWITCH_KEY } from '../../../sandbox/server';
import { callbacksOf } from '../../../sandbox/switch/callbacks';
import { settingsOf, type SwitchProfileName, type SwitchSettings } from '../../../sandbox/switch/profiles';
import { nodeJson, nodeOutput } from '../../../scripts/n8n-harness';
import type { ScenarioEnv } from './env';
import { switchTriggerNode } from './switchTrigger';

export function describeCallEventScenarios(env: ScenarioEnv) {
	let credential: { id: string; name: string };
	const latencies: Array<{ what: string; ms: number }> = [];

	beforeAll(async () => {
		credential = await env.api.createCredential('Sandbox switch (call events)', 'solSwitchApi', { baseUrl: env.sandbox.url, apiKey: DEFAULT_SWITCH_KEY, customer: '' });
	});
	afterAll(() => {
		if (latencies.length) {
			console.log(`call events: first Disconnected sent -> run started in n8n: ${latencies.map((l) => `${l.what} ${l.ms} ms`).join(', ')}`);
		}
	});

	async function publish(name: string, event: string, parameters: Record<string, unknown> = {}) {
		const webhookId = randomUUID();
		const node = switchTriggerNode(webhookId, { event, ...parameters }, { credentials: { solSwitchApi: credential } });
		const workflow = await env.api.createWorkflow({ name, nodes: [node], connections: {} });
		await env.api.publishWorkflow(workflow.id);
		return { id: workflow.id, url: `${env.webhookBaseUrl}/webhook/${webhookId}/${event}` };
	}

	async function play(body: Record<string, unknown>) {
		const answer = await fetch(`${env.sandbox.url}/_sandbox/calls/play`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
		return (await answer.json()) as { CallID: string; legs: Array<Record<string, string>> };
	}

	const disconnectedOf = (callId: string) =>
		env.sandbox.exchanges
			.find({ direction: 'out', service: 'sipNotification' })
			.filter((e) => (e.body as { Event: string; CallID: string }).Event === 'Disconnected' && (e.body as { CallID: string }).CallID === callId);

	/** From the first Disconnected of the call (a repeat comes after the run began). */
	function measure(what: string, callId: string, startedAt?: string) {
		const sent = disconnectedOf(callId)[0]?.sentAt;
		if (sent && startedAt) latencies.push({ what, ms: Date.parse(startedAt) - Date.parse(sent) });
	}

	test('Missed Call: a call that rang a DID and ended unanswered starts one run with the caller; a repeat of its Disconnected starts none', async () => {
		const { id, url } = await publish('E2E Missed Call', 'missed-call');
		callbacksOf(env.sandbox).configure({ sipNotificationUrls: [url] });
		await play({ scenario: 'answered' });
		const call = await play({ scenario: 'missed', From: '4385550142', CallerName: 'Jean Dupuis', DID: '5145550100', Extension: '201', ringSeconds: 20, repeatDisconnected: 1 });
		for (const e of disconnectedOf(call.CallID)) expect(e).toMatchObject({ status: 200, answer: '{"Status":"OK"}' });
		const [execution] = await env.api.waitForExecutions(id, 1);
		expect(execution.status).toBe('success');
		expect(nodeJson(execution, 'SolSwitch Trigger')).toEqual([
			expect.objectContaining({ CallID: call.CallID, CallerNumber: '4385550142', CallerName: 'Jean Dupuis', DID: '5145550100', Extension: '201', Outcome: 'missed', RingSeconds: 20 }),
		]);
		expect(await env.api.executionSummaries(id)).toHaveLength(1);
		measure('Missed Call', call.CallID, execution.startedAt);
	});

	test('Call Ended: an answered call with its outcome, talk time and legs; a busy call', async () => {
		const { id, url } = await publish('E2E Call Ended', 'call-ended');
		callbacksOf(env.sandbox).configure({ sipNotificationUrls: [url] });
		const answered = await play({ scenario: 'answered', ringSeconds: 5, talkSeconds: 95 });
		const busy = await play({ scenario: 'busy', cdrDelaySeconds: 100 });
		const executions = await env.api.waitForExecutions(id, 2);
		const items = executions.map((e) => nodeJson(e, 'SolSwitch Trigger')[0]).sort((a, b) => String(a.CallID).localeCompare(String(b.CallID)));
		expect(items).toEqual([
			expect.objectContaining({ CallID: answered.CallID, Outcome: 'answered', TalkSeconds: 95, DurationSeconds: 100, LegCount: 1, Legs: answered.legs }),
			expect.objectContaining({ CallID: busy.CallID, Outcome: 'busy', TalkSeconds: 0, Disposition: 'BUSY' }),
		]);
		for (const e of executions) {
			const callId = String(nodeJson(e, 'SolSwitch Trigger')[0].CallID);
			measure(callId === busy.CallID ? 'Call Ended (busy, CDR written 1 s late)' : 'Call Ended (answered)', callId, e.startedAt);
		}
	});

	test('New Recording: the recording of a recorded call, its MP3 as binary data', async () => {
		const { id, url } = await publish('E2E New Recording', 'new-recording', { downloadRecordings: true, binaryPropertyName: 'data' });
		callbacksOf(env.sandbox).configure({ sipNotificationUrls: [url] });
		const call = await play({ scenario: 'recorded' });
		const [execution] = await env.api.waitForExecutions(id, 1);
		const [item] = nodeOutput(execution, 'SolSwitch Trigger');
		expect(item.json).toMatchObject({ CallID: call.CallID, Portion: 1, Recording: `${call.CallID}-1.mp3` });
		expect(item.binary?.data).toMatchObject({ fileName: `${call.CallID}-1.mp3`, mimeType: 'audio/mpeg' });
		measure('New Recording (with the MP3 download)', call.CallID, execution.startedAt);
	});

	test('an unknown CallID: the switch gets an HTTP error and n8n records a failed execution naming the call', async () => {
		const { id, url } = await publish('E2E Call Ended unknown', 'call-ended', { recordWait: 1 });
		const answer = await fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ Event: 'Disconnected', CallID: '1700000000.999', Customer: '1', SourceNumber: '5145550199', DestinationNumber: '201' }),
		});
		expect(answer.status).toBe(500);
		const [execution] = await env.api.waitForExecutions(id, 1);
		expect(execution.status).toBe('error');
		expect(JSON.stringify(execution.data.resultData.error)).toContain('Call 1700000000.999 could not be looked up');
	});

	// Under the default reading of the switch and the harshest one (leg details after the hang-up,
	// Disconnected per leg, DID caller IDs, voicemail picking up, +1 / 1 numbers, one portal URL):
	// one Call Events at One URL trigger per setting of Count Voicemail as Missed.
	describe.each<SwitchProfileName>(['default', 'harshest'])('classified from the switch\'s facts, %s profile', (profile) => {
		const use = (over: Partial<SwitchSettings> = {}) => {
			env.sandbox.state.settings = settingsOf(profile, over);
		};
		afterAll(() => {
			env.sandbox.state.settings = settingsOf('default');
		});
		const missedOf = async (id: string, count: number) =>
			(await env.api.waitForExecutions(id, count)).map((e) => nodeJson(e, 'SolSwitch Trigger')[0]).sort((a, b) => String(a.CallID).localeCompare(String(b.CallID)));

		test('an unanswered outbound call emits no Missed Call; a call that ends in voicemail emits one (Count Voicemail as Missed on)', async () => {
			use({ unansweredEndsIn: 'voicemail' });
			const { id, url } = await publish(`E2E Missed Call ${profile} on`, 'call-events', { callEvents: ['missed-call'] });
			callbacksOf(env.sandbox).configure({ sipNotificationUrls: [url] });
			const outbound = await play({ scenario: 'outboundUnanswered', Extension: '201', To: '4385550142' });
			const voicemail = await play({ scenario: 'missed', Extension: '201' });
			const items = await missedOf(id, 1);
			expect(items).toEqual([expect.objectContaining({ CallEvent: 'missed-call', CallID: voicemail.CallID, Outcome: 'voicemail', EndedIn: 'voicemail', VoicemailBox: '201' })]);
			expect(items[0].CallID).not.toBe(outbound.CallID);
			expect(await env.api.executionSummaries(id)).toHaveLength(1);
		});

		test('Count Voicemail as Missed off: a call that ends in voicemail emits none (a plain missed call after it does)', async () => {
			use({ unansweredEndsIn: 'voicemail' });
			const { id, url } = await publish(`E2E Missed Call ${profile} off`, 'call-events', { callEvents: ['missed-call'], countVoicemailAsMissed: false });
			callbacksOf(env.sandbox).configure({ sipNotificationUrls: [url] });
			await play({ scenario: 'missed', Extension: '201' });
			use({ unansweredEndsIn: 'nothing' });
			const marker = await play({ scenario: 'missed', Extension: '202' });
			expect(await missedOf(id, 1)).toEqual([expect.objectContaining({ CallID: marker.CallID, Outcome: 'missed', EndedIn: '' })]);
			expect(await env.api.executionSummaries(id)).toHaveLength(1);
		});
	});
}
