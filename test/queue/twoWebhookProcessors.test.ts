// Queue mode with two webhook processors behind a load balancer: a message and its redelivery land
// on different processors (the proxy's turn is 0, 1, 1, 0); then two copies in the same instant;
// then Send and Wait's concurrency case, its registrations and replies spread over both processors.
import { describeExpressionInImmediately } from '../e2e/scenarios/expressionImmediately';
import { describeOverlappingReplies } from '../e2e/scenarios/overlappingReplies';
import { describeParallelWaits } from '../e2e/scenarios/sendAndWait';
import { describeRedeliveryScenarios } from '../e2e/scenarios/redelivery';
import { describeSimultaneousCopies } from '../e2e/scenarios/simultaneousCopies';
import { useQueueCluster } from './withQueueCluster';

const env = useQueueCluster({ webhookProcessors: 2 });
describeRedeliveryScenarios(env, { lastNodeReplies: 'no' });
describeOverlappingReplies(env, 'queue mode, two webhook processors', { processors: () => env.cluster.webhookProcessors.map((p) => p.baseUrl) });
describeSimultaneousCopies(env, () => env.cluster.webhookProcessors.map((p) => p.baseUrl));
// The message to one processor, its redelivery to the other: only the database carries the answer.
describeExpressionInImmediately(env, (url) => {
	const path = new URL(url).pathname;
	const [first, second] = env.cluster.webhookProcessors.map((p) => `${p.baseUrl}${path}`);
	return [first, second];
});
// Last: its fixture points the gateway at its own inbound workflow. A registration on one processor
// can be saved over by the other's overlapping call: lost registrations are counted, not excluded.
describeParallelWaits(env, 'queue mode, two webhook processors', 'counted');
