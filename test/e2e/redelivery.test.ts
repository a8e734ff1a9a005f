// Redelivery memory in one regular n8n process (the queue-mode twin is test/queue/redelivery.test.ts).
import { describeRedeliveryScenarios } from './scenarios/redelivery';
import { useN8nWithSandbox } from './withSandbox';

const env = useN8nWithSandbox();
describeRedeliveryScenarios(env, { workflowRepliesRemembered: true });
