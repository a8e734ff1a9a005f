/**
 * The newcomer's path of docs/getting-started.md, walked in the real editor (headless Chromium,
 * Debian's `chromium` driven by playwright-core, as scripts/screenshots.ts does) against a running
 * `npm start`: not a test, a repeatable walkthrough whose log says what each step did and what the
 * editor and the sandbox showed. It clicks where the page says to click:
 *
 *   2. Credentials > Create credential > SolSwitch Messaging API, filled with the sandbox's values the
 *      page gives (Base URL, Sending Key, Inbound Key, Body), saved: the credential test must pass;
 *   3. Create workflow > Add first step > "manual" > Manual Trigger, + > "SMS" > SolSwitch Messaging >
 *      Send an SMS, From 55555, To 15145550123, Body "Hello from n8n", Execute step: the output's ID,
 *      encoding and segments, and the SMS in the sandbox's exchanges;
 *   5. Create workflow > SolSwitch Messaging Trigger (search "SMS", On New SMS), Reply Mode Using Reply
 *      to Message Node, INFO, HELP and AIDE Reply filled, + > SolSwitch Messaging > Reply to an incoming message, Reply Text
 *      `You said: {{ $json.text }}`, Save;
 *   6. the Test URL read from the trigger's panel, the sandbox gateway pointed at it, Execute workflow, a
 *      phone's "hello" (POST /_sandbox/gateway/mo with wait): the replyBody; then Publish, the Production
 *      URL, a second text, and the run under Executions.
 *
 * Every step writes a PNG to SHOTS (default /tmp/newcomer-shots) and a line to SHOTS/walkthrough.log.
 *
 *   npm start                                    # in one terminal (SOLSWITCH_HOME, N8N_PORT, SANDBOX_PORT)
 *   npx tsc -p tsconfig.tools.json && node build/scripts/newcomer-walkthrough.js   # same variables
 *
 * CHROMIUM (default /usr/bin/chromium), SHOTS. It adds a credential and two workflows to that n8n
 * each time it runs (named "Newcomer ..." with the time), and moves the sandbox gateway's MO URL to
 * them (restart `npm start` to point it back at the SMS example).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Locator, type Page } from 'playwright-core';
import { defaultHome } from './start/mainJob';
import { loadState, stateFile } from './start/state';

const SHOTS = process.env.SHOTS ?? path.join(os.tmpdir(), 'newcomer-shots');
const N8N = `http://127.0.0.1:${process.env.N8N_PORT ?? 5678}`;
const SANDBOX = `http://127.0.0.1:${process.env.SANDBOX_PORT ?? 8089}`;
const STAMP = new Date().toISOString().slice(11, 19).replace(/:/g, '');
const CREDENTIAL_NAME = `Newcomer gateway ${STAMP}`;
const LOG = path.join(SHOTS, 'walkthrough.log');
/** The trigger's own answers to INFO, HELP and AIDE, as getting-started.md step 5.3 gives them. */
const COMPLIANCE_TEXTS = [
	['infoText', 'Acme Pizza order alerts, by Acme Inc. Msg&data rates may apply. Reply HELP for help, STOP to opt out.'],
	['helpText', 'Acme Pizza: help@acme.example or 514-555-0100. Reply STOP to opt out.'],
	['aideText', 'Acme Pizza : aide@acme.example ou 514-555-0100. Repondez ARRET pour arreter.'],
] as const;

let page: Page;
let shot = 0;

function say(line: string): void {
	console.log(`[walkthrough] ${line}`);
	fs.appendFileSync(LOG, `${line}\n`);
}

async function snap(name: string): Promise<void> {
	shot += 1;
	const file = path.join(SHOTS, `${String(shot).padStart(2, '0')}-${name}.png`);
	await page.screenshot({ path: file });
	say(`  screenshot ${path.basename(file)}`);
}

