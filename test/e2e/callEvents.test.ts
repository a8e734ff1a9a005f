// The SolSwitch Trigger's call events in one regular n8n process (scenarios in ./scenarios/callEvents.ts),
// and the examples built on them, text back missed calls and the call log (./scenarios/missedCallTextBack.ts).
import { describeCallEventScenarios } from './scenarios/callEvents';
import { describeCallLog, describeMissedCallTextBack } from './scenarios/missedCallTextBack';
import { useN8nWithSandbox } from './withSandbox';

const env = useN8nWithSandbox();
describeCallEventScenarios(env);
describeMissedCallTextBack(env);
describeCallLog(env);
