/**
 * DID suite (switch-management.md rules 2 to 4) and the legacy Add DID / Remove DID: batches are
 * checked whole before anything changes; a DID with a route keeps its customer and stays active.
 */
import { ok, required, text, type ApiContext } from '../api';
import { adminFunctions } from './functions';
import { Fail, REASONS } from '../fail';
import type { Did } from '../state';
import { asAnswer, existingCustomer, numericIds, results, suppliedFields, values, viewTypeOf, type FieldTable } from './common';
import { ADMIN_REASONS } from './reasons';
import { adminStore } from './store';

const DID_FIELDS: FieldTable = {
	Description: 'text',
	RateCenter: 'text',
	Notes: 'text',
	Active: 'bool',
	ApplyToll: 'bool',
	StripCID: 'bool',
	DIDLimit: 'num',
	SMSProvider: 'num',
	SMSTollID: 'num',
	SMSOnly: 'bool',
};

export const DID_DEFAULTS = {
	Description: '',
	RateCenter: '',
	Notes: '',
	Active: '1',
	ApplyToll: '0',
	StripCID: '0',
	DIDLimit: '0',
	SMSProvider: '0',
	SMSTollID: '0',
	SMSOnly: '0',
	InternalRouteDestinationID: '0',
};

const PARTIAL = ['ID', 'DID', 'Description', 'Active'];
const FULL = ['ID', 'DID', 'CustID', ...Object.keys(DID_FIELDS), 'InternalRouteDestinationID'];

const withDefaults = (d: Did) => ({ ...DID_DEFAULTS, ...d });

function didsById(ctx: ApiContext, ids: number[]): Did[] {
	if (!ids.length) throw new Fail(REASONS.missing('ID'));
	return ids.map((id) => {
		const did = ctx.state.dids.get(id);
		if (!did) throw new Fail(ADMIN_REASONS.unknownId(id));
		return did;
	});
}

function findDid(ctx: ApiContext, number: string): Did | undefined {
	for (const d of ctx.state.dids.values()) if (d.DID === number) return d;
	return undefined;
}

function newDid(ctx: ApiContext, number: string, CustID: number, fields: Record<string, unknown>): Did {
	return ctx.state.addDid({ ...DID_DEFAULTS, ...fields, DID: number, CustID, InternalRouteDestinationID: '0' });
}

/** Removes a DID with its routing; its 911 record goes first, through the provider when one is set. */
function removeDid(ctx: ApiContext, did: Did) {
	const store = adminStore(ctx.state);
	if (store.e911.has(did.DID)) {
		if (store.e911Provider === 'N911') store.e911Upstream.push(did.DID);
		else if (store.e911Provider !== 'none') throw new Fail(ADMIN_REASONS.invalidProvider);
		store.e911.delete(did.DID);
	}
	ctx.state.dids.delete(did.ID);
}

adminFunctions.register(
	'did/view',
	(ctx) => {
		const fields = viewTypeOf(ctx) === 'Full' ? FULL : PARTIAL;
		const ids = numericIds(ctx, 'ID');
		const numbers = values(ctx, 'DID');
		const custId = text(ctx, 'CustID');
		const rows = [...ctx.state.dids.values()].filter(
			(d) =>
				(!ids.length || ids.includes(d.ID)) &&
				(!numbers.length || numbers.includes(d.DID)) &&
				(custId === undefined || String(d.CustID) === custId),
		);
		return results(rows.map((d) => asAnswer(withDefaults(d), fields)));
	},
	{ globalKeyOnly: true },
);

adminFunctions.register(
	'did/add',
	(ctx) => {
		const numbers = values(ctx, 'DID');
		if (!numbers.length) throw new Fail(REASONS.missing('DID'));
		const CustID = existingCustomer(ctx, 'CustID');
		const fields = suppliedFields(ctx, DID_FIELDS);
		// The whole batch is checked before any insert: one DID in use and nothing is added.
		const seen = new Set<string>();
		for (const n of numbers) {
			if (seen.has(n) || findDid(ctx, n)) throw new Fail(ADMIN_REASONS.didInUse(n));
			seen.add(n);
		}
		const IDs = numbers.map((n) => String(newDid(ctx, n, CustID, fields).ID));
		return ok({ IDs });
	},
	{ globalKeyOnly: true },
);

adminFunctions.register(
	'did/edit',
	(ctx) => {
		const dids = didsById(ctx, numericIds(ctx, 'ID'));
		if (ctx.body.DID !== undefined) throw new Fail(ADMIN_REASONS.notEditable('DID'));
		const fields = suppliedFields(ctx, DID_FIELDS);
		const newCustomer = text(ctx, 'CustID') === undefined ? undefined : existingCustomer(ctx, 'CustID');
		// Every DID is checked before any update: a routed DID refuses the whole request.
		for (const d of dids) {
			const routed = String(d.InternalRouteDestinationID ?? '0') !== '0';
			const customerChange = newCustomer !== undefined && newCustomer !== d.CustID;
			if (routed && (customerChange || fields.Active === '0')) throw new Fail(ADMIN_REASONS.routeAssigned(d.DID));
		}
		const store = adminStore(ctx.state);
		for (const d of dids) {
			Object.assign(d, fields);
			if (newCustomer !== undefined && newCustomer !== d.CustID) {
				d.CustID = newCustomer;
				// A changed customer moves the 911 record and clears the DID's SMS routing.
				const e911 = store.e911.get(d.DID);
				if (e911) e911.custnum = String(newCustomer);
				delete d.SMSRoute;
			}
		}
		return ok({ IDs: dids.map((d) => String(d.ID)) });
	},
	{ globalKeyOnly: true },
);

adminFunctions.register(
	'did/delete',
	(ctx) => {
		const dids = didsById(ctx, numericIds(ctx, 'ID'));
		// Deleted one by one: a provider failure stops at that DID, earlier ones stay deleted.
		for (const d of dids) removeDid(ctx, d);
		return ok({ IDs: dids.map((d) => String(d.ID)) });
	},
	{ globalKeyOnly: true },
);

/** Legacy Add DID: one number, for the caller's customer (1 with a global key). */
adminFunctions.register('adddid', (ctx) => {
	const number = required(ctx, 'DID');
	if (findDid(ctx, number)) throw new Fail(ADMIN_REASONS.didInUse(number));
	newDid(ctx, number, ctx.caller.scope ?? 1, {});
	return ok({ Reason: '' });
});

adminFunctions.register('removedid', (ctx) => {
	const number = required(ctx, 'DID');
	const did = findDid(ctx, number);
	if (!did || (ctx.caller.scope !== undefined && did.CustID !== ctx.caller.scope)) throw new Fail(ADMIN_REASONS.invalidDid(number));
	removeDid(ctx, did);
	return ok({ Reason: '' });
});
