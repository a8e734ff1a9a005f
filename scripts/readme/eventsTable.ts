/**
 * The README's events table of a trigger, generated from its event table (nodes/engine/trigger). The URL
 * column gives the path after `<n8n>/webhook/<webhook id>`, which the pages say once.
 */
import type { TriggerSpec } from '../../nodes/engine/trigger/types';

const code = (names: string[]) => names.map((n) => `\`${n}\``).join(', ') || '—';

/** A long cell the table already showed in an earlier row is named by that row ("as Missed Call"). */
const REPEAT_FROM = 60;

export function eventsTable(trigger: TriggerSpec): string {
	const seen = new Map<string, string>();
	/** The cell's text, or "as <event>" when an earlier row of this column said the same at length. */
	const once = (column: string, text: string, event: string) => {
		if (text.length < REPEAT_FROM) return text;
		const first = seen.get(`${column}\n${text}`);
		if (first !== undefined) return `as ${first}`;
		seen.set(`${column}\n${text}`, event);
		return text;
	};
	const rows = [
		'| Event | URL ends in | Paste the Production URL at | Fields sent | Required | Answered with | The workflow gets |',
		'|---|---|---|---|---|---|---|',
	];
	for (const kind of trigger.events) {
		const where = kind.portal.also ? `${kind.portal.where}. ${kind.portal.also}` : kind.portal.where;
		const filter = kind.filter ? ` (${kind.filter.field}: ${kind.filter.values.join(', ')})` : '';
		const cell = (column: string, text: string) => once(column, text, kind.name);
		rows.push(
			`| ${kind.name}${filter} | \`/${kind.path}\` | ${cell('where', where)} | ${cell('fields', code(kind.fields))} | ${cell('required', code(kind.required))} | ${cell('answer', kind.answer)} | ${cell('gives', kind.gives)} |`,
		);
	}
	return rows.join('\n');
}

/** The README's compact list of a trigger's event kinds, as its event selector names them. */
export function eventsList(trigger: TriggerSpec): string {
	return `- Events: ${trigger.events.map((kind) => kind.name).join(', ')}`;
}
