// Queue mode with two webhook processors behind a load balancer: a message and its redelivery land
// on different processors (the proxy's turn is 0, 1, 1, 0); then two copies in the same instant.
import { describeExpressionInImmediately } from '../e2e/scenarios/expressionImmediately';
import { describeOverlappingReplies } from '../e2e/scenarios/overlappingReplies';
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
