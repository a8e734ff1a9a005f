// Makes sure n8n and Node 24 are installed, by calling scripts/install-n8n.sh (the single place
// that knows how), and tells the harness where they are. The script reuses its cache, so after the
// first run this costs a few milliseconds; the first run takes minutes, so its progress is shown
// on the terminal (process.stderr, which jest does not buffer) with a heartbeat.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { INSTALL_SCRIPT, REPO_ROOT } from './paths';

export interface N8nInstallation {
	/** The folder holding node_modules/n8n. */
	n8nDir: string;
	/** The `n8n` executable (a node script; run it with nodeBinDir first on PATH). */
	n8nBin: string;
	/** Folder of the Node 24 binary n8n needs. */
	nodeBinDir: string;
	/** Node 24 itself. */
	nodeBin: string;
	/** Where flatted, n8n's run-data encoder, can be required from. */
	requireFrom: string;
}

let pending: Promise<N8nInstallation> | undefined;

/** Installs n8n once per process (and once per machine, thanks to the script's cache). */
export function ensureN8nInstalled(): Promise<N8nInstallation> {
	pending ??= runInstallScript().catch((error) => {
		pending = undefined; // let a later call retry
		throw error;
	});
	return pending;
}

function runInstallScript(): Promise<N8nInstallation> {
	return new Promise((resolve, reject) => {
		const started = Date.now();
		const child = spawn('bash', [INSTALL_SCRIPT], {
			cwd: REPO_ROOT,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let stdout = '';
		let stderr = '';
		let reusing = false;
		child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
		child.stderr.on('data', (chunk: Buffer) => {
			const text = chunk.toString();
			stderr += text;
			if (text.includes('reusing n8n')) reusing = true;
			else process.stderr.write(text); // first-time install: show what it is doing
		});
		// npm prints nothing for minutes while it installs 2,300 packages; say we are alive.
		const heartbeat = setInterval(() => {
			if (!reusing) {
				const seconds = Math.round((Date.now() - started) / 1000);
				process.stderr.write(`[install-n8n] still installing n8n (${seconds} s)\n`);
			}
		}, 30_000);
		child.on('error', (error) => {
			clearInterval(heartbeat);
			reject(error);
		});
		child.on('close', (code) => {
			clearInterval(heartbeat);
			if (code !== 0) {
				reject(new Error(`scripts/install-n8n.sh failed (exit ${code}):\n${stderr.slice(-4000)}`));
				return;
			}
			const n8nDir = stdout.trim().split('\n').pop() ?? '';
			try {
				resolve(describeInstallation(n8nDir));
			} catch (error) {
				reject(error);
			}
		});
	});
}

function describeInstallation(n8nDir: string): N8nInstallation {
	const n8nBin = path.join(n8nDir, 'node_modules', '.bin', 'n8n');
	const nodeBinDir = fs.readFileSync(path.join(n8nDir, '.node-bin'), 'utf8').trim();
	const nodeBin = path.join(nodeBinDir, 'node');
	for (const file of [n8nBin, nodeBin]) {
		if (!fs.existsSync(file)) throw new Error(`install-n8n.sh reported ${n8nDir}, but ${file} is missing`);
	}
	return { n8nDir, n8nBin, nodeBinDir, nodeBin, requireFrom: path.join(n8nDir, 'node_modules', 'n8n') };
}
