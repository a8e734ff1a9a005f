/**
 * Call and Wait for Keypress (issue 34): from the person's key at the switch's Digit Validation to
 * the waiting execution resumed in n8n, beside what a user builds without the package:
 *
 * - ours: Webhook -> SolSwitch (Call > Call and Wait for Keypress, from the Digit Validation 510)
 *   -> HTTP Request to the bench's sink; the Digit Validation posts the key to the execution's
 *   signed resume URL with the wait's secret (nodes/SolSwitch/callAndWait/), and gets the option back;
 * - the recipe: Webhook -> HTTP Request POST New Call (the SolSwitch API credential; CustomDVData:
 *   URL `$execution.resumeUrl`, Method POST, Header auth with a fixed Bearer secret) -> Wait (On
 *   Webhook Call, Header Auth with that secret, Respond Using 'Respond to Webhook' Node) -> Respond to
 *   Webhook (text: the option, `thanks` for 1, `goodbye` otherwise) -> the same HTTP Request to the sink.
 *
 * Each round, each side: `waits` calls to phones of its own (scripted in the sandbox to answer and wait
 * for a key), every execution waiting and every call answered before any key (and a second more, so
 * that ours' call watcher has seen the answer and stopped reading the call's legs); then `timed` keys
 * one at a time, each from the press (POST /_sandbox/digit-validation/press: the switch posts to the
 * Digit Validation's URL at once) to the sink hearing the resumed execution; then the rest
 * `concurrency` at a time (resumes per second). Every answer is checked: the switch got the option
 * `thanks` (a valid one), the call ended, and each key resumed its execution exactly once.
 */
import { randomUUID } from 'node:crypto';
import { groupCpuMs } from './cpu';
import { pool, ResumeSink, reportResumed, sleep, waitComparisons, type WaitFigures } from './sendAndWaitPath';
import { median, type BenchContext, type BenchPath, type Comparison } from './types';
import { node, published, webhook } from './workflows';

export interface KeypressSizes {
	/** Rounds per side, interleaved with the other side's (ours, recipe, recipe, ours ...). */
	rounds: number;
	/** Calls waiting per round (one phone each). */
	waits: number;
	/** Of them, keys timed one at a time; the rest are pressed `concurrency` at a time. */
	timed: number;
	concurrency: number;
	/** How long a key may take to resume its execution before it is counted lost. */
	graceMs: number;
}

/** notes.ts states these for the report: keep both in step. */
export const KEYPRESS_FULL: KeypressSizes = { rounds: 5, waits: 16, timed: 8, concurrency: 8, graceMs: 30_000 };
export const KEYPRESS_QUICK: KeypressSizes = { rounds: 5, waits: 8, timed: 4, concurrency: 4, graceMs: 20_000 };

/** The Digit Validation extension of the sandbox's seeded system, and its options (sandbox/switch/digitValidation/dialer.ts). */
const DV_EXTENSION = '510';
const APPROVE = 'thanks';
const DECLINE = 'goodbye';
const AGAIN = 'repeat';

/** One side, published in ctx.n8n: POST {to} to `startUrl` to call that phone and wait for its key. */
export interface KeypressSide {
	label: string;
	startUrl: string;
	waitingWorkflowId: string;
}

export interface KeypressFigures extends WaitFigures {
	/** Keys whose Digit Validation request got no valid option, calls not ended, keys that resumed twice. */
	wrong: string[];
}

/**
 * The New Call body the recipe's HTTP Request sends, as an n8n expression: the Digit Validation posts
 * the key to the Wait node's resume URL with the Header auth's `Bearer <secret>`.
 */
export function recipeNewCallBody(extension: string, secret: string): string {
	const body = `{ Extension: ${JSON.stringify(extension)}, Destination: $json.body.to, WaitForStart: 1, CustomDVData: { URL: $execution.resumeUrl, Method: "POST", Auth: "Header", AuthInfo: { type: "Bearer", credentials: ${JSON.stringify(secret)} } } }`;
	return `={{ JSON.stringify(${body}) }}`;
}

export async function oursKeypress(ctx: BenchContext, sinkUrl: string): Promise<KeypressSide> {
	const startPath = `bench-keypress-${randomUUID()}`;
	const { url, id } = await published(ctx.n8n, ctx.api, 'Bench keypress: Call and Wait for Keypress', [
		webhook(startPath, 'onReceived'),
		node('Call', 'n8n-nodes-solswitch.solSwitch', 2, {
			resource: 'call',
			operation: 'sendAndWait',
			Extension: { __rl: true, mode: 'list', value: DV_EXTENSION, cachedResultName: `${DV_EXTENSION} Digit Validation` },
			Destination: '={{ $json.body.to }}',
			approveOption: APPROVE,
			declineOption: DECLINE,
			otherKeyOption: AGAIN,
			options: { limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: 10, resumeUnit: 'minutes' } } },
		}, { credentials: { solSwitchApi: ctx.credentials.switch } }),
		reportResumed(sinkUrl),
	], startPath);
	return { label: 'SolSwitch: Call and Wait for Keypress', startUrl: url, waitingWorkflowId: id };
}

