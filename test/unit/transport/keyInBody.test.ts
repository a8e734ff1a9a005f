import { addKeyToBody } from '../../../nodes/engine/transport/keyInBody';
import { SolSwitchApi } from '../../../credentials/SolSwitchApi.credentials';

describe('the Key travels as a request attribute', () => {
	it('is added to a JSON body', () => {
		expect(addKeyToBody({ url: 'x', body: { Extension: '201' } }, 'k-1').body).toEqual({ Extension: '201', Key: 'k-1' });
	});
	it('is added to a form body given as URLSearchParams or text', () => {
		const params = addKeyToBody({ url: 'x', body: new URLSearchParams('A=1') }, 'k 2').body as URLSearchParams;
		expect(params.toString()).toBe('A=1&Key=k+2');
		expect(addKeyToBody({ url: 'x', body: 'A=1' }, 'k3').body).toBe('A=1&Key=k3');
	});
	it('is not sent when empty (the switch may allow this server by IP address)', () => {
		expect(addKeyToBody({ url: 'x', body: { A: 1 } }, '').body).toEqual({ A: 1 });
		expect(addKeyToBody({ url: 'x', body: { A: 1 } }, '   ').body).toEqual({ A: 1 });
		expect(addKeyToBody({ url: 'x', body: { A: 1 } }, undefined).body).toEqual({ A: 1 });
	});
	it('is what the credential type authenticate block does', async () => {
		const credential = new SolSwitchApi();
		const auth = credential.authenticate as (c: object, r: object) => Promise<{ body: unknown }>;
		expect((await auth({ apiKey: 'abc' }, { url: 'x', body: {} })).body).toEqual({ Key: 'abc' });
		expect(credential.properties.find((p) => p.name === 'apiKey')?.typeOptions?.password).toBe(true);
	});
});
