// The Messaging Trigger in one regular n8n process (scenarios in ./scenarios/messaging.ts), and its
// compliance texts at publication, which need one process only (n8n's log is read).
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { DEFAULT_COMPLIANCE_TEXTS } from '../../nodes/SolSwitchMessagingTrigger/replies/complianceTexts';
import { gatewayOf } from '../../sandbox/gateway';
import { describeMessagingScenarios } from './scenarios/messaging';
import { createGatewayCredential } from './scenarios/redelivery';
import { useN8nWithSandbox } from './withSandbox';

const env = useN8nWithSandbox();
describeMessagingScenarios(env);

describe('compliance texts at publication (issue 26)', () => {
	let credentialId: string;
	beforeAll(async () => {
		credentialId = await createGatewayCredential(env);
	});

	/** A saved workflow with one Messaging Trigger (Immediately) at `typeVersion`; its id and URL. */
	async function saveTrigger(typeVersion: number, parameters: Record<string, unknown>) {
		const webhookId = randomUUID();
		const workflow = await env.api.createWorkflow({
			name: `Compliance ${typeVersion} ${webhookId.slice(0, 8)}`,
			nodes: [
				{
					id: randomUUID(),
					name: 'SMS In',
					type: 'n8n-nodes-solswitch.solSwitchMessagingTrigger',
					typeVersion,
					position: [0, 0],
					webhookId,
					parameters: { events: ['sms'], replyMode: 'onReceived', compliance: true, options: {}, ...parameters },
					credentials: { solSwitchMessagingApi: { id: credentialId, name: 'Gateway' } },
				},
			],
			connections: {},
		});
		return { id: workflow.id, url: `${env.webhookBaseUrl}/webhook/${webhookId}/message` };
	}

	const help = async (url: string) => {
		gatewayOf(env.sandbox).configure({ providerUrl: url, retries: 0 });
		return await gatewayOf(env.sandbox).injectMo({ From: '15145550123', To: '55555', Body: 'HELP' }).done;
	};

	test('a new trigger (1.2) cannot be published with the example contact: the error names the field', async () => {
		const own = { infoText: 'Acme Pizza alerts, by Acme Inc. Reply HELP for help, STOP to opt out.', aideText: 'Acme Pizza : aide@acme.ca ou 514-555-0100.' };
		const saved = await saveTrigger(1.2, { ...own, helpText: DEFAULT_COMPLIANCE_TEXTS.helpText });
		// (n8n 1.x answers the refusal as JSON, its quotes escaped.)
		await expect(env.api.publishWorkflow(saved.id)).rejects.toThrow(/HELP Reply \(English\) still names the example contact \\?"support@example\.com\\?": write your own/);
		// With the operator's own HELP text it publishes and answers with it.
		const fixed = await saveTrigger(1.2, { ...own, helpText: 'Acme Pizza: help@acme.ca or 514-555-0100.' });
		await env.api.publishWorkflow(fixed.id);
		expect((await help(fixed.url)).replyBody).toBe('Acme Pizza: help@acme.ca or 514-555-0100.');
	});

	test('a saved trigger (1.1) with the built-in texts still publishes, answers, and n8n logs the warning once', async () => {
		const saved = await saveTrigger(1.1, {});
		await env.api.publishWorkflow(saved.id);
		expect((await help(saved.url)).replyBody).toBe(DEFAULT_COMPLIANCE_TEXTS.helpText);
		const lines = fs.readFileSync(env.n8n.logFile, 'utf8').split('\n').filter((line) => line.includes(`(workflow ${saved.id})`));
		expect(lines).toHaveLength(1);
		expect(lines[0]).toContain('HELP Reply (English), AIDE Reply (French) answer with the example contact');
	});
});
