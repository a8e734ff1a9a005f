// The example workflow examples/daily-cdr-export.json, imported into a real n8n 2.40 with this
// package installed, run against the sandbox: yesterday's call records must end up, one row per
// call leg, in the CSV and XLSX files it writes. One n8n start for the file.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_SWITCH_KEY, startSandbox, type Sandbox } from '../../sandbox/server';
import { callsBetween } from '../../sandbox/switch/reports/cdr';
import { parseBound } from '../../sandbox/time';
import { E2E_SETUP_TIMEOUT_MS, N8nApi, N8nInstance, nodeJson, packRepo, startN8n, type WorkflowDefinition } from '../../scripts/n8n-harness';
import { REPO_ROOT } from '../../scripts/n8n-harness/paths';

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

/** RFC 4180 rows: quoted fields may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
	const rows: string[][] = [];
	let row: string[] = [];
	let field = '';
	let quoted = false;
	for (let i = 0; i < text.length; i++) {
		const c = text[i];
		if (quoted) {
			if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
			else if (c === '"') quoted = false;
			else field += c;
		} else if (c === '"') quoted = true;
		else if (c === ',') row.push(field), (field = '');
		else if (c === '\n' || c === '\r') {
			if (c === '\r' && text[i + 1] === '\n') i++;
			row.push(field), rows.push(row), (row = []), (field = '');
		} else field += c;
	}
	if (field || row.length) row.push(field), rows.push(row);
	return rows;
}

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
	const requests = sandbox.exchanges.find({ service: 'switch', path: '/api/cdrexport/' });
	expect(requests.map((r) => r.body)).toEqual([{ DateStart: yesterday, DateEnd: yesterday, Key: DEFAULT_SWITCH_KEY }]);
	const legs = [...callsBetween(sandbox.state, 1, parseBound(yesterday, false)!, parseBound(yesterday, true)!)].flatMap((call) =>
		call.legs.map((l) => ({ CallID: call.CallID, ...l.leg })),
	);
	expect(legs.length).toBeGreaterThan(50);
	expect(nodeJson(execution, "Export Yesterday's Calls")).toEqual(legs);

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
});
