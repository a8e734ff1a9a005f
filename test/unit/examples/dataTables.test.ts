// The Data Tables an example waits for are read from the example file itself (its Data Table nodes'
// placeholder, table name and column mapping), and the loader points those nodes at the tables made.
import { DATA_TABLE_PLACEHOLDER, dataTablesNeeded, remapDataTables } from '../../../scripts/start/dataTables';
import { readExample } from '../../../scripts/start/examples';

const smsAutoReply = () => readExample('examples/sms-auto-reply.json');

function recordOptOut(workflow: ReturnType<typeof smsAutoReply>) {
	return workflow.nodes.find((n) => n.name === 'Record Opt-Out') as { type: string; typeVersion: number; parameters: Record<string, any> };
}

test('the SMS auto-reply example waits for one table, SMS opt-outs, with the columns it maps', () => {
	expect(dataTablesNeeded(smsAutoReply())).toEqual([
		{
			name: 'SMS opt-outs',
			columns: [
				{ name: 'from', type: 'string' },
				{ name: 'to', type: 'string' },
				{ name: 'keyword', type: 'string' },
				{ name: 'optedOutAt', type: 'date' },
			],
		},
	]);
});

test('its Record Opt-Out node upserts on `from`, in the Data Table node version both n8n lines know', () => {
	const node = recordOptOut(smsAutoReply());
	// 1.123 knows only typeVersion 1 (2.40: 1 and 1.1).
	expect(node).toMatchObject({ type: 'n8n-nodes-base.dataTable', typeVersion: 1 });
	expect(node.parameters).toMatchObject({ resource: 'row', operation: 'upsert' });
	expect(node.parameters.filters.conditions).toEqual([{ keyName: 'from', condition: 'eq', keyValue: '={{ $json.from }}' }]);
});

test('remapDataTables points the placeholder at the table made, by name, and leaves the file untouched', () => {
	const example = smsAutoReply();
	const remapped = remapDataTables(example, { 'SMS opt-outs': { id: 'Tbl123', name: 'SMS opt-outs', projectId: 'P1' } });
	expect(recordOptOut(remapped).parameters.dataTableId).toEqual({
		__rl: true,
		mode: 'list',
		value: 'Tbl123',
		cachedResultName: 'SMS opt-outs',
		cachedResultUrl: '/projects/P1/datatables/Tbl123',
	});
	expect(recordOptOut(example).parameters.dataTableId.value).toBe(DATA_TABLE_PLACEHOLDER);
	// A table not made (another name) leaves the node waiting, as n8n shows a missing table.
	expect(recordOptOut(remapDataTables(example, {})).parameters.dataTableId.value).toBe(DATA_TABLE_PLACEHOLDER);
});

test('a placeholder without the table name, or a column type no data table has, is refused', () => {
	const nameless = smsAutoReply();
	delete recordOptOut(nameless).parameters.dataTableId.cachedResultName;
	expect(() => dataTablesNeeded(nameless)).toThrow('node "Record Opt-Out": the data table placeholder needs the table\'s name (cachedResultName)');
	const badType = smsAutoReply();
	recordOptOut(badType).parameters.columns.schema[0].type = 'object';
	expect(() => dataTablesNeeded(badType)).toThrow('column "from" has type "object"');
});

test('a Data Table tool counts too: the MCP example waits for Approval requests, and its Check Request tool is pointed at it with the writing nodes of both gated tools', () => {
	const example = readExample('examples/phone-tools-mcp.json');
	expect(dataTablesNeeded(example)).toEqual([
		{
			name: 'Approval requests',
			columns: ['Destination', 'Request', 'Status', 'CallID', 'MessageID'].map((name) => ({ name, type: 'string' })),
		},
	]);
	const remapped = remapDataTables(example, { 'Approval requests': { id: 'Tbl9', name: 'Approval requests', projectId: 'P1' } });
	const pointedAt = (remapped.nodes as Array<{ name: string; type: string; parameters: Record<string, any> }>)
		.filter((n) => n.parameters.dataTableId !== undefined)
		.map((n) => [n.name, n.type, n.parameters.dataTableId.value]);
	expect(pointedAt).toEqual([
		['Check Request', 'n8n-nodes-base.dataTableTool', 'Tbl9'],
		['Note the Request', 'n8n-nodes-base.dataTable', 'Tbl9'],
		['Record Placed', 'n8n-nodes-base.dataTable', 'Tbl9'],
		['Record Declined', 'n8n-nodes-base.dataTable', 'Tbl9'],
		['Note the Text Request', 'n8n-nodes-base.dataTable', 'Tbl9'],
		['Record Sent', 'n8n-nodes-base.dataTable', 'Tbl9'],
		['Record Text Declined', 'n8n-nodes-base.dataTable', 'Tbl9'],
	]);
});
