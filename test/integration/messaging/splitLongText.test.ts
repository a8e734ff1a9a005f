/**
 * Send SMS > Options > Split Long Text, through n8n-core's engine against the sandbox gateway over
 * real HTTP: one MT per part, in order, one output item per part paired to its input item; off (or
 * absent, as in every workflow saved before the option existed) the 136-character rule stays an error.
 */
import { runNode } from '../../../scripts/n8n-engine/n8nEngine';
import { useSandbox } from '../../helpers/sandbox';
import { gatewayOf, gatewayReceived, messagingCredentials } from './env';

const env = useSandbox();
const creds = () => messagingCredentials(env.sandbox);

beforeEach(() => {
	gatewayOf(env.sandbox).configure({ allowedIps: null, requireKey: true, providerUrl: undefined });
});

const sms = (extra: Record<string, unknown> = {}) => ({ resource: 'message', operation: 'sendSms', From: '55555', To: '15145550123', ...extra });

/** 60 words of 4 letters: 299 characters, 3 parts (numbered or not). */
const LONG = Array.from({ length: 60 }, (_, i) => String.fromCharCode(97 + (i % 26)).repeat(4)).join(' ');

const sentBodies = () => gatewayReceived(env.sandbox, '/sms/').map((r) => (r.body as { Body: string }).Body);

