/**
 * The one adapter between the triggers and n8n's webhook internals: the only file in nodes/ that
 * touches the HTTP response's end/write, n8n's "static data changed" flag, the webhook description's
 * native resolvers, or the order in which n8n queues, saves and answers. Everything else calls the
 * named hooks below; when n8n changes, this file (and its table) is where to look first.
 *
 * What the package relies on in n8n, read in n8n's compiled source of n8n 2.40.7 and checked in
 * 1.123.81 and 2.41.3 (the three versions the end-to-end suite runs; 2.41.3 as scripts/install-n8n.sh
 * installs it: n8n's own package 2.41.3, n8n-core 2.41.1, n8n-workflow 2.41.0), each row in each of
 * them: the last two columns say what 1.123.81 and 2.41.3 do. File paths under node_modules/n8n/dist
 * unless they name another package:
 *
 * | #   | Behaviour relied on                                                                                  | n8n file (2.40.7)                                              | 1.123.81                                             | Used by                                  | 2.41.3 (diffed against 2.40.7)                          |
 * |-----|------------------------------------------------------------------------------------------------------|----------------------------------------------------------------|------------------------------------------------------|------------------------------------------|----------------------------------------------------------|
 * | N1  | Each webhook call loads the workflow's static data from the database, builds a Workflow on it, and    | webhooks/live-webhooks.js executeWebhook;                       | same                                                 | staticDataMirror.ts (memory, waits)      | same: live-webhooks.js now also copies the published     |
 * |     | in the callback that receives the answer awaits saveStaticData before writing anything: it saves the  | workflows/workflow-static-data.service.js saveStaticData       |                                                      |                                          | versionId; the static data load and save untouched       |
 * |     | whole object when its __dataChanged flag is set. Overlapping calls each save what they loaded.        |                                                                |                                                      |                                          | (workflow-static-data.service.js identical)              |
 * | N2  | Writing a static data member through n8n-workflow's ObservableObject proxy sets the flag; assigning  | n8n-workflow/dist/cjs/observable-object.js create               | same                                                 | staticDataMirror.ts publish              | same: observable-object.js identical (n8n-workflow       |
 * |     | a member its own value sets it again. Building a Workflow on the same object resets it to false.      |                                                                |                                                      |                                          | 2.41.0)                                                  |
 * | N3  | Reply mode Immediately (responseMode onReceived) with workflowData: n8n queues the run first          | webhooks/webhook-helpers.js executeWebhook                      | writes the answer before queuing: no reset to undo   | answerWhenQueued, whenRunRefused         | same: the onReceived path                                |
 * |     | (workflow-runner.js establishContextForPersistence builds a second Workflow on the call's static      | (shouldDeferOnReceivedResponse),                                | (webhook-helpers.js: responseCallback, then run)     |                                          | (shouldDeferOnReceivedResponse, the extractor) and       |
 * |     | data: N2's reset), then reads the trigger's webhookResponse (extractWebhookOnReceivedResponse, when   | webhooks/webhook-on-received-response-extractor.js             |                                                      |                                          | establishContextForPersistence untouched; the 205 lines  |
 * |     | responseData is empty), then saves (N1) and writes it. A run that cannot be queued (Redis away) is     |                                                                |                                                      |                                          | of webhook-helpers.js are MCP queue relays, form pages,  |
 * |     | answered with an HTTP error instead.                                                                  |                                                                |                                                      |                                          | multipart checks and refactors                           |
 * | N4  | A workflow answer (sendResponse, responseMode responseNode) whose body is a Buffer is written with    | webhooks/webhook-helpers.js setupResponseNodePromise;           | same                                                 | workflowAnswer, beforeAnswerWritten      | same: setupResponseNodePromise untouched but for a       |
 * |     | res.end(body) before the save of N1; a JSON body goes the other way (save, then write). From a queue-  | scaling/webhook-response-relay.js                              |                                                      |                                          | renamed import; webhook-response-relay.js identical      |
 * |     | mode worker the answer comes through Redis, a Buffer body kept a Buffer.                               |                                                                |                                                      |                                          |                                                          |
 * | N5  | Every answer n8n gives (the trigger's, the workflow's, the last node's, its error page) passes through | webhooks/webhook-request-handler.js (express res.send/json);    | same                                                 | the answer watch (below)                 | same: webhook-request-handler.js identical               |
 * |     | the response's write/end, once; n8n may call end() again later with nothing (a no-op).                | webhook-helpers.js setupResponseNodePromise (nextTick end)     |                                                      |                                          |                                                          |
 * | N6  | n8n never settles a call whose queue-mode worker died under its run, and does not run that job again   | scaling/scaling.service.js (maxStalledCount 0)                  | same                                                 | ReplyMemory (60 s take-over)             | same for a worker that died under its run, 30 s later: a |
 * |     | (maxStalledCount 0): the connection stays open until the gateway or a proxy closes it.                |                                                                |                                                      |                                          | stalled job is rechecked for up to 30 s (workflow-       |
 * |     |                                                                                                       |                                                                |                                                      |                                          | runner.js processError) and one the database shows       |
 * |     |                                                                                                       |                                                                |                                                      |                                          | success or waiting is settled with its stored result;    |
 * |     |                                                                                                       |                                                                |                                                      |                                          | scaling.service.js identical                             |
 * | N7  | A queue-mode worker runs with an empty copy of the static data and, when the run ends, replaces the    | execution-lifecycle/execution-lifecycle-hooks.js               | same                                                 | ReplyMemory.rememberIfLoaded             | same: the worker save now skips an execution cancelled   |
 * |     | workflow's static data with what the run wrote; one process runs an execution on its own copy loaded | hookFunctionsSaveWorker; workflow-runner.js prepareNewExecution |                                                      |                                          | meanwhile; static data untouched                         |
 * |     | when it started, saved back only if the run changed it.                                               |                                                                |                                                      |                                          |                                                          |
 * | N8  | A webhook description field is resolved by the native resolver under the registered symbol           | n8n-workflow/dist/cjs/webhook-description-fields.js            | no resolvers: always the expression engine (the key  | WEBHOOK_RESOLVERS (describe.ts)          | same: webhook-description-fields.js, webhook-execution-  |
 * |     | n8n.webhookDescriptionResolvers only when the node's parameters hold no expression; otherwise the     | resolveWebhookDescriptionField; webhooks/webhook-execution-    | is ignored)                                          |                                          | context.js, webhook.service.js identical                 |
 * |     | template goes through the expression engine. n8n marks that module transitional.                     | context.js, webhooks/webhook.service.js                         |                                                      |                                          |                                                          |
 * | N9  | parseRequestBody evaluates an expression for every start node whose typeVersion is exactly 1.        | webhooks/webhook-helpers.js parseRequestBody                    | same code path, no isolate cost                      | FIRST_ENGINE_FREE_VERSION (describe.ts)  | same: parseRequestBody refactored, typeVersion 1 still   |
 * |     |                                                                                                      |                                                                 |                                                      |                                          | evaluated                                                |
 * | N10 | Reading a credential in the webhook phase applies defaults through the expression engine (an isolate | credentials-helper.js applyDefaultsAndOverwrites               | no isolate                                           | keptCredential.ts                        | same: applyDefaultsAndOverwrites changed only for OAuth- |
 * |     | of its own under N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE).                                                  |                                                                |                                                      |                                          | pinned hidden fields                                     |
 * | N11 | prepareBinaryData(stream) stores any object with the part of a Node Readable n8n's binary stores     | @n8n/blob-storage/dist/fs-byte-store.js (writeFile);           | n8n-core's own binary-data managers (filesystem      | ByteStream (engine/export/byteStream.ts) | same: the binary-data service, its managers and         |
 * |     | read: filesystem mode writes it with fs.promises.writeFile (any async iterable, one chunk at a time); | n8n-core/dist/binary-data/binary-data.service.js store;        | mode writeFile; streamToBuffer otherwise), tested    |                                          | fs-byte-store.js identical                              |
 * |     | database, s3 and 1.x's in-memory default mode collect it with binaryToBuffer ('data', 'end',         | @n8n/backend-network/dist/http/binary-buffer.js                | in test/unit/engine/byteStream.test.ts               |                                          |                                                         |
 * |     | 'error', 'close' listeners; destroy()). A node may not import `stream`, so the Readable is duck-typed. | binaryToBuffer                                                 |                                                      |                                          |                                                         |
 * | N12 | n8n does not wait on the response's end(): the answer it writes (express res.send/json, or the         | webhooks/webhook-request-handler.js; webhook-helpers.js         | same                                                 | rewriteAnswerAsWritten (a held answer)   | same: webhook-request-handler.js identical;             |
 * |     | Buffer of setupResponseNodePromise) is fire and forget, so the end can be held a while and written     | setupResponseNodePromise                                       |                                                      |                                          | setupResponseNodePromise untouched                      |
 * |     | later; nothing but an empty end() (N5) reaches the response after it.                                 |                                                                |                                                      |                                          |                                                         |
 * | N13 | What n8n itself answers at a send-and-wait resume URL whose execution no longer waits (the node's     | webhooks/waiting-webhooks.js executeWebhook (ConflictError,    | same texts, statuses and page: waiting-webhooks.js   | waitingWebhookAnswer (forwarding.ts)     | same: waiting-webhooks.js lines 191-215 and the        |
 * |     | webhook() never runs): 409 'The execution "<id>" is running already.' (not waiting yet, or resumed    | NotFoundError, res.render), lines 191-215;                     | lines 138-156; the template's <title> the same       |                                          | template's <title> identical to 2.40.7                  |
 * |     | and running); 409 '... has finished with error.' (cancelled too); finished, the node a send-and-wait  | templates/send-and-wait-no-action-required.handlebars           |                                                      |                                          |                                                         |
 * |     | one: 200 and the HTML page titled "No action required" (409 'The execution "<id> has finished         | (<title>No action required</title>)                            |                                                      |                                          |                                                         |
 * |     | already.' for another node); 404 '... does not exist.' for a deleted execution.                       |                                                                |                                                      |                                          |                                                         |
 *
 * The description resolvers (N8) carry no side effect: the one moment the Messaging Trigger needs
 * after queuing (N3) is taken where n8n reads the answer the trigger handed it (answerWhenQueued),
 * which n8n does whatever the node's parameters hold.
 */
