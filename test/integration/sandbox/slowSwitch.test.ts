/**
 * The slow switch (sandbox/switch/profiles.ts, `answerDelayMs`, profile `slow`: 10 s per answer):
 * every API answer, a refusal included, comes that many real milliseconds late; the default answers
 * at once; the profile can be set while running. Times are printed; the assertions are lower bounds
 * (a delay can only be longer than asked), or a client's own timeout that the slow answer misses.
 */
import { DEFAULT_SWITCH_KEY, startSandbox } from '../../../sandbox/server';
import { settingsOf } from '../../../sandbox/switch/profiles';
import { useSandbox } from '../../helpers/sandbox';

const env = useSandbox({ switchSettings: { answerDelayMs: 600 } });

async function ask(path: string, body: Record<string, unknown>, timeoutMs = 30_000, url = env.sandbox.url) {
	const started = performance.now();
	const answer = await fetch(`${url}/api/${path}/`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
		signal: AbortSignal.timeout(timeoutMs),
	});
	return { json: (await answer.json()) as Record<string, unknown>, ms: performance.now() - started };
}

async function setProfile(body: Record<string, unknown>) {
	const answer = await fetch(`${env.sandbox.url}/_sandbox/switch/profile`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
	return (await answer.json()) as { settings: { answerDelayMs: number } };
}

afterEach(async () => {
	await setProfile({ settings: { answerDelayMs: 600 } });
});

it('the slow profile is 10 s per answer', () => {
	expect(settingsOf('slow').answerDelayMs).toBe(10_000);
	expect(settingsOf('default').answerDelayMs).toBe(0);
});

it('every answer, an OK and a FAIL alike, comes answerDelayMs late (real milliseconds, not scaled by the time scale)', async () => {
	const listed = await ask('listactivecalls', { Key: DEFAULT_SWITCH_KEY });
	const refused = await ask('listactivecalls', { Key: 'wrong-key' });
	// eslint-disable-next-line no-console
	console.log(`slow sandbox (600 ms, time scale 0.01): OK answer in ${listed.ms.toFixed(0)} ms, FAIL in ${refused.ms.toFixed(0)} ms`);
	expect(listed.json.Status).toBe('OK');
	expect(refused.json.Status).toBe('FAIL');
	expect(listed.ms).toBeGreaterThanOrEqual(590);
	expect(refused.ms).toBeGreaterThanOrEqual(590);
});

it('set by name while running: a client with a 1 s timeout gets no answer from the slow profile; back to the default, it does', async () => {
	expect((await setProfile({ name: 'slow' })).settings.answerDelayMs).toBe(10_000);
	await expect(ask('listactivecalls', { Key: DEFAULT_SWITCH_KEY }, 1000)).rejects.toThrow(/timeout|aborted/i);
	expect((await setProfile({ name: 'default' })).settings.answerDelayMs).toBe(0);
	expect((await ask('listactivecalls', { Key: DEFAULT_SWITCH_KEY }, 5000)).json.Status).toBe('OK');
});

it('a closing sandbox does not wait for a slow answer it still owes', async () => {
	const own = await startSandbox({ switchProfile: 'slow' });
	const pending = ask('listactivecalls', { Key: DEFAULT_SWITCH_KEY }, 20_000, own.url).catch((error: Error) => error);
	await new Promise((r) => setTimeout(r, 200));
	const started = performance.now();
	await own.close();
	const closeMs = performance.now() - started;
	// eslint-disable-next-line no-console
	console.log(`slow sandbox closed in ${closeMs.toFixed(0)} ms with an answer pending`);
	// Settled (answered or cut) long before the 10 s the slow answer would take.
	expect(await pending).toBeDefined();
	expect(closeMs).toBeLessThan(10_000);
});
