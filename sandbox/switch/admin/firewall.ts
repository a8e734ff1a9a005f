/**
 * Firewall suite (switch-management.md, "Firewall rule record", rule 12): rules are ordered by
 * Position; inserting at a position moves the rules at and after it down by one. Position 1 is the
 * reserved block list.
 */
import { has, ok, type ApiContext } from '../api';
import { adminFunctions } from './functions';
import { Fail } from '../fail';
import { asAnswer, oneId, requireAll, results, suppliedFields, viewTypeOf, type FieldTable } from './common';
import { ADMIN_REASONS } from './reasons';
import { adminStore, newAdminId, type Row } from './store';

const RULE_FIELDS: FieldTable = {
	Name: 'text',
	RuleType: 'text',
	AddressType: 'text',
	Position: 'num',
	Address: 'text',
	Country: 'text',
	Web: 'bool',
	SysAdmin: 'bool',
	Provisioning: 'bool',
	SIP: 'bool',
};
const DEFAULTS = { Address: '', Country: '', Web: '1', SysAdmin: '1', Provisioning: '1', SIP: '1' };
const PARTIAL = ['ID', 'Name'];
const FULL = ['ID', ...Object.keys(RULE_FIELDS)];
const OCTET = '(25[0-5]|2[0-4]\\d|1?\\d?\\d)';
const ADDRESS = new RegExp(`^(${OCTET}\\.){3}${OCTET}$`);
const SUBNET = new RegExp(`^(${OCTET}\\.){3}${OCTET}/([0-9]|[12]\\d|3[0-2])$`);

function check(rule: Record<string, unknown>) {
	if (!['Allow', 'Deny'].includes(String(rule.RuleType))) throw new Fail(ADMIN_REASONS.invalidValue('RuleType', 'must be Allow or Deny'));
	const type = String(rule.AddressType);
	if (type === 'Address' && !ADDRESS.test(String(rule.Address ?? ''))) throw new Fail(ADMIN_REASONS.invalidValue('Address', 'must be xxx.xxx.xxx.xxx'));
	else if (type === 'Subnet' && !SUBNET.test(String(rule.Address ?? ''))) throw new Fail(ADMIN_REASONS.invalidValue('Address', 'must be xxx.xxx.xxx.xxx/yy'));
	else if (type === 'Country' && !/^[A-Z]{2}$/.test(String(rule.Country ?? ''))) throw new Fail(ADMIN_REASONS.invalidValue('Country', 'must be a country code such as CA or UK'));
	else if (!['Address', 'Subnet', 'Country'].includes(type)) throw new Fail(ADMIN_REASONS.invalidValue('AddressType', 'must be Address, Subnet or Country'));
}

function position(fields: Record<string, unknown>, fallback: number): number {
	const p = fields.Position === undefined ? fallback : Number(fields.Position);
	if (p < 2) throw new Fail(ADMIN_REASONS.positionReserved);
	return p;
}

/** Makes room at a position: the rules at and after it move down by one. */
function shiftFrom(rules: Iterable<Row>, at: number, by: number) {
	for (const r of rules) if (Number(r.Position) >= at) r.Position = Number(r.Position) + by;
}

function ruleById(ctx: ApiContext): Row {
	const id = oneId(ctx);
	const rule = adminStore(ctx.state).firewall.get(id);
	if (!rule) throw new Fail(ADMIN_REASONS.unknownId(id));
	return rule;
}

adminFunctions.register('firewall/view', (ctx) => {
	const id = has(ctx, 'ID') ? oneId(ctx) : undefined;
	const fields = id !== undefined || viewTypeOf(ctx) === 'Full' ? FULL : PARTIAL;
	const rows = [...adminStore(ctx.state).firewall.values()]
		.filter((r) => id === undefined || r.ID === id)
		.sort((a, b) => Number(a.Position) - Number(b.Position));
	return results(rows.map((r) => asAnswer({ ...DEFAULTS, ...r }, fields)));
});

adminFunctions.register('firewall/add', (ctx) => {
	requireAll(ctx, ['Name', 'RuleType', 'AddressType']);
	const fields = suppliedFields(ctx, RULE_FIELDS);
	const at = position(fields, 2);
	const rule = { ...DEFAULTS, ...fields };
	check(rule);
	const store = adminStore(ctx.state);
	shiftFrom(store.firewall.values(), at, 1);
	const ID = newAdminId(store, 'firewall');
	store.firewall.set(ID, { ...rule, Position: at, ID });
	return ok({ ID: String(ID) });
});

adminFunctions.register('firewall/edit', (ctx) => {
	const rule = ruleById(ctx);
	const fields = suppliedFields(ctx, RULE_FIELDS);
	const from = Number(rule.Position);
	const to = position(fields, from);
	check({ ...rule, ...fields });
	const store = adminStore(ctx.state);
	Object.assign(rule, fields, { Position: from });
	if (to !== from) {
		// Take the rule out of the order, then insert it at its new position.
		const others = [...store.firewall.values()].filter((r) => r !== rule);
		shiftFrom(others, from + 1, -1);
		shiftFrom(others, to, 1);
		rule.Position = to;
	}
	return ok();
});

adminFunctions.register('firewall/delete', (ctx) => {
	const rule = ruleById(ctx);
	const store = adminStore(ctx.state);
	store.firewall.delete(rule.ID);
	shiftFrom(store.firewall.values(), Number(rule.Position) + 1, -1);
	return ok();
});
