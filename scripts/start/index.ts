/**
 * `npm start` (through scripts/start.sh, which installs dev dependencies and compiles this):
 * the sandbox, n8n with this package and the examples, until Ctrl-C.
 * SOLSWITCH_HOME (state folder, default .solswitch), N8N_PORT (5678), SANDBOX_PORT (8089).
 */
import { DEFAULT_GATEWAY_KEY, DEFAULT_INBOUND_KEY } from '../../sandbox/gateway/config';
import { DEFAULT_SWITCH_KEY } from '../../sandbox/server';
import { readExample } from './examples';
import { pickSentence, startMainJob, type MainJob } from './mainJob';
import { mcpTryLine } from './mcpTry';

/**
 * The "Approve by SMS" example, when published with a Messaging Trigger to route the reply: ask, then
 * answer as the phone (the sandbox's phone replies to the last SMS it received).
 */
function approvalLines(job: MainJob, post: (path: string, body: unknown) => string): string[] {
	const approval = job.examples.find((e) => e.published && e.slug === 'approve-by-sms');
	const request = approval?.triggers.find((t) => t.kind === 'webhook');
	const routed = job.examples.some((e) => e.published && e.triggers.some((t) => t.kind === 'solSwitchMessagingTrigger'));
	if (!approval || !request || !routed) return [];
	return [
		`    # "${approval.name}": a request texts the on-call phone 15145550123 and the workflow waits ...`,
		`    curl -s -X POST ${request.url} -H 'content-type: application/json' -d '${JSON.stringify({ request: 'Refund order 1042 ($120)' })}'`,
		'    # ... then the phone answers YES (or NO): the waiting execution goes on (see its run in the editor)',
		`    ${post('/_sandbox/gateway/phones/15145550123/reply', { Body: 'YES', wait: true })}`,
	];
}

/**
 * The "Alert, text then call" example when published: Alice (first on call) does not answer her calls,
 * the alert texts her, her NO escalates to calls, Bob presses 1 and owns it (Alice and Carol are texted).
 */
function escalationLines(job: MainJob, post: (path: string, body: unknown) => string): string[] {
	const example = job.examples.find((e) => e.published && e.slug === 'alert-text-then-call');
	const alert = example?.triggers.find((t) => t.kind === 'webhook');
	if (!example || !alert) return [];
	return [
		`    # "${example.name}": Alice (15145550123, first on call) will not answer her calls ...`,
		`    ${post('/_sandbox/digit-validation/phone', { number: '15145550123', turns: [{ answer: 'noAnswer' }, { answer: 'noAnswer' }] })}`,
		'    # ... an alert texts her and waits up to 5 minutes for YES ...',
		`    curl -s -X POST ${alert.url} -H 'content-type: application/json' -d '${JSON.stringify({ alert: 'Disk full on db1' })}'`,
		'    # ... she answers NO: the calls start (Alice twice, 30 s apart, then Bob) ...',
		`    ${post('/_sandbox/gateway/phones/15145550123/reply', { Body: 'NO', wait: true })}`,
		'    # ... about a minute and a half later (two 25 s rings, 30 s apart) Bob (15145550124) has answered: he presses 1 and owns it; Alice and Carol get an SMS',
		`    ${post('/_sandbox/digit-validation/press', { number: '15145550124', digits: '1' })}`,
	];
}

/** Where an MCP client connects to the published MCP example: its trigger's Production URL, and the token. */
export function mcpServer(job: MainJob): { name: string; url: string; token: string } | undefined {
	for (const example of job.examples.filter((e) => e.published)) {
		const trigger = (readExample(example.file).nodes as Array<{ type: string; parameters?: { path?: string } }>).find((n) => n.type === '@n8n/n8n-nodes-langchain.mcpTrigger');
		if (trigger?.parameters?.path && job.state.mcpToken) return { name: example.name, url: `${job.n8n.baseUrl}/mcp/${trigger.parameters.path}`, token: job.state.mcpToken };
	}
	return undefined;
}

/**
 * The MCP example, when published: what a client is offered, then a call gated by the person on call
 * (15145550124, Bob): Place a Call texts him, his YES places it, Check Request tells the client.
 */
function mcpLines(job: MainJob, post: (path: string, body: unknown) => string): string[] {
	const mcp = mcpServer(job);
	if (!mcp) return [];
	const call = { Destination: '15145550123' };
	return [
		`    # "${mcp.name}" is an MCP server: any MCP client (Claude Desktop, Cursor, an agent) connects to`,
		`    #   ${mcp.url}   with the header   Authorization: Bearer ${mcp.token}`,
		'    # (docs/ai-agent-phone-mcp.md). The tools an agent is offered, through the MCP SDK\'s client:',
		`    ${mcpTryLine(mcp.url, mcp.token)}`,
		'    # an agent asks for a call: the person on call (15145550124) gets an SMS and nothing rings yet ...',
		`    ${mcpTryLine(mcp.url, mcp.token, 'Place_a_Call', call)}`,
		'    # ... he answers YES (NO: no call), and the switch places the call; then the agent reads the outcome',
		`    ${post('/_sandbox/gateway/phones/15145550124/reply', { Body: 'YES', wait: true })}`,
		`    ${mcpTryLine(mcp.url, mcp.token, 'Check_Request', call)}`,
	];
}

