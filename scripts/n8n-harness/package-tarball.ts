// Builds and packs THIS package the way it is published (`npm run build`, then `npm pack`, whose
// `files: ["dist"]` decides what a user gets), and keeps the tarball in the cache under a hash of
// the sources. Jest gives every test file a fresh module registry, so an in-memory memo would not
// survive from one e2e file to the next; the content-addressed file does, and a second file (or a
// second run with unchanged sources) skips the build entirely.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CACHE_DIR, REPO_ROOT } from './paths';

/** What goes into the package: if none of these changed, the tarball cannot have changed. */
const SOURCES = ['package.json', 'tsconfig.json', 'tsconfig.build.json', 'gulpfile.js', 'nodes', 'credentials', 'icons'];

export async function packRepo(): Promise<string> {
	const hash = hashSources();
	const { name, version } = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
	const packsDir = path.join(CACHE_DIR, 'packs');
	const tarball = path.join(packsDir, `${name}-${version}-${hash}.tgz`);
	if (fs.existsSync(tarball)) return tarball;

	run('npm', ['run', 'build'], REPO_ROOT);
	fs.mkdirSync(packsDir, { recursive: true });
	const scratch = fs.mkdtempSync(path.join(packsDir, '.pack-'));
	try {
		const out = run('npm', ['pack', '--json', '--pack-destination', scratch], REPO_ROOT);
		const [{ filename }] = JSON.parse(out) as Array<{ filename: string }>;
		fs.renameSync(path.join(scratch, filename), tarball); // atomic: a reader never sees half a file
	} finally {
		fs.rmSync(scratch, { recursive: true, force: true });
	}
	return tarball;
}

function hashSources(): string {
	const hash = crypto.createHash('sha256');
	const visit = (relative: string): void => {
		const absolute = path.join(REPO_ROOT, relative);
		if (!fs.existsSync(absolute)) return;
		if (fs.statSync(absolute).isDirectory()) {
			for (const entry of fs.readdirSync(absolute).sort()) visit(path.join(relative, entry));
		} else {
			hash.update(relative).update('\0').update(fs.readFileSync(absolute)).update('\0');
		}
	};
	SOURCES.forEach(visit);
	return hash.digest('hex').slice(0, 16);
}

function run(command: string, args: string[], cwd: string): string {
	try {
		return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
	} catch (error) {
		const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
		throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${stdout}\n${stderr}`.slice(-6000));
	}
}