export async function recipeKeypress(ctx: BenchContext, sinkUrl: string): Promise<KeypressSide> {
	const secret = randomUUID().replace(/-/g, '');
	const headerAuth = await ctx.api.createCredential('Bench keypress: the Digit Validation secret', 'httpHeaderAuth', { name: 'Authorization', value: `Bearer ${secret}` });
	const startPath = `bench-keypress-recipe-${randomUUID()}`;
	const { url, id } = await published(ctx.n8n, ctx.api, 'Bench keypress: HTTP Request (New Call) + Wait', [
		webhook(startPath, 'onReceived'),
		node('New Call', 'n8n-nodes-base.httpRequest', 4.2, {
			method: 'POST',
			url: `${ctx.sandbox.url}/api/newcall/`,
			authentication: 'predefinedCredentialType',
			nodeCredentialType: 'solSwitchApi',
			sendBody: true,
			specifyBody: 'json',
			jsonBody: recipeNewCallBody(DV_EXTENSION, secret),
			options: {},
		}, { credentials: { solSwitchApi: ctx.credentials.switch } }),
		node('Wait for the Key', 'n8n-nodes-base.wait', 1.1, {
			resume: 'webhook',
			httpMethod: 'POST',
			incomingAuthentication: 'headerAuth',
			responseMode: 'responseNode',
			limitWaitTime: true,
			limitType: 'afterTimeInterval',
			resumeAmount: 10,
			resumeUnit: 'minutes',
			options: {},
		}, { webhookId: randomUUID(), credentials: { httpHeaderAuth: { id: headerAuth.id, name: headerAuth.name } } }),
		node('Answer the Switch', 'n8n-nodes-base.respondToWebhook', 1.5, {
			respondWith: 'text',
			responseBody: `={{ $json.body.Digits === "1" ? "${APPROVE}" : "${DECLINE}" }}`,
			options: {},
		}),
		reportResumed(sinkUrl),
	], startPath);
	return { label: 'HTTP Request (New Call, CustomDVData) → Wait (On Webhook Call) → Respond to Webhook', startUrl: url, waitingWorkflowId: id };
}

async function control(ctx: BenchContext, path: string, body?: Record<string, unknown>): Promise<Record<string, any>> {
	const answer = await fetch(`${ctx.sandbox.url}/_sandbox/digit-validation${path}`, body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {});
	return (await answer.json()) as Record<string, any>;
}

/** What is wrong with the switch's side of one press (undefined: the option `thanks`, valid, the call ended). */
export function pressProblem(phone: string, answer: Record<string, any>): string | undefined {
	if (answer.Status !== 'OK') return `${phone}: could not press (${String(answer.Reason)})`;
	const post = (answer.post ?? {}) as { status?: number; answer?: string; valid?: boolean; error?: string };
	if (post.answer !== APPROVE || !post.valid) return `${phone}: the switch got ${post.error ? `an error (${post.error})` : `HTTP ${post.status} "${String(post.answer).slice(0, 80)}"`}`;
	if (!answer.ended) return `${phone}: the call did not end after the option`;
	return undefined;
}

/** One round of one side (see the file's comment). */
export async function measureKeypresses(ctx: BenchContext, side: KeypressSide, sink: ResumeSink, sizes: KeypressSizes, phonePrefix: string, cpuOf: () => number = () => groupCpuMs(ctx.n8n.pid)): Promise<KeypressFigures> {
	const phones = Array.from({ length: sizes.waits }, (_, i) => `${phonePrefix}${String(i).padStart(3, '0')}`);
	for (const number of phones) await control(ctx, '/phone', { number, turns: [{ answer: 'answer' }] });
	const waitingNow = async () => (await ctx.api.executionSummaries(side.waitingWorkflowId)).filter((e) => e.status === 'waiting').length;
	const before = await waitingNow();
	await pool(phones.length, 4, async (i) => {
		await fetch(side.startUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ to: phones[i] }) }).then((r) => r.text());
	});
	const answered = async () => {
		const calls = (await control(ctx, '')).calls as Array<{ destination: string; outcome: string; endedAt?: number }>;
		return phones.filter((p) => calls.some((c) => c.destination === p && c.outcome === 'answered' && c.endedAt === undefined)).length;
	};
	const deadline = Date.now() + 120_000;
	let waiting = before;
	let live = 0;
	while (((waiting = await waitingNow()) < before + phones.length || (live = await answered()) < phones.length) && Date.now() < deadline) await sleep(250);
	const notWaiting = Math.max(0, before + phones.length - waiting, phones.length - live);
	// Ours' call watcher reads the call's legs every second until it sees the answer: let it stop.
	await sleep(1500);

	const wrong: string[] = [];
	const press = async (phone: string) => {
		const problem = pressProblem(phone, await control(ctx, '/press', { number: phone, digits: '1' }));
		if (problem) wrong.push(problem);
	};
	const cpuBefore = cpuOf();
	const { latencies, perSecond } = await sink.timeResumes(phones, sizes.timed, sizes.concurrency, sizes.graceMs, press);
	const cpu = cpuOf() - cpuBefore;
	// Time for a second resume of a key to report before counting.
	await sleep(1000);
	for (const phone of phones) if (sink.hits(phone) > 1) wrong.push(`${phone}: resumed ${sink.hits(phone)} times`);
	return {
		latencies,
		perSecond,
		replies: phones.length,
		lost: phones.length - sink.count(phones),
		notWaiting,
		cpuMsPerReply: cpu / phones.length,
		wrong,
	};
}

