// The "Phone tools for AI agents (MCP)" example (examples/phone-tools-mcp.json) end to end in real n8n,
// imported from its file and published, with the official MCP TypeScript SDK's client over n8n's MCP
// endpoint (Streamable HTTP, MCP Server Trigger v2, bearer auth): what an agent is offered
// (tools/list), a tool call reaching the sandbox gateway, the errors a client gets for bad input.
// Run by test/e2e/mcp.test.ts (n8n 2.40.7) and test/e2e/everyLine.test.ts (2.41.3, 1.123.81).
//
// Place a Call is gated by a person's YES by SMS, Send SMS After Phone Approval by their pressing 1 on a
// call: n8n's generated review tool cannot gate under the MCP Server Trigger (the last case shows why),
// so each is a Call n8n Workflow Tool that runs the example's own steps (Send and Wait, then New Call
// only on a YES; Call and Wait for Keypress, then Send SMS only on a 1); the client reads the outcome
// with Check Request (a Data Table tool).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { randomUUID } from 'node:crypto';
import { DEFAULT_SWITCH_KEY } from '../../../sandbox/server';
import type { PhoneTurn } from '../../../sandbox/switch/digitValidation/dialer';
import { importExample } from '../../../scripts/start/examples';
import { gatewayReceived } from '../../integration/messaging/env';
import type { ScenarioEnv } from './env';
import { callAndWaitFixture } from './callAndWait';
import { createGatewayCredential } from './redelivery';
import { sendAndWaitFixture } from './sendAndWait';

// The example runs on n8n 1.123 too (MCP Server Trigger v2); a case that needs what only 2.x has is
// skipped on 1.x with the reason in its name.
const ON_N8N1 = (process.env.N8N_VERSION ?? '').startsWith('1.');
function testOnN8n2(name: string, reason: string, fn: () => Promise<void>) {
	if (ON_N8N1) test.skip(`${name} [skipped on n8n 1.x: ${reason}]`, fn);
	else test(name, fn);
}
/** The person on call, a number no other scenario of the process texts. */
const ON_CALL = '15145559801';
/** The person on call as Send SMS After Phone Approval reaches them (texted the details, then phoned): a sandbox phone no other scenario calls. */
const ON_CALL_PHONE = '15145559802';

const FILE = 'examples/phone-tools-mcp.json';
export const PATH = 'solswitch-phone-tools';
export const TOKEN = 'e2e-mcp-token-7f3a9c';
const TOOL_NAMES = ['Check_Opening_Hours', 'Check_Request', 'Get_Call_Details', 'Place_a_Call', 'Queue_Stats', 'Send_SMS', 'Send_SMS_After_Phone_Approval'];
/** Words of the interface, not of the person the agent works for. */
const JARGON = /\b(CDR|API|JSON|HTTP|endpoint|n8n|node|parameter|payload)\b/i;

/** The fields of what the gateway received (other scenarios of the same process text other numbers). */
export const bodyOf = (e: { body: unknown }) => (e.body ?? {}) as { To?: string; Body?: string };

type JsonSchema = { type?: string; properties?: Record<string, { type?: string; description?: string }>; required?: string[] };

/**
 * toolsRunOnWorker: queue mode, where a worker runs each tool call (n8n/dist/scaling/job-processor.js
 * invokeTool: the tool node's own code, without n8n's input check) and n8n hands the client a failed
 * call's error as JSON ({"error":{"message":...}}).
 */
