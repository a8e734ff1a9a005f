/**
 * The transport knows no service by name: what it says, where it posts and what it hides all come
 * from the ServiceSpec it is handed.
 */
import type { IHttpRequestOptions } from 'n8n-workflow';
import type { ServiceSpec } from '../../../nodes/engine/catalog/types';
import { solswitchRequest, type RequestContext } from '../../../nodes/engine/transport/request';

const service: ServiceSpec = {
	name: 'fax server',
	credential: 'faxServerApi',
	url: (credentials, path) => `${String(credentials.host)}/v2/${path}`,
	secrets: (credentials) => [String(credentials.token)],
	baseUrlHint: 'Check the Host in the fax server credential.',
	hints: [[/busy/i, 'Try later: the fax server is busy.']],
};

function context(answer: { statusCode: number; body: unknown }) {
	const calls: Array<{ credential: string; options: IHttpRequestOptions }> = [];
	const ctx = {
		getNode: () => ({ name: 'Fax', type: 'fax', typeVersion: 1, position: [0, 0], parameters: {}, id: '1' }),
		getCredentials: async (name: string) => {
			expect(name).toBe('faxServerApi');
			return { host: 'http://fax.test', token: 'tok-12345' };
		},
		helpers: {
			httpRequestWithAuthentication: async (credential: string, options: IHttpRequestOptions) => {
				calls.push({ credential, options });
				return answer;
			},
		},
	} as unknown as RequestContext;
	return { ctx, calls };
}

describe('the transport, told by the service', () => {
	it('posts to the URL the service makes of the path, with the service credential', async () => {
		const { ctx, calls } = context({ statusCode: 200, body: { Status: 'OK' } });
		await expect(solswitchRequest(ctx, { service, path: 'send', body: { To: '1' } })).resolves.toEqual({ kind: 'ok', data: { Status: 'OK' } });
		expect(calls.map((c) => [c.credential, c.options.url])).toEqual([['faxServerApi', 'http://fax.test/v2/send']]);
	});

	it("names the service, gives the service's hints, and hides the service's secrets", async () => {
		const http = context({ statusCode: 404, body: 'no route for tok-12345' });
		await expect(solswitchRequest(http.ctx, { service, path: 'send', body: {} })).rejects.toMatchObject({
			// The status and its name in the message; what the body says, shortened, only in the description.
			message: 'The fax server answered HTTP 404 Not Found',
			description: 'Check the Host in the fax server credential. The answer says: "no route for ***"',
		});
		const fail = context({ statusCode: 200, body: { Status: 'FAIL', Reason: 'Busy, token tok-12345' } });
		await expect(solswitchRequest(fail.ctx, { service, path: 'send', body: {} })).rejects.toMatchObject({
			message: 'The fax server answered FAIL: Busy, token ***',
			description: 'Try later: the fax server is busy.',
		});
	});
});
