/**
 * A scripted OpenAI-compatible chat model on 127.0.0.1 (a free port), for tests that run a real AI
 * Agent in real n8n without the network: point an OpenAI credential's Base URL at `baseUrl` and the
 * OpenAI Chat Model node (Responses API off) talks to this server's POST /v1/chat/completions.
 *
 * Each request takes the next turn of the script: tool calls (the agent runs the tools and asks
 * again with their results) or a final text. Every request is recorded, so a test can assert what
 * the model was told: the tools offered, a tool's result, a decline text. Answers are given streamed
 * (server-sent events) or whole, as the client asks. When the script is used up the server answers
 * HTTP 400 (OpenAI's client does not retry a 400), so an unexpected extra turn fails the run visibly
 * instead of looping.
 *
 * It also transcribes: POST /v1/audio/transcriptions (multipart/form-data, as OpenAI's API and n8n's
 * OpenAI node > Audio > Transcribe a Recording send it) answers the next scripted transcript
 * (`transcribe([...])`), as JSON `{ "text": ... }` (response_format json, the default) or as plain
 * text (response_format text), and records the upload (`transcriptions`: the model, the other form
 * fields, the file's name, type and bytes). No transcript left, no file, or another response_format:
 * HTTP 400, listed in `problems`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A tool as the model is offered it (OpenAI's tools array). */
export interface OfferedTool {
	name: string;
	description: string;
	parameters: Record<string, unknown>;
}

export interface ChatMessage {
	role: 'system' | 'user' | 'assistant' | 'tool' | string;
	content: string | null | Array<{ type: string; text?: string }>;
	tool_calls?: Array<{ id: string; type: string; function: { name: string; arguments: string } }>;
	tool_call_id?: string;
	name?: string;
}

/** One request the model got, as sent. */
export interface ChatRequest {
	body: { model?: string; messages: ChatMessage[]; tools?: Array<{ type: string; function: OfferedTool }>; stream?: boolean; [key: string]: unknown };
	/** The tools offered, by name (n8n names a node's tool after the node: "Send SMS" -> "Send_SMS"). */
	tools: OfferedTool[];
	messages: ChatMessage[];
}

/** One transcription request as uploaded: the form's text fields and its file. */
export interface TranscriptionRequest {
	/** Text fields (model, language, temperature, response_format, ...). */
	fields: Record<string, string>;
	file: { filename: string; contentType: string; bytes: Buffer };
}

/** A tool to call: its exact name, or a pattern matched against the names offered (first match). */
export interface ScriptedToolCall {
	tool: string | RegExp;
	arguments: Record<string, unknown>;
}

export type ScriptedTurn =
	| { toolCalls: ScriptedToolCall[] }
	| { text: string }
	/** Decided when the request arrives (e.g. answer with a text built from a tool's result). */
	| ((request: ChatRequest) => { toolCalls: ScriptedToolCall[] } | { text: string });

/** The text of a message's content (a string, or OpenAI's parts). */
export function contentText(message: ChatMessage): string {
	if (typeof message.content === 'string') return message.content;
	if (Array.isArray(message.content)) return message.content.map((part) => part.text ?? '').join('');
	return '';
}

export class ScriptedChatModel {
	readonly requests: ChatRequest[] = [];
	/** The audio uploads the transcription endpoint got, in order. */
	readonly transcriptions: TranscriptionRequest[] = [];
	private turns: ScriptedTurn[] = [];
	private transcripts: string[] = [];
	private callCounter = 0;
	/** What went wrong serving a request (an unknown tool, the script used up), for the test to show. */
	readonly problems: string[] = [];

	private constructor(private readonly server: Server) {}

	static async start(script: ScriptedTurn[] = []): Promise<ScriptedChatModel> {
		let model!: ScriptedChatModel;
		const server = createServer((req, res) => void model.handle(req, res));
		model = new ScriptedChatModel(server);
		model.script(script);
		await new Promise<void>((resolve, reject) => {
			server.once('error', reject);
			server.listen(0, '127.0.0.1', () => resolve());
		});
		return model;
	}

