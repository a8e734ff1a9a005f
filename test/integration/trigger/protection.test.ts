/**
 * What a SolSwitch Trigger refuses before any workflow starts: sources outside Allowed Sources,
 * a missing or wrong shared secret, oversized and malformed bodies. Requests come from the sandbox's
 * Digit Validation control endpoint (the switch's own client) or, for hand-made bodies, from fetch.
 */
import { useSandbox } from '../../helpers/sandbox';
import { startTriggerServer, type TriggerServer } from '../../helpers/triggerServer';

const env = useSandbox();
let host: TriggerServer;
const DV = { event: 'digit-validation', fixedAnswers: { answers: [{ digits: '1', option: 'sales' }] } };

beforeAll(async () => {
	host = await startTriggerServer({ type: 'solSwitchTrigger', parameters: DV });
});
afterAll(async () => {
	await host.close();
});
beforeEach(() => {
	host.started.length = 0;
	host.options = {};
});

async function fromSwitch(url: string, headers: Record<string, string> = {}) {
	const answer = await fetch(`${env.sandbox.url}/_sandbox/callbacks/digit-validation`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ url, Digits: '1', headers }),
	});
	return (await answer.json()) as { status: number; option: string };
}

const post = (url: string, body: string, contentType = 'application/json', headers: Record<string, string> = {}) =>
	fetch(url, { method: 'POST', headers: { 'content-type': contentType, ...headers }, body });

describe('Allowed Sources', () => {
	it('lets a source inside a listed CIDR range through', async () => {
		host.parameters = { ...DV, options: { allowedSources: '10.0.0.0/8, 127.0.0.0/8' } };
		expect(await fromSwitch(host.urlFor('digit-validation'))).toMatchObject({ status: 200, option: 'sales' });
	});

	it('refuses other sources with 403 (the switch logs the Reason)', async () => {
		host.parameters = { ...DV, options: { allowedSources: '10.0.0.0/8, 127.0.0.2' } };
		const record = await fromSwitch(host.urlFor('digit-validation'));
		expect(record.status).toBe(403);
		expect(JSON.parse(record.option)).toEqual({ Status: 'FAIL', Reason: 'Source address 127.0.0.1 is not in Allowed Sources' });
	});

	it('compares IPv4-mapped IPv6 connection addresses as IPv4, and IPv6 ranges as numbers', async () => {
		host.parameters = { ...DV, options: { allowedSources: '203.0.113.0/24' } };
		host.options = { remoteAddress: '::ffff:203.0.113.9' };
		expect((await fromSwitch(host.urlFor('digit-validation'))).status).toBe(200);
		host.parameters = { ...DV, options: { allowedSources: '2001:db8::/32' } };
		host.options = { remoteAddress: '2001:db8:0:0::77' };
		expect((await fromSwitch(host.urlFor('digit-validation'))).status).toBe(200);
		host.options = { remoteAddress: '2001:db9::77' };
		expect((await fromSwitch(host.urlFor('digit-validation'))).status).toBe(403);
	});

	it('ignores X-Forwarded-For unless proxies are trusted, then checks the address the proxy saw', async () => {
		host.parameters = { ...DV, options: { allowedSources: '203.0.113.0/24' } };
		expect((await fromSwitch(host.urlFor('digit-validation'), { 'x-forwarded-for': '203.0.113.5' })).status).toBe(403);
		host.parameters = { ...DV, options: { allowedSources: '203.0.113.0/24', proxyHops: 1 } };
		expect((await fromSwitch(host.urlFor('digit-validation'), { 'x-forwarded-for': '203.0.113.5' })).status).toBe(200);
		expect((await fromSwitch(host.urlFor('digit-validation'), { 'x-forwarded-for': '203.0.113.5, 198.51.100.1' })).status).toBe(403);
	});

	it('refuses every request (500) while Allowed Sources holds an entry that is not a range', async () => {
		host.parameters = { ...DV, options: { allowedSources: '127.0.0.1, 127.0.0.*' } };
		const record = await fromSwitch(host.urlFor('digit-validation'));
		expect(record.status).toBe(500);
		expect(JSON.parse(record.option).Reason).toBe('Trigger misconfigured: Allowed Sources has entries that are not addresses or CIDR ranges: 127.0.0.*');
	});
});

