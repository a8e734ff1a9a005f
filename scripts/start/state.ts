/**
 * What `npm start` remembers between runs, in <state folder>/state.json: the encryption key of
 * n8n's credentials, the owner's login, the ids of the credentials and workflows it created (so a
 * second start reuses them instead of making copies), and which package tarball is installed.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { OwnerAccount } from '../n8n-harness/n8n-api';

export interface StartState {
	encryptionKey: string;
	owner: OwnerAccount;
	/** Base name of the tarball installed into n8n (content-addressed: changes with the sources). */
	installedTarball?: string;
	/** Credential type -> the credential created for it, and what it was created with. */
	credentials: Record<string, { id: string; name: string; baseUrl?: string }>;
	/** Example slug -> the workflow imported from it, and a hash of the file it came from and of the ids of the data tables it was pointed at. */
	workflows: Record<string, { id: string; fileHash: string }>;
	/** The bearer token of the MCP example's clients (made once: a client configured with it keeps working). */
	mcpToken?: string;
}

export function stateFile(home: string): string {
	return path.join(home, 'state.json');
}

/** Reads the state, or makes a new one (new encryption key, new owner password). */
export function loadState(home: string): StartState {
	const file = stateFile(home);
	if (fs.existsSync(file)) {
		const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<StartState>;
		if (saved.encryptionKey && saved.owner) {
			return { credentials: {}, workflows: {}, ...saved } as StartState;
		}
	}
	return {
		encryptionKey: randomBytes(24).toString('base64url'),
		// n8n's rules: 8 to 64 characters with a digit and an upper-case letter.
		owner: {
			email: 'owner@solswitch.test',
			password: `SolSwitch-${randomBytes(4).toString('hex')}-1`,
			firstName: 'SolSwitch',
			lastName: 'Demo',
		},
		credentials: {},
		workflows: {},
	};
}

/** Written after every change, atomically, readable only by the user (it holds the login). */
export function saveState(home: string, state: StartState): void {
	fs.mkdirSync(home, { recursive: true });
	const file = stateFile(home);
	const scratch = `${file}.tmp-${process.pid}`;
	fs.writeFileSync(scratch, JSON.stringify(state, null, 2) + '\n', { mode: 0o600 });
	fs.renameSync(scratch, file);
}
