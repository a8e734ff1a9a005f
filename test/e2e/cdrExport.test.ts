// The example workflow examples/daily-cdr-export.json, imported into a real n8n 2.40 with this
// package installed, run against the sandbox: yesterday's call records must end up, one row per
// call leg, in the CSV file the export's CSV File output writes (asked in windows) and in the XLSX
// made from it. Then the CSV File output beside the items written by n8n's Convert to File, at
// 10,000 legs: the same bytes. One n8n start for the file.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_SWITCH_KEY, startSandbox, type Sandbox } from '../../sandbox/server';
import { callsBetween } from '../../sandbox/switch/reports/cdr';
import { parseBound } from '../../sandbox/time';
import { E2E_SETUP_TIMEOUT_MS, N8nApi, N8nInstance, nodeJson, packRepo, startN8n, type WorkflowDefinition } from '../../scripts/n8n-harness';
import { REPO_ROOT } from '../../scripts/n8n-harness/paths';
import { parseCsv } from '../helpers/csv';

let sandbox: Sandbox;
let n8n: N8nInstance;
let api: N8nApi;
let outDir: string;

beforeAll(async () => {
	sandbox = await startSandbox({ reports: { seed: 11, legs: 700, days: 7 } });
	outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdr-export-'));
	const tarball = await packRepo();
	// UTC so the workflow's "yesterday" is the sandbox's; files may only be written under outDir.
	({ n8n, api } = await startN8n({
		communityPackages: [tarball],
		env: { GENERIC_TIMEZONE: 'UTC', N8N_RESTRICT_FILE_ACCESS_TO: outDir },
	}));
}, E2E_SETUP_TIMEOUT_MS);

afterAll(async () => {
	await n8n?.stop();
	await sandbox?.close();
	if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
});

/** The example as a user imports it, pointed at this test's credential and folder. */
function exampleWorkflow(credential: { id: string; name: string }): WorkflowDefinition {
	const workflow = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'examples', 'daily-cdr-export.json'), 'utf8'));
	for (const node of workflow.nodes) {
		if (node.credentials?.solSwitchApi) node.credentials.solSwitchApi = credential;
		if (node.name === 'Settings') {
			const folder = node.parameters.assignments.assignments.find((a: { name: string }) => a.name === 'folder');
			folder.value = outDir;
		}
	}
	return workflow;
}

test('the daily CDR export example writes yesterday\'s legs to CSV and XLSX files', async () => {
	const credential = await api.createCredential('SolSwitch sandbox', 'solSwitchApi', {
		baseUrl: sandbox.url,
		apiKey: DEFAULT_SWITCH_KEY,
		customer: '',
	});
	const workflow = await api.createWorkflow(exampleWorkflow(credential));

	const execution = await api.runManually(workflow.id, 'Every Day at 6:00');

	expect(execution.status).toBe('success');
	const yesterday = new Date(Date.now() - 86400000).toISOString().slice(0, 10);
	// The day asked in consecutive windows, from its first second to its last.
	const requests = sandbox.exchanges.find({ service: 'switch', path: '/api/cdrexport/' }).map((r) => r.body as { DateStart: string; DateEnd: string; Key: string });
	expect(requests[0]).toEqual({ DateStart: `${yesterday} 00:00:00`, DateEnd: expect.any(String), Key: DEFAULT_SWITCH_KEY });
	expect(requests[requests.length - 1].DateEnd).toBe(`${yesterday} 23:59:59`);
	for (let i = 1; i < requests.length; i++) expect(parseBound(requests[i].DateStart, false)).toBe(parseBound(requests[i - 1].DateEnd, true)! + 1000);
	const legs = [...callsBetween(sandbox.state, 1, parseBound(yesterday, false)!, parseBound(yesterday, true)!)].flatMap((call) =>
		call.legs.map((l) => ({ CallID: call.CallID, ...l.leg })),
	);
	expect(legs.length).toBeGreaterThan(50);
	expect(nodeJson(execution, "Export Yesterday's Calls")).toEqual([
		expect.objectContaining({ fileName: `cdr-${yesterday}.csv`, legs: legs.length, windowsAsked: requests.length }),
	]);
	// A day of this size fits a spreadsheet: the XLSX branch ran.
	expect(nodeJson(execution, 'Read CSV Rows')).toHaveLength(legs.length);

	// CSV: a header row, then one row per leg with the values as the switch sent them.
	// n8n starts the CSV with a byte order mark, so that Excel reads it as UTF-8.
	const csvText = fs.readFileSync(path.join(outDir, `cdr-${yesterday}.csv`), 'utf8').replace(/^\uFEFF/, '');
	const csv = parseCsv(csvText).filter((r) => r.some(Boolean));
	const [header, ...rows] = csv;
	expect(header).toEqual(Object.keys(legs[0]));
	expect(rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])))).toEqual(legs);

	// XLSX: a zip holding the "Calls" sheet, read back with the xlsx library n8n itself uses.
	const xlsxFile = path.join(outDir, `cdr-${yesterday}.xlsx`);
	expect(fs.readFileSync(xlsxFile).subarray(0, 2).toString('latin1')).toBe('PK');
	// n8n 2.x depends on @e965/xlsx; n8n 1.x on xlsx (installed here as an override to the same fork).
	const requireFromN8n = createRequire(path.join(n8n.installation.requireFrom, 'package.json'));
	const xlsxModule = (() => {
		try {
			return requireFromN8n('@e965/xlsx');
		} catch {
			return requireFromN8n('xlsx');
		}
	})();
	const XLSX = xlsxModule as {
		readFile(file: string): { SheetNames: string[]; Sheets: Record<string, unknown> };
		utils: { sheet_to_json(sheet: unknown, options: { raw: boolean; defval: string }): Array<Record<string, string>> };
	};
	const book = XLSX.readFile(xlsxFile);
	expect(book.SheetNames).toEqual(['Calls']);
	const sheetRows = XLSX.utils.sheet_to_json(book.Sheets.Calls, { raw: false, defval: '' });
	expect(sheetRows.map((r) => r.CallID)).toEqual(legs.map((l) => l.CallID));
	expect(sheetRows.map((r) => r.LegID)).toEqual(legs.map((l) => l.LegID));
	expect(sheetRows.map((r) => r.ConnectTime)).toEqual(legs.map((l) => l.ConnectTime));
	// A real run in n8n (24 windows, a CSV and an XLSX written): jest's 5 s default is too short on a
	// loaded machine (it timed out there on n8n 2.41.3), as for the 10,000-leg run below.
}, 60000);

