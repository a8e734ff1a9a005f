// `npm start`'s main job (scripts/start/mainJob.ts) in a temporary state folder on free ports:
// the sandbox answers, n8n's editor answers, the credentials point at the sandbox, every example is
// imported (published when it has a trigger) and the sandbox calls the published triggers; then a
// second start on the same folder reuses all of it: same ids, nothing duplicated, no reinstall.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gatewayOf } from '../../sandbox/gateway';
import { callbacksOf } from '../../sandbox/switch/callbacks';
import { settingsOf } from '../../sandbox/switch/profiles';
import { DATA_TABLE_PLACEHOLDER, dataTableRows, findDataTable, personalProjectId, type SavedDataTable } from '../../scripts/start/dataTables';
import { credentialsToPick, exampleFiles, hasTrigger, readExample } from '../../scripts/start/examples';
import { SANDBOX_CALLBACK_SECRET, startMainJob, type MainJob } from '../../scripts/start/mainJob';
import { banner } from '../../scripts/start/index';
import { mcpTry } from '../../scripts/start/mcpTry';
import { nodeJson } from '../../scripts/n8n-harness/execution-data';
import { E2E_SETUP_TIMEOUT_MS, E2E_TEST_TIMEOUT_MS } from '../../scripts/n8n-harness';
import { freePorts } from '../../scripts/n8n-harness/free-port';
import { OPT_OUT_TABLE, sendOptOutsAndReadBack, type OptOutRow } from './scenarios/optOuts';

jest.setTimeout(E2E_TEST_TIMEOUT_MS);

let home: string;
let ports: { n8nPort: number; sandboxPort: number };
let job: MainJob | undefined;
const logs: string[] = [];
const start = () => startMainJob({ home, ...ports, log: (line) => logs.push(line) });

beforeAll(async () => {
	home = fs.mkdtempSync(path.join(os.tmpdir(), 'solswitch-start-'));
	const [n8nPort, sandboxPort] = await freePorts(2);
	ports = { n8nPort, sandboxPort };
	job = await start();
}, E2E_SETUP_TIMEOUT_MS);

afterAll(async () => {
	await job?.stop();
	if (process.env.SOLSWITCH_E2E_KEEP !== '1') fs.rmSync(home, { recursive: true, force: true });
});

type Listed = { id: string; name: string; type?: string; active?: boolean; activeVersionId?: string | null };

async function listWorkflows(j: MainJob): Promise<Listed[]> {
	const body = await j.api.request<{ data: Listed[] } | Listed[]>('GET', '/rest/workflows', undefined, { raw: true });
	return Array.isArray(body) ? body : body.data;
}

test('the sandbox and the n8n editor answer on the chosen ports', async () => {
	const sandbox = await fetch(`http://127.0.0.1:${ports.sandboxPort}/_sandbox/health`);
	expect(await sandbox.json()).toMatchObject({ Status: 'OK' });
	// npm start's switch reads the documents' open points the default way (sandbox/switch/profiles.ts).
	const profile = await fetch(`http://127.0.0.1:${ports.sandboxPort}/_sandbox/switch/profile`);
	expect(await profile.json()).toEqual({ Status: 'OK', settings: settingsOf('default') });
	const editor = await fetch(`http://127.0.0.1:${ports.n8nPort}/signin`);
	expect(editor.status).toBe(200);
	expect(await editor.text()).toContain('<html');
	// The owner whose login `npm start` prints can log in.
	const login = await fetch(`http://127.0.0.1:${ports.n8nPort}/rest/login`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ emailOrLdapLoginId: job!.state.owner.email, password: job!.state.owner.password }),
	});
	expect(login.status).toBe(200);
	expect(fs.existsSync(path.join(home, 'state.json'))).toBe(true);
	expect(fs.existsSync(path.join(home, 'n8n', '.n8n', 'database.sqlite'))).toBe(true);
});

