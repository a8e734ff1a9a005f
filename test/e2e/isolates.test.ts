// The triggers' webhook phase evaluates no expression: in a real n8n 2.40 with lazy isolate
// acquisition, n8n's own counter (n8n_expression_pool_acquired_total) rises by nothing for every
// answer the triggers give themselves, and a computed reply costs what the plain n8n flow costs.
// Counts, not timings. One n8n start for the file.
import { E2E_SETUP_TIMEOUT_MS, N8nInstance, packRepo, startN8n } from '../../scripts/n8n-harness';
import { METRICS_ENV, isolatesPerCall, publishPaths, type CallPath } from '../../scripts/isolates/paths';

let n8n: N8nInstance;
let paths: Map<string, CallPath>;
/** n8n 1.x (scripts/test.sh runs the e2e files against it too) has no isolates to count. */
const N8N_1 = (process.env.N8N_VERSION ?? '').startsWith('1.');

beforeAll(async () => {
	const started = await startN8n({ communityPackages: [await packRepo()], env: { ...METRICS_ENV, N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true' } });
	n8n = started.n8n;
	paths = new Map((await publishPaths(n8n, started.api)).map((p) => [p.name, p]));
}, E2E_SETUP_TIMEOUT_MS);

afterAll(async () => {
	await n8n?.stop();
});

test('every path answers as it should (on n8n 1.x too, where the versions and Keyword Replies must work alike)', async () => {
	for (const path of paths.values()) await path.call();
});

const per = async (name: string) => await isolatesPerCall(n8n, paths.get(name)!);
const onN8n2 = N8N_1 ? describe.skip : describe;

onN8n2('isolates per call, n8n 2.x with lazy acquisition', () => {
	test.each([
		'HELP',
		'keyword table (HOURS)',
		'redelivery (same ID)',
		'filtered event (report, SMS only)',
		'refusal (bad key)',
		'Fixed Answer (Digit Validation)',
		'SIP notification (not selected)',
		'SIP notification (starts the workflow)',
	])('%s: 0 isolates per call', async (name) => {
		expect(await per(name)).toBe(0);
	});

	test('a computed reply costs exactly what the plain flow (Webhook -> Respond to Webhook) costs: one isolate, for the execution', async () => {
		const plain = await per('plain n8n: Webhook -> Respond to Webhook');
		expect(plain).toBe(1);
		expect(await per('computed reply (Reply to Message)')).toBe(plain);
	});

	test("version 1, kept for saved workflows, still costs n8n's one evaluation for version-1 start nodes (why 1.1 exists)", async () => {
		expect(await per('HELP, Messaging Trigger version 1')).toBe(1);
	});
});
