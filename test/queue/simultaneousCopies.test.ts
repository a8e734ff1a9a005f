// Copies of one message in the same instant, in every reply mode, through HAProxy to two webhook
// processors with affinity (both copies reach one processor, as in docs/queue-mode.md's recipe):
// every answer is JSON with a Status (the reply, or 503 RETRY), never an empty HTTP 200; each
// message runs once. SIMULTANEOUS_PAIRS pairs in a row per mode. The same scenario runs, with fewer
// pairs, in the affinity suites (affinity.ts) and with one processor (oneWebhookProcessor.test.ts);
// this file runs it alone: `nice npx jest --selectProjects queue --runInBand test/queue/simultaneousCopies.test.ts`.
import { describeSimultaneousCopiesInOneProcess, SIMULTANEOUS_PAIRS } from '../e2e/scenarios/simultaneousCopies';
import { useQueueCluster } from './withQueueCluster';

const env = useQueueCluster({ webhookProcessors: 2 });
describe('copies in the same instant, behind HAProxy with affinity', () => describeSimultaneousCopiesInOneProcess(env, SIMULTANEOUS_PAIRS));
