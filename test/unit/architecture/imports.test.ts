/**
 * The one-way rule of docs/architecture.md, checked on the source: no import cycle in nodes/, sandbox/
 * or scripts/ (type-only imports count: a loop of types is still a loop a reader must untangle), and
 * the engine (nodes/engine) imports nothing from the domain helpers (nodes/shared) or a node folder,
 * and the sandbox imports nothing outside sandbox/ (it is written from the documents, never from the
 * package's code: issue 34 item 1).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../..');
const FOLDERS = ['nodes', 'sandbox', 'scripts'];

function sourceFiles(dir: string): string[] {
	const out: string[] = [];
	for (const name of readdirSync(dir)) {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
		else if (/\.ts$/.test(name) && !/\.d\.ts$/.test(name)) out.push(path);
	}
	return out;
}

/** Relative imports of a file (import, import type, export ... from, side-effect imports), resolved to files. */
function relativeImports(file: string): string[] {
	const text = readFileSync(file, 'utf8');
	const found: string[] = [];
	const re = /(?:^|\n)\s*(?:import|export)\b[^'"`;]*?(?:from\s*)?['"](\.{1,2}\/[^'"]+)['"]/g;
	for (let m = re.exec(text); m; m = re.exec(text)) {
		const base = resolve(dirname(file), m[1]);
		const target = [`${base}.ts`, join(base, 'index.ts')].find((candidate) => {
			try {
				return statSync(candidate).isFile();
			} catch {
				return false;
			}
		});
		if (target) found.push(target);
	}
	return found;
}

const files = FOLDERS.flatMap((folder) => sourceFiles(join(ROOT, folder)));
const graph = new Map(files.map((file) => [file, relativeImports(file)]));
const rel = (file: string) => relative(ROOT, file);

/** Every cycle found by a depth-first walk, each as the list of files around it. */
function cycles(): string[][] {
	const found: string[][] = [];
	const state = new Map<string, 'open' | 'done'>();
	const stack: string[] = [];
	const visit = (file: string) => {
		state.set(file, 'open');
		stack.push(file);
		for (const next of graph.get(file) ?? []) {
			if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next].map(rel));
			else if (!state.has(next)) visit(next);
		}
		stack.pop();
		state.set(file, 'done');
	};
	for (const file of files) if (!state.has(file)) visit(file);
	return found;
}

describe('import graph of nodes/, sandbox/ and scripts/', () => {
	it('reads the imports it checks (the walk is not vacuous)', () => {
		expect(files.length).toBeGreaterThan(100);
		expect(graph.get(join(ROOT, 'nodes/engine/execute.ts'))?.map(rel)).toContain('nodes/engine/generators/schema.ts');
	});

	it('has no import cycle', () => {
		expect(cycles()).toEqual([]);
	});

	it('keeps the engine free of domain helpers and node folders', () => {
		const leaks = files
			.filter((file) => rel(file).startsWith('nodes/engine/'))
			.flatMap((file) => (graph.get(file) ?? []).filter((t) => !rel(t).startsWith('nodes/engine/')).map((t) => `${rel(file)} -> ${rel(t)}`));
		expect(leaks).toEqual([]);
	});

	it('keeps the sandbox written from the documents: no file of sandbox/ imports the package (nodes/, credentials/)', () => {
		const sandboxFiles = files.filter((file) => rel(file).startsWith('sandbox/'));
		expect(sandboxFiles.map(rel)).toContain('sandbox/switch/profiles.ts');
		const leaks = sandboxFiles.flatMap((file) =>
			(graph.get(file) ?? []).filter((t) => /^(nodes|credentials)\//.test(rel(t)) || !rel(t).startsWith('sandbox/')).map((t) => `${rel(file)} -> ${rel(t)}`),
		);
		expect(leaks).toEqual([]);
	});
});
