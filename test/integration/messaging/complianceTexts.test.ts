// The compliance answers are the operator's own (issue 26), through n8n-core's publication (the
// trigger's checkExists/create, as n8n runs them) and webhook context, fed by the sandbox gateway:
// a new node (1.2) cannot publish with empty texts, the example contact or a text the gateway refuses,
// and the error names the field; a saved workflow (1.1) with the built-in texts publishes, n8n logs one
// warning, and an over-long STOP text no longer fails every STOP (review D4): the opt-out runs.
// n8n-core's own copies: its node contexts log through the Logger of its container.
import { Logger } from 'n8n-core/node_modules/@n8n/backend-common';
import { Container } from 'n8n-core/node_modules/@n8n/di';
import type { IDataObject } from 'n8n-workflow';
import { DEFAULT_COMPLIANCE_TEXTS } from '../../../nodes/SolSwitchMessagingTrigger/replies/complianceTexts';
import { useSandbox } from '../../helpers/sandbox';
import { startTriggerServer, type TriggerServer } from '../../helpers/triggerServer';
import { gatewayOf, messagingCredentials } from './env';

const env = useSandbox();
let trigger: TriggerServer | undefined;
let warn: jest.SpyInstance;

beforeEach(() => {
	warn = jest.spyOn(Container.get(Logger), 'warn');
});

afterEach(async () => {
	warn.mockRestore();
	await trigger?.close();
	trigger = undefined;
});

const OWN = {
	infoText: 'Acme Pizza order alerts, by Acme Inc. Reply HELP for help, STOP to opt out.',
	helpText: 'Acme Pizza: help@acme.ca or 514-555-0100. Reply STOP to opt out.',
	aideText: 'Acme Pizza : aide@acme.ca ou 514-555-0100. Repondez ARRET pour arreter.',
};

async function serve(typeVersion: number, parameters: IDataObject) {
	trigger = await startTriggerServer({
		type: 'solSwitchMessagingTrigger',
		typeVersion,
		parameters: { events: ['sms', 'mms', 'report'], replyMode: 'onReceived', compliance: true, ...parameters },
		credentials: messagingCredentials(env.sandbox),
	});
	gatewayOf(env.sandbox).configure({ providerUrl: trigger.url, inboundKeyType: 'body', retries: 1 });
	return trigger;
}

const send = async (Body: string) => await gatewayOf(env.sandbox).injectMo({ From: '15145550123', To: '55555', Body }).done;
const ourWarnings = () => warn.mock.calls.map(([message]) => String(message)).filter((m) => m.startsWith('SolSwitch Messaging Trigger'));

describe('a new Messaging Trigger (version 1.2)', () => {
	it('cannot publish with its texts left empty: the error names each field', async () => {
		const t = await serve(1.2, { options: {} });
		expect(t.publishError).toBe(
			'INFO Reply is empty: write your own answer (your service and how to reach you); HELP Reply (English) is empty: write your own answer (your service and how to reach you); AIDE Reply (French) is empty: write your own answer (your service and how to reach you)',
		);
	});

	it('cannot publish with the example contact', async () => {
		const t = await serve(1.2, { ...OWN, helpText: DEFAULT_COMPLIANCE_TEXTS.helpText, options: {} });
		expect(t.publishError).toBe('HELP Reply (English) still names the example contact "support@example.com": write your own');
	});

	it('cannot publish a STOP answer the gateway would refuse (review D4)', async () => {
		const t = await serve(1.2, { ...OWN, options: { stopText: 's'.repeat(140) } });
		expect(t.publishError).toBe('STOP Reply (English) must be 1 to 136 characters (it has 140)');
	});

	it("publishes with the operator's texts and answers HELP, AIDE and INFO with them, STOP with the built-in text; no warning", async () => {
		const t = await serve(1.2, { ...OWN, options: {} });
		expect(t.publishError).toBeUndefined();
		expect((await send('help')).replyBody).toBe(OWN.helpText);
		expect((await send('Aide')).replyBody).toBe(OWN.aideText);
		expect((await send('INFO')).replyBody).toBe(OWN.infoText);
		expect((await send('stop')).replyBody).toBe(DEFAULT_COMPLIANCE_TEXTS.stopText);
		expect(t.executions).toHaveLength(1);
		expect(ourWarnings()).toEqual([]);
	});

	it('with Answer Compliance Keywords off, needs no texts', async () => {
		const t = await serve(1.2, { compliance: false, options: {} });
		expect(t.publishError).toBeUndefined();
	});
});

describe('a saved workflow (version 1.1) with the built-in texts', () => {
	it('still publishes and answers as before; n8n logs one warning naming the texts to set', async () => {
		const t = await serve(1.1, { options: {} });
		expect(t.publishError).toBeUndefined();
		expect((await send('help')).replyBody).toBe(DEFAULT_COMPLIANCE_TEXTS.helpText);
		expect(ourWarnings()).toEqual([
			'SolSwitch Messaging Trigger "SolSwitch Messaging Trigger" (workflow wf): INFO Reply, HELP Reply (English), AIDE Reply (French) answer with the example contact of the built-in texts (support@example.com or 1-800-555-0100): set your own under Options (a new Messaging Trigger node, version 1.2, asks for them).',
		]);
	});

	it('an over-long STOP text publishes (never refused after an upgrade), warns, and the STOP gets the built-in text: the opt-out runs', async () => {
		const t = await serve(1.1, { options: { ...OWN, stopText: 's'.repeat(140) } });
		expect(t.publishError).toBeUndefined();
		expect(ourWarnings()).toEqual([
			expect.stringContaining('STOP Reply (English) is not 1 to 136 characters: the built-in text answers instead until fixed.'),
		]);
		const stop = await send('STOP');
		expect(stop.attempts.map((a) => [a.status, a.answer])).toEqual([[200, { Status: 'OK', Body: DEFAULT_COMPLIANCE_TEXTS.stopText }]]);
		expect(t.executions).toHaveLength(1);
		expect(t.executions[0][0].json).toMatchObject({ optOut: true, answered: true });
	});

	it("with the operator's own texts, no warning", async () => {
		const t = await serve(1.1, { options: OWN });
		expect(t.publishError).toBeUndefined();
		expect(ourWarnings()).toEqual([]);
	});
});
