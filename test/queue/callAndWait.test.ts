// Call and Wait for Keypress in queue mode (n8n 2.40.7): the execution that places the call runs on the
// worker, the switch's keypress reaches the resume URL on the webhook processor, the resumed execution
// runs on the worker. One cluster for the file.
import { describeCallAndWaitScenarios } from '../e2e/scenarios/callAndWait';
import { useQueueCluster } from './withQueueCluster';

const env = useQueueCluster({ webhookProcessors: 1, supervised: true });

describeCallAndWaitScenarios(env, 'queue mode, one webhook processor');
