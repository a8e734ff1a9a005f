// Where things live. One place, so the install script, the packer and the instance agree.
import os from 'node:os';
import path from 'node:path';

/** The repository root (this file is test/e2e/harness/paths.ts). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

/** The cache shared with scripts/install-n8n.sh (same variable, same default). */
export const CACHE_DIR =
	process.env.SOLSWITCH_CACHE ?? path.join(os.homedir(), '.cache', 'n8n-nodes-solswitch');

export const INSTALL_SCRIPT = path.join(REPO_ROOT, 'scripts', 'install-n8n.sh');
