import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assertBenchBlock, writeBenchBlock } from '../../../scripts/bench/docsBlock';
import { BENCH_BLOCK } from '../../../scripts/readme-blocks';
import { readBlock } from '../../../scripts/readme/operationsTable';

const REPO = path.join(__dirname, '..', '..', '..');

/** A scratch repository root holding only the performance page (or not). */
function scratch(page?: string): string {
	const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-block-'));
	if (page !== undefined) {
		fs.mkdirSync(path.join(root, path.dirname(BENCH_BLOCK.file)), { recursive: true });
		fs.writeFileSync(path.join(root, BENCH_BLOCK.file), page);
	}
	return root;
}

describe('the benchmarks block of docs/performance.md', () => {
	it('is where the repository keeps it', () => {
		const page = fs.readFileSync(path.join(REPO, BENCH_BLOCK.file), 'utf8');
		expect(readBlock(page, BENCH_BLOCK.id)).toMatch(/^Measured by `npm run bench` on /);
		expect(() => assertBenchBlock(REPO)).not.toThrow();
	});

	it('is replaced in place, the text around it kept', () => {
		const root = scratch('# Performance\n\nbefore\n<!-- generated:benchmarks:start -->\nold\n<!-- generated:benchmarks:end -->\nafter\n');
		writeBenchBlock(root, 'new figures');
		expect(fs.readFileSync(path.join(root, BENCH_BLOCK.file), 'utf8')).toBe(
			'# Performance\n\nbefore\n<!-- generated:benchmarks:start -->\nnew figures\n<!-- generated:benchmarks:end -->\nafter\n',
		);
	});

	it('fails the bench, instead of skipping, when its markers or its page are missing', () => {
		expect(() => assertBenchBlock(scratch('# Performance\n\nno markers\n'))).toThrow('no generated block benchmarks');
		expect(() => writeBenchBlock(scratch('# Performance\n<!-- generated:benchmarks:end -->\n<!-- generated:benchmarks:start -->\n'), 'x')).toThrow('no generated block benchmarks');
		expect(() => assertBenchBlock(scratch())).toThrow('docs/performance.md is missing');
	});
});
