// Keyword Replies: the Messaging Trigger answers a table of keywords itself, in the webhook phase,
// with no execution unless an entry asks for one; replies obey the gateway's 136-character rule at
// publication and when answering. Served by the kit's trigger server, fed by the sandbox gateway.
import type { IDataObject } from 'n8n-workflow';
import { DEFAULT_COMPLIANCE_TEXTS } from '../../../nodes/SolSwitchMessagingTrigger/replies/complianceTexts';
import { allNodeTypes } from '../../../scripts/n8n-engine/packageTypes';
import { useSandbox } from '../../helpers/sandbox';
import { startTriggerServer, type TriggerServer } from '../../helpers/triggerServer';
import { gatewayOf, messagingCredentials } from './env';

const env = useSandbox();
let trigger: TriggerServer | undefined;

afterEach(async () => {
	await trigger?.close();
	trigger = undefined;
});

const reply = (body: string) => ({ name: 'Reply', type: 'n8n-nodes-solswitch.solSwitchMessaging', parameters: { resource: 'message', operation: 'reply', Body: body } });
const table = (...rows: Array<{ keyword: string; reply: string; runWorkflow?: boolean }>) => ({ keywordReplies: { keywords: rows } });
const HOURS = { keyword: 'Hours', reply: 'Open 11am-10pm, 7 days.' };
const PRICE = { keyword: 'prix large', reply: 'Large pizza: $18.' };

async function serve(parameters: IDataObject) {
	trigger = await startTriggerServer({
		type: 'solSwitchMessagingTrigger',
		typeVersion: 1.1,
		parameters: { events: ['sms', 'mms', 'report'], replyMode: 'responseNode', ...parameters },
		credentials: messagingCredentials(env.sandbox),
		then: [reply('={{ "Computed for " + $json.keyword }}')],
	});
	gatewayOf(env.sandbox).configure({ providerUrl: trigger.url, inboundKeyType: 'body', retries: 12, firstRetryMs: 2000 });
	return trigger;
}

const send = async (Body: string, ID?: string) => await gatewayOf(env.sandbox).injectMo({ From: '15145550123', To: '55555', Body, ...(ID ? { ID } : {}) }).done;

describe('Messaging Trigger: Keyword Replies', () => {
	it('answers a keyword in any case, accents and spaces ignored, without an execution', async () => {
		const t = await serve(table(HOURS, PRICE));
		expect((await send('  hours ')).replyBody).toBe(HOURS.reply);
		expect((await send('HOURS')).replyBody).toBe(HOURS.reply);
		expect((await send('PRÎX   Large')).replyBody).toBe(PRICE.reply);
		expect(t.executions).toHaveLength(0);
		const outs = env.sandbox.exchanges.find({ service: 'gateway-mo', direction: 'out' });
		expect(outs.map((o) => o.answer)).toEqual([
			{ Status: 'OK', Body: HOURS.reply },
			{ Status: 'OK', Body: HOURS.reply },
			{ Status: 'OK', Body: PRICE.reply },
		]);
	});

	it('only the whole message matches: other texts go to the workflow', async () => {
		const t = await serve(table(HOURS));
		expect((await send('hours today?')).replyBody).toBe('Computed for HOURS');
		expect(t.executions).toHaveLength(1);
		expect(t.executions[0][0].json).not.toHaveProperty('answered');
	});

	it('with Run Workflow Too, the trigger answers and the workflow runs once, its reply ignored; a redelivery gets the same answer', async () => {
		const t = await serve(table({ ...HOURS, runWorkflow: true }));
		const first = await send('hours', 'kw-1');
		expect(first.replyBody).toBe(HOURS.reply);
		expect(first.attempts.map((a) => [a.status, a.answer])).toEqual([[200, { Status: 'OK', Body: HOURS.reply }]]);
		expect(t.executions).toHaveLength(1);
		expect(t.executions[0][0].json).toMatchObject({ keyword: 'HOURS', keywordReply: 'HOURS', answered: true, reply: HOURS.reply });
		expect((await send('hours', 'kw-1')).replyBody).toBe(HOURS.reply);
		expect(t.executions).toHaveLength(1);
	});

	it('compliance keywords keep their own answers', async () => {
		const t = await serve(table(HOURS));
		expect((await send('help')).replyBody).toBe(DEFAULT_COMPLIANCE_TEXTS.helpText);
		expect(t.executions).toHaveLength(0);
	});

	it('a reply over 136 characters is a clear error when answering, and the gateway keeps the message', async () => {
		const t = await serve(table({ keyword: 'HOURS', reply: 'h'.repeat(137) }));
		gatewayOf(env.sandbox).configure({ retries: 1 });
		const delivery = await send('hours');
		expect(delivery.attempts.map((a) => [a.status, a.answer])).toEqual(
			Array(2).fill([500, { message: 'The HOURS reply must be 1 to 136 characters (it has 137)' }]),
		);
		expect(t.executions).toHaveLength(0);
	});

	it.each([
		[table({ keyword: 'HOURS', reply: 'h'.repeat(137) }), 'The Keyword HOURS reply must be 1 to 136 characters (it has 137)'],
		[table({ keyword: 'HOURS', reply: '' }), 'The Keyword HOURS reply must be 1 to 136 characters (it has 0)'],
		[table(HOURS, { keyword: ' hours', reply: 'again' }), 'Keyword HOURS is listed twice'],
		[table({ keyword: 'Aide', reply: 'x' }), 'Keyword AIDE is answered as a compliance keyword: set its reply under Options'],
		[table({ keyword: ' ', reply: 'x' }), 'Keyword reply 1 has no keyword'],
	])('publication refuses a table the gateway or the trigger could not honour: %#', async (parameters, message) => {
		expect((await serve(parameters)).publishError).toContain(message);
	});

	it('a valid table publishes', async () => {
		expect((await serve(table(HOURS, PRICE))).publishError).toBeUndefined();
	});

	it('with compliance off, a compliance word may be a keyword', async () => {
		await serve({ compliance: false, ...table({ keyword: 'HELP', reply: 'Call 514-555-0100.' }) });
		expect((await send('Help')).replyBody).toBe('Call 514-555-0100.');
	});

	it('the editor warns while a reply breaks the rule (a node hint whose condition reads the table)', () => {
		const [hint] = allNodeTypes.solSwitchMessagingTrigger.description.hints!;
		expect(hint).toMatchObject({ location: 'ndv', whenToDisplay: 'always', type: 'warning' });
		expect(hint.displayCondition).toContain('> 136');
	});
});
