// The onboarding example in one regular n8n process (scenario in ./scenarios/onboardCustomer.ts).
import { describeOnboardCustomerScenario } from './scenarios/onboardCustomer';
import { useN8nWithSandbox } from './withSandbox';

describeOnboardCustomerScenario(useN8nWithSandbox());
