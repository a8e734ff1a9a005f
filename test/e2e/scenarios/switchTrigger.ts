// The SolSwitch Trigger in a real n8n 2.40 (the packed package installed as a community package),
// called by the sandbox switch over HTTP: published workflows answer Digit Validation requests with
// the option they computed (a field of the last node, the SolSwitch node's Answer Digit Validation,
// the Fallback Option when the workflow fails), a SIP Packet POST gets SUCCESS (after a corrupted
// attempt is refused), and call notifications start workflows. Run by test/e2e/switchTrigger.test.ts
// (one n8n process) and test/queue/ (queue mode).
import { createHash, randomUUID } from 'node:crypto';
import { DEFAULT_SWITCH_KEY } from '../../../sandbox/server';
import { callbacksOf } from '../../../sandbox/switch/callbacks';
import { nodeJson } from '../../../scripts/n8n-harness';
import type { ScenarioEnv } from './env';
import { sandboxCallback } from '../../helpers/sandbox';


const PACKET_KEY = 'e2e-packet-key-51d2';

type Node = Record<string, unknown> & { name: string };

/** The trigger as the editor adds it today (version 2: secrets in the SolSwitch Callbacks API credential). */
export function switchTriggerNode(webhookId: string, parameters: Record<string, unknown>, extra: Partial<Node> = {}): Node {
	return {
		id: randomUUID(),
		name: 'SolSwitch Trigger',
		type: 'n8n-nodes-solswitch.solSwitchTrigger',
		typeVersion: 2,
		position: [0, 0],
		webhookId,
		parameters,
		...extra,
	};
}

