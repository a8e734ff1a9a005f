/**
 * Send SMS / Send MMS over many items against the sandbox's gateway, over real HTTP: bounded
 * concurrency (the gateway counts what it has in flight), a rate, one output per input in order with
 * pairedItem, a fault mid-way reported on its own item, and never a message sent twice.
 */
import { runNode } from '../../../scripts/n8n-engine/n8nEngine';
import { useSandbox } from '../../helpers/sandbox';
import { gatewayOf, gatewayReceived, messagingCredentials } from './env';

// 1,000 items through n8n-core on a loaded 2-core machine take seconds, not milliseconds.
jest.setTimeout(120_000);

const env = useSandbox();
const creds = () => messagingCredentials(env.sandbox);
const gateway = () => gatewayOf(env.sandbox);

/** A distinct recipient per item, so the gateway's log tells which item each request carried. */
const recipient = (i: number) => `1514${String(i).padStart(7, '0')}`;
const inputs = (count: number) => Array.from({ length: count }, (_, i) => ({ json: { to: recipient(i), n: i } }));
const bulkSms = (options: Record<string, number>) => ({
	resource: 'message',
	operation: 'sendSms',
	From: '55555',
	To: '={{ $json.to }}',
	Body: '={{ "Notice " + $json.n }}',
	additionalFields: { Receipt: 'no' },
	options,
});

/** Send SMS over `count` items (one recipient each) with these Options. */
const sendSms = (count: number, options: Record<string, number>, continueOnFail = false) =>
	runNode({ type: 'solSwitchMessaging', parameters: bulkSms(options), credentials: creds(), input: inputs(count), continueOnFail });

/** Every one of `count` recipients reached the gateway exactly once: nothing lost, nothing resent. */
function expectEachSentOnce(count: number) {
	const counts = receivedPerRecipient();
	expect(counts.size).toBe(count);
	expect([...counts.values()].every((n) => n === 1)).toBe(true);
}

/** How many requests the gateway received per recipient. */
function receivedPerRecipient(path = '/sms/'): Map<string, number> {
	const counts = new Map<string, number>();
	for (const e of gatewayReceived(env.sandbox, path)) {
		const to = String((e.body as { To?: unknown }).To);
		counts.set(to, (counts.get(to) ?? 0) + 1);
	}
	return counts;
}

beforeEach(() => {
	gateway().configure({ allowedIps: null, requireKey: true, providerUrl: undefined });
	gateway().mtLoad.configure({ latencyMs: 2, perSecond: 0 });
	gateway().mtLoad.reset();
});

afterAll(() => gateway().mtLoad.configure({ latencyMs: 0, perSecond: 0 }));

