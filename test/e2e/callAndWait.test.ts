// Call and Wait for Keypress with the sandbox switch's Digit Validation posting the keys to the
// execution's resume URL, in one regular n8n process.
import { describeCallAndWaitScenarios } from './scenarios/callAndWait';
import { useN8nWithSandbox } from './withSandbox';

const env = useN8nWithSandbox();
describeCallAndWaitScenarios(env, `one n8n process, n8n ${process.env.N8N_VERSION ?? '2.40.7 (scripts/install-n8n.sh default)'}`);
