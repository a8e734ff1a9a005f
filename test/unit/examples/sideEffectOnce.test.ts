// The side effect once example (examples/sms-side-effect-once.json, docs/side-effect-once.md): right
// after the trigger a Redis Increment of the message ID, expiring after the gateway's retries, then an
// If that lets only the first count reach the side effect; every copy gets the reply. The soak runs
// these very nodes (scripts/soak/sideEffect.ts); here, that the file says what the page says.
import { dataTablesNeeded } from '../../../scripts/start/dataTables';
import { readExample } from '../../../scripts/start/examples';

type Node = { name: string; type: string; typeVersion: number; parameters: Record<string, any>; credentials?: Record<string, unknown> };
const example = () => readExample('examples/sms-side-effect-once.json');
const node = (name: string) => (example().nodes as Node[]).find((n) => n.name === name)!;
/** The gateway's retries: 12, waiting 2 s doubling (2 + 4 + ... + 4096 s), about 2.3 h, plus 10 s per attempt. */
const GATEWAY_RETRY_SECONDS = Array.from({ length: 12 }, (_, k) => 2 * 2 ** k).reduce((a, b) => a + b, 0) + 13 * 10;

test('the trigger answers through Reply to Message, and its first node counts the message ID in Redis, atomically, with an expiry past the gateway\'s retries', () => {
	expect(node('Incoming SMS').parameters).toMatchObject({ events: ['sms'], replyMode: 'responseNode' });
	const count = node('Count This Message');
	expect(count).toMatchObject({ type: 'n8n-nodes-base.redis', typeVersion: 1, parameters: { operation: 'incr', key: '=sms-once:{{ $json.id }}', expire: true } });
	expect(count.parameters.ttl).toBeGreaterThan(GATEWAY_RETRY_SECONDS);
	expect(GATEWAY_RETRY_SECONDS).toBeGreaterThan(2.25 * 3600);
	expect(Object.keys(count.credentials!)).toEqual(['redis']);
});

test('only a count of 1 reaches the side effect; both outputs of the check end in the reply', () => {
	const check = node('First Time?');
	expect(check.parameters.conditions.conditions).toEqual([
		expect.objectContaining({ leftValue: '={{ Object.values($json)[0] }}', rightValue: 1, operator: { type: 'number', operation: 'equals' } }),
	]);
	const links = (from: string) => (example().connections as Record<string, { main: Array<Array<{ node: string }>> }>)[from].main.map((out) => out.map((l) => l.node));
	expect(links('Incoming SMS')).toEqual([['Count This Message']]);
	expect(links('Count This Message')).toEqual([['First Time?']]);
	expect(links('First Time?')).toEqual([['Open a Ticket'], ['Reply']]);
	expect(links('Open a Ticket')).toEqual([['Reply']]);
	expect(node('Reply')).toMatchObject({ type: 'n8n-nodes-solswitch.solSwitchMessaging', parameters: { operation: 'reply' } });
});

test('the side effect reads the message from the trigger (the count replaced the item) and writes the SMS tickets table', () => {
	const ticket = node('Open a Ticket');
	expect(ticket.parameters.columns.value).toEqual({
		messageId: "={{ $('Incoming SMS').item.json.id }}",
		from: "={{ $('Incoming SMS').item.json.from }}",
		text: "={{ $('Incoming SMS').item.json.text }}",
	});
	expect(dataTablesNeeded(example())).toEqual([
		{ name: 'SMS tickets', columns: [{ name: 'messageId', type: 'string' }, { name: 'from', type: 'string' }, { name: 'text', type: 'string' }] },
	]);
});
