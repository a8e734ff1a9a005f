/**
 * New Recording (review 3, R11): a recording's name repeated on two rows of the leg details counts
 * once (calls/outcome.ts summarize), so the lookup waits for the real number of recordings; an MP3
 * is downloaded within a size cap and the notification's clock (shared/recordings.ts
 * downloadRecordingWithin), else left at its URL with the reason (calls/recordingItems.ts).
 */
import { Readable } from 'node:stream';
import type { IDataObject, IHttpRequestOptions, IWebhookFunctions } from 'n8n-workflow';
import { summarize } from '../../../nodes/SolSwitchTrigger/calls/outcome';
import { recordingItems } from '../../../nodes/SolSwitchTrigger/calls/recordingItems';
import { Deadline } from '../../../nodes/SolSwitchTrigger/calls/deadline';
import type { SwitchFacts } from '../../../nodes/SolSwitchTrigger/calls/switchFacts';
import { forgetKeptCredentials } from '../../../nodes/engine/trigger/keptCredential';
import { downloadRecordingWithin, MAX_RECORDING_BYTES, type DownloadContext } from '../../../nodes/shared/recordings';

/** The customer's lists as the switch would give them (calls/switchFacts.ts): extension 201 answers. */
const FACTS: SwitchFacts = { customer: '1', extensions: new Set(['201']), dids: new Set(), boxes: new Set(), queues: new Set(), missing: [] };

const answered = { LegID: '1', StartTime: '2026-11-27 10:00:00', ConnectTime: '2026-11-27 10:00:05', EndTime: '2026-11-27 10:01:05', SourceNumber: '4385550142', DestinationNumber: '201', Disposition: 'ANSWERED' };

describe('recording names', () => {
	it('a name repeated on the Answered and Ended rows counts once; distinct names keep their order', () => {
		const s = summarize('1.2', [answered], [
			{ State: 'Answered', Recording: '1.2-1.mp3' },
			{ State: 'Ended', Recording: '1.2-1.mp3' },
			{ State: 'Answered', Recording: '1.2-2.mp3' },
			{ State: 'Ended', Recording: '1.2-2.mp3' },
		], FACTS);
		expect(s.Recordings).toEqual(['1.2-1.mp3', '1.2-2.mp3']);
	});
});

/** n8n's plain request helper answering a stream (encoding 'stream'), as n8n-core does. */
function server(answer: { statusCode?: number; headers?: IDataObject; chunks: Buffer[] }, asked: IHttpRequestOptions[] = [], onChunk?: () => void) {
	let stream: Readable | undefined;
	const fn: DownloadContext = {
		getNode: () => ({ name: 'New Recording' }) as never,
		helpers: {
			httpRequest: (async (options: IHttpRequestOptions) => {
				asked.push(options);
				const body = Readable.from(
					(function* () {
						for (const c of answer.chunks) {
							onChunk?.();
							yield c;
						}
					})(),
				);
				stream = body;
				return { statusCode: answer.statusCode ?? 200, headers: answer.headers ?? {}, body };
			}) as never,
		},
	};
	return { fn, destroyed: () => Boolean(stream?.destroyed && !stream.readableEnded) };
}

const bounds = (over: Partial<Parameters<typeof downloadRecordingWithin>[3]> = {}) => ({ maxBytes: 1000, timeout: 30_000, until: Number.POSITIVE_INFINITY, limitName: 'Wait for Call Record (15 s)', ...over });

