// The Messaging Trigger in one regular n8n process (scenarios in ./scenarios/messaging.ts).
import { describeMessagingScenarios } from './scenarios/messaging';
import { useN8nWithSandbox } from './withSandbox';

describeMessagingScenarios(useN8nWithSandbox());
