// A fresh n8n spends a quarter to a third of its start-up (2 to 4 s of ~8 to 11 s here) running
// 250+ database migrations. We run them once per n8n version, in a template user folder made
// by a short CLI command (`n8n list:workflow` migrates, prints nothing and exits), and copy that
// SQLite database into each new instance's user folder. The copy holds only the schema and
// n8n's seed rows (roles, the owner placeholder): no workflows, credentials or settings of a
// test. n8n's `config` file (which holds the encryption key) is not copied, so every instance
// writes its own from N8N_ENCRYPTION_KEY.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { N8nInstallation } from './install-n8n';
import { CACHE_DIR } from './paths';

const DATABASE_FILES = ['database.sqlite', 'database.sqlite-wal', 'database.sqlite-shm'];

/** Copies a migrated, empty database into <userFolder>/.n8n (making the template first if needed). */
export async function seedDatabase(
	installation: N8nInstallation,
	userFolder: string,
	env: NodeJS.ProcessEnv,
): Promise<void> {
	const template = await ensureTemplate(installation, env);
	const target = path.join(userFolder, '.n8n');
	fs.mkdirSync(target, { recursive: true });
	for (const file of DATABASE_FILES) {
		const source = path.join(template, '.n8n', file);
		if (fs.existsSync(source)) fs.copyFileSync(source, path.join(target, file));
	}
}

async function ensureTemplate(installation: N8nInstallation, env: NodeJS.ProcessEnv): Promise<string> {
	const template = path.join(CACHE_DIR, 'db-templates', path.basename(installation.n8nDir));
	if (fs.existsSync(path.join(template, '.n8n', 'database.sqlite'))) return template;

	const scratch = `${template}.tmp-${process.pid}`;
	fs.rmSync(scratch, { recursive: true, force: true });
	fs.mkdirSync(scratch, { recursive: true });
	try {
		await promisify(execFile)(installation.nodeBin, [installation.n8nBin, 'list:workflow'], {
			cwd: scratch,
			env: { ...env, N8N_USER_FOLDER: scratch },
			maxBuffer: 64 * 1024 * 1024,
		});
		fs.rmSync(path.join(scratch, '.n8n', 'config'), { force: true });
		fs.renameSync(scratch, template); // atomic; if another process won the race, use theirs
	} catch (error) {
		fs.rmSync(scratch, { recursive: true, force: true });
		if (!fs.existsSync(path.join(template, '.n8n', 'database.sqlite'))) {
			const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
			throw new Error(`migrating the template database failed:\n${stdout}\n${stderr}`.slice(-6000));
		}
	}
	return template;
}
