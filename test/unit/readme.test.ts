import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readBlock } from '../../scripts/readme/operationsTable';
import { readmeBlocks } from '../../scripts/readme-blocks';

const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');

describe('README operations tables', () => {
	for (const [id, content] of Object.entries(readmeBlocks())) {
		it(`block ${id} matches the metadata table (run \`npm run readme\` to update)`, () => {
			expect(readBlock(readme, id)).toBe(content.trim());
		});
	}
});
