// The side effect once example (examples/sms-side-effect-once.json, docs/side-effect-once.md): right
// after the trigger a PostgreSQL claim of the message ID with a lease, answering mine, done or busy;
// mine opens the ticket and marks the claim done before the reply, done goes straight to the reply,
// busy fails the run so the gateway sends the message again. The soak runs these very nodes
// (scripts/soak/sideEffect.ts) and the queue suite runs the file (test/queue/sideEffectOnce.ts);
// here, that the file says what the page says.
import fs from 'node:fs';
import path from 'node:path';
import { dataTablesNeeded } from '../../../scripts/start/dataTables';
import { readExample } from '../../../scripts/start/examples';
import { EXAMPLE_LEASE, recipePageBlocks } from '../../../scripts/soak/sideEffect';

type Node = { name: string; type: string; typeVersion: number; parameters: Record<string, any>; credentials?: Record<string, unknown> };
const example = () => readExample('examples/sms-side-effect-once.json');
const node = (name: string) => (example().nodes as Node[]).find((n) => n.name === name)!;
const links = (from: string) => (example().connections as Record<string, { main: Array<Array<{ node: string }>> }>)[from].main.map((out) => out.map((l) => l.node));
/** The gateway's retries: 12, waiting 2 s doubling (2 + 4 + ... + 4096 s), about 2.3 h, plus 10 s per attempt. */
const GATEWAY_RETRY_SECONDS = Array.from({ length: 12 }, (_, k) => 2 * 2 ** k).reduce((a, b) => a + b, 0) + 13 * 10;

test('the trigger answers through Reply to Message, and its first node claims the message ID in PostgreSQL in one statement, with a lease', () => {
	expect(node('Incoming SMS').parameters).toMatchObject({ events: ['sms'], replyMode: 'responseNode' });
	const claim = node('Claim This Message');
	expect(claim).toMatchObject({ type: 'n8n-nodes-base.postgres', parameters: { operation: 'executeQuery', options: { queryReplacement: '={{ $json.id }}' } } });
	expect(Object.keys(claim.credentials!)).toEqual(['postgres']);
	const query: string = claim.parameters.query;
	// One statement (the node would run each of several), whose insert takes over only a claim not done whose lease is over.
	expect(query).not.toContain(';');
	expect(query).toContain('INSERT INTO sms_once AS s (message_id) VALUES ($1)');
	expect(query).toContain(`ON CONFLICT (message_id) DO UPDATE SET claimed_at = now()\n    WHERE s.done_at IS NULL AND s.claimed_at < now() - ${EXAMPLE_LEASE}`);
	expect(query).toMatch(/RETURNING 'mine'::text AS state\)/);
	expect(query).toContain("SELECT CASE WHEN done_at IS NULL THEN 'busy' ELSE 'done' END AS state FROM sms_once");
	expect(query.split(EXAMPLE_LEASE)).toHaveLength(2);
	// The lease (10 minutes) is a small part of the gateway's retries, so copies keep coming after it.
	expect(10 * 60).toBeLessThan(GATEWAY_RETRY_SECONDS / 10);
	expect(GATEWAY_RETRY_SECONDS).toBeGreaterThan(2.25 * 3600);
});

test('Claimed?: mine to the ticket, done to the reply, anything else (busy, no row) to Stop and Error', () => {
	const check = node('Claimed?');
	expect(check.type).toBe('n8n-nodes-base.switch');
	const rules = check.parameters.rules.values as Array<{ outputKey: string; conditions: { conditions: unknown[] } }>;
	expect(rules.map((r) => [r.outputKey, r.conditions.conditions])).toEqual([
		['Mine', [expect.objectContaining({ leftValue: '={{ $json.state }}', rightValue: 'mine', operator: { type: 'string', operation: 'equals' } })]],
		['Done', [expect.objectContaining({ leftValue: '={{ $json.state }}', rightValue: 'done', operator: { type: 'string', operation: 'equals' } })]],
	]);
	expect(check.parameters.options).toEqual({ fallbackOutput: 'extra', renameFallbackOutput: 'Busy' });
	expect(links('Incoming SMS')).toEqual([['Claim This Message']]);
	expect(links('Claim This Message')).toEqual([['Claimed?']]);
	expect(links('Claimed?')).toEqual([['Open a Ticket'], ['Reply'], ['Busy: Try Again Later']]);
	expect(links('Open a Ticket')).toEqual([['Mark Done']]);
	expect(links('Mark Done')).toEqual([['Reply']]);
	expect(node('Busy: Try Again Later')).toMatchObject({ type: 'n8n-nodes-base.stopAndError', parameters: { errorMessage: expect.stringMatching(/gateway sends the message again/) } });
	expect(node('Reply')).toMatchObject({ type: 'n8n-nodes-solswitch.solSwitchMessaging', parameters: { operation: 'reply' } });
});

test('Mark Done closes the claim of the message the trigger received, after the side effect', () => {
	expect(node('Mark Done')).toMatchObject({
		type: 'n8n-nodes-base.postgres',
		parameters: { operation: 'executeQuery', query: 'UPDATE sms_once SET done_at = now() WHERE message_id = $1', options: { queryReplacement: "={{ $('Incoming SMS').item.json.id }}" } },
	});
	expect(Object.keys(node('Mark Done').credentials!)).toEqual(['postgres']);
});

test('the side effect reads the message from the trigger (the claim replaced the item) and writes the SMS tickets table', () => {
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

test('the overview note and the page create the same table, and the page names the example\'s lease and Mark Done', () => {
	const [table] = recipePageBlocks('sql');
	const note = String(node('About').parameters.content);
	expect(note).toContain(`\`${table}\``);
	const page = fs.readFileSync(path.join(__dirname, '../../../docs/side-effect-once.md'), 'utf8');
	expect(page).toContain(`\`${EXAMPLE_LEASE}\``);
	expect(page).toContain(node('Mark Done').parameters.query);
});