test('the credentials point at the sandbox and the switch accepts them', async () => {
	const list = await job!.api.request<Listed[]>('GET', '/rest/credentials');
	expect(list.map((c) => c.type).sort()).toEqual(expect.arrayContaining(['solSwitchApi']));
	for (const [type, credential] of Object.entries(job!.credentials)) {
		expect(list).toContainEqual(expect.objectContaining({ id: credential.id, type }));
		const full = await job!.api.request<{ data: { baseUrl: string } }>('GET', `/rest/credentials/${credential.id}?includeData=true`);
		// The callbacks credential and the MCP clients' token have no address (the switch and the MCP
		// clients call n8n); the others point at the sandbox.
		expect(full.data.baseUrl).toBe(['solSwitchCallbacksApi', 'httpBearerAuth'].includes(type) ? undefined : job!.sandbox.url);
	}
	expect(Object.keys(job!.credentials).sort()).toEqual(['httpBearerAuth', 'solSwitchApi', 'solSwitchCallbacksApi', 'solSwitchMessagingApi']);
	// The MCP token is this state folder's own (n8n blanks it when read back; the printed MCP try-it
	// below shows the example's trigger takes it and refuses another).
	expect(job!.state.mcpToken).toMatch(/^mcp-[\w-]{20,}$/);
	// The callbacks credential's test (testedBy the SolSwitch Trigger) as the editor runs it.
	const callbacks = job!.credentials.solSwitchCallbacksApi;
	const testCallbacks = (sharedSecret: string) =>
		job!.api.request<{ status: string; message: string }>('POST', '/rest/credentials/test', {
			credentials: { id: callbacks.id, name: callbacks.name, type: 'solSwitchCallbacksApi', data: { packetApiKey: '', sharedSecret } },
		});
	expect(await testCallbacks(SANDBOX_CALLBACK_SECRET)).toEqual({ status: 'OK', message: expect.any(String) });
	expect(await testCallbacks('not url safe&')).toMatchObject({ status: 'Error' });
	// n8n's own credential test (the editor's "Retest" button) against the sandbox switch.
	const credential = job!.credentials.solSwitchApi;
	const tested = await job!.api.request<{ status: string; message: string }>('POST', '/rest/credentials/test', {
		credentials: {
			id: credential.id,
			name: credential.name,
			type: 'solSwitchApi',
			data: { baseUrl: job!.sandbox.url, apiKey: 'sandbox-switch-key', customer: '' },
		},
	});
	expect(tested).toEqual({ status: 'OK', message: expect.any(String) });
});

test('every example is imported with its credentials remapped, published when it has a trigger (a draft when it needs a credential of the user)', async () => {
	const files = exampleFiles();
	expect(job!.examples.map((e) => e.file)).toEqual(files);
	const listed = await listWorkflows(job!);
	const credentialIds = new Set(Object.values(job!.credentials).map((c) => c.id));
	for (const example of job!.examples) {
		expect(listed).toContainEqual(expect.objectContaining({ id: example.id }));
		const saved = await job!.api.getWorkflow(example.id);
		for (const node of saved.nodes as Array<{ name: string; credentials?: Record<string, { id: string }> }>) {
			for (const [type, ref] of Object.entries(node.credentials ?? {})) {
				if (job!.credentials[type]) expect({ node: node.name, id: ref.id }).toEqual({ node: node.name, id: job!.credentials[type].id });
				else expect(credentialIds.has(ref.id)).toBe(false);
			}
		}
		// An example using a credential the sandbox cannot stand for (a chat model's) stays a draft that says which.
		const toPick = credentialsToPick(readExample(example.file), job!.credentials);
		expect({ example: example.slug, needs: example.needsCredentials }).toEqual({ example: example.slug, needs: toPick.length ? toPick : undefined });
		if (hasTrigger(readExample(example.file)) && !toPick.length) {
			expect({ example: example.slug, publishError: example.publishError }).toEqual({ example: example.slug, publishError: undefined });
			expect(saved.activeVersionId).toBe(saved.versionId);
		} else if (toPick.length) {
			expect({ example: example.slug, published: example.published, active: saved.activeVersionId ?? null }).toEqual({ example: example.slug, published: false, active: null });
		}
	}
	// The AI examples are such drafts: they need the user's chat model credential, nothing else.
	for (const slug of ['ai-sms-assistant', 'ai-agent-sms-approval']) {
		expect({ slug, needs: job!.examples.find((e) => e.slug === slug)?.needsCredentials }).toEqual({ slug, needs: [{ type: 'openAiApi', nodes: ['Chat Model'] }] });
	}
	// So is the recording follow-up: OpenAI transcribes and summarizes.
	expect(job!.examples.find((e) => e.slug === 'recording-follow-up')?.needsCredentials).toEqual([{ type: 'openAiApi', nodes: ['Transcribe Recording', 'Chat Model'] }]);
});

type TableLocator = { value: string; cachedResultName?: string };

