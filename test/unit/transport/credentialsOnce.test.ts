import type { IExecuteFunctions } from 'n8n-workflow';
import { credentialsOnce } from '../../../nodes/engine/transport/credentialsOnce';

function context(answers: Array<Record<string, unknown> | Error>) {
	const calls: string[] = [];
	const ctx = {
		getCredentials: async (type: string) => {
			calls.push(type);
			const next = answers.shift();
			if (next instanceof Error) throw next;
			return next;
		},
	} as unknown as IExecuteFunctions;
	return { ctx, calls };
}

describe('credentialsOnce', () => {
	it('reads a credential once per node run and type, however many items ask', async () => {
		const { ctx, calls } = context([{ apiKey: 'a' }, { apiKey: 'b' }]);
		const all = await Promise.all(Array.from({ length: 20 }, () => credentialsOnce(ctx, 'solSwitchMessagingApi')));
		expect(all.every((c) => c.apiKey === 'a')).toBe(true);
		expect(await credentialsOnce(ctx, 'solSwitchApi')).toEqual({ apiKey: 'b' });
		expect(calls).toEqual(['solSwitchMessagingApi', 'solSwitchApi']);
		// Another run (another context) reads again.
		const other = context([{ apiKey: 'c' }]);
		expect(await credentialsOnce(other.ctx, 'solSwitchMessagingApi')).toEqual({ apiKey: 'c' });
	});

	it('does not remember a failed read', async () => {
		const { ctx, calls } = context([new Error('Node does not have any credentials set'), { apiKey: 'a' }]);
		await expect(credentialsOnce(ctx, 'solSwitchApi')).rejects.toThrow('Node does not have any credentials set');
		expect(await credentialsOnce(ctx, 'solSwitchApi')).toEqual({ apiKey: 'a' });
		expect(calls).toHaveLength(2);
	});
});
