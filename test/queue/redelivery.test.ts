// Redelivery memory in queue mode, one webhook processor: the replies are computed on the worker.
import { describeRedeliveryScenarios } from '../e2e/scenarios/redelivery';
import { useQueueCluster } from './withQueueCluster';

const env = useQueueCluster({ webhookProcessors: 1 });
describeRedeliveryScenarios(env, { workflowRepliesRemembered: false });
