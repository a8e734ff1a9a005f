/**
 * The editor as a user meets it, in real n8n 2.40.7 and headless Chromium (Debian's chromium, driven
 * by playwright-core, as scripts/screenshots.ts does): each of the package's five nodes is added from
 * the node panel (search, then its action or trigger), and its settings panel must open with the
 * node's default operation (or event kind), without a script error or an error message, and with a
 * Docs link that opens the node's own page of docs/nodes/ in this repository (the page must exist:
 * checked offline by the link check, since the machine has no network).
 *
 * On a failure, a screenshot and the panel's text are written to build/e2e-editor/ to show why.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';
import { allNodeTypes } from '../../scripts/n8n-engine/packageTypes';
import { DEFAULT_OWNER, E2E_SETUP_TIMEOUT_MS, N8nApi, N8nInstance, packRepo, REPO_ROOT, startN8n } from '../../scripts/n8n-harness';
import { brokenReason, githubUrl, repository } from '../../scripts/readme/links';

jest.setTimeout(180_000);

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const OUT = path.join(REPO_ROOT, 'build', 'e2e-editor');
const repo = repository(REPO_ROOT);

let n8n: N8nInstance;
let api: N8nApi;
let context: BrowserContext;
let page: Page;
const scriptErrors: string[] = [];

beforeAll(async () => {
	({ n8n, api } = await startN8n({ communityPackages: [await packRepo()] }));
	const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'solswitch-editor-'));
	context = await chromium.launchPersistentContext(profile, {
		executablePath: CHROMIUM,
		headless: true,
		viewport: { width: 1280, height: 900 },
		args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
	});
	page = context.pages()[0] ?? (await context.newPage());
	page.on('pageerror', (error) => scriptErrors.push(error.message));
	await page.goto(`${n8n.baseUrl}/signin`, { waitUntil: 'domcontentloaded' });
	await page.locator('input[type="email"], input[name="emailOrLdapLoginId"], input[name="email"]').first().fill(DEFAULT_OWNER.email);
	await page.locator('input[type="password"]').first().fill(DEFAULT_OWNER.password);
	await Promise.all([
		page.waitForURL((url) => !url.pathname.startsWith('/signin'), { timeout: 60_000 }),
		page.locator('[data-test-id="form-submit-button"], button[type="submit"]').first().click(),
	]);
}, E2E_SETUP_TIMEOUT_MS);

afterAll(async () => {
	await context?.close();
	await n8n?.stop();
});

/** What the node panel shows for a node and the choice the test picks, from the node's own description. */
interface Case {
	type: string;
	description: INodeTypeDescription;
	/** The node panel's entry: n8n lists a trigger under its app's name ("SolSwitch Messaging Trigger" -> "SolSwitch Messaging"). */
	entry: string;
	/** The values the panel must show once the node is added: the default resource and operation, or event kind. */
	shows: string[];
}

function defaultLabel(description: INodeTypeDescription, name: string, shownFor?: Record<string, string>): string {
	const property = description.properties.find(
		(p) => p.name === name && (!shownFor || Object.entries(shownFor).every(([k, v]) => p.displayOptions?.show?.[k]?.includes(v))),
	)!;
	return (property.options as INodePropertyOptions[]).find((o) => o.value === property.default)!.name;
}

const cases: Case[] = Object.entries(allNodeTypes).map(([type, node]) => {
	const description = node.description;
	const isTrigger = description.group.includes('trigger');
	const entry = description.displayName.replace(/ Trigger$/, '');
	if (!isTrigger) {
		const resource = description.properties.find((p) => p.name === 'resource')!.default as string;
		return { type, description, entry, shows: [defaultLabel(description, 'resource'), defaultLabel(description, 'operation', { resource })] };
	}
	// The first event kind, which the first "On ..." item of the node panel sets.
	const selector = description.properties.find((p) => p.name === 'event' || p.name === 'events')!;
	return { type, description, entry, shows: [(selector.options as INodePropertyOptions[])[0].name] };
});