/** The tables the saved examples' Data Table nodes point at, as n8n lists them. */
async function tablesUsed(j: MainJob): Promise<Array<{ example: string; node: string; table: SavedDataTable | undefined; pointedAt: string }>> {
	const projectId = await personalProjectId(j.api);
	const used = [];
	for (const example of j.examples) {
		const saved = await j.api.getWorkflow(example.id);
		for (const node of saved.nodes as Array<{ name: string; type: string; parameters: { dataTableId?: TableLocator } }>) {
			if (node.type !== 'n8n-nodes-base.dataTable') continue;
			const locator = node.parameters.dataTableId!;
			used.push({ example: example.slug, node: node.name, pointedAt: locator.value, table: await findDataTable(j.api, projectId, locator.cachedResultName ?? '') });
		}
	}
	return used;
}

test('the Data Tables the examples write to are made, and their nodes point at them', async () => {
	const used = await tablesUsed(job!);
	expect(used.map((u) => `${u.example} / ${u.node}`)).toContain('sms-auto-reply / Record Opt-Out');
	for (const u of used) {
		expect(u.pointedAt).not.toBe(DATA_TABLE_PLACEHOLDER);
		expect({ node: u.node, id: u.pointedAt }).toEqual({ node: u.node, id: u.table?.id });
	}
});

let optOutsBeforeRestart: OptOutRow[] = [];

test('an opt-out texted to the sandbox lands in the SMS auto-reply example\'s Data Table', async () => {
	const example = job!.examples.find((e) => e.slug === 'sms-auto-reply')!;
	const table = (await findDataTable(job!.api, await personalProjectId(job!.api), OPT_OUT_TABLE))!;
	optOutsBeforeRestart = await sendOptOutsAndReadBack({ api: job!.api, sandbox: job!.sandbox, workflowId: example.id, table });
});

test('the sandbox calls the published examples\' triggers', () => {
	const live = job!.examples.filter((e) => e.published).flatMap((e) => e.triggers);
	const messaging = live.find((t) => t.kind === 'solSwitchMessagingTrigger');
	if (messaging) expect(gatewayOf(job!.sandbox).config.providerUrl).toBe(messaging.url);
	// The call events (Missed Call, Call Ended, New Recording) read the same SIP POST notifications.
	const notifications = live.filter((t) => ['sip-notification', 'missed-call', 'call-ended', 'new-recording'].includes(String(t.event))).map((t) => t.url);
	expect(live.some((t) => t.event === 'missed-call')).toBe(true);
	expect(callbacksOf(job!.sandbox).config.sipNotificationUrls).toEqual(notifications);
});

/** A printed `curl -s -X POST <url> ... -d '<json>'` line as the request it makes. */
function printedCurl(line: string): { url: string; body: unknown } {
	const match = /curl -s -X POST (\S+) -H 'content-type: application\/json' -d '(.*)'$/.exec(line.trim());
	if (!match) throw new Error(`not a printed curl: ${line}`);
	return { url: match[1], body: JSON.parse(match[2]) };
}

test('the printed text-message curls reach the phone: HELP to the short code in the callback answer, HOURS to the long code as an SMS', async () => {
	const curls = banner(job!, 0)
		.split('\n')
		.filter((l) => l.includes('-X POST') && l.includes('/_sandbox/gateway/mo'))
		.map(printedCurl);
	expect(curls.map((c) => (c.body as { To: string }).To)).toEqual(['55555', '15145550100']);
	const answers = [];
	for (const c of curls) answers.push((await (await fetch(c.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(c.body) })).json()) as { replyBody?: string; smsReplies: string[] });
	expect(answers.map((a) => [a.replyBody, a.smsReplies])).toEqual([
		[expect.any(String) as unknown as string, []],
		[undefined, ['We are open Monday to Friday, 9:00 to 17:00.']],
	]);
	const phone = (await (await fetch(`${job!.sandbox.url}/_sandbox/gateway/phones/15145550123`)).json()) as { inbox: Array<{ From: string; text: string; via: string }> };
	expect(phone.inbox).toEqual(expect.arrayContaining([{ From: '15145550100', text: 'We are open Monday to Friday, 9:00 to 17:00.', via: 'sms' }, expect.objectContaining({ From: '55555', via: 'callback reply' })]));
});

