// What `npm pack` puts in the published tarball: only what n8n loads (the built nodes and
// credentials, their codex files and icons) plus package.json, README and LICENSE.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { packRepo } from '../../../scripts/n8n-harness/package-tarball';

const root = path.resolve(__dirname, '../../..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

let tarball: string;
let files: string[];
let packedJson: Record<string, unknown>;
const packed = (file: string) => execFileSync('tar', ['-xzOf', tarball, `package/${file}`], { encoding: 'utf8' });
beforeAll(async () => {
	tarball = await packRepo(); // builds and packs when the sources changed
	files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
		.split('\n')
		.filter(Boolean)
		.map((f) => f.replace(/^package\//, ''));
	packedJson = JSON.parse(packed('package.json'));
}, 180_000);

describe('the packed tarball', () => {
	it('holds every node and credential that package.json declares, each node with its codex file', () => {
		for (const entry of [...pkg.n8n.nodes, ...pkg.n8n.credentials]) expect(files).toContain(entry);
		for (const node of pkg.n8n.nodes) expect(files).toContain(node.replace(/\.js$/, '.json'));
	});

	it('holds every icon the nodes and credentials name', () => {
		const named = new Set<string>();
		for (const entry of [...pkg.n8n.nodes, ...pkg.n8n.credentials]) {
			for (const [, icon] of packed(entry).matchAll(/'file:([^']+\.svg)'/g)) named.add(path.posix.join(path.posix.dirname(entry), icon));
		}
		expect(named.size).toBeGreaterThanOrEqual(12); // five nodes and the credentials' icon, light and dark
		for (const icon of named) expect(files).toContain(icon);
	});

	it('ships no source maps, no sources and nothing of the tests, sandbox or tools', () => {
		expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
		expect(files.filter((f) => !/^dist\//.test(f) && !['package.json', 'README.md', 'LICENSE.md'].includes(f))).toEqual([]);
		expect(files.filter((f) => /^dist\/(test|sandbox|scripts|examples)\//.test(f) || /\.test\./.test(f))).toEqual([]);
		expect(files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual([]);
	});

	it('declares no main it lacks, no runtime dependencies, and only n8n-workflow as a peer', () => {
		if (packedJson.main !== undefined) expect(files).toContain(packedJson.main);
		expect(packedJson.dependencies ?? {}).toEqual({});
		// zod, like n8n-workflow, is n8n's own copy at run time; n8n's scanner allows only
		// n8n-workflow (and @n8n/ai-node-sdk) as peers, so zod is a development dependency only.
		expect(packedJson.peerDependencies).toEqual({ 'n8n-workflow': '*' });
	});
});
