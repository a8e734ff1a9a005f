/**
 * Replies on a long code (messaging-gateway.md, MO callback response: "Body: Optional. SMS on short
 * codes only."): the sandbox drops a callback Body on a long code, so every reply the trigger gives
 * (compliance, Keyword Replies, a STOP that runs the workflow, a reply computed by the workflow in
 * each reply mode, a Send and Wait prompt) goes as one MT SMS from the code, and the gateway gets
 * Status only. Sent once across a redelivery; a failed SMS is retried through the gateway's retry
 * without a second run. The same messages on a short code: trigger.test.ts, keywordReplies.test.ts.
 */
import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';
import { DEFAULT_COMPLIANCE_TEXTS } from '../../../nodes/SolSwitchMessagingTrigger/replies/complianceTexts';
import { isShortCode, SHORT_CODE_MAX_DIGITS } from '../../../nodes/SolSwitchMessagingTrigger/replies/answerBy';
import { isShortCode as sandboxIsShortCode } from '../../../sandbox/gateway/codes';
import { defaultGatewayConfig } from '../../../sandbox/gateway/config';
import { useSandbox } from '../../helpers/sandbox';
import { startTriggerServer, type TriggerServer } from '../../helpers/triggerServer';
import { gatewayOf, messagingCredentials } from './env';

jest.setTimeout(30_000);

const env = useSandbox();
let trigger: TriggerServer | undefined;

afterEach(async () => {
	await trigger?.close();
	trigger = undefined;
});

const LONG_CODE = '15145550100';
const SHORT_CODE = '55555';
const all = { events: ['sms', 'mms', 'report'] };
const reply = (body: string) => ({ name: 'Reply', type: 'n8n-nodes-solswitch.solSwitchMessaging', parameters: { resource: 'message', operation: 'reply', Body: body } });

async function serve(parameters: IDataObject, then?: Array<ReturnType<typeof reply>>, credentials: ICredentialDataDecryptedObject = messagingCredentials(env.sandbox).solSwitchMessagingApi) {
	trigger = await startTriggerServer({ type: 'solSwitchMessagingTrigger', parameters, credentials: { solSwitchMessagingApi: credentials }, then });
	gatewayOf(env.sandbox).configure({ providerUrl: trigger.url, inboundKeyType: 'body', retries: 12, firstRetryMs: 2000, allowedIps: null });
	return trigger;
}

/** The SMS a phone received from a code (MT records of the sandbox's gateway). */
const smsTo = (phone: string, code = LONG_CODE) =>
	gatewayOf(env.sandbox)
		.state.records.filter((r) => r.Direction === 'send' && r.To === phone && r.From === code)
		.map((r) => r.text);

const mo = (From: string, Body: string, ID?: string, To = LONG_CODE) => gatewayOf(env.sandbox).injectMo({ From, To, Body, ID }).done;

describe('which codes are short codes', () => {
	it('Automatic and the sandbox agree: up to 6 digits is a short code, a phone number a long code', () => {
		const config = defaultGatewayConfig();
		for (const code of ['55555', '123456', '1234567', '5145550100', '15145550100', '+1 (514) 555-0100']) {
			expect([code, sandboxIsShortCode(config, code)]).toEqual([code, isShortCode(code)]);
		}
		expect(SHORT_CODE_MAX_DIGITS).toBe(config.shortCodeMaxDigits);
		expect(isShortCode('123456')).toBe(true);
		expect(isShortCode('1234567')).toBe(false);
		expect(isShortCode('')).toBe(false);
	});
});

describe('Messaging Trigger on a long code: the trigger\'s own answers', () => {
	it('HELP: one SMS from the code, the gateway gets Status only, no execution; a redelivery sends no second SMS', async () => {
		const t = await serve({ ...all, replyMode: 'onReceived' });
		const delivery = await mo('15145550201', 'help', 'help-long');
		expect((await mo('15145550201', 'help', 'help-long')).attempts.map((a) => [a.status, a.answer])).toEqual([[200, { Status: 'OK' }]]);
		expect(delivery.attempts.map((a) => [a.status, a.answer])).toEqual([[200, { Status: 'OK' }]]);
		expect([delivery.replyBody, delivery.droppedBody, delivery.smsReplies]).toEqual([undefined, undefined, [DEFAULT_COMPLIANCE_TEXTS.helpText]]);
		expect(smsTo('15145550201')).toEqual([DEFAULT_COMPLIANCE_TEXTS.helpText]);
		expect(gatewayOf(env.sandbox).inbox('15145550201')).toEqual([{ From: LONG_CODE, text: DEFAULT_COMPLIANCE_TEXTS.helpText, via: 'sms' }]);
		expect(t.executions).toHaveLength(0);
	});

	it('a keyword reply: one SMS with the configured text', async () => {
		const t = await serve({ ...all, replyMode: 'onReceived', keywordReplies: { keywords: [{ keyword: 'HOURS', reply: 'Open 9 to 5' }] } });
		const delivery = await mo('15145550202', ' Hours ');
		expect(delivery.smsReplies).toEqual(['Open 9 to 5']);
		expect(delivery.attempts[0].answer).toEqual({ Status: 'OK' });
		expect(t.executions).toHaveLength(0);
	});

	it.each(['onReceived', 'responseNode', 'lastNode'])('STOP in reply mode %s: one SMS, one run; a redelivery sends nothing and runs nothing', async (replyMode) => {
		const t = await serve({ ...all, replyMode }, replyMode === 'onReceived' ? undefined : [reply('ignored: the trigger answers STOP')]);
		const phone = `1514555021${['onReceived', 'responseNode', 'lastNode'].indexOf(replyMode)}`;
		const first = await mo(phone, 'STOP', `stop-${replyMode}`);
		expect(first.attempts.map((a) => [a.status, a.answer])).toEqual([[200, { Status: 'OK' }]]);
		expect(first.smsReplies).toEqual([DEFAULT_COMPLIANCE_TEXTS.stopText]);
		const again = await mo(phone, 'STOP', `stop-${replyMode}`);
		expect(again.attempts.map((a) => [a.status, a.answer])).toEqual([[200, { Status: 'OK' }]]);
		expect(smsTo(phone)).toEqual([DEFAULT_COMPLIANCE_TEXTS.stopText]);
		expect(t.executions).toHaveLength(1);
	});
});

