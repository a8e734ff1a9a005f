// The SolSwitch Trigger in one regular n8n process (scenarios in ./scenarios/switchTrigger.ts).
import { describeSwitchTriggerScenarios } from './scenarios/switchTrigger';
import { useN8nWithSandbox } from './withSandbox';

describeSwitchTriggerScenarios(useN8nWithSandbox());
