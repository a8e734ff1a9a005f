/**
 * `npm run screenshots`: a PNG of each example workflow's canvas, and of one settings panel per
 * node of the package, for the README, taken from the real editor of a running `npm start` (not a
 * test). Logs into the editor in headless Chromium (Debian's `chromium`, driven by playwright-core)
 * with the login `npm start` keeps in its state folder, opens every example workflow it imported
 * and writes docs/images/<example>.png; then, for each node type of package.json, opens the first
 * example node of that type and writes its panel to docs/images/node-<type>.png (for a trigger, also
 * its notice alone, docs/images/notice-<type>.png); and the node panel searched for "SMS",
 * docs/images/node-panel-sms.png.
 *
 *   npm start                # in one terminal
 *   npm run screenshots      # in another; SOLSWITCH_HOME / N8N_PORT as for npm start
 *
 * CHROMIUM (default /usr/bin/chromium), N8N_URL (default http://127.0.0.1:<N8N_PORT or 5678>),
 * SCREENSHOTS_ONLY=slug1,slug2 to take only some.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { REPO_ROOT } from './n8n-harness/paths';
import { exampleFiles, exampleSlug } from './start/examples';
import { defaultHome } from './start/mainJob';
import { loadState, stateFile } from './start/state';

const OUT_DIR = path.join(REPO_ROOT, 'docs', 'images');
const VIEWPORT = { width: 1280, height: 720 };
/** The node settings panel needs more height than a canvas to show its fields. */
const PANEL_VIEWPORT = { width: 1280, height: 900 };
const MAX_BYTES = 300 * 1024;

async function main(): Promise<void> {
	const home = defaultHome();
	if (!fs.existsSync(stateFile(home))) throw new Error(`no ${stateFile(home)}: run \`npm start\` first`);
	const state = loadState(home);
	const base = (process.env.N8N_URL ?? `http://127.0.0.1:${process.env.N8N_PORT ?? 5678}`).replace(/\/+$/, '');
	const only = process.env.SCREENSHOTS_ONLY?.split(',').map((s) => s.trim());
	const examples = exampleFiles()
		.map((file) => ({ slug: exampleSlug(file), id: state.workflows[exampleSlug(file)]?.id }))
		.filter((e) => !only || only.includes(e.slug));
	for (const e of examples) if (!e.id) console.warn(`[screenshots] ${e.slug}: not imported by npm start yet (restart it), skipped`);
	const panels = nodePanels().filter((p) => !only || only.includes(p.slug));

	const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'solswitch-chromium-'));
	const context = await chromium.launchPersistentContext(profile, {
		executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
		headless: true,
		viewport: VIEWPORT,
		deviceScaleFactor: 1,
		colorScheme: 'light',
		args: [
			'--headless',
			'--no-sandbox',
			'--disable-gpu',
			'--disable-quic',
			'--no-first-run',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
		],
	});
	try {
		const page = context.pages()[0] ?? (await context.newPage());
		await signIn(page, base, state.owner.email, state.owner.password);
		fs.mkdirSync(OUT_DIR, { recursive: true });
		for (const { slug, id } of examples) {
			if (!id) continue;
			const file = path.join(OUT_DIR, `${slug}.png`);
			await shootWorkflow(page, `${base}/workflow/${id}`, file);
			const size = fs.statSync(file).size;
			console.log(`[screenshots] ${path.relative(REPO_ROOT, file)} (${Math.round(size / 1024)} KB)${size > MAX_BYTES ? ' - over 300 KB!' : ''}`);
		}
		await page.setViewportSize(PANEL_VIEWPORT);
		for (const panel of panels) {
			const id = state.workflows[panel.example]?.id;
			if (!id) continue;
			const file = path.join(OUT_DIR, `${panel.slug}.png`);
			await shootNodePanel(page, `${base}/workflow/${id}`, panel.node, file);
			const size = fs.statSync(file).size;
			console.log(`[screenshots] ${path.relative(REPO_ROOT, file)}: "${panel.node}" (${Math.round(size / 1024)} KB)${size > MAX_BYTES ? ' - over 300 KB!' : ''}`);
			const notice = path.join(OUT_DIR, `${panel.slug.replace(/^node-/, 'notice-')}.png`);
			if (await shootNotice(page, notice)) console.log(`[screenshots] ${path.relative(REPO_ROOT, notice)}: its notice`);
		}
		const firstExample = examples.find((e) => e.id);
		if (firstExample && (!only || only.includes('node-panel-sms'))) {
			const file = path.join(OUT_DIR, 'node-panel-sms.png');
			await shootNodeCreator(page, `${base}/workflow/${firstExample.id}`, 'SMS', file);
			console.log(`[screenshots] ${path.relative(REPO_ROOT, file)}: the node panel searched for "SMS"`);
		}
	} finally {
		await context.close();
		fs.rmSync(profile, { recursive: true, force: true });
	}
}

/** The editor's sign-in form, as a person fills it. */
async function signIn(page: Page, base: string, email: string, password: string): Promise<void> {
	await page.goto(`${base}/signin`, { waitUntil: 'domcontentloaded' });
	const emailField = page.locator('input[type="email"], input[name="emailOrLdapLoginId"], input[name="email"]').first();
	await emailField.waitFor({ timeout: 60_000 });
	await emailField.fill(email);
	await page.locator('input[type="password"]').first().fill(password);
	await Promise.all([
		page.waitForURL((url) => !url.pathname.startsWith('/signin'), { timeout: 60_000 }),
		page.locator('[data-test-id="form-submit-button"], button[type="submit"]').first().click(),
	]);
}