import type { WEBHOOK_RESOLVERS as N8nWebhookResolvers, IDataObject, IN8nHttpFullResponse, INodeExecutionData, IWebhookResponseData } from 'n8n-workflow';

/**
 * N8: the key under which a webhook description holds native resolvers for its expression fields,
 * the registered symbol n8n-workflow's `webhookDescriptionFields()` writes. Spelled here rather than
 * imported: n8n 1.x's n8n-workflow has no such export, and ignores the key.
 */
export const WEBHOOK_RESOLVERS: typeof N8nWebhookResolvers = Symbol.for('n8n.webhookDescriptionResolvers') as typeof N8nWebhookResolvers;

/** The part of Node's ServerResponse (express's Response extends it) an answer passes through (N5). */
export interface AnswerResponse {
	statusCode: number;
	headersSent?: boolean;
	getHeader?(name: string): unknown;
	setHeader?(name: string, value: string): unknown;
	removeHeader?(name: string): void;
	writeHead?(status: number, headers: Record<string, string>): unknown;
	write?: (...args: unknown[]) => boolean;
	end: (...args: unknown[]) => unknown;
	once?: (event: 'close', listener: () => void) => unknown;
}

/** Writes an answer now, as n8n's Slack and Webhook triggers do; the trigger then tells n8n noWebhookResponse. */
export function writeAnswerNow(res: AnswerResponse, status: number, contentType: string, text: string) {
	if (res.headersSent) return;
	res.writeHead?.(status, { 'Content-Type': contentType, 'Content-Length': String(Buffer.byteLength(text)) });
	res.end(text);
}

