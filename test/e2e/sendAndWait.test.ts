// Send and Wait for Response with the Messaging Trigger routing the reply, in one regular n8n process
// (the queue-mode twin: test/queue/sendAndWait.test.ts).
import { describeSendAndWaitScenarios } from './scenarios/sendAndWait';
import { useN8nWithSandbox } from './withSandbox';

const env = useN8nWithSandbox();
describeSendAndWaitScenarios(env, `one n8n process, n8n ${process.env.N8N_VERSION ?? '2.40.7 (scripts/install-n8n.sh default)'}`);