	/** The Base URL an OpenAI credential takes (with /v1, as api.openai.com's). */
	get baseUrl(): string {
		const { port } = this.server.address() as AddressInfo;
		return `http://127.0.0.1:${port}/v1`;
	}

	/** Replaces the turns still to come (call before each run); the recorded requests are kept. */
	script(turns: ScriptedTurn[]): void {
		this.turns = [...turns];
	}

	/** Replaces the transcripts still to come: each upload to /audio/transcriptions takes the next. */
	transcribe(transcripts: string[]): void {
		this.transcripts = [...transcripts];
	}

	/** Transcripts not used yet. */
	get remainingTranscripts(): number {
		return this.transcripts.length;
	}

	/** Turns not used yet: 0 once a run went as scripted. */
	get remainingTurns(): number {
		return this.turns.length;
	}

	/** Forgets the recorded requests and problems (between tests). */
	reset(turns: ScriptedTurn[] = []): void {
		this.requests.length = 0;
		this.transcriptions.length = 0;
		this.transcripts = [];
		this.problems.length = 0;
		this.script(turns);
	}

	/** The results of tool calls the model was sent, in order, across every request (each once). */
	toolResults(): Array<{ toolCallId: string; content: string }> {
		const seen = new Map<string, string>();
		for (const request of this.requests) {
			for (const message of request.messages) {
				if (message.role === 'tool' && message.tool_call_id && !seen.has(message.tool_call_id)) seen.set(message.tool_call_id, contentText(message));
			}
		}
		return [...seen].map(([toolCallId, content]) => ({ toolCallId, content }));
	}

	async close(): Promise<void> {
		this.server.closeAllConnections?.();
		await new Promise<void>((resolve) => this.server.close(() => resolve()));
	}

