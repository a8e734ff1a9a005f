// Redelivery memory in one regular n8n process (the queue-mode twins: test/queue/*WebhookProcessor*.test.ts).
import { describeExpressionInImmediately } from './scenarios/expressionImmediately';
import { describeOverlappingReplies } from './scenarios/overlappingReplies';
import { describeSimultaneousCopiesInOneProcess } from './scenarios/simultaneousCopies';
import { describeRedeliveryScenarios } from './scenarios/redelivery';
import { useN8nWithSandbox } from './withSandbox';

const env = useN8nWithSandbox();
describeRedeliveryScenarios(env, { lastNodeReplies: 'saved' });
describeOverlappingReplies(env, `one n8n process, n8n ${process.env.N8N_VERSION ?? '2.40.7 (scripts/install-n8n.sh default)'}`, 'none');
describeSimultaneousCopiesInOneProcess(env);
describeExpressionInImmediately(env);