test('the printed Approve by SMS curls resume the wait: the request texts the phone, its YES sends the run down the approved branch', async () => {
	const lines = banner(job!, 0).split('\n');
	// The ask, then the first phone reply printed after it (other examples print phone replies too).
	const askAt = lines.findIndex((l) => l.includes('-X POST') && l.includes('/webhook/approve-by-sms'));
	const replyAt = lines.findIndex((l, i) => i > askAt && l.includes('-X POST') && l.includes('/_sandbox/gateway/phones/'));
	expect([askAt >= 0, replyAt > askAt]).toEqual([true, true]);
	const [ask, reply] = [lines[askAt], lines[replyAt]].map(printedCurl);
	expect(reply.body).toMatchObject({ Body: 'YES' });
	const example = job!.examples.find((e) => e.slug === 'approve-by-sms')!;
	const before = (await job!.api.executionSummaries(example.id)).length;
	const asked = await fetch(ask.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ask.body) });
	expect(asked.status).toBe(200);
	// The phone got the question (the run waits once the SMS is sent) ...
	const phone = reply.url.replace(/\/reply$/, '');
	for (let tries = 0; ; tries++) {
		const state = (await (await fetch(phone)).json()) as { lastReceived: { text: string } | null };
		if (state.lastReceived?.text.includes('Refund order 1042')) break;
		if (tries > 300) throw new Error(`the question never reached the phone: ${JSON.stringify(state)}`);
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	// ... and its YES, as printed ("wait": the answer n8n gave the gateway), resumes it: nothing new starts.
	const answered = await fetch(reply.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(reply.body), signal: AbortSignal.timeout(60_000) });
	expect(await answered.json()).toMatchObject({ Status: 'OK', state: 'delivered' });
	// The one run of the example since the ask: waiting until the reply, then finished.
	const [run] = (await job!.api.executionSummaries(example.id)).slice(0, 1);
	let done = await job!.api.waitForExecution(run.id);
	for (let tries = 0; done.status === 'waiting' && tries < 600; tries++) {
		await new Promise((resolve) => setTimeout(resolve, 100));
		done = await job!.api.waitForExecution(run.id);
	}
	expect(done.status).toBe('success');
	expect(nodeJson(done, 'Ask On-Call')).toEqual([expect.objectContaining({ data: expect.objectContaining({ approved: true, text: 'YES' }) })]);
	expect(nodeJson(done, 'Go Ahead')).toHaveLength(1);
	expect((await job!.api.executionSummaries(example.id)).length).toBe(before + 1);
});

test('the printed missed call rings the DID and hangs up: "Text back missed calls" texts the caller', async () => {
	const [line] = banner(job!, 0).split('\n').filter((l) => l.includes('/_sandbox/calls/play'));
	const play = printedCurl(line);
	const example = job!.examples.find((e) => e.slug === 'text-back-missed-calls')!;
	const before = (await job!.api.executionSummaries(example.id)).length;
	const caller = `1${(play.body as { From: string }).From}`;
	const textsTo = () => gatewayOf(job!.sandbox).state.records.filter((r) => r.Direction === 'send' && r.To === caller);
	const earlier = textsTo().length;
	const played = await fetch(play.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(play.body) });
	expect(await played.json()).toMatchObject({ Status: 'OK', scenario: 'missed' });
	await job!.api.waitForExecutions(example.id, before + 1);
	expect(earlier).toBe(0);
	expect(textsTo()).toEqual([expect.objectContaining({ From: '5145550100', text: expect.stringMatching(/^Sorry we missed your call/) })]);
});

/** A printed MCP try-it line: node build/scripts/start/mcpTry.js <url> <token> [tool '<JSON>']. */
function printedTry(line: string): { url: string; token: string; tool?: string; args: Record<string, unknown> } {
	const match = /mcpTry\.js (\S+) (\S+)(?: (\S+) '(.*)')?$/.exec(line.trim());
	if (!match) throw new Error(`not a printed MCP try-it: ${line}`);
	return { url: match[1], token: match[2], tool: match[3], args: match[4] ? (JSON.parse(match[4]) as Record<string, unknown>) : {} };
}

