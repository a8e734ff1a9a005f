/** The README's events table of a trigger, generated from its event table (nodes/engine/trigger). */
import type { TriggerSpec } from '../../nodes/engine/trigger/types';

const code = (names: string[]) => names.map((n) => `\`${n}\``).join(', ') || '—';

export function eventsTable(trigger: TriggerSpec): string {
	const rows = [
		'| Event | URL | Paste the Production URL at | Fields sent | Required | Answered with | The workflow gets |',
		'|---|---|---|---|---|---|---|',
	];
	for (const kind of trigger.events) {
		const where = kind.portal.also ? `${kind.portal.where}. ${kind.portal.also}` : kind.portal.where;
		const filter = kind.filter ? ` (${kind.filter.field}: ${kind.filter.values.join(', ')})` : '';
		rows.push(
			`| ${kind.name}${filter} | \`<n8n>/webhook/<webhook id>/${kind.path}\` | ${where} | ${code(kind.fields)} | ${code(kind.required)} | ${kind.answer} | ${kind.gives} |`,
		);
	}
	return rows.join('\n');
}

/** The README's compact list of a trigger's event kinds, as its event selector names them. */
export function eventsList(trigger: TriggerSpec): string {
	return `- Events: ${trigger.events.map((kind) => kind.name).join(', ')}`;
}
