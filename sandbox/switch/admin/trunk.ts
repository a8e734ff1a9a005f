/** Trunk suite (switch-management.md, "Trunk record"). */
import { has, ok, type ApiContext } from '../api';
import { adminFunctions } from './functions';
import { Fail } from '../fail';
import { asAnswer, oneId, requireAll, results, suppliedFields, viewTypeOf, type FieldTable } from './common';
import { ADMIN_REASONS } from './reasons';
import { adminStore, newAdminId, type Row } from './store';

const BOOLEANS = ['UseDIDTable', 'UseRouteGroup', 'UseLocalRouting', 'AccessibleSID', 'Record', 'ApplyToll', 'UseE164', 'CanConf', 'UnlimitedOutbound', 'AutoLearnRoutes', 'AutoLearnValidated'];

const TRUNK_FIELDS: FieldTable = {
	Name: 'text',
	Description: 'text',
	TrunkType: 'text',
	SIPAccountsID: 'num',
	RouteGroupID: 'text',
	AddPrefix: 'text',
	StripDigit: 'num',
	CallLimit: 'num',
	AutoLearnAPIKey: 'text',
	AutoLearnWeight: 'num',
	...Object.fromEntries(BOOLEANS.map((b) => [b, 'bool' as const])),
};

const DEFAULTS: Record<string, string> = {
	SIPAccountsID: '0',
	RouteGroupID: '',
	AddPrefix: '',
	StripDigit: '0',
	CallLimit: '0',
	AutoLearnAPIKey: '',
	AutoLearnWeight: '23',
	...Object.fromEntries(BOOLEANS.map((b) => [b, '0'])),
};

const PARTIAL = ['ID', 'Name', 'Description'];
const FULL = ['ID', ...Object.keys(TRUNK_FIELDS)];

function check(fields: Record<string, unknown>) {
	if (fields.TrunkType !== undefined && !['1', '2'].includes(String(fields.TrunkType))) {
		throw new Fail(ADMIN_REASONS.invalidValue('TrunkType', 'must be 1 (SIP Account) or 2 (Line Card)'));
	}
}

function trunkById(ctx: ApiContext): Row {
	const id = oneId(ctx);
	const trunk = adminStore(ctx.state).trunks.get(id);
	if (!trunk) throw new Fail(ADMIN_REASONS.unknownId(id));
	return trunk;
}

adminFunctions.register('trunk/view', (ctx) => {
	const id = has(ctx, 'ID') ? oneId(ctx) : undefined;
	const fields = id !== undefined || viewTypeOf(ctx) === 'Full' ? FULL : PARTIAL;
	const rows = [...adminStore(ctx.state).trunks.values()].filter((t) => id === undefined || t.ID === id);
	return results(rows.map((t) => asAnswer({ ...DEFAULTS, ...t }, fields)));
});

adminFunctions.register('trunk/add', (ctx) => {
	requireAll(ctx, ['Name', 'Description', 'TrunkType']);
	const fields = suppliedFields(ctx, TRUNK_FIELDS);
	check(fields);
	const store = adminStore(ctx.state);
	const ID = newAdminId(store, 'trunk');
	store.trunks.set(ID, { ...DEFAULTS, ...fields, ID });
	return ok({ ID: String(ID) });
});

adminFunctions.register('trunk/edit', (ctx) => {
	const trunk = trunkById(ctx);
	const fields = suppliedFields(ctx, TRUNK_FIELDS);
	check(fields);
	Object.assign(trunk, fields);
	return ok();
});

adminFunctions.register('trunk/delete', (ctx) => {
	const trunk = trunkById(ctx);
	adminStore(ctx.state).trunks.delete(trunk.ID);
	return ok();
});
