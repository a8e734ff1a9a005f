// The SMS auto-reply example in queue mode (the regular-mode twin is in test/e2e/examples.test.ts):
// the gateway texts STOP to a webhook processor, the trigger answers at once, and Record Opt-Out runs
// on the worker. Every number must be in the "SMS opt-outs" Data Table once, which the example's
// former static data lost (each worker run replaced what the runs before it wrote).
import fs from 'node:fs';
import { dataTableRows } from '../../scripts/start/dataTables';
import { publishOptOutExample, sendOptOutsAndReadBack } from '../e2e/scenarios/optOuts';
import { useQueueCluster } from './withQueueCluster';

const env = useQueueCluster({ webhookProcessors: 1 });

test('every opt-out recorded on the worker is kept, one row per number even after a repeated STOP', async () => {
	const target = await publishOptOutExample(env);
	const rows = await sendOptOutsAndReadBack(target);
	expect(rows).toHaveLength(4);
	// Twice in a row on the same cluster: the first round's rows are still there, the second's added.
	const again = await sendOptOutsAndReadBack(target);
	expect(again).toHaveLength(4);
	expect(await dataTableRows(env.api, target.table)).toEqual(expect.arrayContaining([...rows, ...again]));
	// The ten runs (five texts a round) ran on the worker, not in main (n8n's scaling/job-processor logs this).
	const runs = await env.api.waitForExecutions(target.workflowId, 10);
	const workerLog = fs.readFileSync(env.cluster.worker.logFile, 'utf8');
	expect(runs.map((run) => ({ id: run.id, onWorker: workerLog.includes(`Worker finished execution ${run.id} `) }))).toEqual(
		runs.map((run) => ({ id: run.id, onWorker: true })),
	);
});
