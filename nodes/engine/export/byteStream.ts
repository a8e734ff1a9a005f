/**
 * A file's bytes made while n8n stores them, for `this.helpers.prepareBinaryData`, which takes a
 * Buffer or a Node Readable. A community node may not import `stream` (n8n's scanner allows only
 * n8n-workflow, zod, crypto and a few libraries), so this is the part of a Readable that n8n's binary
 * data stores use, checked in n8n-core 2.40 and 1.122 (n8n 1.123) and tested against them:
 *  - filesystem mode: `fs.promises.writeFile(path, stream)`, which reads any async iterable, one
 *    chunk at a time: the next chunk is made only when the previous one is written (bounded memory);
 *  - database, s3 and n8n 1.x's in-memory default mode: `binaryToBuffer` (streamToBuffer), which
 *    listens to 'data', 'end', 'error' and 'close' (`on`, `once`, `off`) and may call `destroy()`.
 *    These modes keep the whole file in memory anyway; chunks are emitted as they are made.
 * One consumer, one pass: the bytes are made once. This reliance on n8n's internals is row N11 of the
 * adapter's table (engine/trigger/n8nResponse.ts), re-read there with every n8n upgrade.
 */

type Listener = (...args: unknown[]) => void;

export class ByteStream implements AsyncIterable<Buffer> {
	readonly readable = true;
	private readonly listeners = new Map<string, Array<{ listener: Listener; once: boolean }>>();
	private started = false;
	private destroyed = false;
	private iterator?: AsyncIterator<Buffer>;

	constructor(private readonly chunks: () => AsyncIterator<Buffer>) {}

	/** Pull mode (fs.promises.writeFile): each chunk is made when the consumer asks for it. */
	[Symbol.asyncIterator](): AsyncIterator<Buffer> {
		return this.take();
	}

	on(event: string, listener: Listener): this {
		return this.add(event, listener, false);
	}

	addListener(event: string, listener: Listener): this {
		return this.add(event, listener, false);
	}

	once(event: string, listener: Listener): this {
		return this.add(event, listener, true);
	}

	off(event: string, listener: Listener): this {
		const list = this.listeners.get(event);
		const at = list?.findIndex((l) => l.listener === listener) ?? -1;
		if (list && at >= 0) list.splice(at, 1);
		return this;
	}

	removeListener(event: string, listener: Listener): this {
		return this.off(event, listener);
	}

	emit(event: string, ...args: unknown[]): boolean {
		const list = this.listeners.get(event);
		if (!list?.length) return false;
		for (const entry of [...list]) {
			if (entry.once) this.off(event, entry.listener);
			entry.listener(...args);
		}
		return true;
	}

	/** Stops making bytes: no further request is sent. */
	destroy(error?: Error): this {
		if (this.destroyed) return this;
		this.destroyed = true;
		void this.iterator?.return?.();
		if (error) this.emit('error', error);
		this.emit('close');
		return this;
	}

	private take(): AsyncIterator<Buffer> {
		if (this.started) throw new Error('The file is being read already: its bytes are made once');
		this.started = true;
		this.iterator = this.chunks();
		return this.iterator;
	}

	private add(event: string, listener: Listener, once: boolean): this {
		const list = this.listeners.get(event) ?? [];
		list.push({ listener, once });
		this.listeners.set(event, list);
		// Flowing mode starts with the first 'data' listener, after the caller has attached the others.
		if (event === 'data' && !this.started) void Promise.resolve().then(async () => await this.flow());
		return this;
	}

	private async flow(): Promise<void> {
		if (this.started) return;
		const iterator = this.take();
		try {
			for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
				if (this.destroyed) return;
				this.emit('data', next.value);
			}
			if (this.destroyed) return;
			this.emit('end');
			this.emit('close');
		} catch (error) {
			if (this.destroyed) return;
			this.destroyed = true;
			this.emit('error', error);
			this.emit('close');
		}
	}
}