/** On a failure: a screenshot and every data-test-id on the page, to show where the page differs. */
async function step<T>(name: string, run: () => Promise<T>): Promise<T> {
	say(`STEP ${name}`);
	try {
		return await run();
	} catch (error) {
		await page.screenshot({ path: path.join(SHOTS, `FAILED-${name.replace(/\W+/g, '-')}.png`) }).catch(() => undefined);
		const ids = await page
			.locator('[data-test-id]')
			.evaluateAll((els) =>
				els.map((e) => `${e.getAttribute('data-test-id')}: ${(e as unknown as { innerText?: string }).innerText?.slice(0, 80).replace(/\n/g, ' | ')}`),
			)
			.catch(() => []);
		fs.writeFileSync(path.join(SHOTS, `FAILED-${name.replace(/\W+/g, '-')}.txt`), ids.join('\n'));
		say(`  FAILED: ${(error as Error).message.split('\n')[0]}`);
		throw error;
	}
}

async function sandbox<T>(method: 'GET' | 'POST', route: string, body?: unknown): Promise<T> {
	const response = await fetch(`${SANDBOX}${route}`, {
		method,
		headers: body ? { 'content-type': 'application/json' } : undefined,
		body: body ? JSON.stringify(body) : undefined,
	});
	return (await response.json()) as T;
}

/** The node panel: the search typed, then the item with exactly this name. */
async function pickFromNodePanel(search: string, item: string): Promise<void> {
	const bar = page.locator('[data-test-id="node-creator-search-bar"] input, input[data-test-id="node-creator-search-bar"]').first();
	await bar.waitFor({ timeout: 15_000 });
	await bar.fill(search);
	await page.waitForTimeout(800);
	await page.locator('[data-test-id="node-creator-item-name"]', { hasText: new RegExp(`^${escapeRegex(item)}$`) }).first().click();
}

function escapeRegex(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A text parameter of the open node panel, filled as a user types it. */
async function fillParameter(ndv: Locator, name: string, value: string): Promise<void> {
	const field = ndv.locator(`[data-test-id="parameter-input-${name}"]`).first();
	await field.waitFor({ timeout: 15_000 });
	const input = field.locator('input, textarea, [contenteditable="true"]').first();
	await input.click();
	await input.fill(value);
	await page.waitForTimeout(300);
}

/** An options parameter of the open node panel, set to the option shown as `label`. */
async function chooseOption(ndv: Locator, name: string, label: string): Promise<void> {
	await ndv.locator(`[data-test-id="parameter-input-${name}"]`).first().click();
	await page.locator('.el-select-dropdown__item:visible, [role="option"]:visible', { hasText: label }).first().click();
	await page.waitForTimeout(300);
}

/** The panel's credential field: what it is labelled and holds; the credential of step 2 picked when another is. */
async function useStep2Credential(ndv: Locator): Promise<void> {
	const credential = await ndv.locator('[data-test-id="node-credentials-select"] input, [data-test-id="credential-select"] input').first().inputValue().catch(() => '');
	const label = await ndv.locator('[data-test-id="credentials-label"]').first().innerText().catch(() => '(no label)');
	say(`  credential field labelled "${label.trim()}", holding "${credential}"`);
	if (credential === CREDENTIAL_NAME) return;
	await ndv.getByRole('combobox', { name: 'Select Credential' }).first().click();
	await page.locator('.el-popper:visible, [role="listbox"]:visible').getByText(CREDENTIAL_NAME).first().click();
	say(`  picked "${CREDENTIAL_NAME}" (the step-2 credential)`);
}

async function closePanel(): Promise<void> {
	const close = page.locator('[data-test-id="ndv-close-button"]').first();
	if (await close.isVisible().catch(() => false)) await close.click();
	else await page.keyboard.press('Escape');
	await page.locator('[data-test-id="ndv"]').first().waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => undefined);
}

async function saveWorkflow(): Promise<string> {
	await page.keyboard.press('Control+s');
	await page.waitForURL((url) => /\/workflow\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('/new'), { timeout: 20_000 });
	await page.waitForTimeout(1000);
	return new URL(page.url()).pathname.split('/').pop()!;
}

