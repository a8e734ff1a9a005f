/**
 * The one adapter to n8n's webhook internals (nodes/engine/trigger/n8nResponse.ts): one watch per
 * response whoever asks, the order its hooks run in, the hook n8n calls when it takes the answer of
 * reply mode Immediately, and its table of n8n files, checked against the installed n8n versions.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ObservableObject, type IDataObject } from 'n8n-workflow';
import {
	afterAnswerWritten,
	answerWhenQueued,
	beforeAnswerWritten,
	markStaticDataChanged,
	rewriteAnswerAsWritten,
	workflowAnswer,
	writeAnswerNow,
	type AnswerResponse,
} from '../../../nodes/engine/trigger/n8nResponse';

/** A response like n8n's (express over Node's ServerResponse): what went out, in order. */
function response() {
	const events: string[] = [];
	const headers: Record<string, string> = {};
	const res = {
		statusCode: 200,
		headersSent: false,
		getHeader: (name: string) => headers[name.toLowerCase()],
		setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
		removeHeader: (name: string) => void delete headers[name.toLowerCase()],
		writeHead(status: number, h: Record<string, string>) {
			this.statusCode = status;
			for (const [k, v] of Object.entries(h)) headers[k.toLowerCase()] = v;
		},
		write: (chunk: unknown) => {
			events.push(`wire-write ${String(chunk)}`);
			return true;
		},
		end(chunk?: unknown) {
			events.push(`wire-end ${this.statusCode} ${chunk === undefined ? '' : Buffer.from(chunk as string).toString('utf8')}`);
			this.headersSent = true;
		},
	};
	return { res: res as AnswerResponse & typeof res, events, headers };
}

