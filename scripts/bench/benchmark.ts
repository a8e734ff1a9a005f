/** What every benchmark of scripts/bench/ gives the runner (index.ts): a name to filter on, a run. */
export interface Benchmark {
	name: string;
	run(): Promise<void>;
}