/** The "text back missed calls" example, when published: a caller rings the DID, nobody answers, the caller gets a text. */
function missedCallLines(job: MainJob, post: (path: string, body: unknown) => string): string[] {
	const textBack = job.examples.find((e) => e.published && e.triggers.some((t) => t.event === 'missed-call'));
	if (!textBack) return [];
	return [
		`    # a caller (438 555 0142) rings the DID 514 555 0100; extension 201 does not answer for 3 s and the caller hangs up:`,
		`    # "${textBack.name}" texts the caller back (the SMS is in the gateway's exchanges below)`,
		`    ${post('/_sandbox/calls/play', { scenario: 'missed', From: '4385550142', CallerName: 'Jean Dupuis', DID: '5145550100', Extension: '201', ringSeconds: 3 })}`,
		'    # other calls: "answered", "busy", "recorded", "transferred"; "cdrDelaySeconds": 5 writes the call record late',
	];
}

export function banner(job: MainJob, seconds: number): string {
	const s = job.sandbox.url;
	const post = (path: string, body: unknown) =>
		`curl -s -X POST ${s}${path} -H 'content-type: application/json' -d '${JSON.stringify(body)}'`;
	const triggers = job.examples.filter((e) => e.published).flatMap((e) => e.triggers.map((t) => ({ ...t, example: e.name })));
	const messaging = triggers.find((t) => t.kind === 'solSwitchMessagingTrigger');
	const digitValidation = triggers.find((t) => t.event === 'digit-validation');
	const lines = [
		'',
		`Ready in ${seconds} s.`,
		'',
		`  n8n editor : ${job.n8n.baseUrl}`,
		`  login      : ${job.state.owner.email}  /  ${job.state.owner.password}`,
		`  sandbox    : ${s}   (switch key ${DEFAULT_SWITCH_KEY}; gateway key ${DEFAULT_GATEWAY_KEY}, inbound key ${DEFAULT_INBOUND_KEY})`,
		`  state      : ${job.home}   (n8n's database, the login, files the workflows write; delete it to start over)`,
		'',
		'  Workflows:',
		...job.examples.map(
			(e) =>
				`    - ${e.name}  ${job.n8n.baseUrl}/workflow/${e.id}  ${e.published ? '(published)' : e.publishError ? `(not published: ${e.publishError})` : e.needsCredentials ? `(draft: pick ${pickSentence(e.needsCredentials)}, then publish)` : '(run it from the editor)'}`,
		),
		'',
		'  Try it (in another terminal):',
		...(messaging
			? [
					`    # a text message from a phone to the short code 55555 (the gateway posts it to "${messaging.example}"); "wait" returns the reply the phone got`,
					`    ${post('/_sandbox/gateway/mo', { From: '15145550123', To: '55555', Body: 'HELP', wait: true })}`,
					'    # the same to the long code 15145550100: the gateway drops a reply Body there, so the reply comes as an SMS from the code ("smsReplies")',
					`    ${post('/_sandbox/gateway/mo', { From: '15145550123', To: '15145550100', Body: 'HOURS', wait: true })}`,
					'    # everything the phone received, callback replies and SMS',
					`    curl -s ${s}/_sandbox/gateway/phones/15145550123`,
				]
			: [
					'    # (no published workflow with a SolSwitch Messaging Trigger: the gateway has nowhere to deliver text messages;',
					`    #  give it a URL with: ${post('/_sandbox/gateway/config', { providerUrl: '<url>' })})`,
				]),
		...approvalLines(job, post),
		...escalationLines(job, post),
		...missedCallLines(job, post),
		...mcpLines(job, post),
		'    # a call entering from outside to extension 201 (SIP POST notifications: Incoming, Connected)',
		`    ${post('/_sandbox/callbacks/incoming-call', { Extension: '201', From: '4385550177' })}`,
		'    # a call placed through the switch API (notifications: Outgoing, Connected)',
		`    ${post('/api/newcall/', { Key: DEFAULT_SWITCH_KEY, Extension: '201', Destination: '5145550123' })}`,
		...(digitValidation
			? [
					`    # a caller pressing 1 at the Digit Validation of "${digitValidation.example}": prints the routing option`,
					`    ${post('/_sandbox/callbacks/digit-validation', { url: digitValidation.url, Digits: '1' })}`,
				]
			: []),
		'    # what the sandbox received and sent',
		`    curl -s '${s}/_sandbox/exchanges?service=gateway'; curl -s ${s}/_sandbox/gateway/deliveries; curl -s ${s}/_sandbox/callbacks`,
		'',
		'  Ctrl-C stops n8n and the sandbox.',
		'',
	];
	return lines.join('\n');
}

async function main(): Promise<void> {
	const started = Date.now();
	let job: MainJob | undefined;
	let stopping = false;
	const stop = async (signal: string) => {
		if (stopping) {
			console.log(`[start] ${signal} again: exiting now`);
			process.exit(130);
		}
		stopping = true;
		console.log(`\n[start] ${signal}: stopping n8n and the sandbox`);
		await job?.stop();
		console.log('[start] stopped');
		process.exit(0);
	};
	process.on('SIGINT', () => void stop('SIGINT'));
	process.on('SIGTERM', () => void stop('SIGTERM'));

	job = await startMainJob();
	if (stopping) return; // Ctrl-C during start-up: stop() is already waiting for the job
	console.log(banner(job, Math.round((Date.now() - started) / 100) / 10));
	// The sandbox's server keeps the process alive until a signal.
}

if (require.main === module) {
	main().catch((error) => {
		console.error(`[start] failed: ${(error as Error).message}`);
		process.exit(1);
	});
}
