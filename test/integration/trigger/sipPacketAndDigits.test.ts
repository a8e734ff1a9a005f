/**
 * SIP Packet POST and Digit Validation, sent by the sandbox's control endpoints to the SolSwitch
 * Trigger (n8n-core's WebhookContext over real HTTP), and the Answer Digit Validation operation.
 */
import type { IWebhookResponseData } from 'n8n-workflow';
import { runNode } from '../../../scripts/n8n-engine/n8nEngine';
import { sandboxCallback, useSandbox } from '../../helpers/sandbox';
import { startTriggerServer, writeLikeN8n, type TriggerServer } from '../../helpers/triggerServer';

const env = useSandbox();
const PACKET_KEY = 'packet-key-7f3a';
let host: TriggerServer;

beforeAll(async () => {
	host = await startTriggerServer({ type: 'solSwitchTrigger', parameters: { event: 'sip-packet', packetApiKey: PACKET_KEY } });
});
afterAll(async () => {
	await host.close();
});
beforeEach(() => {
	host.started.length = 0;
	host.options = {};
});

const control = (path: string, body: Record<string, unknown>) => sandboxCallback(env.sandbox.url, path, body);

describe('SIP Packet POST', () => {
	it('answers the plain string SUCCESS and gives the workflow the packet, its parsed INVITE and no APIKey', async () => {
		host.parameters = { event: 'sip-packet', packetApiKey: PACKET_KEY };
		const delivery = await control('/sip-packet', { url: host.urlFor('sip-packet'), apiKey: PACKET_KEY, from: '4385550123', to: '5145550100' });

		expect(delivery).toMatchObject({ Status: 'OK', delivered: true });
		expect(delivery.attempts).toEqual([{ AttemptNumber: 1, corrupted: false, status: 200, answer: 'SUCCESS' }]);
		const [exchange] = env.sandbox.exchanges.find({ direction: 'out', service: 'sipPacket' });
		expect(exchange.answer).toBe('SUCCESS');
		const sentBody = exchange.body as Record<string, string>;
		expect(host.started).toHaveLength(1);
		const item = host.started[0].items[0].json as Record<string, any>;
		expect(item).toEqual({
			FromIP: '198.51.100.7',
			InviteTo: '5145550100',
			RawPacket: sentBody.RawPacket,
			PacketHash: sentBody.PacketHash,
			AttemptNumber: '1',
			HashValid: true,
			Invite: expect.objectContaining({ method: 'INVITE', requestUri: 'sip:5145550100@switch.sandbox', sipVersion: 'SIP/2.0' }),
		});
		expect(item.Invite.headers).toMatchObject({
			From: expect.stringContaining('<sip:4385550123@198.51.100.7>'),
			To: '<sip:5145550100@switch.sandbox>',
			'Call-ID': expect.stringMatching(/@198\.51\.100\.7$/),
			Contact: '<sip:4385550123@198.51.100.7:5060>',
			CSeq: '1 INVITE',
		});
		expect(JSON.stringify(item)).not.toContain(PACKET_KEY);
	});

	it('the answer is exactly SUCCESS as text/plain', async () => {
		host.parameters = { event: 'sip-packet', packetApiKey: PACKET_KEY };
		const answer = await fetch(host.urlFor('sip-packet'), {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ APIKey: PACKET_KEY, RawPacket: 'INVITE sip:1@x SIP/2.0\r\n\r\n', PacketHash: require('node:crypto').createHash('md5').update('INVITE sip:1@x SIP/2.0\r\n\r\n').digest('hex'), AttemptNumber: 4 }),
		});
		expect(answer.status).toBe(200);
		expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
		expect(await answer.text()).toBe('SUCCESS');
		expect(host.started[0].items[0].json.AttemptNumber).toBe(4);
	});

	it('rejects a corrupted hash (Reject): the switch repeats with a growing AttemptNumber until SUCCESS; one workflow runs', async () => {
		host.parameters = { event: 'sip-packet', packetApiKey: PACKET_KEY, hashMismatch: 'reject' };
		const delivery = await control('/sip-packet', { url: host.urlFor('sip-packet'), apiKey: PACKET_KEY, corruptAttempts: 2 });

		expect(delivery.delivered).toBe(true);
		expect(delivery.attempts.map((a: any) => [a.AttemptNumber, a.corrupted, a.status])).toEqual([
			[1, true, 422],
			[2, true, 422],
			[3, false, 200],
		]);
		expect(JSON.parse(delivery.attempts[0].answer)).toEqual({ Status: 'FAIL', Reason: 'PacketHash is not the MD5 of RawPacket: the packet was altered in transit' });
		expect(host.started.map((s) => s.items[0].json.AttemptNumber)).toEqual(['3']);
	});

	it('accepts a corrupted hash with Accept and Flag, marking HashValid false', async () => {
		host.parameters = { event: 'sip-packet', packetApiKey: PACKET_KEY, hashMismatch: 'flag' };
		const delivery = await control('/sip-packet', { url: host.urlFor('sip-packet'), apiKey: PACKET_KEY, corruptAttempts: 5 });
		expect(delivery.attempts).toEqual([{ AttemptNumber: 1, corrupted: true, status: 200, answer: 'SUCCESS' }]);
		expect(host.started.map((s) => s.items[0].json.HashValid)).toEqual([false]);
	});

	it('refuses a wrong APIKey with 401 on every attempt and starts nothing', async () => {
		host.parameters = { event: 'sip-packet', packetApiKey: PACKET_KEY };
		const delivery = await control('/sip-packet', { url: host.urlFor('sip-packet'), apiKey: 'packet-key-7f3b', maxAttempts: 2 });
		expect(delivery).toMatchObject({ Status: 'FAIL', Reason: 'SUCCESS was never answered', delivered: false });
		expect(delivery.attempts.map((a: any) => [a.status, JSON.parse(a.answer).Reason])).toEqual([
			[401, 'APIKey does not match the Packet API Key'],
			[401, 'APIKey does not match the Packet API Key'],
		]);
		expect(host.started).toHaveLength(0);
	});

	it('refuses a packet without RawPacket or PacketHash', async () => {
		host.parameters = { event: 'sip-packet', packetApiKey: PACKET_KEY };
		const answer = await fetch(host.urlFor('sip-packet'), {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ APIKey: PACKET_KEY, AttemptNumber: '1' }),
		});
		expect(answer.status).toBe(400);
		expect(await answer.json()).toEqual({ Status: 'FAIL', Reason: 'Missing required field RawPacket, PacketHash' });
		expect(host.started).toHaveLength(0);
	});
});

