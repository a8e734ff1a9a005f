import { runNode } from '../../../scripts/n8n-engine/n8nEngine';
import { useSandbox } from '../../helpers/sandbox';
import { gatewayOf, gatewayReceived, messagingCredentials } from './env';

const env = useSandbox();
const creds = () => messagingCredentials(env.sandbox);

beforeEach(() => {
	gatewayOf(env.sandbox).configure({ allowedIps: null, requireKey: true, providerUrl: undefined });
});

const sms = (extra: Record<string, unknown> = {}) => ({ resource: 'message', operation: 'sendSms', From: '55555', To: '15145550123', ...extra });

describe('Message > Send SMS', () => {
	it('sends JSON with the key and outputs ID, encoding and segments', async () => {
		const { items, error } = await runNode({ type: 'solSwitchMessaging', parameters: sms({ Body: 'Your table is ready' }), credentials: creds() });
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json)).toEqual([
			{ Status: 'OK', ID: expect.stringMatching(/^\d+$/), From: '55555', To: '15145550123', characters: 19, encoding: 'GSM-7', segments: 1 },
		]);
		const [request] = gatewayReceived(env.sandbox, '/sms/');
		expect(request.contentType).toContain('application/json');
		expect(request.body).toEqual({ From: '55555', To: '15145550123', Body: 'Your table is ready', Key: 'sandbox-gateway-key' });
		expect(request.answer).toEqual({ Status: 'OK', ID: items[0].json.ID });
	});

	it('sends form variables when asked, with Receipt, and reports UCS-2 for accented text', async () => {
		const { items, error } = await runNode({
			type: 'solSwitchMessaging',
			parameters: sms({ Body: 'Votre table est prête', additionalFields: { Receipt: 'yes' }, options: { bodyFormat: 'form' } }),
			credentials: creds(),
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ Status: 'OK', encoding: 'UCS-2', segments: 1 });
		const [request] = gatewayReceived(env.sandbox, '/sms/');
		expect(request.contentType).toContain('application/x-www-form-urlencoded');
		expect(request.body).toEqual({ From: '55555', To: '15145550123', Body: 'Votre table est prête', Receipt: 'yes', Key: 'sandbox-gateway-key' });
	});

	// Version 2 shows Receipt as a toggle; the gateway receives the "yes" or "no" the dropdown sent.
	it.each([
		[true, 'yes'],
		[false, 'no'],
	])('v2: Receipt %s sends Receipt "%s"', async (receipt, sent) => {
		const { error } = await runNode({ type: 'solSwitchMessaging', typeVersion: 2, parameters: sms({ Body: 'Hi', additionalFields: { Receipt: receipt } }), credentials: creds() });
		expect(error).toBeUndefined();
		const [request] = gatewayReceived(env.sandbox, '/sms/').slice(-1);
		expect(request.body).toEqual({ From: '55555', To: '15145550123', Body: 'Hi', Receipt: sent, Key: 'sandbox-gateway-key' });
	});

	it('refuses a body over 136 characters before sending anything', async () => {
		const { items, error } = await runNode({ type: 'solSwitchMessaging', parameters: sms({ Body: 'x'.repeat(137) }), credentials: creds() });
		expect(items).toEqual([]);
		expect(error?.message).toBe('Body must be 1 to 136 characters (spaces and line breaks count)');
		expect(gatewayReceived(env.sandbox, '/sms/')).toHaveLength(0);
	});

	it('accepts 136 characters counted per character (emoji included)', async () => {
		const { error } = await runNode({ type: 'solSwitchMessaging', parameters: sms({ Body: '🙂'.repeat(136) }), credentials: creds() });
		expect(error).toBeUndefined();
		expect(gatewayReceived(env.sandbox, '/sms/')[0].answer).toMatchObject({ Status: 'OK' });
	});

	it('refuses a missing Body and a non-numeric To', async () => {
		const missing = await runNode({ type: 'solSwitchMessaging', parameters: sms({ Body: '={{ $json.text }}' }), credentials: creds(), input: [{ json: { text: '' } }] });
		expect(missing.error?.message).toBe('Body is required');
		const letters = await runNode({ type: 'solSwitchMessaging', parameters: sms({ To: 'abc', Body: 'hi' }), credentials: creds() });
		expect(letters.error?.message).toBe('To must be a phone number or code: digits, with only spaces, dashes, dots, parentheses or a leading + besides (got "abc")');
		expect(gatewayReceived(env.sandbox, '/sms/')).toHaveLength(0);
	});

	it('turns "Not authorized." into an error with a hint, without the key', async () => {
		const { error } = await runNode({ type: 'solSwitchMessaging', parameters: sms({ Body: 'hi' }), credentials: messagingCredentials(env.sandbox, { apiKey: 'wrong-key-123' }) });
		expect(error?.message).toBe('The gateway answered FAIL: Not authorized.');
		expect(error?.description).toMatch(/Sending Key/);
		expect(JSON.stringify(error)).not.toContain('wrong-key-123');
		expect(gatewayReceived(env.sandbox, '/sms/')[0].answer).toEqual({ Status: 'FAIL', Reason: 'Not authorized.' });
	});

	it('turns "IP address not allowed." into an error with a hint', async () => {
		gatewayOf(env.sandbox).configure({ allowedIps: ['10.9.9.9'] });
		const { error } = await runNode({ type: 'solSwitchMessaging', parameters: sms({ Body: 'hi' }), credentials: creds() });
		expect(error?.message).toBe('The gateway answered FAIL: IP address not allowed.');
		expect(error?.description).toMatch(/IP address/);
	});

	it('reports a gateway that does not answer in time', async () => {
		env.sandbox.faults.set({ match: '/sms/', mode: 'slow', delayMs: 3000, times: 1 });
		const { error } = await runNode({ type: 'solSwitchMessaging', parameters: sms({ Body: 'hi', options: { timeout: 200 } }), credentials: creds() });
		expect(error?.message).toBe('The gateway did not answer within 200 ms');
	});

	it('keeps going per item with continueOnFail', async () => {
		const { items } = await runNode({
			type: 'solSwitchMessaging',
			parameters: sms({ Body: '={{ $json.text }}' }),
			credentials: creds(),
			input: [{ json: { text: 'ok' } }, { json: { text: 'y'.repeat(140) } }],
			continueOnFail: true,
		});
		expect(items.map((i) => [i.json.Status ?? i.json.error, i.pairedItem])).toEqual([
			['OK', { item: 0 }],
			['Body must be 1 to 136 characters (spaces and line breaks count)', { item: 1 }],
		]);
	});
});