describe('Send SMS > Split Long Text', () => {
	it('sends a long text as numbered parts, in order, one item per part with its own message ID', async () => {
		const { items, error } = await runNode({ type: 'solSwitchMessaging', parameters: sms({ Body: LONG, options: { splitLongText: 'numbered' } }), credentials: creds() });
		expect(error).toBeUndefined();
		const bodies = sentBodies();
		expect(bodies.map((b) => b.slice(0, 4))).toEqual(['1/3 ', '2/3 ', '3/3 ']);
		for (const body of bodies) expect([...body].length).toBeLessThanOrEqual(136);
		expect(bodies.map((b) => b.slice(4)).join(' ')).toBe(LONG);
		const answers = gatewayReceived(env.sandbox, '/sms/').map((r) => r.answer as { ID: string });
		expect(items.map((i) => i.json)).toEqual(
			answers.map((answer, index) => ({
				Status: 'OK',
				ID: answer.ID,
				From: '55555',
				To: '15145550123',
				characters: [...bodies[index]].length,
				encoding: 'GSM-7',
				segments: 1,
				part: index + 1,
				parts: 3,
			})),
		);
		expect(new Set(items.map((i) => i.json.ID)).size).toBe(3);
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 0 }, { item: 0 }]);
	});

	it('splits without numbers when asked "Split", and keeps other fields (Receipt, form encoding) on every part', async () => {
		const { items, error } = await runNode({
			type: 'solSwitchMessaging',
			parameters: sms({ Body: LONG, additionalFields: { Receipt: 'no' }, options: { splitLongText: 'split', bodyFormat: 'form' } }),
			credentials: creds(),
		});
		expect(error).toBeUndefined();
		const requests = gatewayReceived(env.sandbox, '/sms/');
		expect(requests.map((r) => (r.body as Record<string, string>).Receipt)).toEqual(['no', 'no', 'no']);
		expect(requests.every((r) => r.contentType?.includes('application/x-www-form-urlencoded'))).toBe(true);
		expect(sentBodies().join(' ')).toBe(LONG);
		expect(items.map((i) => [i.json.part, i.json.parts])).toEqual([[1, 3], [2, 3], [3, 3]]);
	});

	it('sends a text that fits as one unnumbered message, marked part 1 of 1', async () => {
		const { items, error } = await runNode({ type: 'solSwitchMessaging', parameters: sms({ Body: 'x'.repeat(136), options: { splitLongText: 'numbered' } }), credentials: creds() });
		expect(error).toBeUndefined();
		expect(sentBodies()).toEqual(['x'.repeat(136)]);
		expect(items.map((i) => [i.json.part, i.json.parts])).toEqual([[1, 1]]);
	});

	it('splits at 137 characters, each part within the rule as the gateway checks it', async () => {
		const text = `${'a'.repeat(130)} ${'b'.repeat(6)}`;
		expect([...text].length).toBe(137);
		const { items, error } = await runNode({ type: 'solSwitchMessaging', parameters: sms({ Body: text, options: { splitLongText: 'split' } }), credentials: creds() });
		expect(error).toBeUndefined();
		expect(sentBodies()).toEqual(['a'.repeat(130), 'b'.repeat(6)]);
		expect(gatewayReceived(env.sandbox, '/sms/').map((r) => (r.answer as { Status: string }).Status)).toEqual(['OK', 'OK']);
		expect(items).toHaveLength(2);
	});

	it('keeps the rule an error without the option, or with "Don\'t Split" (nothing sent)', async () => {
		for (const options of [{}, { splitLongText: 'off' }]) {
			const { items, error } = await runNode({ type: 'solSwitchMessaging', parameters: sms({ Body: 'x'.repeat(137), options }), credentials: creds() });
			expect(items).toEqual([]);
			expect(error?.message).toBe('Body must be 1 to 136 characters (spaces and line breaks count)');
		}
		expect(gatewayReceived(env.sandbox, '/sms/')).toHaveLength(0);
	});

	it('items without the option output exactly what they did before (no part fields)', async () => {
		const { items } = await runNode({ type: 'solSwitchMessaging', parameters: sms({ Body: 'hello' }), credentials: creds() });
		expect(Object.keys(items[0].json).sort()).toEqual(['From', 'ID', 'Status', 'To', 'characters', 'encoding', 'segments']);
	});

	it('pairs every part with its own input item across several items', async () => {
		const { items, error } = await runNode({
			type: 'solSwitchMessaging',
			parameters: sms({ Body: '={{ $json.text }}', options: { splitLongText: 'numbered', concurrency: 1 } }),
			credentials: creds(),
			input: [{ json: { text: 'short one' } }, { json: { text: LONG } }, { json: { text: 'short two' } }],
		});
		expect(error).toBeUndefined();
		expect(items.map((i) => [i.pairedItem, i.json.part, i.json.parts])).toEqual([
			[{ item: 0 }, 1, 1],
			[{ item: 1 }, 1, 3],
			[{ item: 1 }, 2, 3],
			[{ item: 1 }, 3, 3],
			[{ item: 2 }, 1, 1],
		]);
		expect(sentBodies()).toEqual(['short one', ...sentBodies().slice(1, 4), 'short two']);
		expect(sentBodies().slice(1, 4).map((b) => b.slice(0, 4))).toEqual(['1/3 ', '2/3 ', '3/3 ']);
	});

	it('keeps a long item\'s parts in order while other items are sent concurrently', async () => {
		const { items, error } = await runNode({
			type: 'solSwitchMessaging',
			parameters: sms({ Body: '={{ $json.text }}', options: { splitLongText: 'numbered', concurrency: 5 } }),
			credentials: creds(),
			input: [{ json: { text: LONG } }, ...Array.from({ length: 4 }, (_, i) => ({ json: { text: `other ${i}` } }))],
		});
		expect(error).toBeUndefined();
		const longParts = sentBodies().filter((b) => /^\d\/3 /.test(b));
		expect(longParts.map((b) => b.slice(0, 4))).toEqual(['1/3 ', '2/3 ', '3/3 ']);
		expect(items.slice(0, 3).map((i) => i.json.part)).toEqual([1, 2, 3]);
		expect(items).toHaveLength(7);
	});

	it('says which parts went out when a later part fails', async () => {
		env.sandbox.faults.set({ match: '/sms/', mode: 'answer', json: { Status: 'FAIL', Reason: 'Throttled.' }, after: 1, times: 1 });
		const { items, error } = await runNode({ type: 'solSwitchMessaging', parameters: sms({ Body: LONG, options: { splitLongText: 'numbered' } }), credentials: creds() });
		expect(items).toEqual([]);
		expect(error?.message).toBe('The gateway answered FAIL: Throttled.');
		expect(error?.description).toContain('Part 1 of 3 was sent before part 2 failed.');
		expect(gatewayReceived(env.sandbox, '/sms/')).toHaveLength(2);
	});

	it('refuses a bad To before sending any part', async () => {
		const { error } = await runNode({ type: 'solSwitchMessaging', parameters: sms({ To: 'abc', Body: LONG, options: { splitLongText: 'split' } }), credentials: creds() });
		expect(error?.message).toBe('To must be a phone number or code: digits, with only spaces, dashes, dots, parentheses or a leading + besides (got "abc")');
		expect(gatewayReceived(env.sandbox, '/sms/')).toHaveLength(0);
	});

	it('refuses a long text of only spaces, as without the option', async () => {
		const { error } = await runNode({ type: 'solSwitchMessaging', parameters: sms({ Body: ' '.repeat(140), options: { splitLongText: 'split' } }), credentials: creds() });
		expect(error?.message).toBe('Body must be 1 to 136 characters (spaces and line breaks count)');
		expect(gatewayReceived(env.sandbox, '/sms/')).toHaveLength(0);
	});

	it('with continueOnFail, a failed part gives one error item for its input item and the others go on', async () => {
		env.sandbox.faults.set({ match: '/sms/', mode: 'answer', json: { Status: 'FAIL', Reason: 'Throttled.' }, after: 1, times: 1 });
		const { items, error } = await runNode({
			type: 'solSwitchMessaging',
			parameters: sms({ Body: '={{ $json.text }}', options: { splitLongText: 'numbered', concurrency: 1 } }),
			credentials: creds(),
			input: [{ json: { text: LONG } }, { json: { text: 'after' } }],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items.map((i) => [i.pairedItem, i.json.error ?? i.json.Status])).toEqual([
			[{ item: 0 }, 'The gateway answered FAIL: Throttled.'],
			[{ item: 1 }, 'OK'],
		]);
	});

	it('counts every part in Messages Per Second: a gateway limited to 20/s refuses none of 12 texts x 3 parts sent at 15/s', async () => {
		const load = gatewayOf(env.sandbox).mtLoad;
		load.configure({ perSecond: 20 });
		load.reset();
		try {
			const phones = Array.from({ length: 12 }, (_, i) => `1514555${String(i).padStart(4, '0')}`);
			const { items, error } = await runNode({
				type: 'solSwitchMessaging',
				parameters: sms({ To: '={{ $json.to }}', Body: LONG, options: { splitLongText: 'numbered', concurrency: 5, perSecond: 15 } }),
				credentials: creds(),
				input: phones.map((to) => ({ json: { to } })),
			});
			expect(error).toBeUndefined();
			// Parts paced like items: without it, 15 texts a second would be 45 messages a second.
			expect(load.counters).toMatchObject({ admitted: 36, refusedByRate: 0 });
			expect(items.filter((i) => i.json.Status !== 'OK')).toEqual([]);
			for (const phone of phones) {
				const parts = gatewayReceived(env.sandbox, '/sms/').filter((r) => (r.body as { To: string }).To === phone).map((r) => (r.body as { Body: string }).Body.slice(0, 4));
				expect({ phone, parts }).toEqual({ phone, parts: ['1/3 ', '2/3 ', '3/3 '] });
			}
		} finally {
			load.configure({ perSecond: 0 });
			load.reset();
		}
	});
});
