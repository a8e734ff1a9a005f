import { runNode } from '../../../scripts/n8n-engine/n8nEngine';
import { useSandbox } from '../../helpers/sandbox';

const env = useSandbox();

describe('Call > New Call', () => {
	it('places a call and returns its CallID and Channel', async () => {
		const { items, error } = await runNode({
			type: 'solSwitch',
			parameters: { resource: 'call', operation: 'newCall', Extension: '201', Destination: '5145550123' },
			credentials: env.switchCredentials(),
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].json).toEqual({ Status: 'OK', CallID: expect.any(String), Channel: expect.stringMatching(/^SIP\/201-/) });
		const [request] = env.received('newcall');
		expect(request.body).toEqual({ Extension: '201', Destination: '5145550123', Key: 'sandbox-switch-key' });
		expect(request.contentType).toContain('application/json');
	});
});
