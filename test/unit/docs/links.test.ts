/**
 * Every link of the documentation lands: relative links and #headings of the README, the changelog,
 * docs/ and examples/README.md; and the editor's Docs links (codex primaryDocumentation and
 * credentialDocumentation, credential documentationUrl), each on its own node's or credential's page.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ICredentialType } from 'n8n-workflow';
import { allCredentialTypes, allNodeTypes } from '../../../scripts/n8n-engine/packageTypes';
import { anchorsOf, brokenReason, documentationPages, githubSlug, githubUrl, linksOf, repository } from '../../../scripts/readme/links';

const ROOT = path.join(__dirname, '..', '..', '..');
const repo = repository(ROOT);
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** docs/nodes/<page>.md of a node class: SolSwitchMessagingTrigger -> solswitch-messaging-trigger. */
const nodePage = (className: string) =>
	`docs/nodes/${className.replace(/^SolSwitch/, 'solswitch').replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase()}.md`;
/** The credential's own heading on docs/credentials.md: its display name as GitHub anchors it. */
const credentialDoc = (credential: ICredentialType) => githubUrl(repo, 'docs/credentials.md', githubSlug(credential.displayName));

interface Codex {
	resources: { primaryDocumentation: Array<{ url: string }>; credentialDocumentation?: Array<{ url: string }> };
}
const codexOf = (className: string): Codex => JSON.parse(read(`nodes/${className}/${className}.node.json`)) as Codex;
const credentialByName = (name: string) => Object.values(allCredentialTypes).find((c) => c.name === name)!;

describe('documentation links', () => {
	const pages = documentationPages(ROOT);

	it('cover the README, the changelog, examples/README.md and every page of docs/ (one per node)', () => {
		expect(pages).toEqual(expect.arrayContaining(['README.md', 'CHANGELOG.md', 'examples/README.md', 'docs/index.md', 'docs/getting-started.md']));
		for (const type of Object.values(allNodeTypes)) expect(pages).toContain(nodePage(type.constructor.name));
	});

	it.each(documentationPages(ROOT))('%s: every relative link and #heading lands', (file) => {
		const links = linksOf(read(file), file);
		expect(links.map((l) => brokenReason(repo, l)).filter(Boolean)).toEqual([]);
	});

	it('the README, the only page on npm, links the rest by absolute GitHub URLs', () => {
		const relative = linksOf(read('README.md'), 'README.md').filter((l) => !/^https:\/\//.test(l.target) && !l.target.startsWith('#'));
		expect(relative).toEqual([]);
	});

	it.each(Object.values(allNodeTypes).map((t) => [t.constructor.name, t] as const))('%s: the editor\'s Docs links land on its own page and on its credentials\' headings', (className, type) => {
		const codex = codexOf(className);
		expect(codex.resources.primaryDocumentation.map((d) => d.url)).toEqual([githubUrl(repo, nodePage(className))]);
		// n8n 2.40's editor appends "?utm_source=..." to this URL (NodeSettings, docsUrl): an anchor would come first and be lost.
		expect(codex.resources.primaryDocumentation.filter((d) => /[#?]/.test(d.url))).toEqual([]);
		const credentials = [...new Set((type.description.credentials ?? []).map((c) => c.name))];
		expect(credentials.length).toBeGreaterThan(0);
		expect(codex.resources.credentialDocumentation?.map((d) => d.url)).toEqual(credentials.map((name) => credentialDoc(credentialByName(name))));
		for (const url of [...codex.resources.primaryDocumentation, ...(codex.resources.credentialDocumentation ?? [])].map((d) => d.url)) {
			expect(brokenReason(repo, { from: `nodes/${className}/${className}.node.json`, target: url })).toBeUndefined();
		}
	});

	it.each(Object.values(allCredentialTypes).map((c) => [c.displayName, c] as const))('credential %s: its documentationUrl lands on its own heading', (_name, credential) => {
		expect(credential.documentationUrl).toBe(credentialDoc(credential));
		expect(brokenReason(repo, { from: 'credentials', target: credential.documentationUrl! })).toBeUndefined();
	});
});

describe('the link check itself', () => {
	const page = (target: string) => ({ from: 'docs/nodes/solswitch.md', target });

	it('anchors headings as GitHub does: punctuation and code marks dropped, repeats numbered', () => {
		expect([...anchorsOf('# A\n## Verification (n8n Cloud)\n### `SQLITE_ERROR`: no such savepoint\n## Events\n## Events\n```\n# not a heading\n```\n')]).toEqual([
			'a',
			'verification-n8n-cloud',
			'sqlite_error-no-such-savepoint',
			'events',
			'events-1',
		]);
	});

	it('finds links and images outside code', () => {
		expect(linksOf('see [a](b.md#c), ![i](../images/x.png) and `[no](link.md)`\n```\n[no](x)\n```\n', 'docs/x.md').map((l) => l.target)).toEqual(['b.md#c', '../images/x.png']);
	});

	it('refuses a missing file, a missing heading, a path out of the tree and a repository URL off main', () => {
		expect(brokenReason(repo, page('../credentials.md#solswitch-api'))).toBeUndefined();
		expect(brokenReason(repo, page('#node-versions'))).toBeUndefined();
		expect(brokenReason(repo, page('../nowhere.md'))).toMatch(/no file docs\/nowhere\.md/);
		expect(brokenReason(repo, page('../credentials.md#solswitch'))).toMatch(/has no heading #solswitch/);
		expect(brokenReason(repo, page('../../../outside.md'))).toMatch(/no file \.\.\/outside\.md/);
		expect(brokenReason(repo, page(`${repo.url}#solswitch-messaging`))).toMatch(/not of a file on main/);
		expect(brokenReason(repo, page(`${repo.url}/blob/main/docs/credentials.md#nope`))).toMatch(/has no heading #nope/);
		expect(brokenReason(repo, page('https://docs.n8n.io/'))).toBeUndefined();
	});
});
