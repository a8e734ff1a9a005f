/**
 * The suite's chart as SVG text, drawn by code: one horizontal bar per row and setting, the ratio of
 * ours to the n8n-only alternative on a log scale (1× marked), so paths of very different speeds fit
 * on one picture. Right of 1× the package is better. A bar is the median of the rounds' ratios; a
 * thin line across it, their range.
 */
import { ratio, type Comparison, type N8nSetting } from './types';

export interface ChartRow {
	setting: N8nSetting;
	comparison: Comparison;
}

const COLOURS: Record<string, string> = { default: '#4e79a7', legacy: '#f28e2b', lazy: '#59a14f' };
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function chartSvg(rows: ChartRow[], settings: N8nSetting[]): string {
	const groups = new Map<string, ChartRow[]>();
	for (const row of rows) {
		const key = `${row.comparison.path}${row.comparison.size ? `, ${row.comparison.size}` : ''}`;
		groups.set(key, [...(groups.get(key) ?? []), row]);
	}
	const ratios = rows.flatMap((r) => [ratio(r.comparison), ...(r.comparison.ratios ?? [])]).filter((r) => Number.isFinite(r) && r > 0);
	const lo = Math.min(0.25, ...ratios.map((r) => r / 1.2));
	const hi = Math.max(4, ...ratios.map((r) => r * 1.2));
	const labelWidth = 380;
	const plotWidth = 460;
	const bar = 12;
	const top = 58;
	const x = (r: number) => labelWidth + ((Math.log(r) - Math.log(lo)) / (Math.log(hi) - Math.log(lo))) * plotWidth;
	let y = top;
	const parts: string[] = [];
	for (const [label, group] of groups) {
		parts.push(`<text x="${labelWidth - 8}" y="${y + (group.length * (bar + 2)) / 2 + 4}" text-anchor="end">${esc(label)}</text>`);
		for (const row of group) {
			const r = ratio(row.comparison);
			const failed = [row.comparison.ours, row.comparison.plain].find((side) => side.note?.startsWith('wrong answer'));
			const x1 = x(1);
			const x2 = !failed && Number.isFinite(r) && r > 0 ? x(r) : x1;
			// The rounds' spread (min–max of their ratios) as a thin line across the bar's end.
			const spread = !failed && row.comparison.ratios?.length ? row.comparison.ratios.filter((v) => Number.isFinite(v) && v > 0) : [];
			const whisker = spread.length
				? [`<line x1="${x(Math.min(...spread)).toFixed(1)}" y1="${y + bar / 2}" x2="${x(Math.max(...spread)).toFixed(1)}" y2="${y + bar / 2}" class="spread"/>`]
				: [];
			const textX = Math.max(x1, x2, ...(spread.length ? [x(Math.max(...spread))] : []));
			parts.push(
				`<rect x="${Math.min(x1, x2).toFixed(1)}" y="${y}" width="${Math.max(1, Math.abs(x2 - x1)).toFixed(1)}" height="${bar}" fill="${COLOURS[row.setting.id] ?? '#999'}"/>`,
				...whisker,
				`<text x="${(textX + 4).toFixed(1)}" y="${y + bar - 2}" class="v">${failed ? (failed === row.comparison.plain ? 'the n8n-only flow failed' : 'this package failed') : `×${r.toFixed(r >= 10 ? 0 : 2)}`}</text>`,
			);
			y += bar + 2;
		}
		y += 8;
	}
	const ticks = [0.25, 0.5, 1, 2, 5, 10, 20, 50, 100].filter((t) => t >= lo && t <= hi);
	const axis = ticks
		.map((t) => `<line x1="${x(t).toFixed(1)}" y1="${top - 6}" x2="${x(t).toFixed(1)}" y2="${y}" class="${t === 1 ? 'one' : 'grid'}"/><text x="${x(t).toFixed(1)}" y="${top - 10}" text-anchor="middle" class="v">×${t}</text>`)
		.join('');
	const legend = settings
		.map((s, i) => `<rect x="${labelWidth + i * 170}" y="${y + 6}" width="10" height="10" fill="${COLOURS[s.id]}"/><text x="${labelWidth + 14 + i * 170}" y="${y + 15}" class="v">${esc(s.id === 'default' ? 'default settings' : s.env[Object.keys(s.env)[0]] === 'legacy' ? 'legacy engine' : 'lazy isolate acquisition')}</text>`)
		.join('');
	const height = y + 30;
	return [
		`<svg xmlns="http://www.w3.org/2000/svg" width="${labelWidth + plotWidth + 60}" height="${height}" viewBox="0 0 ${labelWidth + plotWidth + 60} ${height}" font-family="sans-serif" font-size="12">`,
		'<style>.v{font-size:11px;fill:#333}.grid{stroke:#ddd}.one{stroke:#000;stroke-width:1.5}.spread{stroke:#222;stroke-width:1.5}</style>',
		'<rect width="100%" height="100%" fill="#fff"/>',
		`<text x="10" y="20" font-size="14" font-weight="bold">This package beside the n8n-only flow, same run: how many times as fast (log scale; right of ×1 is faster)</text>`,
		`<text x="10" y="38" class="v">Bar: the median of the rounds; line: their range (min–max)</text>`,
		axis,
		...parts,
		legend,
		'</svg>',
		'',
	].join('\n');
}
