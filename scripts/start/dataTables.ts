/**
 * The n8n Data Tables an example workflow writes to, made before the example is imported, as a
 * user would (Overview > Data tables > Create) and then picked in the node. An example names the
 * table it needs in its Data Table nodes (or Data Table tools): the table locator holds the placeholder id
 * REPLACE_WITH_YOUR_DATA_TABLE_ID and the table's name (`cachedResultName`, what the editor shows),
 * and the node's column mapping lists the columns with their types. So the example file stays the
 * one description of its table: nothing to keep in step here.
 *
 * Both n8n lines have the Data Table node (n8n-nodes-base.dataTable; typeVersion 1 is the one 1.123
 * knows, 2.40 knows 1 and 1.1) with the Upsert operation, and its module is on by default (1.123:
 * backend-common module-registry defaultModules). 1.123's table picker has only the From List and
 * ID modes (2.40 adds By Name, a substring match): an example points at its table by id.
 *
 * REST (n8n 2.40 and 1.123, modules/data-table/data-table.controller): a table lives in a project;
 * GET /rest/projects/personal gives the owner's; /rest/projects/:projectId/data-tables lists
 * (?filter={"name":...}, a case-insensitive substring match) and creates ({name, columns}); its
 * /:dataTableId/rows lists rows ({count, data}).
 */
import type { N8nApi, WorkflowDefinition } from '../n8n-harness/n8n-api';

/**
 * Rows a new table starts with, by table name, where an example only reads its table: the on-call list
 * of "Alert, text then call" (the sandbox's phones; the first two answer calls). Added once, when the
 * table is made: a table kept across starts keeps the user's rows.
 */
export const SAMPLE_ROWS: Record<string, Array<Record<string, string | number>>> = {
	'On-call': [
		{ name: 'Alice Martin', phone: '15145550123', order: 1, lastAlert: '' },
		{ name: 'Bob Tremblay', phone: '15145550124', order: 2, lastAlert: '' },
		{ name: 'Carol Roy', phone: '15145550125', order: 3, lastAlert: '' },
	],
};

/** What an example file has where a user picks their own table. */
export const DATA_TABLE_PLACEHOLDER = 'REPLACE_WITH_YOUR_DATA_TABLE_ID';

export type DataTableColumnType = 'string' | 'number' | 'boolean' | 'date';

export interface DataTableSpec {
	name: string;
	columns: Array<{ name: string; type: DataTableColumnType }>;
}

export interface SavedDataTable {
	id: string;
	name: string;
	projectId: string;
}

type TableLocator = { __rl?: boolean; mode?: string; value?: string; cachedResultName?: string; cachedResultUrl?: string };
type DataTableNode = {
	name: string;
	type: string;
	parameters?: {
		dataTableId?: TableLocator;
		columns?: { schema?: Array<{ id: string; type?: string }> };
	};
};

const COLUMN_TYPES = new Set<string>(['string', 'number', 'boolean', 'date']);

function dataTableNodes(workflow: WorkflowDefinition): DataTableNode[] {
	return (workflow.nodes as DataTableNode[]).filter((node) => node.type === 'n8n-nodes-base.dataTable' || node.type === 'n8n-nodes-base.dataTableTool');
}

/**
 * The tables the workflow's Data Table nodes wait for (placeholder id), by name, with the union
 * of the columns those nodes map. A node without a name for its table is an error of the example.
 */
export function dataTablesNeeded(workflow: WorkflowDefinition): DataTableSpec[] {
	const byName = new Map<string, DataTableSpec>();
	for (const node of dataTableNodes(workflow)) {
		const locator = node.parameters?.dataTableId;
		if (locator?.value !== DATA_TABLE_PLACEHOLDER) continue;
		const name = locator.cachedResultName;
		if (!name) throw new Error(`node "${node.name}": the data table placeholder needs the table's name (cachedResultName)`);
		const spec = byName.get(name) ?? { name, columns: [] };
		for (const column of node.parameters?.columns?.schema ?? []) {
			const type = column.type ?? 'string';
			if (!COLUMN_TYPES.has(type)) throw new Error(`node "${node.name}": column "${column.id}" has type "${type}", not one a data table has`);
			if (!spec.columns.some((c) => c.name === column.id)) spec.columns.push({ name: column.id, type: type as DataTableColumnType });
		}
		byName.set(name, spec);
	}
	return [...byName.values()];
}

