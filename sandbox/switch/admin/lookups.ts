/**
 * Lookups of switch-management.md: 911 Info, Check Time Rule, DID Report, Find Me Follow Me,
 * Scheduled Routing. A customer-scoped key sees only its own customer's records.
 */
import { customerOf, ok, required, text, type ApiContext } from '../api';
import { adminFunctions } from './functions';
import { Fail, REASONS } from '../fail';
import { DID_DEFAULTS } from './did';
import { adminStore } from './store';

const visible = (ctx: ApiContext, customer: number) => ctx.caller.scope === undefined || ctx.caller.scope === customer;

/** An ID with no stated form (Check Time Rule, Find Me Follow Me): one that is not a record's finds nothing. */
function anyId(ctx: ApiContext): number {
	const id = required(ctx, 'ID');
	return /^\d+$/.test(id) ? Number(id) : NaN;
}

/** Scheduled Routing: "ID (numeric)", and a Reason "when ID is non-numeric". */
function numericId(ctx: ApiContext): number {
	const id = required(ctx, 'ID');
	if (!/^\d+$/.test(id)) throw new Fail(REASONS.notNumeric);
	return Number(id);
}

adminFunctions.register('911info', (ctx) => {
	const all = text(ctx, 'AllDID') === '1';
	const store = adminStore(ctx.state);
	// By default only DIDs that some extension uses as its (911) caller ID.
	const used = new Set<string>();
	for (const e of ctx.state.extensions.values()) {
		if (e.CIDNum) used.add(String(e.CIDNum));
		if (e.E911_CIDNum) used.add(String(e.E911_CIDNum));
	}
	const Data: Record<string, unknown> = {};
	for (const d of ctx.state.dids.values()) {
		if (!visible(ctx, d.CustID) || (!all && !used.has(d.DID))) continue;
		Data[d.DID] = store.e911.get(d.DID) ?? {
			custnum: String(d.CustID), did: d.DID, streetnumber: '', streetname: '', unit: '', city: '', province: '', country: '', postalcode: '',
		};
	}
	if (!Object.keys(Data).length) throw new Fail(REASONS.noRecords);
	return ok({ Reason: '', Data });
});

adminFunctions.register('checktimerule', (ctx) => {
	const id = anyId(ctx);
	const customer = customerOf(ctx);
	const rule = adminStore(ctx.state).timeRules.get(id);
	if (!rule || rule.Customer !== customer) throw new Fail(REASONS.timeRuleNotFound);
	return ok({ Reason: '', TimeRuleStatus: rule.closed ? '1' : '0', TimeRuleStatusText: rule.closed ? 'Closed' : 'Open' });
});

adminFunctions.register('didreport', (ctx) => {
	const answer: Record<string, unknown> = { Status: 'OK', Reason: '' };
	let n = 0;
	for (const d of ctx.state.dids.values()) {
		if (!visible(ctx, d.CustID)) continue;
		answer[String(n++)] = {
			DID: d.DID,
			IRID: String(d.InternalRouteDestinationID ?? DID_DEFAULTS.InternalRouteDestinationID),
			CustID: String(d.CustID),
			PrimaryRoute: '0',
		};
	}
	if (!n) throw new Fail(REASONS.noRecords);
	return answer;
});

adminFunctions.register('findmefollowme', (ctx) => {
	const entry = adminStore(ctx.state).findMeFollowMe.get(anyId(ctx));
	if (!entry || !visible(ctx, entry.Customer as number)) throw new Fail(REASONS.noRecords);
	const { Customer: _customer, ...fields } = entry;
	return ok({ Reason: '', ...fields });
});

adminFunctions.register('scheduledrouting', (ctx) => {
	const routes = adminStore(ctx.state).scheduledRoutes.get(numericId(ctx));
	if (!routes) throw new Fail(REASONS.noRecords);
	return ok({ Reason: '', ...(routes.active ?? routes.default) });
});
