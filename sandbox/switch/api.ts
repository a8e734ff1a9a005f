/**
 * The small framework the switch's functions are written in: a handler per path, and a context with
 * the checks every function shares (required fields, numbers, the Customer default and scope).
 */
import type { Caller } from './auth';
import { Fail, REASONS } from './fail';
import type { SwitchState } from './state';

export interface ApiContext {
	body: Record<string, unknown>;
	caller: Caller;
	state: SwitchState;
	/** Milliseconds of sandbox time per real millisecond: tests shrink waits with timeScale < 1. */
	scale: (ms: number) => number;
}

export type ApiHandler = (ctx: ApiContext) => unknown | Promise<unknown>;

export interface ApiFunction {
	handler: ApiHandler;
	/** The DID and customer suites need a global key. */
	globalKeyOnly?: boolean;
}

/** `{base_url}/api/<path>/` → handler; modules register their functions here. */
export const apiFunctions = new Map<string, ApiFunction>();

export function register(path: string, handler: ApiHandler, options: Omit<ApiFunction, 'handler'> = {}) {
	apiFunctions.set(path.replace(/^\/+|\/+$/g, ''), { handler, ...options });
}

export function has(ctx: ApiContext, name: string): boolean {
	const v = ctx.body[name];
	return v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '');
}

export function text(ctx: ApiContext, name: string): string | undefined {
	return has(ctx, name) ? String(ctx.body[name]).trim() : undefined;
}

export function required(ctx: ApiContext, name: string): string {
	const v = text(ctx, name);
	if (v === undefined) throw new Fail(REASONS.missing(name));
	return v;
}

export function numeric(value: string): string {
	if (!/^\d+$/.test(value)) throw new Fail(REASONS.notNumeric);
	return value;
}

/**
 * The customer a request acts on: `Customer`, default 1. A customer-scoped key may only name its
 * own customer; unknown IDs fail.
 */
export function customerOf(ctx: ApiContext): number {
	const given = text(ctx, 'Customer');
	if (given !== undefined && !/^\d+$/.test(given)) throw new Fail(REASONS.notNumeric);
	const id = given === undefined ? 1 : Number(given);
	if (ctx.caller.scope !== undefined && ctx.caller.scope !== id) throw new Fail(REASONS.noAccessToCustomer(id));
	if (!ctx.state.customers.has(id)) throw new Fail(REASONS.unknownCustomer);
	return id;
}

/**
 * The customer's extension named in `name`. `threeToFive`: the function's document row states
 * "numeric, 3 to 5 digits" (New Call, Toggle Monitoring); elsewhere no form is imposed, the number
 * only has to exist (the management document also allows 10 to 49).
 */
export function extensionOf(ctx: ApiContext, customer: number, name = 'Extension', threeToFive = false) {
	const number = required(ctx, name);
	if (threeToFive && !/^\d{3,5}$/.test(number)) throw new Fail(REASONS.invalidExtension);
	const extension = ctx.state.findExtension(customer, number);
	if (!extension) throw new Fail(REASONS.unknownExtension);
	return extension;
}

export function ok(fields: Record<string, unknown> = {}) {
	return { Status: 'OK', ...fields };
}
