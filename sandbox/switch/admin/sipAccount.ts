/** SIP account suite (switch-management.md, "SIP account record", rule 11). */
import { has, ok, type ApiContext } from '../api';
import { adminFunctions } from './functions';
import { Fail, REASONS } from '../fail';
import { asAnswer, existingCustomer, oneId, requireAll, results, suppliedFields, viewTypeOf, type FieldTable } from './common';
import { ADMIN_REASONS } from './reasons';
import { adminStore, newAdminId, type Row } from './store';

const BOOLEANS_OFF = ['DeleteBlock', 'FaxCodec', 'VoiceCodec', 'VoiceCodec1', 'VoiceCodec2', 'VoiceCodec3', 'VoiceCodec4', 'Debug', 'G722Codec', 'G729Codec', 'SIPPostAPI', 'AllowInternational', 'SIPNotifyAPI'];
const BOOLEANS_ON = ['NAT', 'DynamicFeatures', 'StayInAudioPath', 'Active'];

const SIP_FIELDS: FieldTable = {
	Description: 'text',
	Username: 'text',
	Type: 'text',
	Password: 'text',
	Host: 'text',
	RegisterUsername: 'text',
	RegisterPassword: 'text',
	RegisterName: 'text',
	RegisterDomain: 'text',
	DTMFMode: 'text',
	Port: 'num',
	TransportType: 'text',
	NotifyEmail: 'text',
	ACLAllow: 'text',
	ACLDeny: 'text',
	...Object.fromEntries([...BOOLEANS_OFF, ...BOOLEANS_ON].map((b) => [b, 'bool' as const])),
};

const DEFAULTS: Record<string, string> = {
	DTMFMode: 'rfc2833',
	Port: '5060',
	TransportType: 'UDP',
	...Object.fromEntries(BOOLEANS_OFF.map((b) => [b, '0'])),
	...Object.fromEntries(BOOLEANS_ON.map((b) => [b, '1'])),
};

const REQUIRED_BY_TYPE: Record<string, string[]> = {
	static: ['Password', 'Host'],
	dynamic: ['Password'],
	register: ['RegisterUsername', 'RegisterPassword', 'RegisterName', 'RegisterDomain'],
};

const PARTIAL = ['ID', 'Username', 'Description'];
/** Passwords are never returned. */
const FULL = ['ID', 'CustID', ...Object.keys(SIP_FIELDS).filter((f) => f !== 'Password' && f !== 'RegisterPassword')];

function checkRecord(record: Record<string, unknown>) {
	const type = String(record.Type ?? '');
	const needs = REQUIRED_BY_TYPE[type];
	if (!needs) throw new Fail(ADMIN_REASONS.invalidValue('Type', 'must be static, dynamic or register'));
	for (const name of needs) if (!record[name]) throw new Fail(REASONS.missing(name));
	if (record.DTMFMode !== undefined && !['rfc2833', 'inband'].includes(String(record.DTMFMode))) {
		throw new Fail(ADMIN_REASONS.invalidValue('DTMFMode', 'must be rfc2833 or inband'));
	}
	if (record.TransportType !== undefined && !['TCP', 'UDP', 'SRTP'].includes(String(record.TransportType))) {
		throw new Fail(ADMIN_REASONS.invalidValue('TransportType', 'must be TCP, UDP or SRTP'));
	}
}

function accountById(ctx: ApiContext): Row {
	const id = oneId(ctx);
	const account = adminStore(ctx.state).sipAccounts.get(id);
	if (!account || (ctx.caller.scope !== undefined && account.CustID !== ctx.caller.scope)) throw new Fail(ADMIN_REASONS.unknownId(id));
	return account;
}

adminFunctions.register('sipaccount/view', (ctx) => {
	const id = has(ctx, 'ID') ? oneId(ctx) : undefined;
	// A given ID forces the Full view (rule 1).
	const fields = id !== undefined || viewTypeOf(ctx) === 'Full' ? FULL : PARTIAL;
	const rows = [...adminStore(ctx.state).sipAccounts.values()].filter(
		(s) => (id === undefined || s.ID === id) && (ctx.caller.scope === undefined || s.CustID === ctx.caller.scope),
	);
	return results(rows.map((s) => asAnswer({ ...DEFAULTS, ...s }, fields)));
});

adminFunctions.register('sipaccount/add', (ctx) => {
	requireAll(ctx, ['CustID', 'Description', 'Username', 'Type']);
	const CustID = existingCustomer(ctx, 'CustID');
	const fields = suppliedFields(ctx, SIP_FIELDS);
	const record = { ...DEFAULTS, ...fields, CustID };
	checkRecord(record);
	const store = adminStore(ctx.state);
	const ID = newAdminId(store, 'sipAccount');
	store.sipAccounts.set(ID, { ...record, ID });
	return ok({ ID: String(ID) });
});

adminFunctions.register('sipaccount/edit', (ctx) => {
	const account = accountById(ctx);
	const fields = suppliedFields(ctx, SIP_FIELDS);
	const CustID = has(ctx, 'CustID') ? existingCustomer(ctx, 'CustID') : account.CustID;
	checkRecord({ ...account, ...fields });
	Object.assign(account, fields, { CustID });
	return ok();
});

adminFunctions.register('sipaccount/delete', (ctx) => {
	const account = accountById(ctx);
	adminStore(ctx.state).sipAccounts.delete(account.ID);
	return ok();
});
