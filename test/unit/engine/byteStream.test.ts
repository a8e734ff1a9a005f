/**
 * ByteStream, the part of a Node Readable that n8n's binary data stores read (byteStream.ts), against
 * the real readers: fs.promises.writeFile (filesystem mode, n8n 1.x and 2.x) and n8n's binaryToBuffer
 * from @n8n/backend-network (database, s3 and n8n 1.x's in-memory mode listen to the same events).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { binaryToBuffer } from '@n8n/backend-network';
import { ByteStream } from '../../../nodes/engine/export/byteStream';

const chunksOf = (parts: string[], made: string[] = [], failAt = -1) =>
	async function* (): AsyncGenerator<Buffer> {
		for (let i = 0; i < parts.length; i++) {
			if (i === failAt) throw new Error('the switch failed');
			made.push(parts[i]);
			yield Buffer.from(parts[i]);
		}
	};

describe('ByteStream', () => {
	let dir: string;
	beforeAll(() => {
		dir = fs.mkdtempSync(path.join(os.tmpdir(), 'byte-stream-'));
	});
	afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

	it('is written to a file by fs.promises.writeFile, as n8n\'s filesystem mode stores it', async () => {
		const file = path.join(dir, 'a.csv');
		await fs.promises.writeFile(file, new ByteStream(() => chunksOf(['a,b', '\n1,2', '\n3,"x,y"'])()) as unknown as AsyncIterable<Buffer>);
		expect(fs.readFileSync(file, 'utf8')).toBe('a,b\n1,2\n3,"x,y"');
	});

	it('makes the next chunk only when the reader asks for it (pull: one window in memory)', async () => {
		const made: string[] = [];
		const stream = new ByteStream(() => chunksOf(['1', '2', '3'], made)());
		const iterator = stream[Symbol.asyncIterator]();
		expect(made).toEqual([]);
		await iterator.next();
		expect(made).toEqual(['1']);
		await iterator.next();
		expect(made).toEqual(['1', '2']);
	});

	it('is read whole by n8n\'s binaryToBuffer (data, end, error and close events)', async () => {
		const buffer = await binaryToBuffer(new ByteStream(() => chunksOf(['x', 'y', 'z'])()) as never);
		expect(buffer.toString()).toBe('xyz');
	});

	it('passes a failure on to either reader, and makes nothing after it', async () => {
		const made: string[] = [];
		await expect(binaryToBuffer(new ByteStream(() => chunksOf(['1', '2', '3'], made, 1)()) as never)).rejects.toThrow('the switch failed');
		expect(made).toEqual(['1']);
		const file = path.join(dir, 'b.csv');
		await expect(fs.promises.writeFile(file, new ByteStream(() => chunksOf(['1', '2'], [], 1)()) as unknown as AsyncIterable<Buffer>)).rejects.toThrow('the switch failed');
	});

	it('is read once: a second reader is refused', async () => {
		const stream = new ByteStream(() => chunksOf(['1'])());
		stream[Symbol.asyncIterator]();
		expect(() => stream[Symbol.asyncIterator]()).toThrow('made once');
	});

	it('stops making bytes when destroyed', async () => {
		const made: string[] = [];
		const stream = new ByteStream(() => chunksOf(['1', '2', '3'], made)());
		const closed = new Promise((resolve) => stream.once('close', resolve));
		stream.on('data', () => stream.destroy());
		await closed;
		await new Promise((resolve) => setImmediate(resolve));
		expect(made).toEqual(['1']);
	});
});