test('the printed MCP try-it: the client lists the seven tools; the call it asks for texts the person on call, and after the printed YES the switch places it once and Check Request gives its call ID', async () => {
	const lines = banner(job!, 0).split('\n');
	const tries = lines.filter((l) => l.includes('build/scripts/start/mcpTry.js')).map(printedTry);
	expect(tries.map((t) => t.tool)).toEqual([undefined, 'Place_a_Call', 'Check_Request']);
	const [list, place, check] = tries;
	const listed = await mcpTry(list.url, list.token);
	expect(listed.split('\n').map((l) => l.slice(0, l.indexOf('('))).sort()).toEqual(['Check_Opening_Hours', 'Check_Request', 'Get_Call_Details', 'Place_a_Call', 'Queue_Stats', 'Send_SMS', 'Send_SMS_After_Phone_Approval']);
	await expect(mcpTry(list.url, 'not-the-token')).rejects.toThrow(/403|Authorization data is wrong/);

	const destination = String(place.args.Destination);
	const newCalls = () => job!.sandbox.exchanges.find({ service: 'switch', path: '/api/newcall/' }).filter((e) => (e.body as { Destination?: string }).Destination === destination);
	const example = job!.examples.find((e) => e.slug === 'phone-tools-mcp')!;
	expect(await mcpTry(place.url, place.token, place.tool, place.args)).toContain('Sub-workflow is paused');
	const reply = printedCurl(lines.find((l) => l.includes('-X POST') && l.includes('/_sandbox/gateway/phones/15145550124/reply'))!);
	// The example's run waits for the person on call (the SMS has reached the phone): nothing rang.
	for (let tries = 0; !(await job!.api.executionSummaries(example.id)).some((e) => e.status === 'waiting'); tries++) {
		if (tries > 600) throw new Error('the call request never waited for the person on call');
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	const phone = (await (await fetch(reply.url.replace(/\/reply$/, ''))).json()) as { lastReceived: { text: string } | null };
	expect(phone.lastReceived?.text).toContain(`asks to call ${destination}`);
	expect(newCalls()).toEqual([]);
	const answered = await fetch(reply.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(reply.body), signal: AbortSignal.timeout(60_000) });
	expect(await answered.json()).toMatchObject({ Status: 'OK', state: 'delivered' });
	let outcome: Array<{ Status: string; CallID: string }> = [];
	for (let tries = 0; !outcome[0]?.Status.startsWith('approved'); tries++) {
		if (tries > 600) throw new Error(`Check Request never said approved: ${JSON.stringify(outcome)}`);
		await new Promise((resolve) => setTimeout(resolve, 100));
		outcome = JSON.parse(await mcpTry(check.url, check.token, check.tool, check.args)) as typeof outcome;
	}
	expect(newCalls()).toHaveLength(1);
	expect(outcome).toEqual([expect.objectContaining({ Status: 'approved: the call was placed', CallID: (newCalls()[0].answer as { CallID: string }).CallID })]);
});

test('a second start reuses the n8n install, the package, the credentials and the workflows', async () => {
	const first = {
		credentials: await job!.api.request<Listed[]>('GET', '/rest/credentials'),
		workflows: await listWorkflows(job!),
		examples: job!.examples.map((e) => ({ slug: e.slug, id: e.id, published: e.published })),
	};
	await job!.stop();
	job = undefined;
	// Stopped: nothing answers any more (n8n's process group and the sandbox are gone).
	await expect(fetch(`http://127.0.0.1:${ports.n8nPort}/healthz`)).rejects.toThrow();
	await expect(fetch(`http://127.0.0.1:${ports.sandboxPort}/_sandbox/health`)).rejects.toThrow();

	logs.length = 0;
	const began = Date.now();
	job = await start();
	const seconds = (Date.now() - began) / 1000;

	expect(logs.join('\n')).toContain('already installed');
	expect(logs.join('\n')).not.toContain('owner account created');
	expect(Object.values(job.credentials).map((c) => c.action)).toEqual(Object.values(job.credentials).map(() => 'reused'));
	expect(job.examples.map((e) => e.action)).toEqual(job.examples.map(() => 'reused'));
	expect(job.examples.map((e) => ({ slug: e.slug, id: e.id, published: e.published }))).toEqual(first.examples);
	const credentials = await job.api.request<Listed[]>('GET', '/rest/credentials');
	expect(credentials.map((c) => c.id).sort()).toEqual(first.credentials.map((c) => c.id).sort());
	const workflows = await listWorkflows(job);
	expect(workflows.map((w) => w.id).sort()).toEqual(first.workflows.map((w) => w.id).sort());
	// The opt-out table is the same one, with the opt-outs of the first start still in it.
	expect(logs.join('\n')).toContain(`data table "${OPT_OUT_TABLE}" reused`);
	const [optOuts] = (await tablesUsed(job)).filter((u) => u.table?.name === OPT_OUT_TABLE);
	const kept = await dataTableRows<OptOutRow>(job.api, optOuts.table!);
	expect(optOutsBeforeRestart).toHaveLength(4);
	expect(kept).toEqual(expect.arrayContaining(optOutsBeforeRestart));
	// "Well under a minute" on a quiet machine (about 7 s here); a loaded one gets slack.
	expect(seconds).toBeLessThan(60);
}, E2E_SETUP_TIMEOUT_MS);
