// The checks of @n8n/scan-community-package (the gate of n8n's community-node verification), run
// offline on this checkout. Its CLI downloads the published package and the source its npm
// provenance points at; here the same two lint legs run on what those would be:
//   - the sources, linted with the scanner's own config and file patterns, inline eslint-disable
//     comments ignored (the scanner sets allowInlineConfig: false);
//   - the packed tarball (`npm pack` of the built dist/), its compiled .js and package.json.
// The provenance check needs a published version and is not repeated (see .github/workflows/publish.yml).
// Usage: npm run build && node scripts/scan-package.mjs  (exit 1 on any error)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzePackage, SOURCE_FILE_PATTERNS } from '@n8n/scan-community-package/scanner/scanner.mjs';

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

function report(label, result) {
	if (result.passed) console.log(`✅ ${label}: 0 errors${result.message ? ` (${result.message})` : ''}`);
	else console.log(`❌ ${label}: ${result.message}\n${result.details ?? ''}`);
	return result.passed;
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'solswitch-scan-'));
try {
	const source = await analyzePackage(root, SOURCE_FILE_PATTERNS);
	const tarball = await analyzePackage(unpackTarball(work), ['**/*.js', 'package.json']);
	const passed = [report(`sources (${SOURCE_FILE_PATTERNS.join(', ')}; inline disables ignored)`, source),
		report(`tarball ${pkg.name}@${pkg.version} (**/*.js, package.json)`, tarball)].every(Boolean);
	process.exitCode = passed ? 0 : 1;
} finally {
	fs.rmSync(work, { recursive: true, force: true });
}
