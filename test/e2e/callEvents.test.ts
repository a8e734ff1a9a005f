// The SolSwitch Trigger's call events in one regular n8n process (scenarios in ./scenarios/callEvents.ts),
// and the examples built on them, text back missed calls and the call log (./scenarios/missedCallTextBack.ts),
// and the recording follow-up (./scenarios/recordingFollowUp.ts: n8n's OpenAI node against the scripted
// OpenAI-compatible server; the OpenAI node 2.1 and the Basic LLM Chain 1.7 are in n8n 2.40.7 and 1.123.81).
import { describeCallEventScenarios } from './scenarios/callEvents';
import { describeCallLog, describeMissedCallTextBack } from './scenarios/missedCallTextBack';
import { describeRecordingFollowUp } from './scenarios/recordingFollowUp';
import { useN8nWithSandbox } from './withSandbox';

const env = useN8nWithSandbox();
describeCallEventScenarios(env);
describeMissedCallTextBack(env);
describeCallLog(env);
describeRecordingFollowUp(env);
