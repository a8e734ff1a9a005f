// The SolSwitch Trigger's call events in one regular n8n process (scenarios in ./scenarios/callEvents.ts).
import { describeCallEventScenarios } from './scenarios/callEvents';
import { useN8nWithSandbox } from './withSandbox';

describeCallEventScenarios(useN8nWithSandbox());
