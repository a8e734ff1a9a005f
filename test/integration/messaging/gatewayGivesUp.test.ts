/**
 * A gateway that gives up on a callback while the reply SMS is still being sent (code review 3, R9).
 * On a long code the trigger sends the reply as an MT SMS before it answers the callback; here the
 * gateway closes the callback after 1 s (its callbackTimeoutMs) while each MT takes 3 s (the MT
 * latency), so the callback's answer comes after the gateway stopped listening, and the gateway
 * sends the message again, and again, while the first SMS is still on its way. The claim on the
 * message ends when its answer is remembered, not when the gateway's socket closes: every
 * redelivery meanwhile waits for that answer (or is told to come again later), so the person gets
 * one SMS in all, and a message that runs the workflow runs once. In every reply mode.
 */
import type { IDataObject } from 'n8n-workflow';
import { DEFAULT_COMPLIANCE_TEXTS } from '../../../nodes/SolSwitchMessagingTrigger/replies/complianceTexts';
import { useSandbox } from '../../helpers/sandbox';
import { startTriggerServer, type TriggerServer } from '../../helpers/triggerServer';
import { gatewayOf, messagingCredentials } from './env';

jest.setTimeout(60_000);

const env = useSandbox();
let trigger: TriggerServer | undefined;

/** The gateway's patience with one callback, and how long the MT API takes (real milliseconds). */
const CALLBACK_TIMEOUT_MS = 1000;
const MT_LATENCY_MS = 3000;

afterEach(async () => {
	await trigger?.close();
	trigger = undefined;
	gatewayOf(env.sandbox).mtLoad.configure({ latencyMs: 0 });
	gatewayOf(env.sandbox).configure({ callbackTimeoutMs: 30_000 });
});

const LONG_CODE = '15145550100';
const all = { events: ['sms', 'mms', 'report'] };
const reply = (body: string) => ({ name: 'Reply', type: 'n8n-nodes-solswitch.solSwitchMessaging', parameters: { resource: 'message', operation: 'reply', Body: body } });

async function serve(parameters: IDataObject, then?: Array<ReturnType<typeof reply>>) {
	trigger = await startTriggerServer({ type: 'solSwitchMessagingTrigger', parameters, credentials: messagingCredentials(env.sandbox), then });
	const gateway = gatewayOf(env.sandbox);
	// Retries at the sandbox's time scale (2 s doubling, scaled to tens of milliseconds): the first
	// redeliveries arrive while the first SMS is still being sent.
	gateway.configure({ providerUrl: trigger.url, inboundKeyType: 'body', retries: 12, firstRetryMs: 2000, allowedIps: null, callbackTimeoutMs: CALLBACK_TIMEOUT_MS });
	gateway.mtLoad.configure({ latencyMs: MT_LATENCY_MS });
	return trigger;
}

/** The SMS a phone received from the long code (the gateway's MT records). */
const smsTo = (phone: string) =>
	gatewayOf(env.sandbox)
		.state.records.filter((r) => r.Direction === 'send' && r.To === phone && r.From === LONG_CODE)
		.map((r) => r.text);

/** A message to the long code, its delivery once the gateway is done with it; the attempts printed, to show what happened. */
async function mo(From: string, Body: string, ID: string) {
	const delivery = await gatewayOf(env.sandbox).injectMo({ From, To: LONG_CODE, Body, ID }).done;
	process.stderr.write(`\n${ID}: ${delivery.attempts.map((a) => (a.error ? `gave up (${a.error})` : `HTTP ${a.status} ${JSON.stringify(a.answer)}`)).join('; ')}\n`);
	return delivery;
}

/** The gateway gave up at least once (the case under test), and the message was then answered OK. */
function expectGaveUpThenOk(delivery: Awaited<ReturnType<typeof mo>>) {
	expect(delivery.attempts[0].error).toBeDefined();
	expect(delivery.state).toBe('delivered');
	expect(delivery.attempts.at(-1)).toMatchObject({ status: 200, answer: { Status: 'OK' } });
}

describe('the gateway gives up on the callback after 1 s while the reply SMS takes 3 s: one SMS in all', () => {
	it('HELP (the trigger answers at once, nothing runs)', async () => {
		const t = await serve({ ...all, replyMode: 'onReceived' });
		const delivery = await mo('15145550301', 'HELP', 'gives-up-help');
		expectGaveUpThenOk(delivery);
		expect(smsTo('15145550301')).toEqual([DEFAULT_COMPLIANCE_TEXTS.helpText]);
		expect(t.executions).toHaveLength(0);
	});

	it('a keyword reply (answered at once)', async () => {
		const t = await serve({ ...all, replyMode: 'onReceived', keywordReplies: { keywords: [{ keyword: 'HOURS', reply: 'Open 9 to 5' }] } });
		const delivery = await mo('15145550302', 'hours', 'gives-up-keyword');
		expectGaveUpThenOk(delivery);
		expect(smsTo('15145550302')).toEqual(['Open 9 to 5']);
		expect(t.executions).toHaveLength(0);
	});

	it.each(['onReceived', 'responseNode', 'lastNode'])('STOP in reply mode %s (the trigger answers, the workflow runs): one SMS, one run', async (replyMode) => {
		const t = await serve({ ...all, replyMode }, replyMode === 'onReceived' ? undefined : [reply('ignored: the trigger answers STOP')]);
		const phone = `1514555031${['onReceived', 'responseNode', 'lastNode'].indexOf(replyMode)}`;
		const delivery = await mo(phone, 'STOP', `gives-up-stop-${replyMode}`);
		expectGaveUpThenOk(delivery);
		expect(smsTo(phone)).toEqual([DEFAULT_COMPLIANCE_TEXTS.stopText]);
		expect(t.executions).toHaveLength(1);
	});

	it.each(['responseNode', 'lastNode'])('a reply computed by the workflow in reply mode %s (Reply to Message): one SMS, one run', async (replyMode) => {
		const t = await serve({ ...all, replyMode }, [reply('={{ "Your " + $json.keyword.toLowerCase() + " is on its way" }}')]);
		const phone = replyMode === 'responseNode' ? '15145550321' : '15145550322';
		const delivery = await mo(phone, 'Pizza margherita', `gives-up-reply-${replyMode}`);
		expectGaveUpThenOk(delivery);
		expect(smsTo(phone)).toEqual(['Your pizza is on its way']);
		expect(t.executions).toHaveLength(1);
	});
});
