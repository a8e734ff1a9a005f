/**
 * Bad input and a misbehaving switch: each gets a clear error naming what is wrong, the key never
 * appears in an error, and continueOnFail keeps the other items.
 */
import { createServer } from 'node:net';
import { runNode } from '../../../scripts/n8n-engine/n8nEngine';
import { useSandbox } from '../../helpers/sandbox';

const env = useSandbox();
const KEY = 'sandbox-switch-key';

function newCall(credentials = env.switchCredentials(), parameters: Record<string, unknown> = {}, extra = {}) {
	return runNode({
		type: 'solSwitch',
		parameters: { resource: 'call', operation: 'newCall', Extension: '201', Destination: '5145550123', ...parameters } as never,
		credentials,
		...extra,
	});
}

function expectNoSecret(error: unknown, secret: string) {
	const text = JSON.stringify(error, Object.getOwnPropertyNames(error as object)) + String((error as Error).stack);
	expect(text).not.toContain(secret);
}

async function closedPort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
	const port = (server.address() as { port: number }).port;
	await new Promise<void>((r) => server.close(() => r()));
	return port;
}

describe('errors a user can act on', () => {
	it('wrong key: the switch Reason with its masked key, a hint, and not our key', async () => {
		const wrong = 'wrong-key-0123456789';
		const { error, items } = await newCall(env.switchCredentials({ apiKey: wrong }));
		expect(items).toHaveLength(0);
		expect(error?.message).toBe('The switch answered FAIL: Provided API Key wron**************** is invalid.');
		expect(error?.description).toMatch(/Check the Key in the credential/);
		expectNoSecret(error, wrong);
	});

	it('missing key when the switch requires one', async () => {
		const { error } = await newCall(env.switchCredentials({ apiKey: '' }));
		expect(error?.message).toBe('The switch answered FAIL: Error with Key');
		expect(env.received('newcall')[0].body).not.toHaveProperty('Key');
	});

	it('IP address not allowed, with a hint to ask the operator', async () => {
		env.sandbox.switchAuth.allowedIps = ['10.9.8.7'];
		try {
			const { error } = await newCall();
			expect(error?.message).toBe('The switch answered FAIL: IP address not allowed');
			expect(error?.description).toMatch(/ask the operator to allow its IP address/);
		} finally {
			env.sandbox.switchAuth.allowedIps = null;
		}
	});

	it('no key needed when the switch allows this server by IP address', async () => {
		env.sandbox.switchAuth.allowedIps = ['127.0.0.1'];
		env.sandbox.switchAuth.requireKey = false;
		try {
			const { error, items } = await newCall(env.switchCredentials({ apiKey: '' }));
			expect(error).toBeUndefined();
			expect(items[0].json.Status).toBe('OK');
		} finally {
			env.sandbox.switchAuth.allowedIps = null;
			env.sandbox.switchAuth.requireKey = true;
		}
	});

	it('customer-scoped key: the credential default customer is sent, another customer is refused', async () => {
		const own = await newCall(env.customer2Credentials());
		expect(own.error).toBeUndefined();
		expect(env.received('newcall')[0].body).toMatchObject({ Customer: 2, Key: 'sandbox-customer2-key' });
		const other = await newCall(env.customer2Credentials(), { additionalFields: { Customer: 1 } });
		expect(other.error?.message).toBe('The switch answered FAIL: No access to customer number 1');
		expect(other.error?.description).toMatch(/limited to one customer/);
	});

	it('unknown customer and unknown extension', async () => {
		expect((await newCall(undefined, { additionalFields: { Customer: 99 } })).error?.message).toBe(
			'The switch answered FAIL: Unknown Customer ID',
		);
		const { error } = await newCall(undefined, { Extension: '999' });
		expect(error?.message).toBe('The switch answered FAIL: Unknown Extension Number');
		expect(error?.description).toMatch(/must exist on this customer/);
	});

	it('unknown channel, with a hint to list active calls', async () => {
		const { error } = await runNode({
			type: 'solSwitch',
			parameters: { resource: 'call', operation: 'hold', Channel: 'SIP/999-00000000' },
			credentials: env.switchCredentials(),
		});
		expect(error?.message).toBe('The switch answered FAIL: Unknown Channel');
		expect(error?.description).toMatch(/List Active Calls/);
	});

	it('invalid input is refused before any request is sent', async () => {
		const { error } = await newCall(undefined, { Extension: '20' });
		expect(error?.message).toBe('Extension must be 3 to 5 digits');
		const malformed = await newCall(undefined, { additionalFields: { CustomDVData: '{"URL": ' } });
		expect(malformed.error?.message).toBe('Custom DV Data must be valid JSON (an object or an array)');
		// n8n itself refuses to run with a required field left empty; an expression can still yield nothing.
		const missing = await newCall(undefined, { Destination: '={{ $json.nothing }}' });
		expect(missing.error?.message).toBe('Destination is required');
		expect(env.received('newcall')).toHaveLength(0);
	});

	it('a switch that is down', async () => {
		const port = await closedPort();
		const { error } = await newCall(env.switchCredentials({ baseUrl: `http://127.0.0.1:${port}` }));
		expect(error?.message).toBe(`Could not connect to the switch at http://127.0.0.1:${port} (connection refused)`);
		expect(error?.description).toMatch(/Check the Base URL/);
		expectNoSecret(error, KEY);
	});

	it('a switch that is too slow: the request times out after Options > Timeout', async () => {
		env.sandbox.faults.set({ match: 'newcall', mode: 'slow', delayMs: 3000, times: 1 });
		const { error } = await newCall(undefined, { options: { timeout: 300 } });
		expect(error?.message).toBe('The switch did not answer within 300 ms');
		expect(error?.description).toMatch(/raise Options > Timeout/);
		expectNoSecret(error, KEY);
	});

	it('an answer that is not JSON, an HTTP error, and an empty answer', async () => {
		env.sandbox.faults.set({ match: 'newcall', mode: 'notJson', times: 1 });
		const page = (await newCall()).error;
		expect(page?.message).toBe('The switch answered an HTML page, not JSON');
		expect(page?.description).toMatch(/Check the Base URL.*The page says: "Service Unavailable"/);
		env.sandbox.faults.set({ match: 'newcall', mode: 'http500', times: 1 });
		const failed = (await newCall()).error;
		expect(failed?.message).toBe('The switch answered HTTP 500 Internal Server Error: the switch failed while answering');
		expect(failed?.description).toMatch(/The answer says: "Internal Server Error"/);
		env.sandbox.faults.set({ match: 'newcall', mode: 'empty', times: 1 });
		expect((await newCall()).error?.message).toBe('The switch answered something that is not JSON (an empty body)');
	});

	it('a base URL that points somewhere other than the switch (404)', async () => {
		const { error } = await newCall(env.switchCredentials({ baseUrl: `${env.sandbox.url}/nothing-here` }));
		expect(error?.message).toMatch(/^The switch answered/);
	});

	it('continueOnFail: a failing item becomes an error item and the others go on', async () => {
		const { items, error } = await newCall(undefined, { Extension: '={{ $json.ext }}' }, {
			continueOnFail: true,
			input: [{ json: { ext: '201' } }, { json: { ext: '1' } }, { json: { ext: '999' } }, { json: { ext: '202' } }],
		});
		expect(error).toBeUndefined();
		expect(items.map((i) => [i.pairedItem, i.json.error ?? i.json.Status])).toEqual([
			[{ item: 0 }, 'OK'],
			[{ item: 1 }, 'Extension must be 3 to 5 digits'],
			[{ item: 2 }, 'The switch answered FAIL: Unknown Extension Number'],
			[{ item: 3 }, 'OK'],
		]);
		expect(JSON.stringify(items)).not.toContain(KEY);
	});

	it('"No Records Found." on a command (deleting a caller ID route that does not exist) is a failure', async () => {
		const none = await runNode({
			type: 'solSwitch',
			parameters: { resource: 'callerIdRoute', operation: 'manage', Type: 'del', CID: '5145550000' } as never,
			credentials: env.switchCredentials(),
		});
		expect(none.items).toHaveLength(0);
		expect(none.error?.message).toBe('The switch answered FAIL: No Records Found.');
	});
});