// ---------------------------------------------------------------------------------------------
// The answer watch (N5): one wrapper per response, whoever asks and however many times.

/** What n8n's answer looks like at the moment it is written. */
export interface WrittenAnswer {
	status: number;
	contentType: string;
	body: string;
}

/** The answer to write instead. */
export interface Replacement {
	status: number;
	contentType: string;
	body: string;
}

/** A rewrite's answer: the replacement (or none: as written), now or once a promise settles. */
export type RewriteResult = Replacement | undefined | Promise<Replacement | undefined>;

interface Watch {
	rewrite?: (written: WrittenAnswer) => RewriteResult;
	before: Array<(status: number, chunk: unknown) => void>;
	after: Array<() => void>;
	chunks: Buffer[];
}

const watches = new WeakMap<AnswerResponse, Watch>();

/** Collects a chunk of the answer being rewritten, as bytes. */
function keep(w: Watch, chunk: unknown, encoding: unknown) {
	if (typeof chunk === 'string') w.chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
	else if (chunk instanceof Uint8Array) w.chunks.push(Buffer.from(chunk));
}

function isPromise(value: unknown): value is Promise<Replacement | undefined> {
	return Boolean(value) && typeof (value as Promise<unknown>).then === 'function';
}

/**
 * The one wrapper of a response's end (and write, while a rewrite is asked for). At the first end:
 * the original functions are put back, the rewrite (if any) replaces the collected answer, the
 * `before` listeners see the status and bytes that go out, the bytes are written, then the `after`
 * listeners run. Every hook below registers here, so the order never depends on who asked first.
 * A rewrite that answers with a promise (an SMS to send first) holds the answer until it settles
 * (N12): meanwhile a further end or write from n8n (N5: an empty end) is ignored.
 */