/** n8n's REST API with a session of its own (the browser's cookie needs the editor's browser-id header): to read what the editor saved. */
let restCookie = '';
async function restLogin(owner: { email: string; password: string }): Promise<void> {
	const response = await fetch(`${N8N}/rest/login`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ emailOrLdapLoginId: owner.email, password: owner.password }),
	});
	restCookie = response.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith('n8n-auth=')) ?? '';
}

async function restGet<T>(route: string): Promise<T> {
	const response = await fetch(`${N8N}${route}`, { headers: { cookie: restCookie } });
	if (!response.ok) throw new Error(`GET ${route} answered ${response.status}`);
	return ((await response.json()) as { data: T }).data;
}

async function main(): Promise<void> {
	fs.mkdirSync(SHOTS, { recursive: true });
	fs.writeFileSync(LOG, `Newcomer walkthrough ${new Date().toISOString()} against ${N8N} (sandbox ${SANDBOX})\n`);
	const home = defaultHome();
	if (!fs.existsSync(stateFile(home))) throw new Error(`no ${stateFile(home)}: run \`npm start\` first`);
	const { owner } = loadState(home);
	const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'solswitch-newcomer-'));
	const context = await chromium.launchPersistentContext(profile, {
		executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
		headless: true,
		viewport: { width: 1440, height: 900 },
		args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
	});
	page = context.pages()[0] ?? (await context.newPage());
	page.setDefaultTimeout(30_000);
	try {
		await restLogin(owner);
		await walk(owner);
		say('DONE: every step worked as the page says');
	} finally {
		await context.close();
		fs.rmSync(profile, { recursive: true, force: true });
	}
}