async function dumpOnFailure<T>(name: string, run: () => Promise<T>): Promise<T> {
	try {
		return await run();
	} catch (error) {
		fs.mkdirSync(OUT, { recursive: true });
		await page.screenshot({ path: path.join(OUT, `${name}.png`) }).catch(() => undefined);
		const ids = await page
			.locator('[data-test-id]')
			.evaluateAll((els) => els.map((e) => `${e.getAttribute('data-test-id')}: ${(e as unknown as { innerText?: string }).innerText?.slice(0, 100).replace(/\n/g, ' | ')}`))
			.catch(() => []);
		fs.writeFileSync(path.join(OUT, `${name}.txt`), ids.join('\n'));
		throw error;
	}
}

/** A new workflow holding a Manual Trigger, opened in the editor: the node panel then offers actions and triggers. */
async function openNewWorkflow(name: string): Promise<void> {
	const saved = await api.createWorkflow({
		name,
		nodes: [{ id: 'manual', name: 'Manual', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} }],
		connections: {},
		settings: {},
	} as never);
	await page.goto(`${n8n.baseUrl}/workflow/${saved.id}`, { waitUntil: 'domcontentloaded' });
	await page.locator('.vue-flow__node').first().waitFor({ timeout: 60_000 });
}

describe.each(cases.map((c) => [c.description.displayName, c] as const))('%s, added from the node panel', (name, c) => {
	test('opens its settings panel with the default operation, no error, and a Docs link to its own page', async () => {
		scriptErrors.length = 0;
		const slug = c.type;
		await dumpOnFailure(`${slug}-1-search`, async () => {
			await openNewWorkflow(`Editor test: ${name}`);
			await page.locator('[data-test-id="node-creator-plus-button"]').click();
			await page.locator('[data-test-id="node-creator-search-bar"] input, input[data-test-id="node-creator-search-bar"]').first().fill(c.entry);
			await page.locator('[data-test-id="node-creator-item-name"]', { hasText: new RegExp(`^${c.entry}$`) }).first().click();
		});
		await dumpOnFailure(`${slug}-2-choose`, async () => {
			// The app's details list its actions and, under Triggers, "On <event kind>" (n8n derives them from
			// the trigger's "Trigger On" selector): pick this node's default action, or its first event kind.
			await page.locator('[data-test-id="node-creator-category-item"]').first().waitFor({ timeout: 15_000 });
			const names = page.locator('[data-test-id="node-creator-item-name"]');
			if (!c.description.group.includes('trigger')) {
				await names.filter({ hasText: new RegExp(`^${regexEscape(actionOfDefault(c.description))}$`) }).last().click();
				return;
			}
			const onItems = names.filter({ hasText: /^On / });
			if (!(await onItems.count())) await page.locator('[data-test-id="node-creator-category-item"]', { hasText: /^Triggers/ }).first().click();
			await onItems.first().waitFor({ timeout: 10_000 });
			const offered = (await onItems.allInnerTexts()).map((t) => t.trim());
			const kinds = (c.description.properties.find((p) => p.name === 'event' || p.name === 'events')!.options as INodePropertyOptions[]).map((o) => o.name);
			expect(offered.map((t) => t.toLowerCase())).toEqual(kinds.map((k) => `on ${k}`.toLowerCase()));
			await onItems.first().click();
		});
		const ndv = page.locator('[data-test-id="ndv"]').first();
		await dumpOnFailure(`${slug}-3-panel`, async () => {
			await ndv.waitFor({ timeout: 30_000 });
			await page.waitForTimeout(1000);
			const values = await ndv.locator('input').evaluateAll((els) => els.map((e) => (e as unknown as { value: string }).value));
			const text = await ndv.innerText();
			for (const shown of c.shows) expect([...values, ...text.split('\n').map((l) => l.trim())]).toContain(shown);
			if (c.description.group.includes('trigger')) {
				// The trigger's notice says where to paste its URL.
				await expect(ndv.getByText('Paste the Production URL: it answers once the workflow is published.').first().isVisible()).resolves.toBe(true);
			}
			expect(await page.locator('.el-notification--error, [role="alert"].el-notification').count()).toBe(0);
			expect(scriptErrors).toEqual([]);
		});
		await dumpOnFailure(`${slug}-4-docs`, async () => {
			// The panel's header link "Docs": its target, read without leaving the machine (no network).
			const link = ndv.locator('a', { hasText: /^\s*Docs\s*$/ }).first();
			let target = (await link.count()) ? await link.getAttribute('href') : null;
			if (!target) {
				// A Docs control that opens the page with window.open: catch the URL it opens.
				await page.evaluate(() => {
					const w = globalThis as unknown as { opened: string[]; open: (url?: unknown) => null };
					w.opened = [];
					w.open = (url) => {
						w.opened.push(String(url));
						return null;
					};
				});
				await ndv.getByText('Docs', { exact: true }).first().click();
				[target] = await page.evaluate(() => (globalThis as unknown as { opened: string[] }).opened);
			}
			const [url] = String(target).split('?');
			const own = `docs/nodes/${c.description.name.replace(/^solSwitch/, 'solswitch').replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase()}.md`;
			expect(url).toBe(githubUrl(repo, own));
			expect(brokenReason(repo, { from: 'the editor', target: url })).toBeUndefined();
		});
	});
});

