// The SolSwitch Trigger's call events in one regular n8n process (scenarios in ./scenarios/callEvents.ts),
// and the example built on them, text back missed calls (./scenarios/missedCallTextBack.ts).
import { describeCallEventScenarios } from './scenarios/callEvents';
import { describeMissedCallTextBack } from './scenarios/missedCallTextBack';
import { useN8nWithSandbox } from './withSandbox';

const env = useN8nWithSandbox();
describeCallEventScenarios(env);
describeMissedCallTextBack(env);