describe('gateway rules the sandbox enforces itself', () => {
	it('answers MT SMS mistakes with FAIL and a Reason', async () => {
		const post = async (body: unknown, type = 'application/json') => {
			const res = await fetch(`${env.sandbox.url}/sms/`, { method: 'POST', headers: { 'content-type': type }, body: typeof body === 'string' ? body : JSON.stringify(body) });
			return { status: res.status, json: await res.json() };
		};
		expect((await post({ From: '1', To: '2', Body: 'x', Key: 'nope' })).json).toEqual({ Status: 'FAIL', Reason: 'Not authorized.' });
		expect((await post({ To: '2', Body: 'x', Key: 'sandbox-gateway-key' })).json).toEqual({ Status: 'FAIL', Reason: 'Missing required field From.' });
		expect((await post({ From: '1', To: '2', Body: 'x'.repeat(137), Key: 'sandbox-gateway-key' })).json).toEqual({ Status: 'FAIL', Reason: 'Body must be 1 to 136 characters.' });
		expect(await post('{"From": ', 'application/json')).toEqual({ status: 400, json: { Status: 'FAIL', Reason: 'Malformed JSON body' } });
	});
});

describe('Message > Send MMS', () => {
	it('sends the input binary as ContentName, ContentType and Base64 Content, JSON only', async () => {
		const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
		const { items, error } = await runNode({
			type: 'solSwitchMessaging',
			parameters: { resource: 'message', operation: 'sendMms', From: '55555', To: '15145550123', contentSource: 'binary', binaryPropertyName: 'data', options: { bodyFormat: 'form' } },
			credentials: creds(),
			input: [{ json: {}, binary: { data: { data: png.toString('base64'), mimeType: 'image/png', fileName: 'logo.png' } } }],
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual({ Status: 'OK', ID: expect.stringMatching(/^\d+$/) });
		const [request] = gatewayReceived(env.sandbox, '/mms/');
		// Send Body As is not offered for MMS: even a stale "form" setting sends JSON.
		expect(request.contentType).toContain('application/json');
		expect(request.body).toEqual({ From: '55555', To: '15145550123', ContentName: 'logo.png', ContentType: 'image/png', Content: png.toString('base64'), Key: 'sandbox-gateway-key' });
		const stored = [...gatewayOf(env.sandbox).state.mms.values()].pop()!;
		expect(stored.content.equals(png)).toBe(true);
	});

	it('sends content given by hand, and refuses content that is not Base64', async () => {
		const base = { resource: 'message', operation: 'sendMms', From: '55555', To: '15145550123', contentSource: 'manual', ContentName: 'note.txt', ContentType: 'text/plain' };
		const ok = await runNode({ type: 'solSwitchMessaging', parameters: { ...base, Content: Buffer.from('hello').toString('base64') }, credentials: creds() });
		expect(ok.error).toBeUndefined();
		expect(gatewayReceived(env.sandbox, '/mms/')[0].body).toMatchObject({ ContentName: 'note.txt', ContentType: 'text/plain', Content: 'aGVsbG8=' });
		const bad = await runNode({ type: 'solSwitchMessaging', parameters: { ...base, Content: 'not base64!' }, credentials: creds() });
		expect(bad.error?.message).toBe('Content must be Base64 encoded');
		const noExt = await runNode({ type: 'solSwitchMessaging', parameters: { ...base, ContentName: 'note', Content: 'aGVsbG8=' }, credentials: creds() });
		expect(noExt.error?.message).toBe('Content Name must be a file name with an extension (got "note")');
		expect(gatewayReceived(env.sandbox, '/mms/')).toHaveLength(1);
	});

	it('the gateway refuses a form-encoded MMS', async () => {
		const res = await fetch(`${env.sandbox.url}/mms/`, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: 'From=1&To=2&ContentName=a.txt&ContentType=text/plain&Content=aGk=&Key=sandbox-gateway-key',
		});
		expect(await res.json()).toEqual({ Status: 'FAIL', Reason: 'MMS requests must be a JSON body.' });
	});
});