const TITLES = { latency: 'Keypress to resumed execution (one at a time)', rate: 'Keypresses resuming their executions (several at once)' };

/** A side's note: lost and wrong answers, n8n CPU per keypress. */
export function keypressNote(rounds: KeypressFigures[], withCpu: boolean): string {
	const keys = rounds.reduce((n, r) => n + r.replies, 0);
	const lost = rounds.reduce((n, r) => n + r.lost, 0);
	const notWaiting = rounds.reduce((n, r) => n + r.notWaiting, 0);
	const wrong = rounds.flatMap((r) => r.wrong);
	const cpu = median(rounds.map((r) => r.cpuMsPerReply ?? NaN).filter(Number.isFinite));
	return [
		`${lost} of ${keys} resumes lost`,
		notWaiting ? `${notWaiting} calls never waiting or answered` : '',
		wrong.length ? `wrong answers: ${wrong.length}, first: ${wrong[0]}` : 'every answer right',
		withCpu && Number.isFinite(cpu) ? `n8n CPU ${cpu.toFixed(0)} ms per keypress` : '',
	].filter(Boolean).join(', ');
}

/** The latency row and the rate row (waitComparisons' medians and paired ratios), with the keypress notes. */
export function keypressComparisons(ours: { label: string; rounds: KeypressFigures[] }, plain: { label: string; rounds: KeypressFigures[] }, size: string): Comparison[] {
	const [latency, rate] = waitComparisons(ours, plain, size, '', TITLES);
	latency.ours.note = keypressNote(ours.rounds, true);
	latency.plain.note = keypressNote(plain.rounds, true);
	rate.ours.note = keypressNote(ours.rounds, false);
	rate.plain.note = keypressNote(plain.rounds, false);
	// No goal was set for this path: the figures are reported, not judged (waitComparisons gives Send and Wait's).
	delete latency.goal;
	delete rate.goal;
	return [latency, rate];
}

/** `npm run bench -- --quick keypress` runs only this path. */
export const keypressPath: BenchPath = {
	id: 'keypress',
	settings: ['default'],
	async run(ctx) {
		const sink = await ResumeSink.start();
		try {
			const sizes = ctx.quick ? KEYPRESS_QUICK : KEYPRESS_FULL;
			const ours = await oursKeypress(ctx, sink.url);
			const plain = await recipeKeypress(ctx, sink.url);
			const run = `${Math.floor(Math.random() * 900) + 100}`;
			// A warm-up round each (first compilations, the credentials' first decryption), not counted.
			await measureKeypresses(ctx, ours, sink, { ...sizes, waits: 2, timed: 1 }, `1439${run}91`);
			await measureKeypresses(ctx, plain, sink, { ...sizes, waits: 2, timed: 1 }, `1439${run}90`);
			const rounds = { ours: [] as KeypressFigures[], plain: [] as KeypressFigures[] };
			for (let round = 0; round < sizes.rounds; round++) {
				for (const which of round % 2 ? (['plain', 'ours'] as const) : (['ours', 'plain'] as const)) {
					rounds[which].push(await measureKeypresses(ctx, which === 'ours' ? ours : plain, sink, sizes, `1439${run}${round}${which === 'ours' ? 1 : 0}`));
				}
			}
			return keypressComparisons({ label: ours.label, rounds: rounds.ours }, { label: plain.label, rounds: rounds.plain }, `${sizes.rounds} rounds of ${sizes.waits} calls (${sizes.timed} keys timed, the rest ${sizes.concurrency} at a time)`);
		} finally {
			await sink.close();
		}
	},
};
