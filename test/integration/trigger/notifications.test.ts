/**
 * SIP POST and monitoring notifications, end to end inside one process: the sandbox's live call
 * state emits them over HTTP to the SolSwitch Trigger (n8n-core's WebhookContext), which answers
 * {"Status":"OK"} at once and starts a workflow only for the selected Event values.
 */
import { callbacksOf } from '../../../sandbox/switch/callbacks';
import { runNode } from '../../../scripts/n8n-engine/n8nEngine';
import { useSandbox } from '../../helpers/sandbox';
import { startTriggerServer, type TriggerServer } from '../../helpers/triggerServer';

const env = useSandbox();
let host: TriggerServer;

beforeAll(async () => {
	host = await startTriggerServer({ type: 'solSwitchTrigger', parameters: { event: 'sip-notification' } });
});
afterAll(async () => {
	await host.close();
});
beforeEach(() => {
	host.started.length = 0;
	callbacksOf(env.sandbox).configure({ sipNotificationUrls: [], monitoringUrls: [], format: 'json' });
});

const sent = (service: string) => env.sandbox.exchanges.find({ direction: 'out', service });

async function newCall(extension = '201', destination = '5145550123') {
	const { items, error } = await runNode({
		type: 'solSwitch',
		parameters: { resource: 'call', operation: 'newCall', Extension: extension, Destination: destination },
		credentials: env.switchCredentials(),
	});
	expect(error).toBeUndefined();
	return items[0].json as { CallID: string; Channel: string };
}

/** Waits (by events, not time) until the call's Connected notification has been sent. */
async function connected(callId: string) {
	const isConnected = (e: { body: unknown }) => (e.body as { Event: string }).Event === 'Connected' && (e.body as { CallID: string }).CallID === callId;
	while (!sent('sipNotification').some(isConnected)) {
		await callbacksOf(env.sandbox).idle();
		await new Promise((resolve) => setImmediate(resolve));
	}
}

async function hangUpAfterConnected(callId: string) {
	await connected(callId);
	env.sandbox.state.endCall(callId);
	await callbacksOf(env.sandbox).idle();
}

describe('SIP POST Notification', () => {
	it('New Call sends Outgoing, Connected, Disconnected in order; each is acknowledged with {"Status":"OK"} and starts a workflow with the fields as sent', async () => {
		host.parameters = { event: 'sip-notification' };
		callbacksOf(env.sandbox).configure({ sipNotificationUrls: [host.urlFor('sip-notification')] });
		const call = await newCall();
		await hangUpAfterConnected(call.CallID);

		const out = sent('sipNotification');
		expect(out.map((e) => (e.body as { Event: string }).Event)).toEqual(['Outgoing', 'Connected', 'Disconnected']);
		for (const e of out) {
			expect(e.status).toBe(200);
			expect(e.answer).toBe('{"Status":"OK"}');
			expect(e.path).toBe(host.urlFor('sip-notification'));
		}
		expect(host.started.map((s) => s.items[0].json.Event)).toEqual(['Outgoing', 'Connected', 'Disconnected']);
		expect(host.started[0].items[0].json).toEqual({
			Event: 'Outgoing',
			CallID: call.CallID,
			Customer: '1',
			SourceNumber: '201',
			SourceChannel: call.Channel,
			DestinationNumber: '5145550123',
			DestinationChannel: expect.stringMatching(/^SIP\/trunk-/),
			DialedNumber: '5145550123',
		});
	});

	it('starts a workflow only for the selected Event values, and still acknowledges the others', async () => {
		host.parameters = { event: 'sip-notification', notificationEvents: ['Disconnected'] };
		callbacksOf(env.sandbox).configure({ sipNotificationUrls: [host.urlFor('sip-notification')] });
		const call = await newCall();
		await hangUpAfterConnected(call.CallID);

		expect(sent('sipNotification').map((e) => [e.status, e.answer])).toEqual([
			[200, '{"Status":"OK"}'],
			[200, '{"Status":"OK"}'],
			[200, '{"Status":"OK"}'],
		]);
		expect(host.started.map((s) => s.items[0].json.Event)).toEqual(['Disconnected']);
	});

	it('Transfer sends Disconnected for the old call, then Outgoing and Connected for the new one', async () => {
		host.parameters = { event: 'sip-notification' };
		callbacksOf(env.sandbox).configure({ sipNotificationUrls: [host.urlFor('sip-notification')] });
		const call = await newCall('202', '5145550155');
		await connected(call.CallID);
		const { error } = await runNode({
			type: 'solSwitch',
			parameters: { resource: 'call', operation: 'transfer', Channel: call.Channel, Destination: '203' },
			credentials: env.switchCredentials(),
		});
		expect(error).toBeUndefined();
		const [transferred] = [...env.sandbox.state.calls.values()].filter((c) => c.DestinationNumber === '203');
		await hangUpAfterConnected(transferred.CallID);

		const events = sent('sipNotification').map((e) => e.body as { Event: string; CallID: string; DestinationNumber: string });
		expect(events.map((e) => [e.Event, e.DestinationNumber])).toEqual([
			['Outgoing', '5145550155'],
			['Connected', '5145550155'],
			['Disconnected', '5145550155'],
			['Outgoing', '203'],
			['Connected', '203'],
			['Disconnected', '203'],
		]);
		expect(events.slice(0, 3).every((e) => e.CallID === call.CallID)).toBe(true);
		expect(events.slice(3).every((e) => e.CallID === transferred.CallID)).toBe(true);
		expect(host.started).toHaveLength(6);
	});

	it('accepts notifications sent as form fields', async () => {
		host.parameters = { event: 'sip-notification' };
		callbacksOf(env.sandbox).configure({ sipNotificationUrls: [host.urlFor('sip-notification')], format: 'form' });
		const call = await newCall();
		await hangUpAfterConnected(call.CallID);
		expect(sent('sipNotification').every((e) => e.contentType === 'application/x-www-form-urlencoded' && e.status === 200)).toBe(true);
		expect(host.started.map((s) => [s.items[0].json.Event, s.items[0].json.CallID])).toEqual([
			['Outgoing', call.CallID],
			['Connected', call.CallID],
			['Disconnected', call.CallID],
		]);
	});

	it('refuses an Event value the document does not list, starting nothing', async () => {
		host.parameters = { event: 'sip-notification' };
		const answer = await fetch(host.urlFor('sip-notification'), {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ Event: 'Ringing', CallID: '1.1' }),
		});
		expect(answer.status).toBe(400);
		expect(await answer.json()).toEqual({ Status: 'FAIL', Reason: 'Event must be one of Incoming, Outgoing, Connected, Disconnected (got Ringing)' });
		expect(host.started).toHaveLength(0);
	});
});

