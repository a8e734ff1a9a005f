/** The bytes of a binary data entry as a node wrote it (n8n-core may keep them on disk, by id). */
import { createRequire } from 'node:module';
import { BinaryDataService } from 'n8n-core';
import type { IBinaryData } from 'n8n-workflow';

const { Container } = createRequire(require.resolve('n8n-core'))('@n8n/di') as typeof import('@n8n/di');

export async function binaryBytes(file: IBinaryData): Promise<Buffer> {
	return await Container.get(BinaryDataService).getAsBuffer(file);
}