async function walk(owner: { email: string; password: string }): Promise<void> {
	await step('1 sign in with the login npm start printed', async () => {
		await page.goto(`${N8N}/signin`, { waitUntil: 'domcontentloaded' });
		const email = page.locator('input[type="email"], input[name="emailOrLdapLoginId"], input[name="email"]').first();
		await email.waitFor({ timeout: 60_000 });
		await email.fill(owner.email);
		await page.locator('input[type="password"]').first().fill(owner.password);
		await Promise.all([
			page.waitForURL((url) => !url.pathname.startsWith('/signin'), { timeout: 60_000 }),
			page.locator('[data-test-id="form-submit-button"], button[type="submit"]').first().click(),
		]);
		await page.waitForLoadState('networkidle').catch(() => undefined);
		say(`  signed in as ${owner.email}: ${page.url()}`);
		await snap('signed-in');
	});

	await step('2 create the credential SolSwitch Messaging API (sandbox values)', async () => {
		// Overview (the home page), then its Credentials tab, as the page says.
		await page.goto(`${N8N}/home/workflows`, { waitUntil: 'domcontentloaded' });
		await page.waitForLoadState('networkidle').catch(() => undefined);
		const heading = (await page.locator('h1, [data-test-id="project-name"]').first().innerText().catch(() => '')).trim();
		say(`  home page heading "${heading}", tabs: ${(await page.locator('[data-test-id^="tab-"]').allInnerTexts()).map((t) => t.trim()).join(' / ')}`);
		// The sidebar's + menu, the other way the page names.
		await page.locator('[data-test-id="universal-add"]').first().click().catch(() => undefined);
		await page.waitForTimeout(800);
		const menu = await page.locator('.el-popper:visible, [role="menu"]:visible').allInnerTexts().catch(() => []);
		say(`  the sidebar's + menu offers: ${menu.join(' | ').replace(/\s+/g, ' ').slice(0, 200)}`);
		await page.keyboard.press('Escape');
		await page.locator('[data-test-id^="tab-"]', { hasText: /^\s*Credentials\s*$/ }).first().click();
		await page.waitForTimeout(800);
		const direct = page.locator('[data-test-id="add-resource-credential"]');
		if (await direct.isVisible().catch(() => false)) {
			say(`  button "${(await direct.innerText()).trim()}"`);
			await direct.click();
		} else {
			await page.locator('[data-test-id="add-resource"]').first().click();
			await page.locator('[data-test-id="action-credential"]').first().click();
		}
		const search = page.getByRole('combobox', { name: 'Search for app...' }).or(page.locator('[data-test-id="new-credential-type-select"] input')).first();
		await search.fill('SolSwitch Messaging API');
		await page.locator('[data-test-id="new-credential-type-select-option"]', { hasText: 'SolSwitch Messaging API' }).first().click();
		say(`  the type chosen, the dialog's button says "${(await page.locator('[data-test-id="new-credential-type-button"]').innerText()).trim()}"`);
		await page.locator('[data-test-id="new-credential-type-button"]').click();
		const dialog = page.locator('[data-test-id="credential-edit-dialog"]').first();
		await dialog.waitFor();
		const labels = await dialog.locator('[data-test-id="credential-connection-parameter"]').allInnerTexts();
		say(`  fields shown: ${labels.map((l) => l.split('\n')[0].trim()).join(' / ')}`);
		for (const [name, value] of [
			['baseUrl', SANDBOX],
			['apiKey', 'sandbox-gateway-key'],
			['inboundApiKey', 'sandbox-inbound-key'],
		] as const) {
			const input = dialog.locator(`[data-test-id="parameter-input-${name}"] input, [data-test-id="parameter-input-${name}"] textarea`).first();
			await input.fill(value);
		}
		const keyType = await dialog.locator('[data-test-id="parameter-input-inboundKeyType"] input').first().inputValue();
		say(`  Gateway Base URL ${SANDBOX}, Sending Key sandbox-gateway-key, Inbound Key sandbox-inbound-key, Inbound Key Type shows "${keyType}"`);
		// The name and Save sit in the modal's header, outside the dialog's body.
		const modal = page.locator('[data-test-id="editCredential-modal"]').first();
		say(`  default name: "${(await modal.locator('[data-test-id="credential-name"]').innerText()).trim()}"`);
		await modal.locator('[data-test-id="credential-name"]').click();
		await modal.locator('[data-test-id="credential-name"] [data-test-id="inline-edit-input"], [data-test-id="credential-name"] input').first().fill(CREDENTIAL_NAME);
		await page.keyboard.press('Enter');
		await modal.locator('[data-test-id="credential-save-button"]').click();
		await page.getByText('Connection tested successfully').first().waitFor({ timeout: 30_000 });
		say(`  saved as "${CREDENTIAL_NAME}": "Connection tested successfully"`);
		await snap('credential-tested');
		const reports = await sandbox<Array<{ path: string }>>('GET', '/_sandbox/exchanges?service=gateway');
		say(`  sandbox: the test reached ${JSON.stringify([...new Set((Array.isArray(reports) ? reports : []).map((r) => r.path))])}`);
		await page.keyboard.press('Escape');
		await page.locator('[data-test-id="editCredential-modal"]').first().waitFor({ state: 'hidden', timeout: 10_000 });
	});

	let smsWorkflow = '';
	await step('3 Send an SMS: Manual Trigger + SolSwitch Messaging > Send an SMS, Execute step', async () => {
		await page.goto(`${N8N}/home/workflows`, { waitUntil: 'domcontentloaded' });
		await page.locator('[data-test-id="add-resource-workflow"]').first().click();
		await page.locator('[data-test-id="canvas-add-button"]').first().click();
		await pickFromNodePanel('manual', 'Manual Trigger').catch(async (error: Error) => {
			const offered = await page.locator('[data-test-id="node-creator-item-name"]').allInnerTexts();
			say(`  "Manual Trigger" not offered for "manual"; the panel shows: ${offered.join(' / ')}`);
			throw error;
		});
		await page.waitForTimeout(800);
		await closePanel();
		say(`  canvas: ${(await page.locator('.vue-flow__node').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim()).join(' / ')}`);
		// Step 1 of the page: the node panel (the + at the top right) searched for "SolSwitch".
		await page.locator('[data-test-id="node-creator-plus-button"]').click();
		await page.locator('[data-test-id="node-creator-search-bar"] input, input[data-test-id="node-creator-search-bar"]').first().fill('SolSwitch');
		await page.waitForTimeout(1000);
		say(`  node panel searched for "SolSwitch": ${(await page.locator('[data-test-id="node-creator-item-name"]').allInnerTexts()).join(' / ')}`);
		await snap('node-panel-solswitch');
		await page.keyboard.press('Escape');
		await page.waitForTimeout(500);
		await page.locator('[data-test-id="canvas-handle-plus"]').first().click();
		await page.locator('[data-test-id="node-creator-search-bar"]').first().waitFor();
		await snap('node-panel-sms-search').catch(() => undefined);
		await pickFromNodePanel('SMS', 'SolSwitch Messaging');
		await page.locator('[data-test-id="node-creator-item-name"]', { hasText: /^Send an SMS$/ }).first().click();
		const ndv = page.locator('[data-test-id="ndv"]').first();
		await ndv.waitFor();
		await useStep2Credential(ndv);
		await fillParameter(ndv, 'From', '55555');
		await fillParameter(ndv, 'To', '15145550123');
		await fillParameter(ndv, 'Body', 'Hello from n8n');
		await ndv.locator('[data-test-id="node-execute-button"]').first().click();
		await page.waitForFunction('/OUTPUT[\\s\\S]*encoding/.test(document.body.innerText)', undefined, { timeout: 30_000 });
		// The table is wider than the panel: the output's JSON view (the last JSON switch) shows every field.
		await ndv.getByText('JSON', { exact: true }).last().click();
		await page.waitForTimeout(800);
		const all = await ndv.innerText();
		const shown = all.slice(all.lastIndexOf('OUTPUT')).replace(/\s+/g, ' ').slice(0, 400);
		say(`  output: ${shown}`);
		await snap('send-sms-output');
		const exchanges = await sandbox<Array<{ path: string; request?: { body?: unknown }; response?: unknown }>>('GET', '/_sandbox/exchanges?service=gateway');
		const sms = (Array.isArray(exchanges) ? exchanges : []).filter((e) => e.path === '/sms/').pop();
		say(`  sandbox received: ${JSON.stringify(sms).slice(0, 400)}`);
		if (!sms) throw new Error('the sandbox received no SMS');
		await closePanel();
		smsWorkflow = await saveWorkflow();
		say(`  saved workflow ${smsWorkflow}`);
	});

	let replyWorkflow = '';
	let testUrl = '';
	await step('5 Messaging Trigger (Reply Mode: Using Reply to Message Node) + Reply to an incoming message', async () => {
		await page.goto(`${N8N}/home/workflows`, { waitUntil: 'domcontentloaded' });
		await page.locator('[data-test-id="add-resource-workflow"]').first().click();
		await page.locator('[data-test-id="canvas-add-button"]').first().click();
		await pickFromNodePanel('SMS', 'SolSwitch Messaging');
		const kinds = await page.locator('[data-test-id="node-creator-item-name"]', { hasText: /^On / }).allInnerTexts();
		say(`  the trigger's entries: ${kinds.join(' / ')}`);
		await snap('trigger-entries');
		await page.locator('[data-test-id="node-creator-item-name"]', { hasText: /^On new SMS$/i }).first().click();
		const ndv = page.locator('[data-test-id="ndv"]').first();
		await ndv.waitFor();
		await page.waitForTimeout(1000);
		await useStep2Credential(ndv);
		const triggerOn = (await ndv.locator('[data-test-id="parameter-input-events"]').first().innerText().catch(() => '')).replace(/\s+/g, ' ');
		say(`  Trigger On shows: ${triggerOn}`);
		await chooseOption(ndv, 'replyMode', 'Using Reply to Message Node');
		say(`  Reply Mode: ${await ndv.locator('[data-test-id="parameter-input-replyMode"] input').first().inputValue()}`);
		// Step 5.3: Answer Compliance Keywords is on, and a trigger without its own INFO, HELP and AIDE
		// texts can neither listen for a test event nor be published (the page's examples, typed).
		for (const [name, text] of COMPLIANCE_TEXTS) await fillParameter(ndv, name, text);
		say(`  INFO, HELP and AIDE Reply filled: ${COMPLIANCE_TEXTS.map(([, text]) => `"${text}"`).join(' / ')}`);
		// The URLs are folded under "Webhook URLs" at the top of the panel; Test URL is the one shown first.
		await ndv.getByText('Webhook URLs', { exact: true }).first().click();
		await page.waitForTimeout(800);
		await snap('trigger-panel');
		const panelText = await ndv.innerText();
		say(`  Webhook URLs section: ${panelText.slice(panelText.indexOf('Webhook URLs'), panelText.indexOf('Webhook URLs') + 200).replace(/\s+/g, ' ')}`);
		testUrl = panelText.match(/https?:\/\/\S+\/webhook-test\/\S+\/message/)?.[0] ?? '';
		say(`  Test URL shown in the panel: ${testUrl || '(not in the panel text)'}`);
		await closePanel();
		await page.locator('[data-test-id="canvas-handle-plus"]').first().click();
		await pickFromNodePanel('SolSwitch Messaging', 'SolSwitch Messaging');
		await page.locator('[data-test-id="node-creator-item-name"]', { hasText: /^Reply to an incoming message$/ }).first().click();
		const reply = page.locator('[data-test-id="ndv"]').first();
		await reply.waitFor();
		await fillParameter(reply, 'Body', 'You said: {{ $json.text }}');
		await page.waitForTimeout(500);
		await snap('reply-panel');
		await closePanel();
		replyWorkflow = await saveWorkflow();
		const saved = await restGet<{ nodes: Array<{ name: string; type: string; parameters: Record<string, unknown>; webhookId?: string }> }>(`/rest/workflows/${replyWorkflow}`);
		for (const node of saved.nodes) say(`  saved node "${node.name}" (${node.type}): ${JSON.stringify(node.parameters)}`);
		const trigger = saved.nodes.find((n) => n.type.endsWith('solSwitchMessagingTrigger'));
		if (!testUrl && trigger?.webhookId) testUrl = `${N8N}/webhook-test/${trigger.webhookId}/message`;
		await snap('reply-workflow-saved');
	});

	await step('6a Test URL: Execute workflow, a phone texts "hello"', async () => {
		say(`  POST /_sandbox/gateway/config providerUrl=${testUrl}: ${JSON.stringify(await sandbox('POST', '/_sandbox/gateway/config', { providerUrl: testUrl }))}`);
		await page.locator('[data-test-id="execute-workflow-button"]').first().click();
		// Before the phone texts: a trigger that does not listen would leave the sandbox retrying the
		// delivery (and "wait" hanging) for minutes; fail here, with what the editor said instead.
		await page.getByText('Waiting for you to create an event', { exact: false }).first().waitFor({ timeout: 20_000 }).catch(async () => {
			throw new Error(`not listening: ${(await page.locator('body').innerText()).replace(/\s+/g, ' ').slice(-300)}`);
		});
		await page.waitForTimeout(1000);
		say(`  canvas while listening: ${(await page.locator('[data-test-id="canvas"]').first().innerText()).replace(/\s+/g, ' ').slice(0, 200)}`);
		await snap('listening');
		// The trigger's panel while it listens; it shows the message once it arrives.
		await page.locator('.vue-flow__node').filter({ hasText: 'SolSwitch Messaging Trigger' }).first().dblclick();
		const ndv = page.locator('[data-test-id="ndv"]').first();
		await ndv.waitFor();
		await page.waitForTimeout(1000);
		say(`  trigger panel while listening: ${(await ndv.innerText()).replace(/\s+/g, ' ').slice(0, 300)}`);
		await snap('trigger-listening');
		const delivery = await sandbox<Record<string, unknown>>('POST', '/_sandbox/gateway/mo', { From: '15145550123', To: '55555', Body: 'hello', wait: true });
		say(`  delivery: ${JSON.stringify(delivery).slice(0, 500)}`);
		if (!JSON.stringify(delivery).includes('You said: hello')) throw new Error('the phone did not get "You said: hello"');
		await page.waitForFunction('/OUTPUT[\\s\\S]*hello/.test(document.body.innerText)', undefined, { timeout: 30_000 }).catch(() => undefined);
		await ndv.getByText('JSON', { exact: true }).last().click().catch(() => undefined);
		await page.waitForTimeout(800);
		const text = await ndv.innerText();
		say(`  trigger output: ${text.slice(text.lastIndexOf('OUTPUT')).replace(/\s+/g, ' ').slice(0, 500)}`);
		await snap('trigger-output');
		await closePanel();
		await page.locator('.vue-flow__node').filter({ hasText: 'Reply to an incoming message' }).first().dblclick();
		await ndv.waitFor();
		await page.waitForTimeout(800);
		await ndv.getByText('JSON', { exact: true }).last().click().catch(() => undefined);
		await page.waitForTimeout(500);
		const reply = await ndv.innerText();
		say(`  Reply to Message output: ${reply.slice(reply.lastIndexOf('OUTPUT')).replace(/\s+/g, ' ').slice(0, 300)}`);
		await snap('reply-output');
		await closePanel();
		await snap('test-run-canvas');
	});

	await step('6b Production URL: Publish, a second text, Executions', async () => {
		await page.locator('[data-test-id="workflow-open-publish-modal-button"], [data-test-id="workflow-publish-button"]').first().click();
		const confirm = page.locator('[data-test-id="workflow-publish-button"]').last();
		await page.waitForTimeout(1000);
		if (await confirm.isVisible().catch(() => false)) {
			say(`  Publish opened a dialog: ${(await page.locator('.el-dialog:visible, [role="dialog"]:visible').first().innerText().catch(() => '')).replace(/\s+/g, ' ').slice(0, 200)}`);
			await snap('publish-dialog');
			await confirm.click().catch(() => undefined);
		}
		await page.waitForTimeout(2000);
		say(`  after publishing: ${(await page.locator('.el-dialog:visible, [role="dialog"]:visible').first().innerText().catch(() => '(no dialog)')).replace(/\s+/g, ' ').slice(0, 200)}`);
		await snap('published');
		await page.keyboard.press('Escape');
		const saved = await restGet<{ active: boolean; activeVersionId?: string; nodes: Array<{ type: string; webhookId?: string }> }>(`/rest/workflows/${replyWorkflow}`);
		say(`  published: activeVersionId ${saved.activeVersionId ?? '(none)'}, active ${saved.active}`);
		const trigger = saved.nodes.find((n) => n.type.endsWith('solSwitchMessagingTrigger'))!;
		const productionUrl = testUrl.replace('/webhook-test/', '/webhook/') || `${N8N}/webhook/${trigger.webhookId}/message`;
		say(`  POST /_sandbox/gateway/config providerUrl=${productionUrl}: ${JSON.stringify(await sandbox('POST', '/_sandbox/gateway/config', { providerUrl: productionUrl }))}`);
		const delivery = await sandbox<Record<string, unknown>>('POST', '/_sandbox/gateway/mo', { From: '15145550123', To: '55555', Body: 'hello again', wait: true });
		say(`  delivery: ${JSON.stringify(delivery).slice(0, 500)}`);
		if (!JSON.stringify(delivery).includes('You said: hello again')) throw new Error('the phone did not get "You said: hello again"');
		await page.goto(`${N8N}/workflow/${replyWorkflow}/executions`, { waitUntil: 'domcontentloaded' });
		await page.waitForTimeout(3000);
		const list = (await page.locator('[data-test-id="executions-sidebar"]').first().innerText().catch(() => '')).replace(/\s+/g, ' ');
		say(`  Executions: ${list.slice(0, 300)}`);
		await snap('executions');
		const deliveries = await sandbox<unknown>('GET', '/_sandbox/gateway/deliveries');
		say(`  /_sandbox/gateway/deliveries: ${JSON.stringify(deliveries).length} bytes, last: ${JSON.stringify((deliveries as unknown[]).slice?.(-1)).slice(0, 300)}`);
	});
}

main().catch((error) => {
	console.error(`[walkthrough] failed: ${(error as Error).message}`);
	process.exit(1);
});