export function describeMcpScenarios(env: ScenarioEnv, { toolsRunOnWorker = false } = {}) {
	describe('example: Phone tools for AI agents (MCP), with the MCP SDK client', () => {
		// The published Messaging Trigger the gateway posts replies to (Place a Call's approval SMS).
		const sms = sendAndWaitFixture(env);
		// The sandbox's scripted phones, which answer Send SMS After Phone Approval's call and press keys.
		const phone = callAndWaitFixture(env);
		const onCall = ON_CALL;
		let workflowId: string;
		let mcpUrl: string;
		let gatewayCredential: string;
		let bearer: string;
		const clients: Client[] = [];

		beforeAll(async () => {
			const switchCredential = (await env.api.createCredential('Switch', 'solSwitchApi', { baseUrl: env.sandbox.url, apiKey: DEFAULT_SWITCH_KEY, customer: '' })).id;
			bearer = (await env.api.createCredential('MCP client token', 'httpBearerAuth', { token: TOKEN })).id;
			gatewayCredential = await createGatewayCredential(env);
			const workflow = await importExample(
				env.api,
				FILE,
				{ solSwitchApi: switchCredential, solSwitchMessagingApi: gatewayCredential, httpBearerAuth: bearer },
				{
					transform: (definition) => {
						const node = (name: string) => (definition.nodes as Array<{ name: string; parameters: Record<string, unknown> }>).find((n) => n.name === name)!;
						const ask = node('Ask the Person on Call');
						// This test's person on call, and its Messaging Trigger (the example names the SMS auto-reply's).
						ask.parameters.To = onCall;
						ask.parameters.triggerUrl = sms.inbound.url;
						// The person on call of the keypress approval: texted the details, then phoned.
						node('Text the Details').parameters.To = ON_CALL_PHONE;
						const call = node('Phone the Person on Call').parameters;
						call.Destination = ON_CALL_PHONE;
						// Calls again at once when the line is busy (the example waits the node's default 60 s).
						call.options = { ...(call.options as object), retryInterval: 0 };
					},
				},
			);
			workflowId = workflow.id;
			await env.api.publishWorkflow(workflow.id);
			mcpUrl = `${env.webhookBaseUrl}/mcp/${PATH}`;
		});
		afterAll(async () => {
			for (const client of clients) await client.close().catch(() => undefined);
		});

		async function connect(token = TOKEN, url = mcpUrl): Promise<Client> {
			const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } });
			const client = new Client({ name: 'solswitch-e2e', version: '1.0.0' });
			clients.push(client);
			await client.connect(transport);
			return client;
		}
		const textOf = (result: Awaited<ReturnType<Client['callTool']>>) =>
			(result.content as Array<{ type: string; text?: string }>).map((c) => c.text ?? '').join('');
		const errorOf = (result: Awaited<ReturnType<Client['callTool']>>) => (toolsRunOnWorker ? (JSON.parse(textOf(result)) as { error: { message: string } }).error.message : textOf(result));

		test('tools/list offers the seven tools, each with a plain description and the fields the agent fills, all required', async () => {
			const client = await connect();
			const { tools } = await client.listTools();
			// Printed for the report and the docs: what an agent receives.
			console.log(JSON.stringify(tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema })), null, 1));
			expect(tools.map((t) => t.name).sort()).toEqual(TOOL_NAMES);
			const fields: Record<string, string[]> = {};
			for (const tool of tools) {
				expect(tool.description?.trim().length).toBeGreaterThan(40);
				expect(tool.description).not.toMatch(JARGON);
				const schema = tool.inputSchema as JsonSchema;
				expect(schema.type).toBe('object');
				const properties = schema.properties ?? {};
				fields[tool.name] = Object.keys(properties).sort();
				for (const [name, property] of Object.entries(properties)) {
					expect({ name, description: property.description?.trim() ?? '' }).toEqual({ name, description: expect.stringMatching(/\S{3,}/) });
					expect(property.description).not.toMatch(JARGON);
				}
				expect((schema.required ?? []).sort()).toEqual(Object.keys(properties).sort());
			}
			// The agent fills only these; From, the extension and the time rule are fixed in the workflow.
			expect(fields).toEqual({
				Check_Opening_Hours: [],
				Check_Request: ['Destination'],
				Get_Call_Details: ['CallID'],
				Place_a_Call: ['Destination'],
				Queue_Stats: [],
				Send_SMS: ['Body', 'To'],
				Send_SMS_After_Phone_Approval: ['Body', 'To'],
			});
		});

		test('Send SMS reaches the gateway to the letter, From fixed by the workflow, and the client gets the message ID', async () => {
			const client = await connect();
			const start = new Date().toISOString();
			const body = 'Your technician arrives at 3 pm. Reply STOP to opt out.';
			const result = await client.callTool({ name: 'Send_SMS', arguments: { To: '15145559810', Body: body } });
			expect(result.isError).toBeFalsy();
			const sent = gatewayReceived(env.sandbox, '/sms/').filter((e) => e.at >= start && bodyOf(e).To === '15145559810');
			expect(sent.map((e) => e.body)).toEqual([expect.objectContaining({ From: '55555', To: '15145559810', Body: body })]);
			expect(textOf(result)).toContain((sent[0].answer as { ID: string }).ID);
		});

		test('a number the node refuses gets a tool error that says why, and nothing is sent', async () => {
			const client = await connect();
			const start = new Date().toISOString();
			const result = await client.callTool({ name: 'Send_SMS', arguments: { To: 'not-a-number', Body: 'hello' } });
			expect(result.isError).toBe(true);
			expect(errorOf(result)).toContain('To must be a phone number or code: digits, with only spaces, dashes, dots, parentheses or a leading + besides (got "not-a-number")');
			expect(gatewayReceived(env.sandbox, '/sms/').filter((e) => e.at >= start && bodyOf(e).Body === 'hello')).toEqual([]);
		});

		test('a call without a required field gets a tool error naming the field, and nothing is sent', async () => {
			const client = await connect();
			const start = new Date().toISOString();
			const result = await client.callTool({ name: 'Send_SMS', arguments: { To: '15145559811' } });
			expect(result.isError).toBe(true);
			// n8n's wording (the tool's input check), not this package's; on a worker, the package's own check.
			if (toolsRunOnWorker) expect(errorOf(result)).toBe('Body is required');
			else expect(textOf(result)).toMatch(/did not match expected schema[\s\S]*Required[\s\S]*at Body/);
			expect(gatewayReceived(env.sandbox, '/sms/').filter((e) => e.at >= start && bodyOf(e).To === '15145559811')).toEqual([]);
		});

		test('a client with the wrong bearer token is refused before any tool is listed', async () => {
			// n8n's bearer check (Webhook/utils.js): a wrong token is HTTP 403 with this text.
			await expect(connect('wrong-token')).rejects.toMatchObject({ code: 403, message: expect.stringContaining('Authorization data is wrong!') });
		});

		// Place a Call is gated: a Call n8n Workflow Tool whose workflow (the example itself, from its
		// Execute Workflow Trigger) texts the person on call with Send and Wait and calls only on a YES.
		// The MCP trigger does not wait for a sub-workflow that waits: n8n answers the client at once with
		// its "Sub-workflow is paused" note (WorkflowToolService, SUB_WORKFLOW_WAITING_PLACEHOLDER), so the
		// outcome reaches the client through Check Request. n8n 1.x's tool has no such note: it hands
		// back what the paused run produced last.
		const newCallsTo = (destination: string) => env.sandbox.exchanges.find({ service: 'switch', path: '/api/newcall/' }).filter((e) => (e.body as { Destination?: string }).Destination === destination);
		async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
			const deadline = Date.now() + 90_000;
			for (;;) {
				const value = await probe();
				if (value !== undefined) return value;
				if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
				await new Promise((resolve) => setTimeout(resolve, 100));
			}
		}
		/** Calls a gated tool through MCP; resolves once the example's run waits for the person. */
		async function askFor(client: Client, name: string, args: Record<string, string>) {
			const before = new Set((await env.api.executionSummaries(workflowId)).map((e) => String(e.id)));
			const result = await client.callTool({ name, arguments: args });
			const waiting = await until('the approval run to wait for the person', async () => (await env.api.executionSummaries(workflowId)).find((e) => !before.has(String(e.id)) && e.status === 'waiting'));
			return { result, waitingId: String(waiting.id) };
		}
		const askForCall = async (client: Client, destination: string) => await askFor(client, 'Place_a_Call', { Destination: destination });
		const finished = async (executionId: string) =>
			await until(`run ${executionId} to finish`, async () => {
				const execution = await env.api.getExecution(executionId);
				return execution.status === 'success' || execution.status === 'error' ? execution : undefined;
			});
		async function checkRequest(client: Client, destination: string) {
			const result = await client.callTool({ name: 'Check_Request', arguments: { Destination: destination } });
			expect(result.isError).toBeFalsy();
			return JSON.parse(textOf(result)) as Array<{ Destination: string; Request: string; Status: string; CallID: string; MessageID: string }>;
		}
		/**
		 * What the client reads at once, before the reply: n8n 2.x's note that the workflow paused; 1.x
		 * (no such note) hands back what the paused run produced last, Note the Request's row: waiting.
		 */
		function expectWaitingAnswer(result: Awaited<ReturnType<Client['callTool']>>, destination: string) {
			expect(result.isError).toBeFalsy();
			if (ON_N8N1) expect(JSON.parse(textOf(result))).toEqual([expect.objectContaining({ Destination: destination, Status: expect.stringMatching(/^waiting: /) })]);
			else expect(textOf(result)).toContain('Sub-workflow is paused (waiting for a human response or a scheduled resume)');
		}

		test('Place a Call texts the person on call and waits; the switch is reached once, after their YES, and Check Request tells the client the call ID', async () => {
			const client = await connect();
			const destination = '15145550131';
			const { result, waitingId } = await askForCall(client, destination);
			expectWaitingAnswer(result, destination);
			expect(sms.sentTo(onCall).at(-1)).toBe(`An AI assistant asks to call ${destination} from the front desk (ext. 201). Allow it?\nReply YES or NO`);
			expect(await checkRequest(client, destination)).toEqual([expect.objectContaining({ Destination: destination, Status: expect.stringMatching(/^waiting: /), CallID: '' })]);
			expect(newCallsTo(destination)).toEqual([]);

			const yesAt = new Date().toISOString();
			expect((await sms.reply(onCall, 'YES')).state).toBe('delivered');
			const done = await finished(waitingId);
			expect(done.status).toBe('success');
			const calls = newCallsTo(destination);
			expect(calls.map((e) => e.body)).toEqual([{ Extension: '201', Destination: destination, Key: DEFAULT_SWITCH_KEY }]);
			expect(calls[0].at >= yesAt).toBe(true);
			const callId = (calls[0].answer as { CallID: string }).CallID;
			expect(callId).toMatch(/\S/);
			expect(await checkRequest(client, destination)).toEqual([expect.objectContaining({ Destination: destination, Status: 'approved: the call was placed', CallID: callId })]);
		});

		test('on a NO the switch is never reached, and Check Request tells the client it was declined', async () => {
			const client = await connect();
			const destination = '15145550132';
			const { result, waitingId } = await askForCall(client, destination);
			expectWaitingAnswer(result, destination);
			expect((await sms.reply(onCall, 'NO')).state).toBe('delivered');
			expect((await finished(waitingId)).status).toBe('success');
			expect(newCallsTo(destination)).toEqual([]);
			expect(await checkRequest(client, destination)).toEqual([expect.objectContaining({ Destination: destination, Status: 'declined: the person on call said no, no call was placed', CallID: '' })]);
		});

		// Send SMS After Phone Approval: the same shape, approved by a keypress. The example texts the person
		// on call the details (the switch cannot speak them), phones them with Call and Wait for Keypress
		// from the Digit Validation extension 510, and sends the agent's text only on a 1.
		const textsTo = (number: string, since: string) => gatewayReceived(env.sandbox, '/sms/').filter((e) => e.at >= since && bodyOf(e).To === number);
		const approvalCallsSince = (since: string) => phone.newCalls(ON_CALL_PHONE).filter((e) => e.at >= since);
		/** Asks for a text through MCP: the details reach the person on call, their phone rings, nothing is sent yet. */
		async function askForText(client: Client, to: string, body: string, turns: PhoneTurn[] = [{ answer: 'answer' }]) {
			const answers = turns[0].answer === 'answer';
			const since = new Date().toISOString();
			// By default the sandbox phone answers the next call and waits for a key (pressed below).
			await phone.control('/phone', { number: ON_CALL_PHONE, turns });
			const { result, waitingId } = await askFor(client, 'Send_SMS_After_Phone_Approval', { To: to, Body: body });
			expectWaitingAnswer(result, to);
			const details = textsTo(ON_CALL_PHONE, since).map((e) => String(bodyOf(e).Body));
			// Numbered parts ("1/2 ...") of one text, cut between words.
			expect(details.map((part) => part.replace(/^\d+\/\d+ /, '')).join(' ')).toBe(`An AI assistant asks to text ${to}. We call you now: press 1 to send it, 2 to refuse. The text: ${body}`);
			expect(approvalCallsSince(since)[0].body).toEqual(expect.objectContaining({ Extension: '510', Destination: ON_CALL_PHONE, CIDName: 'Approval' }));
			expect(textsTo(to, since)).toEqual([]);
			// Still waiting while the phone is answered and no key pressed (a busy line may be over by now).
			if (answers) expect(await checkRequest(client, to)).toEqual([expect.objectContaining({ Destination: to, Request: 'text', Status: expect.stringMatching(/^waiting: /), MessageID: '' })]);
			return { waitingId, since };
		}
		/** The person on call presses a key once the sandbox phone has answered the approval call. */
		const pressOnCall = async (digits: string) =>
			await until(`the approval call to be answered for ${digits}`, async () => await phone.press(ON_CALL_PHONE, digits).catch((error: Error) => (/No answered call/.test(error.message) ? undefined : Promise.reject(error))));

		test('Send SMS After Phone Approval texts the person on call the details and phones them; after they press 1 the gateway gets the text once, to the letter, and Check Request tells the client its message ID', async () => {
			const client = await connect();
			const to = '15145550141';
			const body = 'Your refund of 42 dollars was approved today. It reaches your card in 3 days.';
			const { waitingId, since } = await askForText(client, to, body);

			const pressedAt = new Date().toISOString();
			const { post } = await pressOnCall('1');
			expect(post).toMatchObject({ status: 200, answer: 'thanks', valid: true });
			expect((await finished(waitingId)).status).toBe('success');
			const sent = textsTo(to, since);
			expect(sent.map((e) => e.body)).toEqual([expect.objectContaining({ From: '55555', To: to, Body: body })]);
			expect(sent[0].at >= pressedAt).toBe(true);
			const messageId = (sent[0].answer as { ID: string }).ID;
			expect(messageId).toMatch(/\S/);
			expect(await checkRequest(client, to)).toEqual([expect.objectContaining({ Destination: to, Request: 'text', Status: 'approved: the text message was sent', CallID: '', MessageID: messageId })]);
		});

		test('Send SMS After Phone Approval: when the person on call presses 2 the gateway never gets the text, and Check Request tells the client it was declined', async () => {
			const client = await connect();
			const to = '15145550142';
			const { waitingId, since } = await askForText(client, to, 'Your order ships tomorrow.');
			const { post } = await pressOnCall('2');
			expect(post).toMatchObject({ status: 200, answer: 'goodbye', valid: true });
			expect((await finished(waitingId)).status).toBe('success');
			expect(textsTo(to, since)).toEqual([]);
			expect(await checkRequest(client, to)).toEqual([expect.objectContaining({ Destination: to, Request: 'text', Status: 'declined: the person on call pressed 2, no text was sent', MessageID: '' })]);
		});

		test('Send SMS After Phone Approval: when the person on call never answers (busy three times) the gateway never gets the text, and Check Request says no answer', async () => {
			const client = await connect();
			const to = '15145550143';
			const { waitingId, since } = await askForText(client, to, 'Your appointment moved to Friday.', [{ answer: 'busy' }, { answer: 'busy' }, { answer: 'busy' }]);
			// The node's call watcher calls twice more (its default retries), then resumes the wait with nobody answered.
			expect((await finished(waitingId)).status).toBe('success');
			expect(approvalCallsSince(since)).toHaveLength(3);
			expect(textsTo(to, since)).toEqual([]);
			expect(await checkRequest(client, to)).toEqual([expect.objectContaining({ Destination: to, Request: 'text', Status: 'no answer: the person on call did not answer the phone, no text was sent', MessageID: '' })]);
		});

		// Why Place a Call is a sub-workflow rather than n8n's generated review tool: the generated review tool (…HitlTool) connected under the MCP
		// Server Trigger, as a user could do by importing JSON (the editor offers its output to AI Agents
		// only). n8n 2.40.7 hands the trigger the review tool's stand-in, which does nothing: no approval
		// SMS, no SMS to the customer, an empty answer the client cannot tell from a success. In queue mode
		// the worker that runs the call finds neither supplyData nor execute in it, and says so.
		const reviewToolAnswer = toolsRunOnWorker ? "n8n's error (a worker finds nothing to run in it)" : 'an empty result';
		testOnN8n2(`a review tool under the MCP trigger does not gate: nobody is asked, nothing is sent, the client gets ${reviewToolAnswer}`, '1.x has no generated review tools', async () => {
			const mcp = { id: randomUUID(), name: 'Gated Probe', type: '@n8n/n8n-nodes-langchain.mcpTrigger', typeVersion: 2, position: [0, 0], webhookId: randomUUID(), parameters: { authentication: 'bearerAuth', path: 'gated-probe' }, credentials: { httpBearerAuth: { id: bearer, name: 'MCP client token' } } };
			const credentials = { solSwitchMessagingApi: { id: gatewayCredential, name: 'Gateway' } };
			const review = { id: randomUUID(), name: 'Manager Approval', type: 'n8n-nodes-solswitch.solSwitchMessagingHitlTool', typeVersion: 1, position: [0, 200], parameters: { message: 'Send it?', From: '55555', To: '15145559812', triggerUrl: `${env.webhookBaseUrl}/webhook/${randomUUID()}/message`, approvalOptions: { values: { approvalType: 'double', approveLabel: 'YES', disapproveLabel: 'NO' } }, options: {} }, credentials };
			const send = { id: randomUUID(), name: 'Send SMS', type: 'n8n-nodes-solswitch.solSwitchMessagingTool', typeVersion: 1, position: [0, 400], parameters: { descriptionType: 'manual', toolDescription: 'Sends one SMS.', resource: 'message', operation: 'sendSms', From: '55555', To: "={{ $fromAI('To', 'Phone number', 'string') }}", Body: "={{ $fromAI('Body', 'Text', 'string') }}" }, credentials };
			const workflow = await env.api.createWorkflow({
				name: 'MCP with a review tool',
				nodes: [mcp, review, send],
				connections: {
					'Manager Approval': { ai_tool: [[{ node: 'Gated Probe', type: 'ai_tool', index: 0 }]] },
					'Send SMS': { ai_tool: [[{ node: 'Manager Approval', type: 'ai_tool', index: 0 }]] },
				},
			});
			await env.api.publishWorkflow(workflow.id);
			const client = await connect(TOKEN, `${env.webhookBaseUrl}/mcp/gated-probe`);
			// The client sees the stand-in's schema: the tool's fields wrapped in toolParameters.
			const { tools } = await client.listTools();
			expect(tools.map((t) => [t.name, Object.keys((t.inputSchema as JsonSchema).properties ?? {})])).toEqual([['Send_SMS', ['toolParameters', 'hitlParameters']]]);
			const start = new Date().toISOString();
			const result = await client.callTool({ name: 'Send_SMS', arguments: { toolParameters: { To: '15145559813', Body: 'hello' }, hitlParameters: {} } });
			if (toolsRunOnWorker) {
				expect(result.isError).toBe(true);
				expect(errorOf(result)).toBe('Tool node "Manager Approval" does not have supplyData or execute method');
			} else {
				expect(result.isError).toBeFalsy();
				expect(textOf(result)).toBe('');
			}
			// Neither the manager's approval SMS nor the SMS itself.
			expect(gatewayReceived(env.sandbox, '/sms/').filter((e) => e.at >= start && ['15145559812', '15145559813'].includes(String(bodyOf(e).To)))).toEqual([]);
		});
	});
}
