/**
 * `npm run bench`: every benchmark in scripts/bench/, one after another, each printing its figures
 * beside the alternative a user would build, measured in the same run. Benchmarks, not tests:
 * nothing here asserts a time. `npm run bench -- <name>` runs the ones whose name contains <name>.
 */
import { cdrExportBenchmark } from './cdrExport';
import { digitValidationBenchmark } from './digitValidation';
import { messagingBenchmark } from './messaging';

import type { Benchmark } from './benchmark';

// Each benchmark module registers itself here.
const benchmarks: Benchmark[] = [digitValidationBenchmark, cdrExportBenchmark, messagingBenchmark];

async function main() {
	const filter = process.argv[2];
	const chosen = benchmarks.filter((b) => !filter || b.name.includes(filter));
	if (!chosen.length) {
		console.log(`No benchmark matches "${filter ?? ''}". Known: ${benchmarks.map((b) => b.name).join(', ') || 'none yet'}`);
		return;
	}
	for (const b of chosen) {
		console.log(`\n=== ${b.name} ===`);
		await b.run();
	}
}

void main().catch((error) => {
	console.error(error);
	process.exit(1);
});
