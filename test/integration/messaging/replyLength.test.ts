/**
 * Reply to Message checks the 136-character limit only where the reply carries the Body: an SMS.
 * MMS and delivery reports are answered with Status only, so an over-long reply expression there
 * must neither fail the workflow nor make the gateway retry (issue 14).
 */
import { useSandbox } from '../../helpers/sandbox';
import { gatewayOf, messagingCredentials } from './env';
import { startTriggerServer, type TriggerServer } from '../../helpers/triggerServer';

const env = useSandbox();
let trigger: TriggerServer | undefined;

afterEach(async () => {
	await trigger?.close();
	trigger = undefined;
});

const longReply = { name: 'Reply', type: 'n8n-nodes-solswitch.solSwitchMessaging', parameters: { resource: 'message', operation: 'reply', Body: '={{ "x".repeat(200) }}' } };

async function serve() {
	trigger = await startTriggerServer({
		type: 'solSwitchMessagingTrigger',
		parameters: { events: ['sms', 'mms', 'report'], replyMode: 'responseNode' },
		credentials: { solSwitchMessagingApi: messagingCredentials(env.sandbox).solSwitchMessagingApi },
		then: [longReply],
	});
	gatewayOf(env.sandbox).configure({ providerUrl: trigger.url, inboundKeyType: 'body', retries: 1, firstRetryMs: 2000 });
	return trigger;
}

describe('Reply to Message: the 136-character check applies to SMS replies only', () => {
	it('an MMS is answered Status OK at once, whatever the reply expression gives', async () => {
		const t = await serve();
		const delivery = await gatewayOf(env.sandbox).injectMo({ From: '15145550123', To: '55555', mms: { filename: 'a.png', contentType: 'image/png', content: Buffer.from('png') } }).done;
		expect(delivery.state).toBe('delivered');
		expect(delivery.attempts.map((a) => [a.status, a.answer])).toEqual([[200, { Status: 'OK' }]]);
		expect(t.runs[0].data.resultData.runData.Reply[0].error).toBeUndefined();
	});

	it('a delivery report is answered Status OK at once too', async () => {
		const t = await serve();
		const delivery = await gatewayOf(env.sandbox).sendReport('901', '55555', '15145550123', '0').done;
		expect(delivery.attempts.map((a) => [a.status, a.answer])).toEqual([[200, { Status: 'OK' }]]);
		expect(t.runs[0].data.resultData.runData.Reply[0].error).toBeUndefined();
	});

	it('an SMS still gets the check: the reply is refused and the gateway retries', async () => {
		const t = await serve();
		const delivery = await gatewayOf(env.sandbox).injectMo({ From: '15145550123', To: '55555', Body: 'long please' }).done;
		expect(delivery.state).toBe('failed');
		expect(t.runs[0].data.resultData.runData.Reply[0].error?.message).toBe('Reply must be 1 to 136 characters (it has 200)');
	});
});
