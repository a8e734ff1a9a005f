/**
 * The descriptions the generators build, linted as n8n lints node sources: rendered to .ts files
 * (render.ts) and run through the rule set `n8n-node lint` applies (@n8n/node-cli's eslint config,
 * eslint-plugin-n8n-nodes-base and @n8n/eslint-plugin-community-nodes), at 0 errors. Then the checks
 * n8n's rules lack (copy.ts): action grammar, sentence style, raw API fragments, one name per field.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { copyFindings } from './copy';
import { CREDENTIALS, NODES, renderAll } from './render';

const REPO = join(__dirname, '..', '..', '..');

interface LintResult {
	filePath: string;
	messages: Array<{ ruleId: string | null; line: number; message: string }>;
}

describe('rendered descriptions', () => {
	let root: string;
	let results: LintResult[];

	beforeAll(() => {
		// Inside the repository (build/ is ignored) so the rendered imports resolve as the real ones do.
		mkdirSync(join(REPO, 'build'), { recursive: true });
		root = mkdtempSync(join(REPO, 'build', 'rendered-'));
		renderAll(root);
		// Without jest's NODE_ENV=test: with it, eslint-plugin-n8n-nodes-base takes every file for a trigger node.
		const { NODE_ENV: _jest, ...env } = process.env;
		const out = execFileSync(process.execPath, [join(__dirname, 'runEslint.js'), root], { cwd: REPO, env, encoding: 'utf8', maxBuffer: 64 << 20 });
		results = JSON.parse(out) as LintResult[];
	}, 120_000);

	afterAll(() => rmSync(root, { recursive: true, force: true }));

	it('renders every node and credential', () => {
		expect(results.map((r) => relative(root, r.filePath)).sort()).toEqual(
			[...NODES.map((n) => `nodes/${n.name}/${n.name}.node.ts`), ...CREDENTIALS.map((c) => `credentials/${c.name}.credentials.ts`)].sort(),
		);
	});

	it("pass n8n's node and credential rules with no finding", () => {
		const findings = results.flatMap((r) => {
			const lines = readFileSync(r.filePath, 'utf8').split('\n');
			return r.messages.map((m) => `${relative(root, r.filePath)}:${m.line} ${m.ruleId}: ${m.message} | ${lines[m.line - 1]?.trim()}`);
		});
		expect(findings).toEqual([]);
	});

	it('read as a person would write them (grammar, sentences, one name per field)', () => {
		expect(copyFindings()).toEqual([]);
	});
});
