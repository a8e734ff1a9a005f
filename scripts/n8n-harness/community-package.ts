// Installs a community-node package tarball into an n8n user folder exactly the way n8n 2.40's
// community-packages service does (CommunityPackagesService.downloadPackage), minus the registry:
//   <N8N_USER_FOLDER>/.n8n/nodes/package.json            {"name":"installed-nodes", dependencies}
//   <N8N_USER_FOLDER>/.n8n/nodes/node_modules/<name>/    the tarball, unpacked (--strip-components=1)
// then it deletes devDependencies, peerDependencies and optionalDependencies from the package's
// package.json and runs `npm install --ignore-scripts ...` inside it, so only runtime
// `dependencies` get installed (this package has none).
// Why not `npm install <tarball>` in the nodes folder: npm 7+ installs peer dependencies, so it
// would fetch a second n8n-workflow next to the package, and the nodes would load that copy
// instead of n8n's own (n8n puts its module paths on NODE_PATH only as a fallback).
// n8n loads every `n8n-nodes-*` folder under nodes/node_modules at start-up (the
// community-packages module's nodeLoaders), with or without a database record, so install before
// starting n8n (or restart it). Such a "manual install" does not appear in Settings > Community
// nodes, which lists database records only; the nodes themselves are in the node list.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface InstalledPackage {
	name: string;
	version: string;
	directory: string;
}

/**
 * @param tarballPath an `npm pack` output (.tgz)
 * @param n8nUserFolder the instance's N8N_USER_FOLDER (n8n keeps its data in its `.n8n` child)
 * @param env environment for npm (the instance's, so npm runs under the same Node as n8n)
 */
export function installCommunityPackage(
	tarballPath: string,
	n8nUserFolder: string,
	env: NodeJS.ProcessEnv = process.env,
): InstalledPackage {
	const nodesDir = path.join(n8nUserFolder, '.n8n', 'nodes');
	fs.mkdirSync(path.join(nodesDir, 'node_modules'), { recursive: true });

	const manifest = JSON.parse(
		execFileSync('tar', ['-xzOf', path.resolve(tarballPath), 'package/package.json'], { encoding: 'utf8' }),
	) as Record<string, unknown> & { name: string; version: string };
	const directory = path.join(nodesDir, 'node_modules', manifest.name);
	fs.rmSync(directory, { recursive: true, force: true });
	fs.mkdirSync(directory, { recursive: true });
	execFileSync('tar', ['-xzf', path.resolve(tarballPath), '-C', directory, '--strip-components=1']);

	const runtimeManifest: Record<string, unknown> = { ...manifest };
	for (const field of ['devDependencies', 'peerDependencies', 'optionalDependencies']) delete runtimeManifest[field];
	fs.writeFileSync(path.join(directory, 'package.json'), JSON.stringify(runtimeManifest, null, 2));
	runNpm(
		[
			'install',
			'--audit=false',
			'--fund=false',
			'--bin-links=false',
			'--install-strategy=shallow',
			'--ignore-scripts=true',
			'--package-lock=false',
		],
		directory,
		env,
	);

	// nodes/package.json records what is installed, as n8n's updatePackageJsonDependency does.
	const listPath = path.join(nodesDir, 'package.json');
	const list = fs.existsSync(listPath)
		? JSON.parse(fs.readFileSync(listPath, 'utf8'))
		: { name: 'installed-nodes', private: true, dependencies: {} };
	list.dependencies = { ...list.dependencies, [manifest.name]: manifest.version };
	fs.writeFileSync(listPath, JSON.stringify(list, null, 2));

	return { name: manifest.name, version: manifest.version, directory };
}

function runNpm(args: string[], cwd: string, env: NodeJS.ProcessEnv): void {
	try {
		execFileSync('npm', args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
	} catch (error) {
		const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
		throw new Error(`npm ${args.join(' ')} failed in ${cwd}:\n${stdout}\n${stderr}`.slice(-6000));
	}
}
