// Reads an instance's SQLite database (<userFolder>/.n8n/database.sqlite) as n8n stored it, with
// n8n's own sqlite3 driver under n8n's own Node (the driver is a native addon built for that Node;
// the tests' Node may differ). Read-only, and safe while n8n runs: SQLite's WAL lets a reader in.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { N8nInstance } from './n8n-instance';

export type DatabaseRow = Record<string, string | number | null>;

/** The database file and its write-ahead log and shared-memory files, those that exist. */
export function databaseFiles(instance: N8nInstance): string[] {
	const base = path.join(instance.userFolder, '.n8n', 'database.sqlite');
	return [base, `${base}-wal`, `${base}-shm`].filter((f) => fs.existsSync(f));
}

// Runs each statement of argv[3] (a JSON array) in turn and prints the JSON array of their rows;
// the statement "*tables" stands for every table's rows, by table name.
const QUERY_SCRIPT = `
const [requireFrom, file, statements] = process.argv.slice(1);
const sqlite3 = require('node:module').createRequire(requireFrom + '/')('sqlite3');
const db = new sqlite3.Database(file, sqlite3.OPEN_READONLY);
const all = (sql) => new Promise((resolve, reject) => db.all(sql, (error, rows) => (error ? reject(error) : resolve(rows))));
(async () => {
	const results = [];
	for (const sql of JSON.parse(statements)) {
		if (sql !== '*tables') { results.push(await all(sql)); continue; }
		const tables = {};
		for (const { name } of await all("SELECT name FROM sqlite_master WHERE type = 'table'")) tables[name] = await all('SELECT * FROM "' + name + '"');
		results.push(tables);
	}
	process.stdout.write(JSON.stringify(results));
	db.close();
})().catch((error) => { console.error(error); process.exit(1); });`;

async function runQueries(instance: N8nInstance, statements: string[]): Promise<unknown[]> {
	const file = path.join(instance.userFolder, '.n8n', 'database.sqlite');
	const { stdout } = await promisify(execFile)(
		instance.installation.nodeBin,
		['-e', QUERY_SCRIPT, instance.installation.requireFrom, file, JSON.stringify(statements)],
		{ maxBuffer: 256 * 1024 * 1024 },
	);
	return JSON.parse(stdout) as unknown[];
}

/** Rows of one SELECT; Buffer columns arrive as {type:'Buffer', data}. */
export async function queryDatabase(instance: N8nInstance, sql: string): Promise<DatabaseRow[]> {
	const [rows] = await runQueries(instance, [sql]);
	return rows as DatabaseRow[];
}

/** Every table's rows, by table name (one process, one read). */
export async function readAllTables(instance: N8nInstance): Promise<Record<string, DatabaseRow[]>> {
	const [tables] = await runQueries(instance, ['*tables']);
	return tables as Record<string, DatabaseRow[]>;
}