describe('Digit Validation', () => {
	const dv = (extra: Record<string, unknown> = {}) => control('/digit-validation', { url: host.urlFor('digit-validation'), Digits: '2', ...extra });

	/** n8n's part after webhook(): the workflow ran and n8n writes its answer as given. */
	const n8nAnswers = (status: number, body: unknown, contentType?: string) => ({
		afterWebhook: (res: Parameters<typeof writeLikeN8n>[0], result: IWebhookResponseData) => {
			expect(result.workflowData).toBeDefined();
			writeLikeN8n(res, status, body, contentType);
		},
	});

	it('sends the workflow its fields as sent, and the option the workflow computed as bare text', async () => {
		host.parameters = { event: 'digit-validation', answerFrom: 'lastNode', answerField: 'option' };
		host.options = n8nAnswers(200, 'sales', 'text/plain');
		const record = await dv({ Digits: '12', CIDNum: '4385550123' });

		expect(record).toMatchObject({ Status: 'OK', status: 200, option: 'sales', contentType: 'text/plain; charset=utf-8' });
		expect(host.started[0].items[0].json).toEqual({
			Digits: '12',
			ExtensionNumber: '510',
			CDRCallID: record.request.CDRCallID,
			CIDName: 'Sandbox Caller',
			CIDNum: '4385550123',
			DID: '5145550100',
		});
		expect(env.sandbox.exchanges.find({ direction: 'out', service: 'digitValidation' })[0].answer).toBe('sales');
	});

	it('takes the quotes off an option that n8n would send as JSON (a number or a string)', async () => {
		host.parameters = { event: 'digit-validation' };
		host.options = n8nAnswers(200, 7);
		expect((await dv()).option).toBe('7');
		host.options = n8nAnswers(200, '"queue-3"', 'application/json; charset=utf-8');
		expect((await dv()).option).toBe('queue-3');
	});

	it('answers the Fallback Option when the workflow failed', async () => {
		host.parameters = { event: 'digit-validation', fallbackOption: 'operator' };
		host.options = n8nAnswers(500, { message: 'Error in workflow' });
		const record = await dv();
		expect(record).toMatchObject({ status: 200, option: 'operator', contentType: 'text/plain; charset=utf-8' });
	});

	it('answers the Fallback Option when the workflow gave no option (no item, an object, an empty answer)', async () => {
		host.parameters = { event: 'digit-validation', fallbackOption: 'operator' };
		host.options = n8nAnswers(500, { code: 0, message: 'No item to return was found' });
		expect((await dv()).option).toBe('operator');
		host.options = n8nAnswers(200, { option: 'sales' });
		expect((await dv()).option).toBe('operator');
		host.options = n8nAnswers(200, '');
		expect((await dv()).option).toBe('operator');
	});

	it('without a Fallback Option, passes n8n\'s error on to the switch', async () => {
		host.parameters = { event: 'digit-validation' };
		host.options = n8nAnswers(500, { message: 'Error in workflow' });
		const record = await dv();
		expect(record).toMatchObject({ status: 500, option: '{"message":"Error in workflow"}' });
	});

	it('answers listed digits from Fixed Answers at once, starting no workflow', async () => {
		host.parameters = {
			event: 'digit-validation',
			fixedAnswers: { answers: [{ digits: '0', option: 'operator' }, { digits: '9', option: 'voicemail' }] },
		};
		host.options = { afterWebhook: () => { throw new Error('no workflow should run'); } };
		const record = await dv({ Digits: '9' });
		expect(record).toMatchObject({ status: 200, option: 'voicemail', contentType: 'text/plain; charset=utf-8' });
		expect(host.started).toHaveLength(0);
	});

	it('digits not in Fixed Answers still run the workflow', async () => {
		host.parameters = { event: 'digit-validation', fixedAnswers: { answers: [{ digits: '0', option: 'operator' }] } };
		host.options = n8nAnswers(200, 'billing', 'text/plain');
		expect((await dv({ Digits: '4' })).option).toBe('billing');
		expect(host.started).toHaveLength(1);
	});

	it('refuses a request without Digits', async () => {
		host.parameters = { event: 'digit-validation', fallbackOption: 'operator' };
		const answer = await fetch(host.urlFor('digit-validation'), {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ ExtensionNumber: '510' }),
		});
		expect(answer.status).toBe(400);
		expect(await answer.json()).toEqual({ Status: 'FAIL', Reason: 'Missing required field Digits' });
		expect(host.started).toHaveLength(0);
	});
});