describe('the answer watch: one wrapper per response, whoever asks', () => {
	it('rewrite, then the before listeners with the bytes that go out, then the wire, then the after listeners; the original functions put back', () => {
		const { res, events, headers } = response();
		const { end: originalEnd, write: originalWrite } = res;
		afterAnswerWritten(res, () => events.push('after'));
		rewriteAnswerAsWritten(res, (written) => {
			events.push(`rewrite ${written.status} ${written.body}`);
			return { status: 200, contentType: 'application/json', body: '{"Status":"OK","Body":"stop"}' };
		});
		beforeAnswerWritten(res, (status, chunk) => events.push(`before ${status} ${String(chunk)}`));
		res.statusCode = 200;
		res.setHeader('content-type', 'application/json');
		res.write('{"Status":"OK",');
		res.end('"Body":"workflow"}');
		expect(events).toEqual([
			'rewrite 200 {"Status":"OK","Body":"workflow"}',
			'before 200 {"Status":"OK","Body":"stop"}',
			'wire-end 200 {"Status":"OK","Body":"stop"}',
			'after',
		]);
		expect(headers['content-length']).toBe(String(Buffer.byteLength('{"Status":"OK","Body":"stop"}')));
		expect(res.end).toBe(originalEnd);
		expect(res.write).toBe(originalWrite);
	});

	it('a rewrite that answers with a promise holds the answer until it settles (N12): an end from n8n meanwhile is ignored', async () => {
		const { res, events } = response();
		const { end: originalEnd } = res;
		let sendSms!: () => void;
		const smsSent = new Promise<void>((resolve) => (sendSms = resolve));
		afterAnswerWritten(res, () => events.push('after'));
		rewriteAnswerAsWritten(res, async (written) => {
			events.push(`rewrite ${written.body}`);
			await smsSent;
			events.push('sms sent');
			return { status: 200, contentType: 'application/json', body: '{"Status":"OK"}' };
		});
		beforeAnswerWritten(res, (status, chunk) => events.push(`before ${status} ${String(chunk)}`));
		res.end('{"Status":"OK","Body":"reply"}');
		res.end();
		expect(events).toEqual(['rewrite {"Status":"OK","Body":"reply"}']);
		sendSms();
		await smsSent;
		await new Promise((resolve) => setImmediate(resolve));
		expect(events).toEqual(['rewrite {"Status":"OK","Body":"reply"}', 'sms sent', 'before 200 {"Status":"OK"}', 'wire-end 200 {"Status":"OK"}', 'after']);
		expect(res.end).toBe(originalEnd);
	});

	it('a held answer whose promise fails goes out as written', async () => {
		const { res, events } = response();
		rewriteAnswerAsWritten(res, () => Promise.reject(new Error('gateway down')));
		res.end('{"Status":"OK"}');
		await new Promise((resolve) => setImmediate(resolve));
		expect(events).toEqual(['wire-end 200 {"Status":"OK"}']);
	});

	it('an error page passes as written when the rewrite declines, and listeners see it', () => {
		const { res, events } = response();
		rewriteAnswerAsWritten(res, () => undefined);
		beforeAnswerWritten(res, (status) => events.push(`before ${status}`));
		res.statusCode = 500;
		res.end('{"message":"Error in workflow"}');
		expect(events).toEqual(['before 500', 'wire-end 500 {"message":"Error in workflow"}']);
	});

	it('without a rewrite, write passes through untouched and end is called with its own arguments', () => {
		const { res, events } = response();
		beforeAnswerWritten(res, (status, chunk) => events.push(`before ${status} ${String(chunk)}`));
		res.write('x');
		res.end('y');
		expect(events).toEqual(['wire-write x', 'before 200 y', 'wire-end 200 y']);
	});

	it('only the first end is seen (n8n ends again later with nothing)', () => {
		const { res, events } = response();
		let seen = 0;
		afterAnswerWritten(res, () => seen++);
		res.end('one');
		res.end();
		expect(seen).toBe(1);
		expect(events).toEqual(['wire-end 200 one', 'wire-end 200 ']);
	});

	it('a closed connection does not end the wait (the answer may still be on its way: R9); the answer written to it does', () => {
		const closes: Array<() => void> = [];
		const res = { statusCode: 200, end: (..._: unknown[]) => undefined, once: (_: 'close', l: () => void) => void closes.push(l) };
		let ended = 0;
		afterAnswerWritten(res, () => ended++);
		closes.forEach((l) => l());
		expect(ended).toBe(0);
		res.end('{"Status":"OK"}');
		expect(ended).toBe(1);
	});

	it('writeAnswerNow writes nothing once headers are sent', () => {
		const { res, events } = response();
		writeAnswerNow(res, 200, 'application/json', '{"Status":"OK"}');
		writeAnswerNow(res, 500, 'application/json', '{"Status":"FAIL"}');
		expect(events).toEqual(['wire-end 200 {"Status":"OK"}']);
	});
});

describe('static data and the moment n8n takes the answer (N2, N3)', () => {
	/** Static data as n8n wraps it (n8n-workflow's ObservableObject): the workflow's object, and its "global" member. */
	function staticData() {
		const workflowData = ObservableObject.create({}, undefined, { ignoreEmptyOnFirstChild: true }) as IDataObject & { __dataChanged: boolean };
		workflowData.global = ObservableObject.create({ memory: { a: 1 } }, workflowData);
		workflowData.__dataChanged = false;
		return workflowData;
	}

	it('markStaticDataChanged sets the flag again without changing the data', () => {
		const data = staticData();
		markStaticDataChanged(data.global as IDataObject, 'memory');
		expect(data.__dataChanged).toBe(true);
		expect(JSON.parse(JSON.stringify(data))).toEqual({ global: { memory: { a: 1 } } });
	});

	it('answerWhenQueued: n8n gets the answer and the run; every read of the answer runs the hook, nothing before', () => {
		let taken = 0;
		const handed = answerWhenQueued({ Status: 'OK', Body: 'hi' }, [[{ json: { id: '1' } }]], () => taken++);
		expect(taken).toBe(0);
		expect(handed.workflowData).toEqual([[{ json: { id: '1' } }]]);
		expect(taken).toBe(0);
		expect(handed.webhookResponse).toEqual({ Status: 'OK', Body: 'hi' });
		expect(taken).toBe(1);
		expect(handed).toEqual({ webhookResponse: { Status: 'OK', Body: 'hi' }, workflowData: [[{ json: { id: '1' } }]] });
	});

	it("workflowAnswer is a Buffer body (n8n writes it before its save, N4), the same bytes as the JSON", () => {
		const answer = workflowAnswer({ Status: 'OK', Body: 'hi' });
		expect(Buffer.isBuffer(answer.body)).toBe(true);
		expect(JSON.parse((answer.body as Buffer).toString('utf8'))).toEqual({ Status: 'OK', Body: 'hi' });
		expect(answer.statusCode).toBe(200);
	});
});

