// The keypress bench's own parts (scripts/bench/keypressPath.ts): the recipe's New Call body, the
// check of the switch's side of each press, and the rows made from each side's rounds.
import { keypressComparisons, pressProblem, recipeNewCallBody, type KeypressFigures } from '../../../scripts/bench/keypressPath';

describe('recipeNewCallBody', () => {
	it('is an expression whose JSON has the Digit Validation post to the resume URL with the Bearer secret', () => {
		const expression = recipeNewCallBody('510', 'abc123');
		expect(expression).toMatch(/^=\{\{ JSON\.stringify\(.*\) \}\}$/);
		// Evaluated as n8n would, with the start webhook's body and the execution's resume URL.
		const inner = expression.slice('={{ '.length, -' }}'.length);
		const evaluate = new Function('$json', '$execution', `return ${inner};`) as (json: unknown, execution: unknown) => string;
		expect(JSON.parse(evaluate({ body: { to: '14385550123' } }, { resumeUrl: 'http://n8n/webhook-waiting/7?signature=s' }))).toEqual({
			Extension: '510',
			Destination: '14385550123',
			WaitForStart: 1,
			CustomDVData: { URL: 'http://n8n/webhook-waiting/7?signature=s', Method: 'POST', Auth: 'Header', AuthInfo: { type: 'Bearer', credentials: 'abc123' } },
		});
	});
});

describe('pressProblem', () => {
	const answer = (post: Record<string, unknown>, ended = true, Status = 'OK') => ({ Status, post, ended });

	it('is undefined when the switch got the option thanks and the call ended', () => {
		expect(pressProblem('1', answer({ status: 200, answer: 'thanks', valid: true }))).toBeUndefined();
	});

	it('says what the switch got otherwise: another answer, an error, a call still going on, no call to press on', () => {
		expect(pressProblem('1', answer({ status: 409, answer: 'running already', valid: false }))).toBe('1: the switch got HTTP 409 "running already"');
		expect(pressProblem('1', answer({ error: 'ECONNREFUSED', valid: false }))).toBe('1: the switch got an error (ECONNREFUSED)');
		expect(pressProblem('1', answer({ status: 200, answer: 'thanks', valid: true }, false))).toBe('1: the call did not end after the option');
		expect(pressProblem('1', { Status: 'FAIL', Reason: 'No answered call to press on' })).toBe('1: could not press (No answered call to press on)');
	});
});

describe('keypressComparisons', () => {
	const round = (latencies: number[], perSecond: number, extra: Partial<KeypressFigures> = {}): KeypressFigures => ({ latencies, perSecond, replies: 8, lost: 0, notWaiting: 0, wrong: [], ...extra });

	it('gives the latency and rate rows with the rounds, paired ratios, and notes of lost keys, wrong answers and CPU per keypress', () => {
		const [latency, rate] = keypressComparisons(
			{ label: 'ours', rounds: [round([100, 300], 4, { cpuMsPerReply: 80 }), round([50], 6, { cpuMsPerReply: 60 })] },
			{ label: 'recipe', rounds: [round([100], 8, { lost: 1, wrong: ['1439: resumed 2 times'], cpuMsPerReply: 90 }), round([150], 3, { cpuMsPerReply: 70 })] },
			'2 rounds',
		);
		expect(latency).toMatchObject({
			path: 'Keypress to resumed execution (one at a time)',
			metric: 'ms',
			size: '2 rounds',
			ours: { value: 125, samples: [200, 50], note: '0 of 16 resumes lost, every answer right, n8n CPU 70 ms per keypress' },
			plain: { value: 125, samples: [100, 150], note: '1 of 16 resumes lost, wrong answers: 1, first: 1439: resumed 2 times, n8n CPU 80 ms per keypress' },
		});
		expect(latency.ratios).toEqual([100 / 200, 150 / 50]);
		expect(rate).toMatchObject({ path: 'Keypresses resuming their executions (several at once)', metric: 'msg/s', ours: { value: 5, note: '0 of 16 resumes lost, every answer right' } });
		expect(rate.ratios).toEqual([4 / 8, 6 / 3]);
		// No goal set for this path: bench-goals.md does not judge it.
		expect([latency.goal, rate.goal]).toEqual([undefined, undefined]);
	});
});
