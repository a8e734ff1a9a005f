import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { DEFAULT_OWNER, E2E_SETUP_TIMEOUT_MS, N8nInstance, packRepo, startN8n } from '../../scripts/n8n-harness';

jest.setTimeout(300_000);
let n8n: N8nInstance;
beforeAll(async () => {
	({ n8n } = await startN8n({ communityPackages: [await packRepo()] }));
}, E2E_SETUP_TIMEOUT_MS);
afterAll(async () => n8n?.stop());

test('explore', async () => {
	const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'x-'));
	const ctx = await chromium.launchPersistentContext(profile, { executablePath: '/usr/bin/chromium', headless: true, viewport: { width: 1280, height: 900 }, args: ['--no-sandbox', '--disable-gpu'] });
	const page = ctx.pages()[0] ?? (await ctx.newPage());
	const out = '/tmp/i21/explore';
	fs.mkdirSync(out, { recursive: true });
	try {
		await page.goto(`${n8n.baseUrl}/signin`);
		await page.locator('input[type="email"], input[name="emailOrLdapLoginId"]').first().fill(DEFAULT_OWNER.email);
		await page.locator('input[type="password"]').first().fill(DEFAULT_OWNER.password);
		await page.locator('[data-test-id="form-submit-button"], button[type="submit"]').first().click();
		await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
		await page.goto(`${n8n.baseUrl}/workflow/new`);
		await page.waitForTimeout(4000);
		await page.screenshot({ path: `${out}/1-new.png` });
		fs.writeFileSync(`${out}/1.txt`, (await page.locator('[data-test-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-test-id')))).join('\n'));
		await page.keyboard.press('Tab');
		await page.waitForTimeout(1500);
		await page.keyboard.type('SolSwitch Messaging');
		await page.waitForTimeout(1500);
		await page.screenshot({ path: `${out}/2-search.png` });
		fs.writeFileSync(`${out}/2.html`, await page.content());
		const items = page.locator('[data-test-id="node-creator-node-item"]');
		fs.writeFileSync(`${out}/2.txt`, (await items.allInnerTexts()).join('\n---\n'));
		await items.filter({ hasText: /^SolSwitch Messaging$/ }).first().click().catch(async () => items.first().click());
		await page.waitForTimeout(1500);
		await page.screenshot({ path: `${out}/3-after-click.png` });
		fs.writeFileSync(`${out}/3.txt`, (await page.locator('[data-test-id]').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-test-id')}: ${(e as HTMLElement).innerText?.slice(0, 60).replace(/\n/g, ' | ')}`))).join('\n'));
	} finally {
		await ctx.close();
	}
});