describe('a bounded download', () => {
	it('under the cap: the bytes, asked as a stream with the time left as its timeout', async () => {
		const asked: IHttpRequestOptions[] = [];
		const { fn } = server({ chunks: [Buffer.from('ID3'), Buffer.from('rest')] }, asked);
		expect(await downloadRecordingWithin(fn, 'http://switch.test/r/1.mp3', 'portion 1', bounds({ until: 5000, clock: () => 1000 }))).toEqual({ mp3: Buffer.from('ID3rest') });
		expect(asked[0]).toMatchObject({ method: 'GET', encoding: 'stream', timeout: 4000 });
		expect(asked[0]).not.toHaveProperty('headers.Authorization');
	});

	it('a Content-Length over the cap: nothing read, left at its URL with the reason', async () => {
		const read: number[] = [];
		const { fn } = server({ headers: { 'content-length': '5000' }, chunks: [Buffer.alloc(5000)] }, [], () => read.push(1));
		expect(await downloadRecordingWithin(fn, 'http://x/1.mp3', 'portion 1', bounds())).toEqual({
			skipped: 'The MP3 is larger than 1000 bytes, the most that is downloaded into an item: download it from URL',
		});
		expect(read).toEqual([]);
	});

	it('no Content-Length, more bytes than the cap: stopped (the stream destroyed) as soon as it passes', async () => {
		const read: number[] = [];
		const s = server({ chunks: [Buffer.alloc(600), Buffer.alloc(600), Buffer.alloc(600), Buffer.alloc(600)] }, [], () => read.push(1));
		const got = await downloadRecordingWithin(s.fn, 'http://x/1.mp3', 'portion 1', bounds());
		expect(got).toHaveProperty('skipped', expect.stringContaining('larger than'));
		expect(read.length).toBe(2);
		expect(s.destroyed()).toBe(true);
	});

	it('the clock running out mid-download: stopped, left at its URL, the limit named', async () => {
		let now = 0;
		const s = server({ chunks: [Buffer.alloc(10), Buffer.alloc(10), Buffer.alloc(10)] }, [], () => (now += 600));
		const got = await downloadRecordingWithin(s.fn, 'http://x/1.mp3', 'portion 1', bounds({ until: 1000, clock: () => now }));
		expect(got).toEqual({ skipped: 'The MP3 could not be downloaded within Wait for Call Record (15 s): download it from URL' });
	});

	it('no time left at all: not asked', async () => {
		const asked: IHttpRequestOptions[] = [];
		const { fn } = server({ chunks: [] }, asked);
		expect(await downloadRecordingWithin(fn, 'http://x/1.mp3', 'portion 1', bounds({ until: 1000, clock: () => 990 }))).toHaveProperty('skipped');
		expect(asked).toEqual([]);
	});

	it('an HTTP error in time is the same clear failure as before', async () => {
		const { fn } = server({ statusCode: 404, chunks: [Buffer.from('Not Found')] });
		await expect(downloadRecordingWithin(fn, 'http://x/1.mp3', 'recording portion 1 of call 1.2', bounds())).rejects.toThrow('Could not download recording portion 1 of call 1.2: HTTP 404');
	});

	it('the cap is 32 MB', () => {
		expect(MAX_RECORDING_BYTES).toBe(32 * 1024 * 1024);
	});
});

describe("New Recording's items", () => {
	beforeEach(() => forgetKeptCredentials());

	it('an MP3 over the cap: the item keeps its URL and says why it has no binary; one under it gets its MP3', async () => {
		const urls = ['http://switch.test/recordings/1.2/1.mp3?t=a', 'http://switch.test/recordings/1.2/2.mp3?t=b'];
		const fn = {
			getNode: () => ({ id: 'n1', name: 'New Recording', type: 'n8n-nodes-solswitch.solSwitchTrigger', typeVersion: 2, position: [0, 0], parameters: {}, credentials: { solSwitchApi: { id: 'c', name: 'Switch' } } }),
			getCredentials: async () => ({ baseUrl: 'http://switch.test', apiKey: 'k', customer: '' }),
			getNodeParameter: (name: string) => (name === 'downloadRecordings' ? true : 'audio'),
			helpers: {
				httpRequestWithAuthentication: async () => ({ statusCode: 200, body: { Status: 'OK', Recording: urls.map((URL) => ({ URL })) } }),
				httpRequest: async (options: IHttpRequestOptions) => ({
					statusCode: 200,
					headers: { 'content-length': options.url === urls[0] ? '4000' : '3' },
					body: Readable.from([options.url === urls[0] ? Buffer.alloc(4000) : Buffer.from('ID3')]),
				}),
				prepareBinaryData: async (data: Buffer, fileName: string, mimeType: string) => ({ data: data.toString('base64'), fileName, mimeType }),
			},
		} as unknown as IWebhookFunctions;
		const s = summarize('1.2', [answered], [{ Recording: '1.2-1.mp3' }, { Recording: '1.2-2.mp3' }], FACTS);
		const items = await recordingItems(fn, s, '1', new Deadline(15_000), 1000);
		expect(items[0].json).toMatchObject({ Portion: 1, URL: urls[0], DownloadSkipped: expect.stringContaining('download it from URL') });
		expect(items[0].binary).toBeUndefined();
		expect(items[1].json).not.toHaveProperty('DownloadSkipped');
		expect(items[1].binary?.audio).toMatchObject({ fileName: '1.2-2.mp3', mimeType: 'audio/mpeg', data: Buffer.from('ID3').toString('base64') });
	});
});
