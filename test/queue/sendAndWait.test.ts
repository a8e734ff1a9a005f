// Send and Wait for Response in queue mode (n8n 2.40.7): the registration and the reply reach the
// webhook processor, the executions (asking, and resumed) run on the worker. One cluster for the file.
import { describeSendAndWaitScenarios } from '../e2e/scenarios/sendAndWait';
import { useQueueCluster } from './withQueueCluster';

const env = useQueueCluster({ webhookProcessors: 1, supervised: true });

describeSendAndWaitScenarios(env, 'queue mode, one webhook processor');