describe('the table of n8n behaviours relied on', () => {
	const source = fs.readFileSync(path.join(__dirname, '../../../nodes/engine/trigger/n8nResponse.ts'), 'utf8');
	const cited = [
		...new Set(
			[...source.matchAll(/(?<![\w/-])((?:webhooks|workflows|scaling|execution-lifecycle)\/[\w./-]+?\.js|workflow-runner\.js|credentials-helper\.js|n8n-workflow\/dist\/cjs\/[\w-]+\.js|n8n-core\/dist\/[\w./-]+?\.js|@n8n\/[\w-]+\/dist\/[\w./-]+?\.js)/g)].map((m) => m[1]),
		),
	];
	/** Where a cited file lives: a package's own (n8n-workflow, n8n-core, @n8n/...) or n8n's dist. */
	const inPackage = (file: string) => /^(?:n8n-workflow|n8n-core|@n8n)\//.test(file);
	const installed = (version: string) => path.join(os.homedir(), '.cache/n8n-nodes-solswitch', `n8n-${version}`, 'node_modules');

	it('cites n8n files', () => {
		expect(cited.length).toBeGreaterThanOrEqual(10);
		// N11 (byteStream.ts): n8n's binary stores, in n8n-core and @n8n packages.
		expect(cited).toEqual(expect.arrayContaining(['n8n-core/dist/binary-data/binary-data.service.js', '@n8n/blob-storage/dist/fs-byte-store.js', '@n8n/backend-network/dist/http/binary-buffer.js']));
	});

	// scripts/install-n8n.sh installs n8n 2.40.7 and 2.41.3 (.ci/run does before the tests): every cited
	// file is there in both (n8n-workflow's under its own package; n8n's under n8n/dist).
	it.each([
		['2.40.7', ''],
		['2.41.3', 'N8N_VERSION=2.41.3 '],
	])('every cited file exists in the installed n8n %s', (version, env) => {
		const root = installed(version);
		if (!fs.existsSync(path.join(root, 'n8n/dist'))) throw new Error(`n8n ${version} is not installed under ${root}: run ${env}bash scripts/install-n8n.sh`);
		const missing = cited.filter((file) => !fs.existsSync(inPackage(file) ? path.join(root, file) : path.join(root, 'n8n/dist', file)));
		expect(missing).toEqual([]);
	});

	it('says, for every row, what the other versions checked do', () => {
		const header = source.split('\n').find((line) => line.startsWith(' * | #   |'))!;
		expect(header.split('|').map((cell) => cell.trim())).toEqual(['*', '#', 'Behaviour relied on', 'n8n file (2.40.7)', '1.123.81', 'Used by', '2.41.3 (diffed against 2.40.7)', '']);
		const rows = [...source.matchAll(/^ \* \| (N\d+) +\|(.*)$/gm)];
		expect(rows.map((m) => m[1])).toEqual(['N1', 'N2', 'N3', 'N4', 'N5', 'N6', 'N7', 'N8', 'N9', 'N10', 'N11', 'N12', 'N13']);
		for (const [, , cells] of rows) {
			const [, , version1, , latest] = cells.split('|').map((cell) => cell.trim());
			expect(version1).not.toBe('');
			expect(latest).not.toBe('');
		}
	});
});