function watch(res: AnswerResponse): Watch {
	const found = watches.get(res);
	if (found) return found;
	const w: Watch = { before: [], after: [], chunks: [] };
	watches.set(res, w);
	const originalEnd = res.end;
	const originalWrite = res.write;
	const putBack = () => {
		res.end = originalEnd;
		if (originalWrite) res.write = originalWrite;
		else delete res.write;
	};
	const finish = (out: unknown, done: (() => void) | undefined, replacement: Replacement | undefined) => {
		if (replacement && !res.headersSent) {
			res.statusCode = replacement.status;
			for (const name of ['content-encoding', 'etag', 'transfer-encoding']) res.removeHeader?.(name);
			res.setHeader?.('Content-Type', replacement.contentType);
			res.setHeader?.('Content-Length', String(Buffer.byteLength(replacement.body)));
			out = replacement.body;
		}
		for (const listener of w.before) listener(res.statusCode, out);
		const result = done ? originalEnd.call(res, out, done) : originalEnd.call(res, out);
		for (const listener of w.after) listener();
		return result;
	};
	res.end = function (this: unknown, ...args: unknown[]) {
		putBack();
		watches.delete(res);
		const done = args.find((a) => typeof a === 'function') as (() => void) | undefined;
		if (!w.rewrite) {
			const out = typeof args[0] === 'function' ? undefined : args[0];
			for (const listener of w.before) listener(res.statusCode, out);
			const result = originalEnd.apply(this, args);
			for (const listener of w.after) listener();
			return result;
		}
		const [chunk, encoding] = args;
		keep(w, chunk, encoding);
		const out = Buffer.concat(w.chunks);
		const replacement = res.headersSent
			? undefined
			: w.rewrite({ status: res.statusCode, contentType: String(res.getHeader?.('content-type') ?? ''), body: out.toString('utf8') });
		if (!isPromise(replacement)) return finish(out, done, replacement);
		res.end = () => res;
		res.write = () => true;
		void replacement
			.catch(() => undefined)
			.then((settled) => {
				putBack();
				finish(out, done, settled);
			});
		return res;
	};
	return w;
}

/**
 * Calls `listener` with the status and the bytes of the answer as they are written (whoever writes
 * them: the trigger, n8n, a worker through Redis, or n8n's error page), just before, once. Where n8n
 * writes a Buffer answer before its save (N4), a static data write made here is in that save.
 */
export function beforeAnswerWritten(res: AnswerResponse, listener: (status: number, chunk: unknown) => void) {
	watch(res).before.push(listener);
}

/**
 * Calls `then` once the answer's bytes are written (whoever writes them), to an open connection or
 * to one the caller has closed meanwhile: a caller that gives up (a gateway's callback timeout) does
 * not end what the answer's writer is still doing (an SMS being sent, a run), so the close is not
 * watched. An answer that is never written (N6: a queue-mode worker killed under the run) is the
 * caller's to bound (ReplyMemory's COPY_ABANDONED_MS).
 */
export function afterAnswerWritten(res: AnswerResponse, then: () => void) {
	watch(res).after.push(then);
}

/**
 * Rewrites the answer n8n writes for this request, as its bytes pass (N5): whatever n8n would send
 * (a workflow's reply, the last node's data, an empty answer, or its error page) is collected,
 * handed to `rewrite`, and replaced by what that returns (or sent as written when it returns
 * nothing). For an answer that must wait for the run but take the trigger's own shape. `rewrite`
 * may return a promise: the answer is held until it settles (N12), for work that must be done
 * before the gateway hears the answer (a reply SMS on a long code).
 */
