// Where things live. One place, so the install script, the packer and the instance agree.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The repository root: the nearest folder above this file holding scripts/install-n8n.sh. This file
 * is scripts/n8n-harness/paths.ts, and also build/scripts/n8n-harness/paths.js when compiled for
 * `npm start` (tsconfig.tools.json), so a fixed number of '..' would not do.
 */
export const REPO_ROOT = findRepoRoot(__dirname);

function findRepoRoot(from: string): string {
	for (let dir = from; ; dir = path.dirname(dir)) {
		if (fs.existsSync(path.join(dir, 'scripts', 'install-n8n.sh')) && fs.existsSync(path.join(dir, 'package.json'))) return dir;
		if (path.dirname(dir) === dir) return path.resolve(from, '..', '..');
	}
}

/** The cache shared with scripts/install-n8n.sh (same variable, same default). */
export const CACHE_DIR =
	process.env.SOLSWITCH_CACHE ?? path.join(os.homedir(), '.cache', 'n8n-nodes-solswitch');

export const INSTALL_SCRIPT = path.join(REPO_ROOT, 'scripts', 'install-n8n.sh');
