/**
 * The sandbox's phones that reply (sandbox/gateway/phones.ts): a number answers the last SMS it
 * received, or every SMS after a delay, as an ordinary MO message POSTed to the provider URL.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_GATEWAY_KEY } from '../../../sandbox/gateway/config';
import { gatewayOf } from '../../../sandbox/gateway';
import { useSandbox } from '../../helpers/sandbox';

jest.setTimeout(30_000);

const env = useSandbox();
let provider: Server;
const received: Array<Record<string, unknown>> = [];

beforeAll(async () => {
	provider = createServer((req, res) => {
		let text = '';
		req.on('data', (c) => (text += c));
		req.on('end', () => {
			received.push(JSON.parse(text));
			res.writeHead(200, { 'content-type': 'application/json' }).end('{"Status":"OK"}');
		});
	});
	await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
	gatewayOf(env.sandbox).configure({ providerUrl: `http://127.0.0.1:${(provider.address() as AddressInfo).port}/mo` });
});

afterAll(async () => {
	await new Promise((r) => provider.close(r));
});

beforeEach(() => (received.length = 0));

const post = async (path: string, body: unknown, method = 'POST') => {
	const res = await fetch(`${env.sandbox.url}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
	return { status: res.status, json: (await res.json()) as Record<string, unknown> };
};
const sendSms = (From: string, To: string, Body: string) => post('/sms/', { Key: DEFAULT_GATEWAY_KEY, From, To, Body });
const without = ({ Key: _key, ...rest }: Record<string, unknown>) => rest;

describe('sandbox phones that reply', () => {
	it('answer the last SMS the number received, from the number to the code that sent it', async () => {
		await sendSms('55555', '15145550123', 'First?\nReply YES or NO');
		await sendSms('55556', '15145550123', 'Second?\nReply YES or NO');
		const answer = await post('/_sandbox/gateway/phones/15145550123/reply', { Body: 'YES', wait: true });
		expect(answer.status).toBe(200);
		expect(answer.json).toMatchObject({ Status: 'OK', state: 'delivered' });
		expect(received.map(without)).toEqual([{ Type: 'Message', ID: expect.any(String), From: '15145550123', To: '55556', Body: 'YES' }]);
	});

	it('refuses a reply from a number that received nothing, or without a Body', async () => {
		expect((await post('/_sandbox/gateway/phones/15149999999/reply', { Body: 'YES' })).status).toBe(404);
		expect((await post('/_sandbox/gateway/phones/15145550123/reply', {})).status).toBe(400);
		expect(received).toEqual([]);
	});

	it('answer every SMS after the delay while auto-reply is on, and stop when it is removed', async () => {
		expect((await post('/_sandbox/gateway/phones/15145550777/auto-reply', { Body: 'oui', delayMs: 100 })).json).toMatchObject({ Status: 'OK', delayMs: 100 });
		await sendSms('55555', '15145550777', 'Approve?\nReply YES or NO');
		// The phone answers on its own, after the delay (no timed assertion: wait for it).
		while (!received.length) await new Promise((r) => setTimeout(r, 20));
		expect(received.map(without)).toEqual([{ Type: 'Message', ID: expect.any(String), From: '15145550777', To: '55555', Body: 'oui' }]);
		await post('/_sandbox/gateway/phones/15145550777/auto-reply', undefined, 'DELETE');
		received.length = 0;
		await sendSms('55555', '15145550777', 'Again?');
		// Nothing is scheduled any more (the gateway holds no timer for it), so nothing can arrive later.
		expect(gatewayOf(env.sandbox).phones.autoReplies()).toEqual({});
		await new Promise((r) => setTimeout(r, 200));
		expect(received).toEqual([]);
		expect((await post('/_sandbox/gateway/phones/15145550777', undefined, 'GET')).json).toMatchObject({ lastReceived: { text: 'Again?' }, autoReply: null });
	});
});