describe('Messaging Trigger on a long code: replies computed by the workflow', () => {
	it.each(['responseNode', 'lastNode'])('Reply to Message in reply mode %s: one SMS with the computed text; a redelivery sends nothing and runs nothing', async (replyMode) => {
		const t = await serve({ ...all, replyMode }, [reply('={{ "Your " + $json.keyword.toLowerCase() + " is on its way" }}')]);
		const phone = replyMode === 'responseNode' ? '15145550221' : '15145550222';
		const first = await mo(phone, 'Pizza margherita', `r-${replyMode}`);
		expect(first.attempts.map((a) => [a.status, a.answer])).toEqual([[200, { Status: 'OK' }]]);
		expect(first.smsReplies).toEqual(['Your pizza is on its way']);
		expect(first.droppedBody).toBeUndefined();
		const again = await mo(phone, 'Pizza margherita', `r-${replyMode}`);
		expect(again.state).toBe('delivered');
		expect(smsTo(phone)).toEqual(['Your pizza is on its way']);
		expect(t.executions).toHaveLength(1);
	});

	it('a run that ends without a reply is answered Status only, and sends no SMS', async () => {
		const t = await serve({ ...all, replyMode: 'responseNode' }, [reply('')]);
		const delivery = await mo('15145550223', 'just saying');
		expect(delivery.attempts.map((a) => [a.status, a.answer])).toEqual([[200, { Status: 'OK' }]]);
		expect(smsTo('15145550223')).toEqual([]);
		expect(t.executions).toHaveLength(1);
	});
});

describe('Messaging Trigger on a long code: an SMS that cannot be sent', () => {
	it('is answered 503; the gateway sends the message again and the SMS goes then, with one run only', async () => {
		const t = await serve({ ...all, replyMode: 'responseNode' }, [reply('Got it')]);
		// The MT API refuses the first SMS (FAIL "IP address not allowed."), then the operator fixed it.
		env.sandbox.faults.set({ match: '/sms/', mode: 'answer', json: { Status: 'FAIL', Reason: 'IP address not allowed.' }, times: 1 });
		const delivery = await mo('15145550231', 'hello', 'fails-once');
		expect(delivery.attempts.map((a) => [a.status, a.answer])).toEqual([
			[503, { Status: 'RETRY', Reason: 'The reply SMS could not be sent yet; send the message again later.' }],
			[200, { Status: 'OK' }],
		]);
		expect(smsTo('15145550231')).toEqual(['Got it']);
		expect(t.executions).toHaveLength(1);
	});

	it('a HELP whose SMS fails is answered 503 and sent at the retry (nothing runs)', async () => {
		const t = await serve({ ...all, replyMode: 'onReceived' });
		env.sandbox.faults.set({ match: '/sms/', mode: 'http500', times: 1 });
		const delivery = await mo('15145550232', 'HELP');
		expect(delivery.attempts.map((a) => a.status)).toEqual([503, 200]);
		expect(smsTo('15145550232')).toEqual([DEFAULT_COMPLIANCE_TEXTS.helpText]);
		expect(t.executions).toHaveLength(0);
	});
});

describe('Send Replies As, chosen by hand', () => {
	it('Callback Body on a long code: the sandbox drops the Body and logs it; the phone gets nothing', async () => {
		await serve({ ...all, replyMode: 'onReceived', answerBy: 'callbackBody' });
		const delivery = await mo('15145550241', 'help');
		expect(delivery.attempts[0].answer).toEqual({ Status: 'OK', Body: DEFAULT_COMPLIANCE_TEXTS.helpText });
		expect([delivery.replyBody, delivery.droppedBody]).toEqual([undefined, DEFAULT_COMPLIANCE_TEXTS.helpText]);
		expect(gatewayOf(env.sandbox).inbox('15145550241')).toEqual([]);
		const [dropped] = env.sandbox.exchanges.find({ service: 'gateway-mo' }).filter((e) => e.method === 'DROP');
		expect(dropped.note).toContain(`${LONG_CODE} is a long code`);
	});

	it('SMS From the Code on a short code: an SMS from the short code', async () => {
		await serve({ ...all, replyMode: 'onReceived', answerBy: 'sms' });
		const delivery = await mo('15145550242', 'help', undefined, SHORT_CODE);
		expect([delivery.replyBody, delivery.smsReplies]).toEqual([undefined, [DEFAULT_COMPLIANCE_TEXTS.helpText]]);
		expect(smsTo('15145550242', SHORT_CODE)).toEqual([DEFAULT_COMPLIANCE_TEXTS.helpText]);
	});

	it('Automatic on a short code: the callback Body, as before; no SMS', async () => {
		await serve({ ...all, replyMode: 'onReceived' });
		const delivery = await mo('15145550243', 'help', undefined, SHORT_CODE);
		expect([delivery.replyBody, delivery.smsReplies]).toEqual([DEFAULT_COMPLIANCE_TEXTS.helpText, []]);
		expect(gatewayOf(env.sandbox).inbox('15145550243')).toEqual([{ From: SHORT_CODE, text: DEFAULT_COMPLIANCE_TEXTS.helpText, via: 'callback reply' }]);
	});
});
