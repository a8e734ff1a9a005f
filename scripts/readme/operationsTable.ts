/**
 * The operations tables of the docs/nodes/ pages, and the README's compact list of operation names,
 * generated from a catalog. A unit test fails when a page and the table disagree; `npm run readme`
 * rewrites the generated blocks. No Path column: the interface function names the call, and users
 * never type a path.
 */
import type { AttributeSpec, Catalog, OperationSpec, ResourceSpec } from '../../nodes/engine/catalog/types';
import { isTopLevel, labelOf, operationLabel, wireAttributes } from '../../nodes/engine/generators/names';

/**
 * Beyond this many optional fields, all under Additional Fields, the Optional cell gives their count:
 * the editor lists them there with their descriptions, and forty names in a table cell help nobody.
 */
export const LONG_OPTIONAL_LIST = 8;

function attrList(attributes: Array<AttributeSpec<string>>): string {
	if (attributes.length > LONG_OPTIONAL_LIST && !attributes.some(isTopLevel)) return `${attributes.length} fields, under Additional Fields`;
	return attributes.map((a) => `\`${a.name}\``).join(', ') || '—';
}

function requiredText(a: AttributeSpec<string>): string {
	if (typeof a.required === 'object') return `\`${a.name}\` (when ${a.required.when} is ${a.required.in.join('/')})`;
	// A field n8n names itself (Send and Wait's Message): the editor's name, and what it is sent as.
	if (a.param) return `${labelOf(a)} (sent as \`${a.name}\`)`;
	return `\`${a.name}\``;
}

/** What the editor asks besides the request's attributes (Send and Wait's Messaging Trigger URL). */
function requiredFields(op: OperationSpec): string[] {
	return (op.fields ?? []).filter((f) => f.required && !f.displayOptions).map((f) => f.displayName);
}

/**
 * The Optional cell. When an operation's optional fields are those of another operation of its
 * resource (Update after Create: every field of Create, each optional), the row says so instead of
 * repeating a list of up to fifty names; fields of Create it does not take are named ("but `DID`").
 * Only when at most two of Create's fields are missing and it adds none of its own, and only to an
 * operation that requires more fields than this one (the Create an Update copies), so that two
 * operations never point at each other.
 */
function optionalCell(op: OperationSpec, siblings: OperationSpec[], optional: Array<AttributeSpec<string>>): string {
	const names = new Set(optional.map((a) => a.name));
	for (const other of siblings) {
		if (other === op || other.local) continue;
		if (wireAttributes(other).filter((a) => a.required).length <= wireAttributes(op).filter((a) => a.required).length) continue;
		const theirs = wireAttributes(other).map((a) => a.name);
		if (theirs.length < 8 || !names.size || [...names].some((n) => !theirs.includes(n))) continue;
		const missing = theirs.filter((n) => !names.has(n));
		if (missing.length > 2) continue;
		const but = missing.length ? ` but ${missing.map((n) => `\`${n}\``).join(', ')}` : '';
		return `every field of ${operationLabel(other)}${but}`;
	}
	return attrList(optional);
}

/** A retired resource (Legacy) is named with the node versions that still offer it. */
function resourceName(resource: ResourceSpec): string {
	if (resource.retiredSince === undefined) return resource.name;
	const last = resource.retiredSince - 1;
	const versions = last === 1 ? 'version 1' : last === 2 ? 'versions 1 and 2' : `versions 1 to ${last}`;
	return `${resource.name}, node ${versions} only`;
}

export function operationsTable(catalog: Catalog): string {
	const rows = [
		'| Resource | Editor operation | Action | Interface function | Required | Optional | Key scope |',
		'|---|---|---|---|---|---|---|',
	];
	for (const resource of catalog.resources) {
		const ops = catalog.operations
			.filter((o) => o.resource === resource.value)
			.sort((a, b) => a.name.localeCompare(b.name));
		for (const op of ops) {
			const attributes = wireAttributes(op);
			const required = attributes.filter((a) => a.required);
			const optional = attributes.filter((a) => !a.required);
			const name = op.deprecatedBy ? `${op.name} (deprecated: use ${op.deprecatedBy})` : op.name;
			// A local operation sends no request (no key scope), unless its runner sends through a function.
			const scope = op.local && !op.sendsThrough ? '—' : op.scope === 'global' ? 'global key' : 'global or customer key';
			rows.push(
				`| ${resourceName(resource)} | ${operationLabel(op)} | ${op.action} | ${name} | ${[...required.map(requiredText), ...requiredFields(op)].join(', ') || '—'} | ${optionalCell(op, ops, optional)} | ${scope} |`,
			);
		}
	}
	return rows.join('\n');
}

/**
 * The README's compact list: one line per resource, its operations as the editor names them, in the
 * editor's order (by name).
 */
export function operationsList(catalog: Catalog): string {
	return catalog.resources
		.map((resource) => {
			const names = catalog.operations
				.filter((o) => o.resource === resource.value)
				.map(operationLabel)
				.sort((a, b) => a.localeCompare(b));
			return `- ${resourceName(resource)}: ${names.join(', ')}`;
		})
		.join('\n');
}

export function blockMarkers(id: string) {
	return { start: `<!-- generated:${id}:start -->`, end: `<!-- generated:${id}:end -->` };
}

/** Replaces the generated block `id` of a Markdown text; throws when the text has no such block. */
export function replaceBlock(readme: string, id: string, content: string): string {
	const { start, end } = blockMarkers(id);
	const from = readme.indexOf(start);
	const to = readme.indexOf(end);
	if (from < 0 || to < from) throw new Error(`no generated block ${id} (markers ${start} ... ${end})`);
	return readme.slice(0, from + start.length) + '\n' + content + '\n' + readme.slice(to);
}

export function readBlock(readme: string, id: string): string | undefined {
	const { start, end } = blockMarkers(id);
	const from = readme.indexOf(start);
	const to = readme.indexOf(end);
	if (from < 0 || to < from) return undefined;
	return readme.slice(from + start.length, to).trim();
}

export { labelOf };
