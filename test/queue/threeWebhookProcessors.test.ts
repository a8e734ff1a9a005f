// Queue mode with three webhook processors behind HAProxy with affinity (the recipe of
// docs/queue-mode.md): the affinity cases only (nothing lost, nothing run twice, asserted); what a
// balancer without affinity costs is measured at two processors (twoWebhookProcessors.test.ts).
import { describeAffinity } from './affinity';
import { useQueueCluster } from './withQueueCluster';

const env = useQueueCluster({ webhookProcessors: 3 });
describeAffinity(env, 'three webhook processors');