describe('Monitoring notification', () => {
	beforeEach(() => {
		env.sandbox.state.monitored.clear();
	});

	async function monitor(extension: string, enabled: boolean) {
		const { error } = await runNode({
			type: 'solSwitch',
			parameters: { resource: 'extension', operation: 'toggleMonitoring', Extension: extension, Enabled: enabled },
			credentials: env.switchCredentials(),
		});
		expect(error).toBeUndefined();
	}

	it('an extension enabled with Toggle Monitoring sends Incoming, Connected, Disconnected for a call it receives', async () => {
		host.parameters = { event: 'monitoring' };
		callbacksOf(env.sandbox).configure({ monitoringUrls: [host.urlFor('monitoring')] });
		await monitor('202', true);
		const callbacks = callbacksOf(env.sandbox);
		const call = callbacks.incomingCall(1, '4385550177', '202', '5145550100');
		env.sandbox.state.endCall(call.CallID);
		await callbacks.idle();

		const out = env.sandbox.exchanges.find({ direction: 'out', service: 'monitoring' });
		expect(out.map((e) => (e.body as { Event: string }).Event)).toEqual(['Incoming', 'Connected', 'Disconnected']);
		expect(out.every((e) => e.status === 200 && e.answer === '{"Status":"OK"}')).toBe(true);
		expect(host.started.map((s) => s.items[0].json)).toEqual(
			['Incoming', 'Connected', 'Disconnected'].map((Event) => ({
				Event,
				CallID: call.CallID,
				Customer: '1',
				SourceNumber: '4385550177',
				SourceChannel: call.SourceChannel,
				DestinationNumber: '202',
				DestinationChannel: call.DestinationChannel,
				DialedNumber: '5145550100',
			})),
		);
	});

	it('sends nothing for extensions that are not monitored, or no longer monitored', async () => {
		host.parameters = { event: 'monitoring' };
		callbacksOf(env.sandbox).configure({ monitoringUrls: [host.urlFor('monitoring')] });
		await monitor('202', true);
		await monitor('202', false);
		const callbacks = callbacksOf(env.sandbox);
		const call = callbacks.incomingCall(1, '4385550177', '202', '5145550100');
		env.sandbox.state.endCall(call.CallID);
		await callbacks.idle();
		expect(env.sandbox.exchanges.find({ direction: 'out', service: 'monitoring' })).toHaveLength(0);
		expect(host.started).toHaveLength(0);
	});

	it('filters by the selected Event values', async () => {
		host.parameters = { event: 'monitoring', monitoringEvents: ['Incoming'] };
		callbacksOf(env.sandbox).configure({ monitoringUrls: [host.urlFor('monitoring')] });
		await monitor('203', true);
		const callbacks = callbacksOf(env.sandbox);
		const call = callbacks.incomingCall(1, '4385550178', '203', '5145550101');
		env.sandbox.state.endCall(call.CallID);
		await callbacks.idle();
		expect(env.sandbox.exchanges.find({ direction: 'out', service: 'monitoring' })).toHaveLength(3);
		expect(host.started.map((s) => s.items[0].json.Event)).toEqual(['Incoming']);
	});

	it('refuses Outgoing, which monitoring notifications do not carry', async () => {
		host.parameters = { event: 'monitoring' };
		const answer = await fetch(host.urlFor('monitoring'), {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ Event: 'Outgoing', CallID: '1.2' }),
		});
		expect(answer.status).toBe(400);
		expect(((await answer.json()) as { Reason: string }).Reason).toBe('Event must be one of Incoming, Connected, Disconnected (got Outgoing)');
		expect(host.started).toHaveLength(0);
	});
});