describe('Send SMS over many items', () => {
	it('sends 1,000 items at most 8 at once, one output per input in input order with pairedItem', async () => {
		const { items, error } = await sendSms(1000, { concurrency: 8 });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1000);
		items.forEach((item, i) => {
			expect(item.pairedItem).toEqual({ item: i });
			expect(item.json).toMatchObject({ Status: 'OK', To: recipient(i), ID: expect.stringMatching(/^\d+$/) });
		});
		expectEachSentOnce(1000);
		// Bounded, and really concurrent.
		expect(gateway().mtLoad.counters.maxInFlight).toBeLessThanOrEqual(8);
		expect(gateway().mtLoad.counters.maxInFlight).toBeGreaterThan(1);
	});

	it('reports a failure mid-way on its own item (continueOnFail) and sends every other message exactly once', async () => {
		env.sandbox.faults.set({ match: '/sms/', mode: 'http500', after: 400, times: 1 });
		const { items, error } = await sendSms(1000, { concurrency: 8 }, true);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1000);
		const failed = items.map((item, i) => ({ item, i })).filter(({ item }) => item.json.error !== undefined);
		expect(failed).toHaveLength(1);
		const [{ item: failedItem, i: failedIndex }] = failed;
		expect(failedItem.json.error).toBe('The gateway answered HTTP 500 Internal Server Error: the gateway failed while answering');
		expect(failedItem.pairedItem).toEqual({ item: failedIndex });
		// The faulted request is the one that carried that item's recipient.
		const faulted = gatewayReceived(env.sandbox, '/sms/').filter((e) => e.error === 'fault: http500');
		expect(faulted.map((e) => (e.body as { To: string }).To)).toEqual([recipient(failedIndex)]);
		items.forEach((item, i) => {
			expect(item.pairedItem).toEqual({ item: i });
			if (i !== failedIndex) expect(item.json).toMatchObject({ Status: 'OK', To: recipient(i) });
		});
		// No resend, not even of the failed one.
		expectEachSentOnce(1000);
	});

	it('does not resend a message whose connection dropped after the gateway read it', async () => {
		env.sandbox.faults.set({ match: '/sms/', mode: 'drop', after: 30, times: 1 });
		const { items, error } = await sendSms(100, { concurrency: 4 }, true);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(100);
		expect(items.filter((item) => item.json.error !== undefined)).toHaveLength(1);
		expectEachSentOnce(100);
	});

	it('does not resend a message answered HTTP 401 (n8n\'s request helper resends once on 401 unless told the status is an answer)', async () => {
		env.sandbox.faults.set({ match: '/sms/', mode: 'answer', status: 401, text: 'Unauthorized', after: 10, times: 1 });
		const { items, error } = await sendSms(40, { concurrency: 4 }, true);
		expect(error).toBeUndefined();
		const failed = items.filter((item) => item.json.error !== undefined);
		expect(failed.map((item) => item.json.error)).toEqual(['The gateway answered HTTP 401 Unauthorized']);
		expectEachSentOnce(40);
	});

	it('without continueOnFail stops starting messages at the first failure and says how many were sent', async () => {
		env.sandbox.faults.set({ match: '/sms/', mode: 'http500', after: 50, times: 1 });
		const { items, error } = await sendSms(500, { concurrency: 8 });
		expect(items).toEqual([]);
		expect(error?.message).toBe('The gateway answered HTTP 500 Internal Server Error: the gateway failed while answering');
		const counts = receivedPerRecipient();
		// The 51st request failed; the ones in flight beside it finished, nothing after them started.
		expect(counts.size).toBeGreaterThanOrEqual(51);
		expect(counts.size).toBeLessThanOrEqual(51 + 8);
		expect([...counts.values()].every((n) => n === 1)).toBe(true);
		const sent = counts.size - 1;
		expect(error?.description).toContain(`${sent} of 500 items were sent before the node stopped`);
	});

	it('honours Messages Per Second: a gateway limited to 50/s refuses none at 40/s', async () => {
		gateway().mtLoad.configure({ perSecond: 50 });
		const started = Date.now();
		const { items, error } = await sendSms(80, { concurrency: 10, perSecond: 40 }, true);
		expect(error).toBeUndefined();
		expect(items.filter((item) => item.json.Status !== 'OK')).toEqual([]);
		expect(gateway().mtLoad.counters).toMatchObject({ admitted: 80, refusedByRate: 0 });
		// 80 starts 25 ms apart take at least 79 intervals (a loose bound, not a timing test).
		expect(Date.now() - started).toBeGreaterThanOrEqual(79 * 25 * 0.9);
	});

	it('without a rate the same gateway refuses some, each on its own item, the others sent', async () => {
		gateway().mtLoad.configure({ perSecond: 50 });
		const { items, error } = await sendSms(80, { concurrency: 10 }, true);
		expect(error).toBeUndefined();
		const refused = items.filter((item) => item.json.error !== undefined);
		expect(refused.length).toBe(gateway().mtLoad.counters.refusedByRate);
		expect(refused.length).toBeGreaterThan(0);
		expect(refused[0].json.error).toBe('The gateway answered FAIL: Rate limit exceeded.');
		expect(items.filter((item) => item.json.Status === 'OK')).toHaveLength(80 - refused.length);
	});
});

describe('Send MMS over many items', () => {
	it('keeps the order and the bound', async () => {
		const { items, error } = await runNode({
			type: 'solSwitchMessaging',
			parameters: {
				resource: 'message',
				operation: 'sendMms',
				From: '55555',
				To: '={{ $json.to }}',
				contentSource: 'manual',
				ContentName: '={{ "card" + $json.n + ".txt" }}',
				ContentType: 'text/plain',
				Content: 'aGVsbG8=',
				options: { concurrency: 4 },
			},
			credentials: creds(),
			input: inputs(40),
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual(Array.from({ length: 40 }, (_, i) => ({ item: i })));
		expect(items.every((item) => item.json.Status === 'OK')).toBe(true);
		const counts = receivedPerRecipient('/mms/');
		expect([...counts.keys()]).toHaveLength(40);
		expect(gateway().mtLoad.counters.maxInFlight).toBeLessThanOrEqual(4);
		expect(gateway().mtLoad.counters.maxInFlight).toBeGreaterThan(1);
	});
});
