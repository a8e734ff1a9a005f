// Queue mode with two webhook processors. First behind HAProxy with affinity (the recipe of
// docs/queue-mode.md): nothing lost, nothing run twice, asserted. Then what a balancer without
// affinity costs, measured on the same processors: through a round-robin proxy whose turn is
// 0, 1, 1, 0 (a message and its redelivery land on different processors), two copies in the same
// instant (one to each processor), the side effect once recipe on such copies, and Send and Wait's
// concurrency case, its registrations and replies spread over both processors. Last, the MCP example
// through its MCP route (test/queue/mcp.ts).
import { describeExpressionInImmediately } from '../e2e/scenarios/expressionImmediately';
import { describeOverlappingReplies } from '../e2e/scenarios/overlappingReplies';
import { describeParallelWaits } from '../e2e/scenarios/sendAndWait';
import { describeRedeliveryScenarios } from '../e2e/scenarios/redelivery';
import { describeSimultaneousCopies } from '../e2e/scenarios/simultaneousCopies';
import { callingThrough, describeAffinity, severalProcessorsWarnings } from './affinity';
import { describeFailover } from './failover';
import { describeMcpInQueueMode } from './mcp';
import { describeSideEffectOnce } from './sideEffectOnce';
import { useQueueCluster } from './withQueueCluster';

const env = useQueueCluster({ webhookProcessors: 2 });
describeAffinity(env, 'two webhook processors');
describe('failover behind HAProxy', () => describeFailover(env));

describe('without affinity', () => {
	const unrouted = callingThrough(env, () => env.cluster.roundRobinUrl);
	describeRedeliveryScenarios(unrouted, { lastNodeReplies: 'no' });
	describeOverlappingReplies(env, 'queue mode, two webhook processors', { processors: () => env.cluster.webhookProcessors.map((p) => p.baseUrl) });
	describeSimultaneousCopies(env, () => env.cluster.webhookProcessors.map((p) => p.baseUrl));
	describeSideEffectOnce(env);
	// The message to one processor, its redelivery to the other: only the database carries the answer.
	describeExpressionInImmediately(env, (url) => {
		const path = new URL(url).pathname;
		const [first, second] = env.cluster.webhookProcessors.map((p) => `${p.baseUrl}${path}`);
		return [first, second];
	});
	// Last: its fixture points the gateway at its own inbound workflow. A registration on one processor
	// can be saved over by the other's overlapping call: lost registrations are counted, not excluded.
	describeParallelWaits(unrouted, 'queue mode, two webhook processors, round robin', 'counted');
	it('the triggers served by both processors said so in n8n\'s log, once per workflow and processor, with the docs link', () => {
		const warnings = severalProcessorsWarnings(env);
		expect(warnings.flat().length).toBeGreaterThan(0);
		for (const lines of warnings) {
			const workflows = lines.map((line) => /workflow (\S+) /.exec(line)?.[1]);
			expect(new Set(workflows).size).toBe(workflows.length);
		}
		expect(warnings.flat()[0]).toContain('docs/queue-mode.md#route-each-trigger-to-one-processor');
	});
});

// Last, apart from the cases above (its fixture points the gateway at its own inbound workflow): the
// MCP example through HAProxy's MCP route, and what the route is for, processor by processor.
describe('the MCP endpoint in queue mode', () => describeMcpInQueueMode(env));