describe('Shared Secret', () => {
	beforeEach(() => {
		host.parameters = { event: 'sip-notification', options: { sharedSecret: 'n0t-guessable' } };
	});
	const note = JSON.stringify({ Event: 'Incoming', CallID: '1.9' });

	it('is accepted in the URL or in the X-SolSwitch-Secret header', async () => {
		expect((await post(host.urlFor('sip-notification', '?secret=n0t-guessable'), note)).status).toBe(200);
		expect((await post(host.urlFor('sip-notification'), note, 'application/json', { 'X-SolSwitch-Secret': 'n0t-guessable' })).status).toBe(200);
		expect(host.started).toHaveLength(2);
	});

	it('refuses a missing or wrong secret with 401, starting nothing and not echoing the secret', async () => {
		const missing = await post(host.urlFor('sip-notification'), note);
		expect(missing.status).toBe(401);
		expect(await missing.json()).toEqual({ Status: 'FAIL', Reason: 'Shared secret missing: give it as ?secret= in the URL or in the X-SolSwitch-Secret header' });
		const wrong = await post(host.urlFor('sip-notification', '?secret=n0t-guessablE'), note);
		expect(wrong.status).toBe(401);
		const text = await wrong.text();
		expect(JSON.parse(text)).toEqual({ Status: 'FAIL', Reason: 'Shared secret does not match' });
		expect(text).not.toContain('n0t-guessable');
		expect(host.started).toHaveLength(0);
	});
});

describe('bodies', () => {
	beforeEach(() => {
		host.parameters = { event: 'sip-notification', options: { maxBodyKb: 1 } };
	});

	it('refuses a body larger than Maximum Body Size with 413', async () => {
		const big = JSON.stringify({ Event: 'Incoming', CallID: '1.1', pad: 'x'.repeat(2000) });
		const answer = await post(host.urlFor('sip-notification'), big);
		expect(answer.status).toBe(413);
		expect(await answer.json()).toEqual({ Status: 'FAIL', Reason: 'The body is larger than 1 KB (Maximum Body Size)' });
		expect(host.started).toHaveLength(0);
	});

	it('malformed JSON is refused by n8n (422) before the node runs', async () => {
		const answer = await post(host.urlFor('sip-notification'), '{"Event": "Incoming", ');
		expect(answer.status).toBe(422);
		expect(host.started).toHaveLength(0);
	});

	it('refuses a JSON array, an empty body, and text that is neither JSON nor form fields', async () => {
		const array = await post(host.urlFor('sip-notification'), '[{"Event":"Incoming"}]');
		expect([array.status, ((await array.json()) as { Reason: string }).Reason]).toEqual([400, 'The body must be a JSON object, not an array']);
		const empty = await post(host.urlFor('sip-notification'), '');
		expect([empty.status, ((await empty.json()) as { Reason: string }).Reason]).toEqual([400, 'The body is empty: expected a JSON object or form fields']);
		const text = await post(host.urlFor('sip-notification'), 'Event Incoming', 'text/plain');
		expect([text.status, ((await text.json()) as { Reason: string }).Reason]).toEqual([400, 'The body is neither valid JSON nor form fields']);
		expect(host.started).toHaveLength(0);
	});

	it('reads JSON sent without a content type, and form fields', async () => {
		expect((await post(host.urlFor('sip-notification'), '{"Event":"Incoming","CallID":"1.3"}', 'text/plain')).status).toBe(200);
		expect((await post(host.urlFor('sip-notification'), 'Event=Connected&CallID=1.3', 'application/x-www-form-urlencoded')).status).toBe(200);
		expect(host.started.map((s) => s.items[0].json)).toEqual([
			{ Event: 'Incoming', CallID: '1.3' },
			{ Event: 'Connected', CallID: '1.3' },
		]);
	});

	it('refuses a notification without Event or CallID', async () => {
		const answer = await post(host.urlFor('sip-notification'), '{"CallID":"1.3"}');
		expect(answer.status).toBe(400);
		expect(await answer.json()).toEqual({ Status: 'FAIL', Reason: 'Missing required field Event' });
		expect(host.started).toHaveLength(0);
	});
});