/** The node panel's action for the default resource and operation ("Add a SIP header to an upcoming outbound call"). */
function actionOfDefault(description: INodeTypeDescription): string {
	const resource = description.properties.find((p) => p.name === 'resource')!.default as string;
	const operation = description.properties.find((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource))!;
	return (operation.options as Array<INodePropertyOptions & { action?: string }>).find((o) => o.value === operation.default)!.action!;
}

/** The text as a literal inside a regular expression (the global escape() URL-encodes instead). */
function regexEscape(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The package's send-and-wait nodes (SolSwitch's Call and Wait for Keypress, SolSwitch Messaging's Send and Wait for Response). */
const SEND_AND_WAIT_NODES = Object.values(allNodeTypes)
	.map((node) => node.description)
	.filter((d) => d.properties.some((p) => p.name === 'operation' && (p.options as INodePropertyOptions[] | undefined)?.some((o) => o.value === 'sendAndWait')));

test.each(SEND_AND_WAIT_NODES.map((node) => [node.displayName, node] as const))("the node panel's Human in the Loop section lists %s, whose send-and-wait operation opens its panel", async (_name, SEND_AND_WAIT_NODE) => {
	expect(SEND_AND_WAIT_NODES.map((node) => node.displayName).sort()).toEqual(['SolSwitch', 'SolSwitch Messaging']);
	scriptErrors.length = 0;
	await dumpOnFailure('hitl-1-section', async () => {
		await openNewWorkflow('Editor test: Human in the Loop');
		await page.locator('[data-test-id="node-creator-plus-button"]').click();
		// "What happens next?": the Human in the Loop entry (n8n lists there every node with codex category
		// HITL), titled "Human review" in n8n 2.x, "Human in the loop" in 1.x.
		await page.locator('[data-test-id="node-creator-item-name"]', { hasText: /^(Human review|Human in the loop)$/i }).first().click();
		await page.locator('[data-test-id="node-creator-item-name"]', { hasText: new RegExp(`^${regexEscape(SEND_AND_WAIT_NODE.displayName)}$`) }).first().waitFor({ timeout: 15_000 });
	});
	await dumpOnFailure('hitl-2-action', async () => {
		await page.locator('[data-test-id="node-creator-item-name"]', { hasText: new RegExp(`^${regexEscape(SEND_AND_WAIT_NODE.displayName)}$`) }).first().click();
		const ndv = page.locator('[data-test-id="ndv"]').first();
		const direct = await ndv.isVisible().catch(() => false);
		if (!direct) {
			// The node's actions: Send and Wait for Response's own action.
			const action = sendAndWaitAction(SEND_AND_WAIT_NODE);
			await page.locator('[data-test-id="node-creator-item-name"]', { hasText: new RegExp(`^${regexEscape(action)}$`) }).last().click();
		}
		await ndv.waitFor({ timeout: 30_000 });
		await page.waitForTimeout(1000);
		const values = await ndv.locator('input').evaluateAll((els) => els.map((e) => (e as unknown as { value: string }).value));
		expect(values).toContain(sendAndWaitOperation(SEND_AND_WAIT_NODE));
		expect(await page.locator('.el-notification--error, [role="alert"].el-notification').count()).toBe(0);
		expect(scriptErrors).toEqual([]);
	});
});

/** The send-and-wait operation's name as the panel's Operation field shows it. */
function sendAndWaitOperation(description: INodeTypeDescription): string {
	for (const p of description.properties) {
		const option = p.name === 'operation' ? (p.options as INodePropertyOptions[]).find((o) => o.value === 'sendAndWait') : undefined;
		if (option) return option.name;
	}
	throw new Error(`${description.displayName} has no sendAndWait operation`);
}

/** The node panel's action for the send-and-wait operation, from the node's own description. */
function sendAndWaitAction(description: INodeTypeDescription): string {
	for (const p of description.properties) {
		const option = p.name === 'operation' ? (p.options as Array<INodePropertyOptions & { action?: string }>).find((o) => o.value === 'sendAndWait') : undefined;
		if (option) return option.action ?? option.name;
	}
	throw new Error(`${description.displayName} has no sendAndWait operation`);
}

/** A saved workflow holding one node of the package at a given version, opened with that node's panel. */
async function openSavedNode(name: string, type: string, typeVersion: number, parameters: Record<string, unknown>) {
	const saved = await api.createWorkflow({
		name,
		nodes: [{ id: 'node', name: 'Node', type: `n8n-nodes-solswitch.${type}`, typeVersion, position: [0, 0], parameters }],
		connections: {},
		settings: {},
	} as never);
	await page.goto(`${n8n.baseUrl}/workflow/${saved.id}`, { waitUntil: 'domcontentloaded' });
	await page.locator('.vue-flow__node').first().waitFor({ timeout: 60_000 });
	await page.locator('.vue-flow__node').first().dblclick();
	const ndv = page.locator('[data-test-id="ndv"]').first();
	await ndv.waitFor({ timeout: 30_000 });
	await page.waitForTimeout(1000);
	return ndv;
}

/** The names a dropdown of the open panel offers once clicked. */
async function dropdownNames(ndv: ReturnType<Page['locator']>, parameter: string): Promise<string[]> {
	await ndv.locator(`[data-test-id="parameter-input-${parameter}"]`).first().click();
	const items = page.locator('.el-select-dropdown__item:visible');
	await items.first().waitFor({ timeout: 10_000 });
	const names = (await items.allInnerTexts()).map((t) => t.split('\n')[0].trim());
	await page.keyboard.press('Escape');
	return names;
}

// The editor leftovers of issue 30 are new node versions: new nodes get them, saved workflows keep theirs.
describe('new node versions in the editor: what new nodes show, what saved workflows keep', () => {
	test('SolSwitch Messaging 2 shows Details as a toggle; a saved version 1 keeps the Yes/No dropdown', async () => {
		scriptErrors.length = 0;
		await dumpOnFailure('versions-messaging', async () => {
			const v2 = await openSavedNode('Editor test: Messaging 2', 'solSwitchMessaging', 2, { resource: 'usage', operation: 'report' });
			await expect(v2.locator('[data-test-id="parameter-input-Details"] .el-switch').count()).resolves.toBe(1);
			const v1 = await openSavedNode('Editor test: Messaging 1', 'solSwitchMessaging', 1, { resource: 'usage', operation: 'report', Details: 'yes' });
			await expect(v1.locator('[data-test-id="parameter-input-Details"] .el-switch').count()).resolves.toBe(0);
			expect(await dropdownNames(v1, 'Details')).toEqual(['Yes', 'No']);
			expect(scriptErrors).toEqual([]);
		});
	});

	test('SolSwitch Admin 3 does not offer Legacy (Deprecated); a saved version 2 still does', async () => {
		scriptErrors.length = 0;
		await dumpOnFailure('versions-admin', async () => {
			const v3 = await openSavedNode('Editor test: Admin 3', 'solSwitchAdmin', 3, { resource: 'did', operation: 'view' });
			const offered = await dropdownNames(v3, 'resource');
			expect(offered).toContain('DID');
			expect(offered).not.toContain('Legacy (Deprecated)');
			const v2 = await openSavedNode('Editor test: Admin 2', 'solSwitchAdmin', 2, { resource: 'legacy', operation: 'addDid' });
			expect(await dropdownNames(v2, 'resource')).toContain('Legacy (Deprecated)');
			expect(scriptErrors).toEqual([]);
		});
	});
});
