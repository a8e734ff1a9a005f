// N8nApi.executionSummaries against a stub of n8n's execution list (n8n 2.40
// executions.controller.js getMany): without a status filter, every page starts with all new and
// running executions and orders the rest by start time; with one, pages go by ID below lastId.
import { N8nApi } from '../../../scripts/n8n-harness/n8n-api';
import type { N8nInstance } from '../../../scripts/n8n-harness';

interface Row {
	id: string;
	status: string;
	startedAt: number;
}

/** 250 executions: 30 still new or running (a killed worker's), the rest finished, started out of ID order. */
const rows: Row[] = Array.from({ length: 250 }, (_, i) => ({
	id: String(i + 1),
	status: i % 8 === 0 ? (i % 16 === 0 ? 'new' : 'running') : 'success',
	startedAt: (i * 7919) % 250,
}));

function n8nList(url: string): { results: Row[] } {
	const query = new URL(url, 'http://n8n');
	const filter = JSON.parse(query.searchParams.get('filter') ?? '{}') as { status?: string[] };
	const lastId = Number(query.searchParams.get('lastId') ?? Infinity);
	const limit = Number(query.searchParams.get('limit'));
	const below = rows.filter((r) => Number(r.id) < lastId);
	if (!filter.status?.length) {
		const current = below.filter((r) => ['new', 'running'].includes(r.status)).slice(0, limit);
		const completed = rows.filter((r) => !['new', 'running'].includes(r.status)).sort((a, b) => b.startedAt - a.startedAt);
		// n8n applies lastId to both queries; the completed ones are ordered by start, not by ID.
		return { results: [...current, ...completed.filter((r) => Number(r.id) < lastId).slice(0, limit)] };
	}
	return { results: below.filter((r) => filter.status!.includes(r.status)).sort((a, b) => Number(b.id) - Number(a.id)).slice(0, limit) };
}

test('lists every execution once, however many are still new or running', async () => {
	const api = new N8nApi({ baseUrl: 'http://n8n' } as N8nInstance);
	jest.spyOn(api, 'request').mockImplementation(async (_method: string, path: string) => n8nList(path) as never);
	const listed = await api.executionSummaries('wf');
	expect(listed.map((e) => e.id).sort((a, b) => Number(a) - Number(b))).toEqual(rows.map((r) => r.id));
});
