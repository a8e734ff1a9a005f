/**
 * Toll Rates and Toll Reporting (switch-management.md). Toll Rates without a prefix answers the
 * plan's rates as a JSON array ("an array of objects"); Toll Reporting answers numbered records.
 */
import { ok, required, text, type ApiContext } from '../api';
import { adminFunctions } from './functions';
import { Fail, REASONS } from '../fail';
import { adminStore } from './store';

const DATE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/;

function bound(ctx: ApiContext, name: string, endOfDay: boolean): string {
	const v = required(ctx, name);
	if (!DATE.test(v)) throw new Fail(REASONS.noMatchingEnd);
	return v.length === 10 ? `${v} ${endOfDay ? '23:59:59' : '00:00:00'}` : v;
}

adminFunctions.register('tollrates', (ctx) => {
	const planId = required(ctx, 'tollPlanID');
	if (!/^\d+$/.test(planId)) throw new Fail(REASONS.notNumeric);
	const plan = adminStore(ctx.state).tollPlans.get(Number(planId));
	if (!plan) throw new Fail(REASONS.noRecords);
	const prefix = text(ctx, 'tollPrefix');
	if (prefix === undefined) return plan.map((r) => ({ ...r }));
	const rate = plan.find((r) => r.Prefix === prefix);
	if (!rate) throw new Fail(REASONS.noRecords);
	return ok({ Reason: '', ...rate });
});

adminFunctions.register('tollreport', (ctx) => {
	const from = bound(ctx, 'DateStart', false);
	const to = bound(ctx, 'DateEnd', true);
	const store = adminStore(ctx.state);
	const customerNumber = text(ctx, 'CustNum');
	const company = (id: string) => String(ctx.state.customers.get(Number(id))?.Company ?? '');
	const calls = store.tollCalls.filter((c) => c.StartTime >= from && c.StartTime <= to);
	let records: Array<Record<string, string>>;
	// A key limited to one customer always gets its own per-call breakdown.
	const breakdownOf =
		ctx.caller.scope !== undefined
			? String(ctx.caller.scope)
			: customerNumber !== undefined
				? String([...ctx.state.customers.values()].find((c) => c.CustomerNumber === customerNumber)?.ID ?? '')
				: undefined;
	if (breakdownOf !== undefined) {
		if (!breakdownOf) throw new Fail(REASONS.unknownCustomer);
		records = calls
			.filter((c) => c.Customer === breakdownOf)
			.map((c) => ({
				Company: company(c.Customer), Area: c.Area, RateCost: c.RateCost, CallCost: c.CallCost, CallID: c.CallID,
				StartTime: c.StartTime, Length: c.Length, SrcNumber: c.SrcNumber, DstNumber: c.DstNumber,
			}));
	} else {
		const summary = new Map<string, Record<string, string>>();
		for (const c of calls) {
			const key = `${c.Customer}|${c.Area}`;
			const row = summary.get(key) ?? {
				CustNum: String(ctx.state.customers.get(Number(c.Customer))?.CustomerNumber ?? ''), Company: company(c.Customer), Area: c.Area, RateCost: c.RateCost, CallCost: '0.0000',
			};
			row.CallCost = (Number(row.CallCost) + Number(c.CallCost)).toFixed(4);
			summary.set(key, row);
		}
		records = [...summary.values()];
	}
	if (!records.length) throw new Fail(REASONS.noRecords);
	return ok({ Reason: '', ...Object.fromEntries(records.map((r, i) => [String(i), r])) });
});