describe('SolSwitch > Digit Validation > Answer Digit Validation', () => {
	it('sends the option as plain text through the waiting webhook (this.sendResponse) and passes the item on', async () => {
		const responses: unknown[] = [];
		const { items, error } = await runNode({
			type: 'solSwitch',
			parameters: { resource: 'digitValidation', operation: 'answer', Option: ' sales ' },
			// No credential: answering the waiting trigger sends nothing to the switch.
			credentials: {},
			input: [{ json: { Digits: '1', CDRCallID: '1700000000.5' } }],
			onSendResponse: (response) => responses.push(response),
		});
		expect(error).toBeUndefined();
		expect(responses).toEqual([{ body: 'sales', headers: { 'content-type': 'text/plain; charset=utf-8' }, statusCode: 200 }]);
		expect(items.map((i) => i.json)).toEqual([{ Digits: '1', CDRCallID: '1700000000.5', answeredOption: 'sales' }]);
		expect(env.sandbox.exchanges.find({ service: 'switch' })).toHaveLength(0);
	});

	it('refuses an option of several lines before answering anything', async () => {
		const responses: unknown[] = [];
		const { error } = await runNode({
			type: 'solSwitch',
			parameters: { resource: 'digitValidation', operation: 'answer', Option: 'sales\nsupport' },
			credentials: env.switchCredentials(),
			onSendResponse: (response) => responses.push(response),
		});
		expect(error?.message).toBe('Option must be one line of 1 to 256 characters, not blank');
		expect(responses).toEqual([]);
	});

	it('refuses a blank option', async () => {
		const responses: unknown[] = [];
		const { error } = await runNode({
			type: 'solSwitch',
			parameters: { resource: 'digitValidation', operation: 'answer', Option: '   ' },
			credentials: env.switchCredentials(),
			onSendResponse: (response) => responses.push(response),
		});
		expect(error?.message).toBe('Option is required');
		expect(responses).toEqual([]);
	});
});