/** Opens the workflow, fits it to the window, closes whatever floats above the canvas, shoots. */
async function shootWorkflow(page: Page, url: string, file: string): Promise<void> {
	await page.goto(url, { waitUntil: 'domcontentloaded' });
	await page.locator('.vue-flow__node').first().waitFor({ timeout: 60_000 });
	await page.waitForLoadState('networkidle').catch(() => undefined);
	// Node icons are images: give them a moment after the nodes appear.
	await page.waitForTimeout(1500);
	await page.keyboard.press('Escape');
	// "1" is the editor's zoom-to-fit shortcut (the canvas must have the focus).
	await page.locator('.vue-flow__pane').first().click({ position: { x: 5, y: 5 } }).catch(() => undefined);
	await page.keyboard.press('1');
	await page.waitForTimeout(800);
	// One step out ("-"): fitted to the edge, the bottom row's labels sit under the floating
	// "Execute workflow" button.
	await page.keyboard.press('-');
	await page.waitForTimeout(500);
	await page.mouse.move(VIEWPORT.width - 2, VIEWPORT.height - 2); // no hover toolbar on a node
	await page.waitForTimeout(300);
	await page.screenshot({ path: file, type: 'png' });
}

/**
 * One panel per node type of the package (package.json n8n.nodes): the first node of that type in
 * the examples, in file order. Slug node-<type>, e.g. node-solSwitchAdmin.
 */
function nodePanels(): Array<{ slug: string; example: string; node: string }> {
	const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { name: string; n8n: { nodes: string[] } };
	const types = pkg.n8n.nodes.map((file) => {
		const className = path.basename(file, '.node.js');
		return `${pkg.name}.${className[0].toLowerCase()}${className.slice(1)}`;
	});
	const panels: Array<{ slug: string; example: string; node: string }> = [];
	for (const type of types) {
		for (const file of exampleFiles()) {
			const workflow = JSON.parse(fs.readFileSync(file, 'utf8')) as { nodes: Array<{ name: string; type: string }> };
			const node = workflow.nodes.find((n) => n.type === type);
			if (node) {
				panels.push({ slug: `node-${type.split('.')[1]}`, example: exampleSlug(file), node: node.name });
				break;
			}
		}
		if (!panels.some((p) => p.slug === `node-${type.split('.')[1]}`)) console.warn(`[screenshots] no example uses ${type}: no panel`);
	}
	return panels;
}

/** Opens the workflow, double-clicks the node as a user does, and shoots its settings panel. */
async function shootNodePanel(page: Page, url: string, nodeName: string, file: string): Promise<void> {
	await page.goto(url, { waitUntil: 'domcontentloaded' });
	const node = page.locator('.vue-flow__node').filter({ hasText: nodeName }).first();
	await node.waitFor({ timeout: 60_000 });
	await page.waitForLoadState('networkidle').catch(() => undefined);
	await page.keyboard.press('Escape');
	await node.dblclick();
	const panel = page.locator('[data-test-id="ndv"]').first();
	await panel.waitFor({ timeout: 30_000 });
	await page.waitForLoadState('networkidle').catch(() => undefined);
	await page.waitForTimeout(1500); // icons, dropdowns loaded from the switch
	await page.mouse.move(2, PANEL_VIEWPORT.height - 2); // no hover tooltip over a field
	await page.waitForTimeout(300);
	await page.screenshot({ path: file, type: 'png' });
}

/** The open settings panel's notice (a trigger's "where to paste the URL"), alone; false when it has none. */
async function shootNotice(page: Page, file: string): Promise<boolean> {
	const text = page.locator('[data-test-id="ndv"]').getByText('Paste the Production URL').first();
	if (!(await text.count())) return false;
	// The notice box: the nearest ancestor wider than the text line itself.
	const box = text.locator('xpath=ancestor::div[contains(@class, "notice")][1]');
	await ((await box.count()) ? box : text).screenshot({ path: file });
	return true;
}

/** The node panel (the + at the top right of the canvas) with `search` typed, as a user looks for a node. */
async function shootNodeCreator(page: Page, url: string, search: string, file: string): Promise<void> {
	await page.goto(url, { waitUntil: 'domcontentloaded' });
	await page.locator('.vue-flow__node').first().waitFor({ timeout: 60_000 });
	await page.waitForLoadState('networkidle').catch(() => undefined);
	await page.keyboard.press('Escape');
	await page.locator('[data-test-id="node-creator-plus-button"]').click();
	await page.locator('[data-test-id="node-creator-search-bar"] input, input[data-test-id="node-creator-search-bar"]').first().fill(search);
	await page.waitForTimeout(1500); // icons of the results
	await page.mouse.move(2, PANEL_VIEWPORT.height - 2);
	await page.screenshot({ path: file, type: 'png' });
}

main().catch((error) => {
	console.error(`[screenshots] failed: ${(error as Error).message}`);
	process.exit(1);
});
