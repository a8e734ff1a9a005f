// The MCP bench's own parts (scripts/bench/mcpPath.ts): the check of each tool call, and the rows.
import { mcpCallProblem, mcpComparisons, toolArguments, type McpFigures } from '../../../scripts/bench/mcpPath';

describe('mcpCallProblem', () => {
	const result = (text: string, isError = false) => ({ isError, content: [{ type: 'text', text }] });
	const got = (body: Record<string, unknown>, ID = 'm-42') => ({ body, answer: { Status: 'OK', ID } });
	const right = { From: '55555', To: '15145550001', Body: 'hello' };

	it('is undefined for one request at the gateway to the letter and its message ID in the result', () => {
		expect(mcpCallProblem('15145550001', 'hello', result('{"Status":"OK","ID":"m-42"}'), [got(right)])).toBeUndefined();
	});

	it('names a tool error, a lost or doubled request, a changed field, a result without the ID', () => {
		expect(mcpCallProblem('15145550001', 'hello', result('Bad request', true), [])).toBe('tool error: Bad request');
		expect(mcpCallProblem('15145550001', 'hello', result('ok'), [])).toBe('0 requests at the gateway');
		expect(mcpCallProblem('15145550001', 'hello', result('m-42'), [got(right), got(right)])).toBe('2 requests at the gateway');
		expect(mcpCallProblem('15145550001', 'hello', result('m-42'), [got({ ...right, To: '5145550001' })])).toBe('the gateway got From 55555, To 5145550001, Body "hello"');
		expect(mcpCallProblem('15145550001', 'hello', result('sent'), [got(right)])).toBe('the result does not carry the message ID m-42: sent');
	});
});

describe('mcpComparisons', () => {
	const round = (toGateway: number[], roundTrip: number[], wrong: string[] = [], cpuMsPerCall = NaN): McpFigures => ({ toGateway, roundTrip, calls: 10, wrong, cpuMsPerCall });

	it('gives a to-the-gateway row and a round-trip row: medians of the rounds, paired ratios, CPU per call, wrong answers', () => {
		const [toGateway, roundTrip] = mcpComparisons(
			{ label: 'ours', rounds: [round([10, 30], [40, 60], [], 30), round([40], [80], [], 50)] },
			{ label: 'plain', rounds: [round([20], [50], ['call 3: tool error: x']), round([20], [50])] },
			'2 rounds of 10 calls',
		);
		expect(toGateway).toMatchObject({
			path: "MCP tool call (Send SMS) to the gateway's request",
			metric: 'ms',
			ours: { value: 30, samples: [20, 40], p50Ms: 30, note: '20 calls, every answer right, n8n CPU 40 ms per call' },
			plain: { value: 20, note: 'wrong answers: 1 of 20, first: call 3: tool error: x' },
		});
		expect(toGateway.ratios).toEqual([20 / 20, 20 / 40]);
		expect(roundTrip).toMatchObject({ path: 'MCP tool call (Send SMS) to the result at the client', ours: { samples: [50, 80] } });
		expect(roundTrip.ratios).toEqual([50 / 50, 50 / 80]);
	});
});

describe('toolArguments', () => {
	const fields = { To: '15145550001', Body: 'hello' };

	it('gives the fields as they are where the listed schema has them', () => {
		expect(toolArguments({ properties: { To: {}, Body: {} } }, fields)).toEqual(fields);
		expect(toolArguments({ properties: { To: {} } }, fields)).toEqual(fields);
	});

	it('puts the fields as JSON text in the one field of a tool listed with a single text input', () => {
		expect(toolArguments({ properties: { input: { type: 'string' } } }, fields)).toEqual({ input: '{"To":"15145550001","Body":"hello"}' });
	});
});
