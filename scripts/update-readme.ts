/** `npm run readme`: rewrites the README's generated blocks from the catalogs. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { replaceBlock } from './readme/operationsTable';
import { readmeBlocks } from './readme-blocks';

const file = join(__dirname, '..', '..', 'README.md');
let text = readFileSync(file, 'utf8');
for (const [id, content] of Object.entries(readmeBlocks())) text = replaceBlock(text, id, content);
writeFileSync(file, text);
console.log(`README.md: ${Object.keys(readmeBlocks()).length} generated blocks written`);
