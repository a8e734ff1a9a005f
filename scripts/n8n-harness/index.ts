// The e2e harness in one import. A test file typically does:
//
//   let n8n: N8nInstance, api: N8nApi;
//   beforeAll(async () => {
//     ({ n8n, api } = await startN8n({ communityPackages: [await packRepo()] }));
//   }, E2E_SETUP_TIMEOUT_MS);
//   afterAll(() => n8n?.stop());
//
// One n8n per test file (6 to 10 s to start on this 2-core machine); the n8n install, a migrated
// template database and the packed tarball are cached across files and runs. To add a package
// to a running instance: `await n8n.installCommunityPackage(tarball)` (restarts n8n on the same
// folder and port; the api's session cookie stays valid).
// Set SOLSWITCH_E2E_KEEP=1 to keep each instance's folder and n8n.log after the run.
import { DEFAULT_OWNER, N8nApi, type OwnerAccount } from './n8n-api';
import { N8nInstance, type N8nInstanceOptions } from './n8n-instance';

export * from './community-package';
export * from './database-query';
export * from './execution-data';
export * from './install-n8n';
export * from './n8n-api';
export * from './n8n-instance';
export * from './package-tarball';
export { REPO_ROOT } from './paths';

/** For beforeAll: room for a first-time n8n install (minutes), a build and a start. */
export const E2E_SETUP_TIMEOUT_MS = 20 * 60_000;

/**
 * For each test (jest.setTimeout): jest's default 5 s is too short for a loaded 2-core machine.
 * The harness's own waits give up after 60 s with n8n's log, so this only backs them up.
 */
export const E2E_TEST_TIMEOUT_MS = 90_000;

/** Starts n8n, creates the owner and logs in: ready for REST calls. */
export async function startN8n(
	options: N8nInstanceOptions & { owner?: OwnerAccount } = {},
): Promise<{ n8n: N8nInstance; api: N8nApi }> {
	const n8n = await N8nInstance.start(options);
	try {
		const api = new N8nApi(n8n);
		const owner = options.owner ?? DEFAULT_OWNER;
		await api.setupOwner(owner);
		await api.login(owner.email, owner.password);
		return { n8n, api };
	} catch (error) {
		await n8n.stop({ keepUserFolder: true });
		throw error;
	}
}

/**
 * The node type names n8n gives the package's nodes: "<package name>.<node name>", where the
 * node name is, by n8n convention, the class name in lower camel case (SolSwitch.node.js ->
 * solSwitch); derived from package.json's `n8n.nodes`, so a node left out of the build is caught.
 */
export function expectedNodeTypes(packageJson: N8nPackageJson): string[] {
	return (packageJson.n8n?.nodes ?? []).map((file) => `${packageJson.name}.${lowerCamelBaseName(file, '.node.js')}`);
}

/** Credential type names are not prefixed: SolSwitchApi.credentials.js -> solSwitchApi. */
export function expectedCredentialTypes(packageJson: N8nPackageJson): string[] {
	return (packageJson.n8n?.credentials ?? []).map((file) => lowerCamelBaseName(file, '.credentials.js'));
}

type N8nPackageJson = { name: string; n8n?: { nodes?: string[]; credentials?: string[] } };

function lowerCamelBaseName(file: string, suffix: string): string {
	const className = file.split('/').pop()!.slice(0, -suffix.length);
	return className[0].toLowerCase() + className.slice(1);
}
export * from './queue/cluster';
