/**
 * CDR export at 1,000 / 10,000 / 100,000 legs: the SolSwitch node (request, validation, shaping into
 * one item per leg, through n8n-core's engine) beside the raw fetch + JSON.parse + flatten a user
 * would otherwise write, measured in the same run. The sandbox runs in a process of its own and
 * each measurement in a fresh worker process, so the peak memory shown is the exporter's alone.
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Benchmark } from './benchmark';

const SIZES = [1000, 10000, 100000];
const DAY = '2026-03-10';
const run = promisify(execFile);

async function freePort(): Promise<number> {
	const server = createServer();
	server.listen(0, '127.0.0.1');
	await once(server, 'listening');
	const { port } = server.address() as { port: number };
	server.close();
	return port;
}

async function startSandboxProcess(): Promise<{ url: string; child: ChildProcess }> {
	const port = await freePort();
	const child = spawn(process.execPath, [path.join(__dirname, '..', '..', 'sandbox', 'cli.js')], {
		env: { ...process.env, SANDBOX_PORT: String(port), SANDBOX_HOST: '127.0.0.1' },
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	const url = `http://127.0.0.1:${port}`;
	for (let i = 0; i < 200; i++) {
		try {
			if ((await fetch(`${url}/_sandbox/health`)).ok) return { url, child };
		} catch {
			// not listening yet
		}
		await new Promise((r) => setTimeout(r, 50));
	}
	child.kill();
	throw new Error('the sandbox did not start');
}

interface Figures {
	mode: string;
	items: number;
	ms: number;
	peakRssMb: number;
	growthMb: number;
}

async function measure(mode: 'node' | 'fetch', url: string): Promise<Figures> {
	const { stdout } = await run(process.execPath, [path.join(__dirname, 'cdrExportWorker.js'), mode, url, DAY], {
		maxBuffer: 1 << 20,
	});
	return JSON.parse(stdout.trim().split('\n').pop()!) as Figures;
}

export const cdrExportBenchmark: Benchmark = {
	name: 'cdrExport',
	async run() {
		const { url, child } = await startSandboxProcess();
		try {
			const rows: string[] = [];
			for (const legs of SIZES) {
				// All legs on one day: one request and one answer of `legs` legs.
				await fetch(`${url}/_sandbox/reports`, {
					method: 'POST',
					headers: { 'Content-Type': 'application/json' },
					body: JSON.stringify({ seed: 1, legs, days: 1, lastDay: DAY }),
				});
				await measure('fetch', url); // warm the sandbox's index for this size
				for (const mode of ['node', 'fetch'] as const) {
					const f = await measure(mode, url);
					if (f.items !== legs) throw new Error(`${mode} gave ${f.items} items for ${legs} legs`);
					rows.push(
						`| ${legs.toLocaleString('en-US')} | ${mode === 'node' ? 'SolSwitch node (n8n-core engine)' : 'raw fetch + JSON.parse + flatten'} | ${f.ms.toFixed(0)} | ${((f.ms * 1000) / legs).toFixed(1)} | ${f.peakRssMb.toFixed(0)} | ${f.growthMb.toFixed(0)} |`,
					);
				}
				await fetch(`${url}/_sandbox/exchanges`, { method: 'DELETE' });
			}
			console.log('| legs | exporter | time (ms) | µs per leg | peak RSS (MB) | RSS growth (MB) |');
			console.log('|---:|---|---:|---:|---:|---:|');
			for (const row of rows) console.log(row);
		} finally {
			child.kill();
		}
	},
};
