/** What the management suites share: ViewType, ID lists, field checks, record output. */
import { has, ok, text, type ApiContext } from '../api';
import { Fail, REASONS } from '../fail';
import { ADMIN_REASONS } from './reasons';

/** How a field is checked and stored: booleans as '1'/'0', numbers as digit strings. */
export type FieldKind = 'text' | 'bool' | 'num' | 'list';
export type FieldTable = Record<string, FieldKind>;

export function viewTypeOf(ctx: ApiContext): 'Partial' | 'Full' {
	const v = text(ctx, 'ViewType') ?? 'Partial';
	if (v !== 'Partial' && v !== 'Full') throw new Fail(ADMIN_REASONS.viewType);
	return v;
}

/** A "single value or array" attribute, as trimmed strings. */
export function values(ctx: ApiContext, name: string): string[] {
	const v = ctx.body[name];
	const list = Array.isArray(v) ? v : v === undefined || v === null ? [] : [v];
	return list.map((x) => String(x).trim()).filter(Boolean);
}

export function numericIds(ctx: ApiContext, name = 'ID'): number[] {
	return values(ctx, name).map((v) => {
		if (!/^\d+$/.test(v)) throw new Fail(REASONS.notNumeric);
		return Number(v);
	});
}

export function oneId(ctx: ApiContext, name = 'ID'): number {
	const ids = numericIds(ctx, name);
	if (!ids.length) throw new Fail(REASONS.missing(name));
	return ids[0];
}

function checked(name: string, kind: FieldKind, value: unknown): unknown {
	if (kind === 'list') return (Array.isArray(value) ? value : [value]).map((v) => String(v).trim());
	const s = typeof value === 'boolean' ? (value ? '1' : '0') : String(value).trim();
	if (kind === 'bool' && s !== '1' && s !== '0') throw new Fail(ADMIN_REASONS.mustBeBoolean(name));
	if (kind === 'num' && !/^\d+$/.test(s)) throw new Fail(REASONS.notNumeric);
	return s;
}

/** The supplied fields of a table, checked, without touching any record (so a refusal changes nothing). */
export function suppliedFields(ctx: ApiContext, table: FieldTable): Record<string, unknown> {
	const out: Record<string, unknown> = {};
	for (const [name, kind] of Object.entries(table)) {
		if (kind === 'list' ? ctx.body[name] !== undefined : has(ctx, name)) out[name] = checked(name, kind, ctx.body[name]);
	}
	return out;
}

/** A record as the switch answers it: every scalar as text, arrays kept. */
export function asAnswer(record: Record<string, unknown>, fields?: string[]): Record<string, unknown> {
	const names = fields ?? Object.keys(record);
	const out: Record<string, unknown> = {};
	for (const name of names) {
		const v = record[name];
		out[name] = Array.isArray(v) ? v.map(String) : v === undefined || v === null ? '' : String(v);
	}
	return out;
}

/** A view's answer: `Results`, or "No Records Found." when nothing matched. */
export function results(records: Array<Record<string, unknown>>) {
	if (!records.length) throw new Fail(REASONS.noRecords);
	return ok({ Results: records });
}

export function requireAll(ctx: ApiContext, names: string[]) {
	for (const name of names) if (!has(ctx, name)) throw new Fail(REASONS.missing(name));
}

/** A customer ID given in `name` that must exist (and be the caller's own for a scoped key). */
export function existingCustomer(ctx: ApiContext, name: string): number {
	const given = text(ctx, name);
	if (given === undefined) throw new Fail(REASONS.missing(name));
	if (!/^\d+$/.test(given)) throw new Fail(REASONS.notNumeric);
	const id = Number(given);
	if (ctx.caller.scope !== undefined && ctx.caller.scope !== id) throw new Fail(REASONS.noAccessToCustomer(id));
	if (!ctx.state.customers.has(id)) throw new Fail(REASONS.unknownCustomer);
	return id;
}

export function checkPattern(fields: Record<string, unknown>, name: string, pattern: RegExp, rule: string) {
	const v = fields[name];
	if (v !== undefined && !pattern.test(String(v))) throw new Fail(ADMIN_REASONS.invalidValue(name, rule));
}

export const EXTENSION_NUMBER = /^(\d{3,5}|[1-4]\d)$/;
export const NANP = /^1?\d{10}$/;
