import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readBlock } from '../../scripts/readme/operationsTable';
import { readmeBlocks } from '../../scripts/readme-blocks';

const ROOT = join(__dirname, '..', '..');

describe('generated blocks of the README and docs/ pages', () => {
	for (const { file, id, content } of readmeBlocks()) {
		it(`${file}: block ${id} matches the metadata table (run \`npm run readme\` to update)`, () => {
			expect(readBlock(readFileSync(join(ROOT, file), 'utf8'), id)).toBe(content.trim());
		});
	}

	it('README.md fits on one screen of npm: at most 15,000 bytes', () => {
		expect(readFileSync(join(ROOT, 'README.md')).length).toBeLessThanOrEqual(15_000);
	});
});
