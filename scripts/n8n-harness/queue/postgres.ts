// A private PostgreSQL cluster for one queue-mode n8n: initdb into a temporary folder, a server on
// a loopback port of its own (no other socket: the Unix socket goes in that folder too), trust
// authentication (loopback only), durability off (a test cluster: speed over crash safety).
// PostgreSQL refuses to run as root, so as root it runs as the `postgres` user the Debian package
// creates. Binaries: `pg_config --bindir`, else the newest /usr/lib/postgresql/<n>/bin.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../free-port';
import { ServerProcess } from './server-process';

export const POSTGRES_USER = 'n8n';
export const POSTGRES_DATABASE = 'postgres';

export class PostgresServer {
	private constructor(
		readonly folder: string,
		readonly port: number,
		private readonly server: ServerProcess,
		private readonly bin: string,
	) {}

	static async start(): Promise<PostgresServer> {
		const bin = postgresBinDir();
		const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-queue-pg-'));
		const owner = process.getuid?.() === 0 ? systemUser('postgres') : undefined;
		if (owner) fs.chownSync(folder, owner.uid, owner.gid);
		const data = path.join(folder, 'data');
		execFileSync(path.join(bin, 'initdb'), ['-D', data, '-U', POSTGRES_USER, '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions'], {
			stdio: 'pipe',
			cwd: folder,
			...(owner ?? {}),
		});
		const port = await freePort();
		const server = new ServerProcess(
			'PostgreSQL',
			path.join(bin, 'postgres'),
			['-D', data, '-p', String(port), '-h', '127.0.0.1', '-k', folder, '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=200'],
			path.join(folder, 'postgres.log'),
			{ cwd: folder, ...(owner ?? {}) },
		);
		const postgres = new PostgresServer(folder, port, server, bin);
		try {
			await server.start(port);
		} catch (error) {
			await postgres.stop();
			throw error;
		}
		return postgres;
	}

	/** What n8n needs to use this cluster. */
	get n8nEnv(): Record<string, string> {
		return {
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: String(this.port),
			DB_POSTGRESDB_DATABASE: POSTGRES_DATABASE,
			DB_POSTGRESDB_USER: POSTGRES_USER,
			DB_POSTGRESDB_PASSWORD: '',
		};
	}

	/** Writes the database (schema and rows) to a plain SQL file. */
	dump(file: string): void {
		execFileSync(path.join(this.bin, 'pg_dump'), [...this.connection, '--no-owner', '-f', file], { stdio: 'pipe' });
	}

	/** Runs a plain SQL file (a dump()) against the database. */
	restore(file: string): void {
		execFileSync(path.join(this.bin, 'psql'), [...this.connection, '-q', '-v', 'ON_ERROR_STOP=1', '-f', file], { stdio: 'pipe' });
	}

	/** Runs SQL against the database and gives its rows, one a line, columns separated by "|" (psql -At). */
	query(sql: string): string {
		return execFileSync(path.join(this.bin, 'psql'), [...this.connection, '-q', '-At', '-v', 'ON_ERROR_STOP=1', '-c', sql], { encoding: 'utf8', stdio: 'pipe' }).trim();
	}

	/** What n8n's Postgres credential needs to reach this database (trust authentication: no password). */
	get credential(): { host: string; port: number; database: string; user: string; password: string; ssl: 'disable' } {
		return { host: '127.0.0.1', port: this.port, database: POSTGRES_DATABASE, user: POSTGRES_USER, password: '', ssl: 'disable' };
	}

	private get connection(): string[] {
		return ['-h', '127.0.0.1', '-p', String(this.port), '-U', POSTGRES_USER, '-d', POSTGRES_DATABASE];
	}

	async stop({ keepFolder = false } = {}): Promise<void> {
		await this.server.stop();
		if (!keepFolder) fs.rmSync(this.folder, { recursive: true, force: true });
	}
}

function postgresBinDir(): string {
	try {
		const bin = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
		if (fs.existsSync(path.join(bin, 'initdb'))) return bin;
	} catch {
		// pg_config is in libpq-dev, often absent
	}
	const root = '/usr/lib/postgresql';
	const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb'))) : [];
	versions.sort((a, b) => Number(b) - Number(a));
	if (!versions.length) throw new Error('PostgreSQL is not installed: apt-get install postgresql (CI: .ci/run does it)');
	return path.join(root, versions[0], 'bin');
}

function systemUser(name: string): { uid: number; gid: number } {
	try {
		const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
		const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
		return { uid, gid };
	} catch {
		throw new Error(`PostgreSQL will not run as root and there is no "${name}" user (the postgresql package creates it)`);
	}
}