export function rewriteAnswerAsWritten(res: AnswerResponse, rewrite: (written: WrittenAnswer) => RewriteResult) {
	const w = watch(res);
	w.rewrite = rewrite;
	// Collected until the end, which (watch) puts back the write it found.
	res.write = (chunk: unknown, encoding?: unknown, callback?: unknown) => {
		keep(w, chunk, encoding);
		if (typeof encoding === 'function') encoding();
		else if (typeof callback === 'function') callback();
		return true;
	};
}

// ---------------------------------------------------------------------------------------------
// Static data and the moments n8n saves it (N1-N3).

/**
 * Sets n8n's "changed" flag of a call's static data again (N2), by assigning `member` its own value:
 * n8n then saves the object with this call (N1).
 */
export function markStaticDataChanged(staticData: IDataObject, member: string) {
	const value = staticData[member];
	staticData[member] = value;
}

/**
 * Hands n8n the trigger's answer for reply mode Immediately, with the run to queue: n8n writes the
 * answer once the run is queued, or an HTTP error when it cannot be queued (N3). `whenTaken` runs
 * each time n8n reads the answer, which n8n 2.40 does after queuing and before its save (and 1.x
 * before queuing and saving, when it writes the answer at once): never for a run that could not be
 * queued. So it is the moment the answer is known to go out, and a static data write made there
 * (which sets the flag again after the reset that queuing made, N2) is in n8n's save. It runs
 * whatever the node's parameters hold (unlike a description resolver, N8).
 */
export function answerWhenQueued(answer: IDataObject, workflowData: INodeExecutionData[][], whenTaken: () => void): IWebhookResponseData {
	const result: IWebhookResponseData = { workflowData };
	Object.defineProperty(result, 'webhookResponse', {
		enumerable: true,
		get() {
			whenTaken();
			return answer;
		},
	});
	return result;
}

/**
 * Calls `then` when n8n answers this request with an HTTP error (status >= 400) after the trigger
 * handed it a run (answerWhenQueued): the run could not be queued (N3, Redis away), so `whenTaken`
 * never runs and whatever the trigger holds for that run (a claim) must be let go now, for the
 * sender's repeat. Seen as the answer's bytes pass (N5), whoever writes them. n8n 1.x writes the
 * answer before it queues (N3's 1.123.81 column): there a run that then fails to queue cannot be told.
 */
export function whenRunRefused(res: AnswerResponse, then: () => void) {
	beforeAnswerWritten(res, (status) => {
		if (status >= 400) then();
	});
}

/**
 * The workflow's answer to the waiting webhook, for `sendResponse` (a node after the trigger): a
 * Buffer body, the same bytes on the wire as JSON, because n8n writes a Buffer before it saves the
 * call's static data (N4), so what the trigger remembers as it passes is saved with the call.
 */
export function workflowAnswer(json: IDataObject): IN8nHttpFullResponse {
	return { body: Buffer.from(JSON.stringify(json)), headers: { 'content-type': 'application/json' }, statusCode: 200 };
}

// ---------------------------------------------------------------------------------------------
// The waiting webhook's own answers (N13).

/**
 * What n8n's own answer at a send-and-wait resume URL says of the execution (N13), when n8n answered
 * instead of the waiting node: 'running' (409 running already: not waiting yet, or resumed and
 * running), 'finished' (409 finished already, or 200 with the "No action required" page). Anything
 * else (finished with error, 404, an ack from the node, a proxy's page) is undefined: the caller
 * decides on it by its status.
 */
export type WaitingWebhookState = 'running' | 'finished';

const NO_ACTION_PAGE = /<title>\s*No action required\s*<\/title>/i;

export function waitingWebhookAnswer(status: number, body: unknown): WaitingWebhookState | undefined {
	const text = typeof body === 'string' ? body : JSON.stringify(body ?? '');
	if (status === 409 && /is running already/i.test(text)) return 'running';
	if (status === 409 && /has finished already/i.test(text)) return 'finished';
	if (status === 200 && NO_ACTION_PAGE.test(text)) return 'finished';
	return undefined;
}
