/** `npm run readme`: rewrites the generated blocks of the README and the docs/ pages from the catalogs. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { replaceBlock } from './readme/operationsTable';
import { readmeBlocks } from './readme-blocks';

const root = join(__dirname, '..', '..');
const blocks = readmeBlocks();
for (const file of [...new Set(blocks.map((b) => b.file))]) {
	let text = readFileSync(join(root, file), 'utf8');
	const own = blocks.filter((b) => b.file === file);
	for (const { id, content } of own) text = replaceBlock(text, id, content);
	writeFileSync(join(root, file), text);
	console.log(`${file}: ${own.length} generated block${own.length === 1 ? '' : 's'} written`);
}
