// nodeOutput / nodeJson read a node's items from decoded run data: the main connection by default, or
// another connection type (an AI Agent's tool run by n8n 2.x's engine logs its output under ai_tool).
import { nodeJson, nodeOutput, type Execution } from '../../../scripts/n8n-harness/execution-data';

const execution = (runData: Execution['data']['resultData']['runData'], error?: string): Execution => ({
	id: '7',
	workflowId: 'w',
	mode: 'manual',
	status: 'success',
	finished: true,
	data: { resultData: { runData, ...(error ? { error: { message: error } } : {}) } },
});

const run = {
	Review: [{ startTime: 1, data: { ai_tool: [[{ json: { toolParameters: { To: '1' } } }]] } }],
	Branch: [{ startTime: 1, data: { main: [[{ json: { a: 1 } }], [{ json: { b: 2 } }]] } }, { startTime: 2, data: { main: [[{ json: { a: 3 } }]] } }],
};

test('reads the main output by default, another output or run when asked', () => {
	expect(nodeJson(execution(run), 'Branch')).toEqual([{ a: 1 }]);
	expect(nodeJson(execution(run), 'Branch', { output: 1 })).toEqual([{ b: 2 }]);
	expect(nodeJson(execution(run), 'Branch', { run: 1 })).toEqual([{ a: 3 }]);
});

test('reads another connection type: a tool node logged under ai_tool has no main output', () => {
	expect(nodeJson(execution(run), 'Review')).toEqual([]);
	expect(nodeJson(execution(run), 'Review', { type: 'ai_tool' })).toEqual([{ toolParameters: { To: '1' } }]);
	expect(nodeOutput(execution(run), 'Branch', { type: 'ai_tool' })).toEqual([]);
});

test('names the nodes that ran and the execution error when the node did not run, and a node\'s own error', () => {
	expect(() => nodeJson(execution(run, 'boom'), 'Missing')).toThrow('node "Missing" has no run 0 in execution 7 (nodes that ran: Review, Branch; error: boom)');
	const failed = execution({ Bad: [{ startTime: 1, error: { message: 'no credential' } }] });
	expect(() => nodeJson(failed, 'Bad')).toThrow('node "Bad" failed: no credential');
});
