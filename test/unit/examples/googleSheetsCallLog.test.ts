// The Google Sheets variant of the call log (docs/call-log-google-sheets.md, moved there from Text back
// missed calls) is a node a user pastes, not run by the suite (no Google account). It must stay the same row
// as the call-log example's Data Table node, which the end-to-end test runs: same columns, same
// expressions over Call Ended's fields, same column types, and the Append operation of the sheet.
import fs from 'node:fs';
import path from 'node:path';
import { readExample } from '../../../scripts/start/examples';

const ROOT = path.join(__dirname, '..', '..', '..');
type Columns = { mappingMode: string; value: Record<string, string>; schema: Array<{ id: string; type: string }> };

function pastedNode() {
	const page = fs.readFileSync(path.join(ROOT, 'docs/call-log-google-sheets.md'), 'utf8');
	const block = /```json\n([\s\S]*?)\n```/.exec(page);
	if (!block) throw new Error('no json block in the Google Sheets section');
	return (JSON.parse(block[1]) as { nodes: Array<{ type: string; typeVersion: number; parameters: Record<string, unknown> & { columns: Columns } }> }).nodes;
}

test('the pasted node is a Google Sheets Append Row into the tab "Call log", by the spreadsheet URL', () => {
	const nodes = pastedNode();
	expect(nodes).toHaveLength(1);
	const [node] = nodes;
	expect(node).toMatchObject({ type: 'n8n-nodes-base.googleSheets', typeVersion: 4.7 });
	expect(node.parameters).toMatchObject({
		resource: 'sheet',
		operation: 'append',
		documentId: { __rl: true, mode: 'url' },
		sheetName: { __rl: true, mode: 'name', value: 'Call log' },
		columns: { mappingMode: 'defineBelow' },
	});
});

test('it maps the same columns from the same Call Ended fields, with the same types, as the call-log example', () => {
	const [sheet] = pastedNode();
	const dataTable = (readExample('examples/call-log.json').nodes as Array<{ name: string; parameters: { columns: Columns } }>).find((n) => n.name === 'Log the Call')!;
	expect(sheet.parameters.columns.value).toEqual(dataTable.parameters.columns.value);
	expect(sheet.parameters.columns.schema.map((c) => [c.id, c.type])).toEqual(dataTable.parameters.columns.schema.map((c) => [c.id, c.type]));
	// The docs list the sheet's header row in the same order.
	const page = fs.readFileSync(path.join(ROOT, 'docs/call-log-google-sheets.md'), 'utf8');
	const headerStep = /write the column names in its first row: ([^.]+)\./.exec(page.replace(/\n\s*/g, ' '))![1];
	expect([...headerStep.matchAll(/`(\w+)`/g)].map((m) => m[1])).toEqual(Object.keys(dataTable.parameters.columns.value));
});
