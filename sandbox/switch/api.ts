/**
 * The small framework the switch's functions are written in: a handler per path, and a context with
 * the checks every function shares (required fields, numbers, the Customer default and scope).
 */
import type { ApiContext, ApiFunction, ApiHandler, SandboxModule } from '../contract';
import { Fail, REASONS } from './fail';

export type { ApiContext, ApiHandler };

/**
 * A group of switch functions (call control, management, reports) as a sandbox module: the group's
 * files fill the table when imported, and `module.setup` installs it in each sandbox, like every
 * other part of the sandbox (contract.ts).
 */
export function functionTable(name: string) {
	const table = new Map<string, ApiFunction>();
	const module: SandboxModule = {
		name,
		setup(host) {
			for (const [path, fn] of table) host.switchFunctions.set(path, fn);
		},
	};
	return {
		/** `{base_url}/api/<path>/` → handler. */
		register(path: string, handler: ApiHandler, options: Omit<ApiFunction, 'handler'> = {}) {
			table.set(path.replace(/^\/+|\/+$/g, ''), { handler, ...options });
		},
		module,
	};
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

/**
 * The `answerDelayMs` setting (profile `slow`): the switch takes this long, in real milliseconds (not
 * scaled: a slow switch is slow in the clock a client's timeouts run on), before it acts on and
 * answers any API request. Ends early when `closing` aborts, so a closing sandbox keeps no timer.
 */
export async function answerDelay(ms: number, closing: AbortSignal): Promise<void> {
	if (!(ms > 0) || closing.aborted) return;
	await new Promise<void>((resolve) => {
		const done = () => {
			clearTimeout(timer);
			closing.removeEventListener('abort', done);
			resolve();
		};
		const timer = setTimeout(done, ms);
		closing.addEventListener('abort', done);
	});
}

export function ok(fields: Record<string, unknown> = {}) {
	return { Status: 'OK', ...fields };
}
