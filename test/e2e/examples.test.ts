// The ready-made examples in one regular n8n process (scenarios in ./scenarios/examples.ts).
import { describeExampleScenarios } from './scenarios/examples';
import { useN8nWithSandbox } from './withSandbox';

describeExampleScenarios(useN8nWithSandbox());
