/**
 * Where `npm run bench` writes its figures besides docs/benchmarks.*: the generated benchmarks block
 * of docs/performance.md (BENCH_BLOCK). A missing block is an error, checked before the run starts
 * and again when writing, so moved or deleted markers can never leave stale figures on the page
 * while the run reports success.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BENCH_BLOCK } from '../readme-blocks';
import { replaceBlock } from '../readme/operationsTable';

/** Throws unless the page holds the benchmarks block. */
export function assertBenchBlock(root: string): void {
	writeBenchBlock(root, undefined);
}

/** Writes `block` into the page's benchmarks block (with `undefined`, only checks it is there). */
export function writeBenchBlock(root: string, block: string | undefined): void {
	const file = path.join(root, BENCH_BLOCK.file);
	if (!fs.existsSync(file)) throw new Error(`${BENCH_BLOCK.file} is missing: the benchmark figures have nowhere to go`);
	const text = fs.readFileSync(file, 'utf8');
	const replaced = replaceBlock(text, BENCH_BLOCK.id, block ?? '');
	if (block !== undefined) fs.writeFileSync(file, replaced);
}