export function describeSwitchTriggerScenarios(env: ScenarioEnv) {
	const trigger = switchTriggerNode;

	function setOption(expression: string): Node {
		return {
			id: randomUUID(),
			name: 'Choose Option',
			type: 'n8n-nodes-base.set',
			typeVersion: 3.4,
			position: [220, 0],
			parameters: {
				mode: 'manual',
				assignments: { assignments: [{ id: randomUUID(), name: 'option', value: expression, type: 'string' }] },
				options: {},
			},
		};
	}

	/** Creates and publishes a workflow of nodes in a chain; returns its id and its trigger's URL. */
	async function publishChain(name: string, nodes: Node[], event: string) {
		const connections: Record<string, unknown> = {};
		for (let i = 0; i + 1 < nodes.length; i++) {
			connections[nodes[i].name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
		}
		nodes.forEach((n, i) => (n.position = [i * 220, 0]));
		const workflow = await env.api.createWorkflow({ name, nodes, connections });
		await env.api.publishWorkflow(workflow.id);
		return { id: workflow.id, url: `${env.webhookBaseUrl}/webhook/${nodes[0].webhookId}/${event}` };
	}

	const control = (path: string, body: Record<string, unknown>) => sandboxCallback(env.sandbox.url, path, body);

	test('a published workflow answers a Digit Validation request with the option it computed, as bare text', async () => {
		const { id, url } = await publishChain(
			'E2E DV last node',
			[
				trigger(randomUUID(), { event: 'digit-validation', answerFrom: 'lastNode', answerField: 'option', fallbackOption: 'operator' }),
				setOption("={{ $json.Digits === '1' ? 'sales' : 'queue-' + $json.Digits }}"),
			],
			'digit-validation',
		);

		const record = await control('/digit-validation', { url, Digits: '42', CIDNum: '4385550123' });

		expect(record).toMatchObject({ Status: 'OK', status: 200, option: 'queue-42' });
		expect(record.contentType).toMatch(/^text\/plain/);
		const [execution] = await env.api.waitForExecutions(id);
		expect(execution.status).toBe('success');
		expect(nodeJson(execution, 'SolSwitch Trigger')[0]).toMatchObject({ Digits: '42', CIDNum: '4385550123', ExtensionNumber: '510' });
	});

	test('the SolSwitch node\'s Answer Digit Validation answers the waiting request', async () => {
		const credential = await env.api.createCredential('Sandbox switch', 'solSwitchApi', { baseUrl: env.sandbox.url, apiKey: DEFAULT_SWITCH_KEY, customer: '' });
		const { url } = await publishChain(
			'E2E DV answer node',
			[
				trigger(randomUUID(), { event: 'digit-validation', answerFrom: 'responseNode', fallbackOption: 'operator' }),
				{
					id: randomUUID(),
					name: 'Answer',
					type: 'n8n-nodes-solswitch.solSwitch',
					typeVersion: 1,
					position: [220, 0],
					parameters: { resource: 'digitValidation', operation: 'answer', Option: "={{ 'route-' + $json.Digits }}" },
					credentials: { solSwitchApi: { id: credential.id, name: credential.name } },
				},
			],
			'digit-validation',
		);

		const record = await control('/digit-validation', { url, Digits: '7' });

		expect(record).toMatchObject({ status: 200, option: 'route-7' });
		expect(record.contentType).toMatch(/^text\/plain/);
	});

	test('a failing workflow still routes the caller: the Fallback Option is answered; Fixed Answers run no workflow', async () => {
		const { id, url } = await publishChain(
			'E2E DV fallback',
			[
				trigger(randomUUID(), {
					event: 'digit-validation',
					answerFrom: 'lastNode',
					answerField: 'option',
					fallbackOption: 'operator',
					fixedAnswers: { answers: [{ digits: '0', option: 'reception' }] },
				}),
				{
					id: randomUUID(),
					name: 'Fail',
					type: 'n8n-nodes-base.stopAndError',
					typeVersion: 1,
					position: [220, 0],
					parameters: { errorMessage: 'CRM unreachable' },
				},
			],
			'digit-validation',
		);

		expect(await control('/digit-validation', { url, Digits: '5' })).toMatchObject({ status: 200, option: 'operator' });
		expect(await control('/digit-validation', { url, Digits: '0' })).toMatchObject({ status: 200, option: 'reception' });
		const executions = await env.api.waitForExecutions(id);
		expect(executions.map((e) => e.status)).toEqual(['error']);
	});

	test('a SIP Packet POST gets SUCCESS (key from the credential); a corrupted attempt is refused and the switch retries; no key is stored', async () => {
		const credential = await env.api.createCredential('Switch callbacks', 'solSwitchCallbacksApi', { packetApiKey: PACKET_KEY, sharedSecret: '' });
		const { id, url } = await publishChain(
			'E2E SIP packet',
			[
				trigger(randomUUID(), { event: 'sip-packet', hashMismatch: 'reject' }, {
					credentials: { solSwitchCallbacksApi: { id: credential.id, name: credential.name } },
				}),
			],
			'sip-packet',
		);

		const delivery = await control('/sip-packet', { url, apiKey: PACKET_KEY, corruptAttempts: 1, to: '5145550100' });

		expect(delivery.delivered).toBe(true);
		expect(delivery.attempts.map((a: any) => [a.AttemptNumber, a.status, a.answer === 'SUCCESS'])).toEqual([
			[1, 422, false],
			[2, 200, true],
		]);
		const [execution] = await env.api.waitForExecutions(id);
		const item = nodeJson(execution, 'SolSwitch Trigger')[0] as Record<string, any>;
		expect(item).toMatchObject({ AttemptNumber: '2', HashValid: true, InviteTo: '5145550100', Invite: { method: 'INVITE' } });
		expect(item.APIKey).toBeUndefined();
		// The key lives in the credential: neither the saved workflow nor the execution holds it.
		expect(JSON.stringify(await env.api.getWorkflow(id))).not.toContain(PACKET_KEY);
		expect(JSON.stringify(await env.api.getExecution(execution.id))).not.toContain(PACKET_KEY);
	});

	test('a workflow saved with version 1 (Packet API Key as a node field) still works', async () => {
		const { url } = await publishChain(
			'E2E SIP packet v1',
			[trigger(randomUUID(), { event: 'sip-packet', packetApiKey: PACKET_KEY, hashMismatch: 'reject' }, { typeVersion: 1 })],
			'sip-packet',
		);
		const delivery = await control('/sip-packet', { url, apiKey: PACKET_KEY, to: '5145550100' });
		expect(delivery.attempts.map((a: any) => [a.status, a.answer])).toEqual([[200, 'SUCCESS']]);
		// n8n writes the SUCCESS the trigger hands it, as text/plain (the description's responseHeaders).
		const rawPacket = 'INVITE sip:5145550100@switch SIP/2.0\r\n\r\n';
		const direct = await fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ APIKey: PACKET_KEY, RawPacket: rawPacket, PacketHash: createHash('md5').update(rawPacket).digest('hex'), AttemptNumber: 1 }),
		});
		expect([direct.status, direct.headers.get('content-type'), await direct.text()]).toEqual([200, 'text/plain; charset=utf-8', 'SUCCESS']);
		const refused = await control('/sip-packet', { url, apiKey: 'not-the-key', maxAttempts: 1 });
		expect(refused.attempts.map((a: any) => a.status)).toEqual([401]);
	});

	test('New Call on the switch sends SIP POST notifications that start workflows for the selected events', async () => {
		const { id, url } = await publishChain(
			'E2E SIP notifications',
			[trigger(randomUUID(), { event: 'sip-notification', notificationEvents: ['Outgoing', 'Disconnected'] })],
			'sip-notification',
		);
		const callbacks = callbacksOf(env.sandbox);
		callbacks.configure({ sipNotificationUrls: [url] });
		const placed = (await env.sandbox.callSwitch('/api/newcall/', { Key: DEFAULT_SWITCH_KEY, Extension: '201', Destination: '5145550123' }, '127.0.0.1')) as { CallID: string };
		// Hang up once Connected has gone out (waiting on events, not on time).
		while (!env.sandbox.exchanges.find({ direction: 'out', service: 'sipNotification' }).some((e) => (e.body as { Event: string }).Event === 'Connected')) {
			await callbacks.idle();
			await new Promise((resolve) => setImmediate(resolve));
		}
		env.sandbox.state.endCall(placed.CallID);
		await callbacks.idle();

		const out = env.sandbox.exchanges.find({ direction: 'out', service: 'sipNotification' });
		expect(out.map((e) => [(e.body as { Event: string }).Event, e.status, e.answer])).toEqual([
			['Outgoing', 200, '{"Status":"OK"}'],
			['Connected', 200, '{"Status":"OK"}'],
			['Disconnected', 200, '{"Status":"OK"}'],
		]);
		const executions = await env.api.waitForExecutions(id, 2);
		const events = executions.map((e) => nodeJson(e, 'SolSwitch Trigger')[0] as { Event: string; CallID: string });
		expect(events.map((e) => e.Event).sort()).toEqual(['Disconnected', 'Outgoing']);
		expect(events.every((e) => e.CallID === placed.CallID)).toBe(true);
	});
}
