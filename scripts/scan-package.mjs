// The checks of @n8n/scan-community-package (the gate of n8n's community-node verification), run
// offline on this checkout. Its CLI downloads the published package and the source its npm
// provenance points at; here the same two lint legs run on what those would be:
//   - the sources, linted with the scanner's own config and file patterns, inline eslint-disable
//     comments ignored (the scanner sets allowInlineConfig: false);
//   - the packed tarball (`npm pack` of the built dist/), its compiled .js and package.json.
// The provenance check needs a published version and is not repeated (see .github/workflows/publish.yml).
// A third leg stands in for the "beta" scan of the repository's source that n8n's Creator Portal runs:
// the registry has no beta of the scanner (`npm view @n8n/scan-community-package dist-tags`: latest
// 0.32.0 only, the version installed here, whose source leg is the first leg below), so the newest
// rules to be had offline are those of @n8n/eslint-plugin-community-nodes as n8n-node lint ships it
// (0.32.0; the scanner pins 0.29.0, which lacks no-unsafe-connection-type-cast). The scanner's own
// config is run on the sources with that plugin in place of its pinned one, inline disables ignored.
// Usage: npm run build && node scripts/scan-package.mjs  (exit 1 on any error)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzePackage, buildScanConfig, SOURCE_FILE_PATTERNS } from '@n8n/scan-community-package/scanner/scanner.mjs';
import { n8nCommunityNodesPlugin as newestPlugin } from '@n8n/eslint-plugin-community-nodes';
import { ESLint } from 'eslint';
import glob from 'fast-glob';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

/** The files the scanner would download: `npm pack`, unpacked into a temporary folder. */
function unpackTarball(work) {
	const missing = [...pkg.n8n.nodes, ...pkg.n8n.credentials].filter((f) => !fs.existsSync(path.join(root, f)));
	if (missing.length) throw new Error(`not built (run npm run build): ${missing.join(', ')}`);
	const [{ filename }] = JSON.parse(
		execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8' }),
	);
	const unpacked = path.join(work, 'package');
	execFileSync('tar', ['-xzf', path.join(work, filename), '-C', work]);
	return unpacked;
}

const PLUGIN = '@n8n/community-nodes';

/** The scanner's config with the newest community-nodes plugin and its recommended rules in place of the pinned ones. */
export function withNewestRules(config) {
	return config.map((entry) => {
		if (!entry.plugins?.[PLUGIN]) return entry;
		const rules = Object.keys(entry.rules ?? {}).some((rule) => rule.startsWith(`${PLUGIN}/`))
			? { ...entry.rules, ...newestPlugin.configs.recommended.rules }
			: entry.rules;
		return { ...entry, plugins: { ...entry.plugins, [PLUGIN]: newestPlugin }, ...(rules ? { rules } : {}) };
	});
}

/** The source leg again, with the newest rules (the stand-in for the portal's beta scan). */
async function analyzeSourcesWithNewestRules() {
	const eslint = new ESLint({ cwd: root, allowInlineConfig: false, overrideConfigFile: true, overrideConfig: withNewestRules(await buildScanConfig()) });
	const files = glob.sync(SOURCE_FILE_PATTERNS, { cwd: root, absolute: true, ignore: ['node_modules/**', '**/package-lock.json'] });
	const results = await eslint.lintFiles(files);
	if (!results.some((r) => r.errorCount > 0)) return { passed: true, message: `${files.length} files, community-nodes rules ${newestPlugin.meta?.version ?? ''}`.trim() };
	return { passed: false, message: 'ESLint violations found', details: await (await eslint.loadFormatter('stylish')).format(results) };
}

function report(label, result) {
	if (result.passed) console.log(`✅ ${label}: 0 errors${result.message ? ` (${result.message})` : ''}`);
	else console.log(`❌ ${label}: ${result.message}\n${result.details ?? ''}`);
	return result.passed;
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'solswitch-scan-'));
try {
	const source = await analyzePackage(root, SOURCE_FILE_PATTERNS);
	const tarball = await analyzePackage(unpackTarball(work), ['**/*.js', 'package.json']);
	const newest = await analyzeSourcesWithNewestRules();
	const passed = [report(`sources (${SOURCE_FILE_PATTERNS.join(', ')}; inline disables ignored)`, source),
		report(`tarball ${pkg.name}@${pkg.version} (**/*.js, package.json)`, tarball),
		report('sources with the newest community-nodes rules (stand-in for the portal\'s beta scan)', newest)].every(Boolean);
	process.exitCode = passed ? 0 : 1;
} finally {
	fs.rmSync(work, { recursive: true, force: true });
}
