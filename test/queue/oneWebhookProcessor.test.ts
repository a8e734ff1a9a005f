// The end-to-end scenarios of test/e2e/ in queue mode (n8n 2.40.7): one PostgreSQL, one Redis, n8n
// main with production webhooks off, one webhook processor (the switch and the gateway call it), one
// worker (every execution runs there). One cluster for the whole file (about a minute to start), run
// under a process manager as operators run it (an n8n process that exits on its own is started again).
import fs from 'node:fs';
import { describeExampleScenarios } from '../e2e/scenarios/examples';
import { describeMessagingScenarios } from '../e2e/scenarios/messaging';
import { describeExpressionInImmediately } from '../e2e/scenarios/expressionImmediately';
import { describeOnboardCustomerScenario } from '../e2e/scenarios/onboardCustomer';
import { describeOverlappingReplies } from '../e2e/scenarios/overlappingReplies';
import { describeSimultaneousCopiesInOneProcess } from '../e2e/scenarios/simultaneousCopies';
import { describeRedeliveryScenarios } from '../e2e/scenarios/redelivery';
import { describeSwitchTriggerScenarios } from '../e2e/scenarios/switchTrigger';
import { describeCallEventScenarios } from '../e2e/scenarios/callEvents';
import { describeMissedCallTextBack } from '../e2e/scenarios/missedCallTextBack';
import { describeAnswerOnceQueued } from './answerOnceQueued';
import { describeOnceOnlyRecipe } from './onceOnly';
import { describeRedisAway } from './redisAway';
import { useQueueCluster } from './withQueueCluster';

const env = useQueueCluster({ webhookProcessors: 1, supervised: true });

test('every n8n process of the cluster is up, and main has the package\'s nodes', async () => {
	const names = await env.api.nodeTypeNames();
	expect(names).toEqual(expect.arrayContaining(['n8n-nodes-solswitch.solSwitchMessagingTrigger', 'n8n-nodes-solswitch.solSwitchTrigger']));
	expect(env.cluster.webhookProcessors).toHaveLength(1);
});

describe('Messaging Trigger', () => describeMessagingScenarios(env));
describe('redelivery memory', () => {
	describeRedeliveryScenarios(env, { lastNodeReplies: 'inProcess' });
	describeOverlappingReplies(env, 'queue mode, one webhook processor', 'none');
	describeSimultaneousCopiesInOneProcess(env);
	describeAnswerOnceQueued(env);
	describeExpressionInImmediately(env);
	describeOnceOnlyRecipe(env, 'rowNotExists');
});
describe('SolSwitch Trigger', () => describeSwitchTriggerScenarios(env));
// Call events: the trigger writes its memory of started calls in the webhook phase, never on the worker.
describe('call events', () => {
	describeCallEventScenarios(env);
	describeMissedCallTextBack(env);
});
describe('examples', () => describeExampleScenarios(env));
describe('onboarding example', () => describeOnboardCustomerScenario(env));

test('the SMS example\'s runs, opt-outs included, ran on the worker (where static data used to lose them)', async () => {
	const workflows = await env.api.request<Array<{ id: string; name: string }>>('GET', '/rest/workflows');
	// Every copy: the missed-call text-back scenario publishes one of its own for its opt-out table.
	const examples = workflows.filter((w) => w.name === 'SolSwitch: SMS auto-reply on keywords');
	expect(examples.length).toBeGreaterThanOrEqual(1);
	const runs = (await Promise.all(examples.map((example) => env.api.executionSummaries(example.id)))).flat();
	// The examples scenario sent it 2 keywords, 1 STOP, then 4 STOP / ARRET and a repeat.
	expect(runs.length).toBeGreaterThanOrEqual(8);
	// n8n's scaling/job-processor logs this line on the process that ran the execution.
	const workerLog = fs.readFileSync(env.cluster.worker.logFile, 'utf8');
	expect(runs.map((run) => ({ id: run.id, onWorker: workerLog.includes(`Worker finished execution ${run.id} `) }))).toEqual(
		runs.map((run) => ({ id: run.id, onWorker: true })),
	);
});

// Last: it makes every n8n process exit and start again.
describe('Redis away longer than n8n tolerates', () => describeRedisAway(env));