	private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		const path = (req.url ?? '').split('?')[0];
		if (req.method === 'GET' && /\/models$/.test(path)) {
			// The credential test and the editor's model list.
			return json(res, 200, { object: 'list', data: [{ id: 'scripted-model', object: 'model', created: 0, owned_by: 'test' }] });
		}
		if (req.method === 'POST' && /\/audio\/transcriptions$/.test(path)) return this.transcription(req, Buffer.concat(chunks), res);
		if (req.method !== 'POST' || !/\/chat\/completions$/.test(path)) {
			return json(res, 404, { error: { message: `No route ${req.method} ${path} (only chat completions and audio transcriptions; is the Responses API off?)`, type: 'invalid_request_error' } });
		}
		let body: ChatRequest['body'];
		try {
			body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
		} catch {
			return json(res, 400, { error: { message: 'Body is not JSON', type: 'invalid_request_error' } });
		}
		const request: ChatRequest = { body, messages: body.messages ?? [], tools: (body.tools ?? []).map((t) => t.function) };
		this.requests.push(request);
		const next = this.turns.shift();
		if (!next) return this.refuse(res, `The scripted model has no turn left for request ${this.requests.length}`);
		const turn = typeof next === 'function' ? next(request) : next;
		let message: { role: 'assistant'; content: string | null; tool_calls?: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }> };
		if ('text' in turn) message = { role: 'assistant', content: turn.text };
		else {
			const calls = [];
			for (const call of turn.toolCalls) {
				const name = resolveTool(call.tool, request.tools);
				if (!name) return this.refuse(res, `No offered tool matches ${String(call.tool)} (offered: ${request.tools.map((t) => t.name).join(', ') || 'none'})`);
				calls.push({ id: `call_${++this.callCounter}`, type: 'function' as const, function: { name, arguments: JSON.stringify(call.arguments) } });
			}
			message = { role: 'assistant', content: null, tool_calls: calls };
		}
		const finish = message.tool_calls ? 'tool_calls' : 'stop';
		const id = `chatcmpl-${this.requests.length}`;
		const created = Math.floor(Date.now() / 1000);
		const model = body.model ?? 'scripted-model';
		const usage = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 };
		if (!body.stream) {
			return json(res, 200, { id, object: 'chat.completion', created, model, choices: [{ index: 0, message, finish_reason: finish, logprobs: null }], usage });
		}
		res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
		const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
		const chunk = (delta: unknown, finishReason: string | null) => ({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }] });
		const delta = message.tool_calls
			? { role: 'assistant', content: null, tool_calls: message.tool_calls.map((c, index) => ({ index, ...c })) }
			: { role: 'assistant', content: message.content };
		send(chunk(delta, null));
		send(chunk({}, finish));
		send({ id, object: 'chat.completion.chunk', created, model, choices: [], usage });
		res.end('data: [DONE]\n\n');
	}

	/** POST /audio/transcriptions: OpenAI's multipart upload, answered with the next scripted transcript. */
	private transcription(req: IncomingMessage, body: Buffer, res: ServerResponse): void {
		const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(String(req.headers['content-type'] ?? ''));
		if (!boundary) return this.refuse(res, 'A transcription must be multipart/form-data');
		const parts = multipartParts(body, boundary[1] ?? boundary[2]);
		const fields: Record<string, string> = {};
		let file: TranscriptionRequest['file'] | undefined;
		for (const part of parts) {
			if (part.filename !== undefined && part.name === 'file') file = { filename: part.filename, contentType: part.contentType, bytes: part.body };
			else fields[part.name] = part.body.toString('utf8');
		}
		if (!file) return this.refuse(res, 'The transcription has no file part');
		if (!fields.model) return this.refuse(res, 'The transcription names no model');
		this.transcriptions.push({ fields, file });
		const format = fields.response_format ?? 'json';
		if (format !== 'json' && format !== 'text') return this.refuse(res, `response_format ${format} is not scripted (json or text)`);
		const text = this.transcripts.shift();
		if (text === undefined) return this.refuse(res, `The scripted model has no transcript left for upload ${this.transcriptions.length}`);
		if (format === 'text') {
			res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(text) });
			res.end(text);
			return;
		}
		json(res, 200, { text, usage: { type: 'duration', seconds: 1 } });
	}

	private refuse(res: ServerResponse, problem: string) {
		this.problems.push(problem);
		json(res, 400, { error: { message: problem, type: 'invalid_request_error' } });
	}
}

function resolveTool(wanted: string | RegExp, offered: OfferedTool[]): string | undefined {
	const names = offered.map((t) => t.name);
	if (typeof wanted === 'string') return names.includes(wanted) ? wanted : undefined;
	return names.find((n) => wanted.test(n));
}

function json(res: ServerResponse, status: number, body: unknown) {
	const text = JSON.stringify(body);
	res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
	res.end(text);
}

interface MultipartPart {
	name: string;
	filename?: string;
	contentType: string;
	body: Buffer;
}

/** The parts of a multipart/form-data body (RFC 7578): headers, a blank line, the bytes up to CRLF--boundary. */
export function multipartParts(body: Buffer, boundary: string): MultipartPart[] {
	const delimiter = Buffer.from(`--${boundary}`);
	const parts: MultipartPart[] = [];
	let at = body.indexOf(delimiter);
	while (at !== -1) {
		const start = at + delimiter.length;
		if (body.subarray(start, start + 2).toString() === '--') break;
		const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), start);
		if (next === -1) break;
		const part = body.subarray(start + 2, next);
		const headerEnd = part.indexOf('\r\n\r\n');
		const headers = part.subarray(0, headerEnd).toString('utf8');
		const disposition = /content-disposition:[^\r\n]*/i.exec(headers)?.[0] ?? '';
		parts.push({
			name: /\bname="([^"]*)"/i.exec(disposition)?.[1] ?? '',
			filename: /\bfilename="([^"]*)"/i.exec(disposition)?.[1],
			contentType: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim() ?? 'text/plain',
			body: part.subarray(headerEnd + 4),
		});
		at = next + 2;
	}
	return parts;
}
