/**
 * One measurement of the CDR export benchmark, in a process of its own so its peak memory is its
 * own: `node cdrExportWorker.js <node|fetch> <sandbox url> <day>`. Prints one JSON line.
 *   node:  the SolSwitch node's CDR Export through n8n-core's WorkflowExecute (as n8n runs it).
 *   fetch: what a user would otherwise build: a raw POST, JSON.parse, and the loop a Code node
 *          would need to turn "CallID -> leg | [legs]" into one row per leg.
 */
import { DEFAULT_SWITCH_KEY } from '../../sandbox/server';

type RunNode = typeof import('../n8n-engine/n8nEngine').runNode;

async function viaNode(runNode: RunNode, url: string, day: string): Promise<number> {
	const { items, error } = await runNode({
		type: 'solSwitch',
		parameters: { resource: 'report', operation: 'exportCdr', DateStart: day, DateEnd: day, options: { timeout: 600000 } },
		credentials: { solSwitchApi: { baseUrl: url, apiKey: DEFAULT_SWITCH_KEY, customer: '' } },
	});
	if (error) throw error;
	return items.length;
}

async function viaFetch(url: string, day: string): Promise<number> {
	const response = await fetch(`${url}/api/cdrexport/`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ DateStart: day, DateEnd: day, Key: DEFAULT_SWITCH_KEY }),
	});
	const answer = JSON.parse(await response.text()) as Record<string, unknown>;
	const rows: Array<Record<string, unknown>> = [];
	for (const [CallID, legs] of Object.entries(answer)) {
		if (CallID === 'Status') continue;
		for (const leg of Array.isArray(legs) ? legs : [legs]) rows.push({ json: { CallID, ...(leg as object) } });
	}
	return rows.length;
}

async function main() {
	const [mode, url, day] = process.argv.slice(2);
	// n8n-core is loaded before the clock starts, and only for the node, so the fetch baseline does
	// not carry its memory; the engine's start-up is not what is measured.
	const runNode = mode === 'node' ? (await import('../n8n-engine/n8nEngine')).runNode : undefined;
	const before = process.memoryUsage().rss;
	const started = process.hrtime.bigint();
	const items = runNode ? await viaNode(runNode, url, day) : await viaFetch(url, day);
	const ms = Number(process.hrtime.bigint() - started) / 1e6;
	const peakRss = process.resourceUsage().maxRSS * 1024;
	console.log(JSON.stringify({ mode, items, ms, peakRssMb: peakRss / 2 ** 20, growthMb: (peakRss - before) / 2 ** 20 }));
	process.exit(0);
}

void main().catch((error) => {
	console.error(error);
	process.exit(1);
});
