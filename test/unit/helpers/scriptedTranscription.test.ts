// The scripted OpenAI-compatible server's transcription endpoint (test/helpers/scriptedChatModel.ts),
// fed the way n8n's OpenAI node feeds it (the form-data package, as the node's transcribe operation
// builds its upload) and the way a fetch client does: the upload is recorded byte for byte, the
// scripted transcript comes back as JSON or plain text, and anything unscripted is a visible 400.
import FormData from 'form-data';
import { ScriptedChatModel } from '../../helpers/scriptedChatModel';

let model: ScriptedChatModel;
beforeAll(async () => {
	model = await ScriptedChatModel.start();
});
afterAll(async () => model.close());
beforeEach(() => model.reset());

/** Bytes no text decoding keeps intact (every byte value, CR LF and a fake boundary inside). */
const AUDIO = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x00]), Buffer.from('\r\n--not-the-boundary\r\n'), Buffer.from(Array.from({ length: 256 }, (_, i) => i))]);

async function uploadAsN8nDoes(fields: Record<string, string>, file = AUDIO) {
	const form = new FormData();
	for (const [name, value] of Object.entries(fields)) form.append(name, value);
	form.append('file', file, { filename: 'call-1.mp3', contentType: 'audio/mpeg' });
	const res = await fetch(`${model.baseUrl}/audio/transcriptions`, { method: 'POST', headers: form.getHeaders(), body: form.getBuffer() });
	return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

test('answers the scripted transcript as JSON and records the upload byte for byte', async () => {
	model.transcribe(['Hello, this is Jean about the invoice.']);
	const answer = await uploadAsN8nDoes({ model: 'whisper-1', language: 'en' });
	expect(answer.status).toBe(200);
	expect(JSON.parse(answer.text)).toEqual({ text: 'Hello, this is Jean about the invoice.', usage: { type: 'duration', seconds: 1 } });
	expect(model.transcriptions).toHaveLength(1);
	const [upload] = model.transcriptions;
	expect(upload.fields).toEqual({ model: 'whisper-1', language: 'en' });
	expect(upload.file).toMatchObject({ filename: 'call-1.mp3', contentType: 'audio/mpeg' });
	expect(upload.file.bytes.equals(AUDIO)).toBe(true);
	expect(model.remainingTranscripts).toBe(0);
	expect(model.problems).toEqual([]);
});

test('response_format text: the transcript as plain text (fetch FormData upload)', async () => {
	model.transcribe(['Plain words.']);
	const form = new globalThis.FormData();
	form.append('model', 'whisper-1');
	form.append('response_format', 'text');
	form.append('file', new Blob([AUDIO], { type: 'audio/mpeg' }), 'a.mp3');
	const res = await fetch(`${model.baseUrl}/audio/transcriptions`, { method: 'POST', body: form });
	expect(res.status).toBe(200);
	expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
	expect(await res.text()).toBe('Plain words.');
	expect(model.transcriptions[0].file.bytes.equals(AUDIO)).toBe(true);
});

test('no transcript left, no file, another response_format, or not multipart: HTTP 400 listed in problems', async () => {
	expect((await uploadAsN8nDoes({ model: 'whisper-1' })).status).toBe(400);
	model.transcribe(['unused']);
	expect((await uploadAsN8nDoes({ model: 'whisper-1', response_format: 'srt' })).status).toBe(400);
	const noFile = new FormData();
	noFile.append('model', 'whisper-1');
	expect((await fetch(`${model.baseUrl}/audio/transcriptions`, { method: 'POST', headers: noFile.getHeaders(), body: noFile.getBuffer() })).status).toBe(400);
	expect((await fetch(`${model.baseUrl}/audio/transcriptions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(400);
	expect(model.problems).toEqual([
		expect.stringContaining('no transcript left'),
		expect.stringContaining('response_format srt'),
		expect.stringContaining('no file part'),
		expect.stringContaining('multipart/form-data'),
	]);
	expect(model.remainingTranscripts).toBe(1);
});