/** The same 10,000-leg day two ways in one workflow: items through Convert to File (CSV), and the CSV File output. */
function sideBySideWorkflow(credential: { id: string; name: string }, day: string): WorkflowDefinition {
	const credentials = { solSwitchApi: credential };
	const write = (name: string, file: string, x: number, y: number) => ({
		id: name,
		name,
		type: 'n8n-nodes-base.readWriteFile',
		typeVersion: 1,
		position: [x, y],
		parameters: { operation: 'write', fileName: path.join(outDir, file), dataPropertyName: 'data', options: {} },
	});
	return {
		name: 'CDR: items + Convert to File beside CSV File',
		nodes: [
			{ id: 'start', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{
				id: 'items',
				name: 'Export as Items',
				type: 'n8n-nodes-solswitch.solSwitch',
				typeVersion: 2,
				position: [220, -100],
				parameters: { resource: 'report', operation: 'exportCdr', DateStart: day, DateEnd: day, options: {} },
				credentials,
			},
			{
				id: 'convert',
				name: 'Convert to File',
				type: 'n8n-nodes-base.convertToFile',
				typeVersion: 1.1,
				position: [440, -100],
				parameters: { operation: 'csv', binaryPropertyName: 'data', options: {} },
			},
			write('Write Items CSV', 'items.csv', 660, -100),
			{
				id: 'file',
				name: 'Export as CSV File',
				type: 'n8n-nodes-solswitch.solSwitch',
				typeVersion: 2,
				position: [220, 100],
				parameters: { resource: 'report', operation: 'exportCdr', DateStart: day, DateEnd: day, options: { cdrOutput: 'csvFile' } },
				credentials,
			},
			write('Write CSV File', 'file.csv', 440, 100),
		],
		connections: {
			Start: { main: [[{ node: 'Export as Items', type: 'main', index: 0 }, { node: 'Export as CSV File', type: 'main', index: 0 }]] },
			'Export as Items': { main: [[{ node: 'Convert to File', type: 'main', index: 0 }]] },
			'Convert to File': { main: [[{ node: 'Write Items CSV', type: 'main', index: 0 }]] },
			'Export as CSV File': { main: [[{ node: 'Write CSV File', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

test('at 10,000 legs, the CSV File output is byte for byte what items + Convert to File (CSV) write', async () => {
	const day = '2026-03-10';
	await fetch(`${sandbox.url}/_sandbox/reports`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ seed: 12, legs: 10000, days: 1, lastDay: day }),
	});
	sandbox.exchanges.clear();
	const credential = await api.createCredential('SolSwitch sandbox (10,000 legs)', 'solSwitchApi', { baseUrl: sandbox.url, apiKey: DEFAULT_SWITCH_KEY, customer: '' });
	const workflow = await api.createWorkflow(sideBySideWorkflow(credential, day));

	const execution = await api.runManually(workflow.id, 'Start');

	expect(execution.status).toBe('success');
	const [file] = nodeJson(execution, 'Export as CSV File');
	expect(file).toMatchObject({ fileName: `cdr-${day}.csv`, legs: 10000 });
	expect(file.windowsAsked).toBeGreaterThan(1);
	const fromItems = fs.readFileSync(path.join(outDir, 'items.csv'));
	const fromFile = fs.readFileSync(path.join(outDir, 'file.csv'));
	expect(fromItems.length).toBeGreaterThan(10000 * 100);
	expect(fromFile.length).toBe(fromItems.length);
	expect(fromFile.equals(fromItems)).toBe(true);
	// Some caller names hold a comma and quotes: both writers quoted them the same way.
	expect(fromFile.toString('utf8')).toContain('"Northwind, ""The North"" Inc."');
	expect(fromFile.toString('utf8').split('\n')).toHaveLength(10001);
}, 180000);