/** The owner's personal project, where the editor creates tables and workflows by default. */
export async function personalProjectId(api: N8nApi): Promise<string> {
	return (await api.request<{ id: string }>('GET', '/rest/projects/personal')).id;
}

/** The table of that exact name in the project, if there is one. */
export async function findDataTable(api: N8nApi, projectId: string, name: string): Promise<SavedDataTable | undefined> {
	const filter = encodeURIComponent(JSON.stringify({ name }));
	const found = await api.request<{ data: SavedDataTable[] }>('GET', `/rest/projects/${projectId}/data-tables?filter=${filter}&take=100`);
	return found.data.find((table) => table.name === name);
}

/**
 * Makes each table that does not exist yet (by name, in the owner's personal project) and returns
 * every table's id by name. An existing table is kept as it is, rows and all: a second `npm start`
 * must not forget who opted out.
 */
export async function ensureDataTables(
	api: N8nApi,
	specs: DataTableSpec[],
	log: (line: string) => void = () => {},
): Promise<Record<string, SavedDataTable>> {
	const tables: Record<string, SavedDataTable> = {};
	if (specs.length === 0) return tables;
	const projectId = await personalProjectId(api);
	for (const spec of specs) {
		let table = await findDataTable(api, projectId, spec.name);
		if (table) {
			log(`data table "${spec.name}" reused`);
		} else {
			table = await api.request<SavedDataTable>('POST', `/rest/projects/${projectId}/data-tables`, spec);
			log(`data table "${spec.name}" created (columns ${spec.columns.map((c) => c.name).join(', ')})`);
			const rows = SAMPLE_ROWS[spec.name];
			if (rows) {
				await api.request('POST', `/rest/projects/${projectId}/data-tables/${table.id}/insert`, { data: rows, returnType: 'count' });
				log(`data table "${spec.name}": ${rows.length} sample rows added`);
			}
		}
		tables[spec.name] = { id: table.id, name: table.name, projectId };
	}
	return tables;
}

/** A copy of the workflow whose Data Table nodes point at the given tables (by the name they wait for). */
export function remapDataTables(workflow: WorkflowDefinition, tables: Record<string, SavedDataTable>): WorkflowDefinition {
	const copy = JSON.parse(JSON.stringify(workflow)) as WorkflowDefinition;
	for (const node of dataTableNodes(copy)) {
		const locator = node.parameters?.dataTableId;
		if (locator?.value !== DATA_TABLE_PLACEHOLDER || !locator.cachedResultName) continue;
		const table = tables[locator.cachedResultName];
		if (!table) continue;
		node.parameters!.dataTableId = {
			...locator,
			mode: 'list',
			value: table.id,
			cachedResultUrl: `/projects/${table.projectId}/datatables/${table.id}`,
		};
	}
	return copy;
}

/**
 * n8n caps a page of rows, whatever `take` asks (api-types pagination.dto MAX_ITEMS_PER_PAGE: 250 in
 * 2.40, 50 in 1.123); the loop below goes on from where the last page ended, whichever cap applies.
 */
const ROWS_PAGE = 250;

/** Every row of a table, oldest first, page by page. */
export async function dataTableRows<Row = Record<string, unknown>>(api: N8nApi, table: SavedDataTable): Promise<Row[]> {
	const rows: Row[] = [];
	for (;;) {
		const page = await api.request<{ count: number; data: Row[] }>(
			'GET',
			`/rest/projects/${table.projectId}/data-tables/${table.id}/rows?take=${ROWS_PAGE}&skip=${rows.length}&sortBy=${encodeURIComponent('id:asc')}`,
		);
		rows.push(...page.data);
		if (page.data.length === 0 || rows.length >= page.count) return rows;
	}
}
