/**
 * Customer suite (switch-management.md rules 5 and 6) and the legacy Create Customer / Get Customer
 * Information. Connect-service groups share their limits between the customers in them.
 */
import { has, ok, text, type ApiContext } from '../api';
import { adminFunctions } from './functions';
import { Fail, REASONS } from '../fail';
import type { Customer } from '../state';
import { asAnswer, oneId, requireAll, results, suppliedFields, viewTypeOf, type FieldTable } from './common';
import { ADMIN_REASONS } from './reasons';
import { adminStore } from './store';

const CUSTOMER_FIELDS: FieldTable = {
	CustomerNumber: 'text',
	FirstName: 'text',
	LastName: 'text',
	Company: 'text',
	RouteGroupID: 'num',
	MaxSIPAccounts: 'num',
	StreetNumber: 'text',
	StreetName: 'text',
	Unit: 'text',
	City: 'text',
	Province: 'text',
	Country: 'text',
	PostalCode: 'text',
	Phone: 'text',
	Fax: 'text',
	MaxTrunks: 'num',
	TollPlanID: 'num',
	ServiceTollPlan: 'num',
	EmailRecordingFiles: 'bool',
	Timezone: 'text',
	Language: 'text',
	PrimaryRoutingID: 'num',
	MCQEnabled: 'bool',
	AIFeatures: 'bool',
	CallSummary: 'bool',
	MFAEnable: 'bool',
	MFAPhoneCID: 'text',
	MFAPhoneDID: 'text',
	MFASMSDID: 'num',
	SSCServerID: 'num',
	SSCGroup: 'text',
	SSCMaxUsers: 'num',
	SSCMaxPresence: 'num',
	SSCMaxCollab: 'num',
	SSCDevices: 'bool',
	SSCMeetings: 'bool',
	SSCPhoto: 'bool',
	SSCPassword: 'bool',
	SSCLogs: 'bool',
};
const SSC_LIMITS = ['SSCMaxUsers', 'SSCMaxPresence', 'SSCMaxCollab'];
const DOMAIN = /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const PARTIAL = ['ID', 'CustomerNumber', 'Company', 'FirstName', 'LastName'];
const FULL = ['ID', ...Object.keys(CUSTOMER_FIELDS), 'Active'];

/** Checks the connect-service fields of the record as it would be after the change. */
function checkSsc(merged: Record<string, unknown>) {
	const server = String(merged.SSCServerID ?? '0');
	const group = String(merged.SSCGroup ?? '');
	if (server !== '0' && server !== '' && !group) throw new Fail(ADMIN_REASONS.sscGroupRequired);
	if (group && !DOMAIN.test(group)) throw new Fail(ADMIN_REASONS.invalidValue('SSCGroup', 'must match a domain-name pattern'));
}

/** Rule 6: limits given update every customer of the group; limits left empty inherit the group's. */
function shareGroupLimits(ctx: ApiContext, customer: Customer, supplied: Record<string, unknown>) {
	const group = String(customer.SSCGroup ?? '');
	if (!group) return;
	const members = [...ctx.state.customers.values()].filter((c) => c !== customer && c.SSCGroup === group);
	for (const limit of SSC_LIMITS) {
		if (supplied[limit] !== undefined) for (const m of members) m[limit] = supplied[limit];
		else {
			const source = members.find((m) => m[limit] !== undefined && m[limit] !== '');
			if (source) customer[limit] = source[limit];
		}
	}
}

function customerById(ctx: ApiContext, id: number): Customer {
	const customer = ctx.state.customers.get(id);
	if (!customer) throw new Fail(ADMIN_REASONS.unknownId(id));
	return customer;
}

adminFunctions.register('customer/view', (ctx) => {
	const fields = viewTypeOf(ctx) === 'Full' ? FULL : PARTIAL;
	const id = has(ctx, 'ID') ? oneId(ctx) : undefined;
	const number = text(ctx, 'CustomerNumber');
	const rows = [...ctx.state.customers.values()].filter(
		(c) => (id === undefined || c.ID === id) && (number === undefined || c.CustomerNumber === number),
	);
	return results(rows.map((c) => asAnswer({ Active: '1', ...c }, fields)));
}, { globalKeyOnly: true });

adminFunctions.register('customer/add', (ctx) => {
	requireAll(ctx, ['CustomerNumber', 'FirstName', 'LastName', 'Company', 'RouteGroupID', 'MaxSIPAccounts']);
	const fields = suppliedFields(ctx, CUSTOMER_FIELDS);
	checkSsc(fields);
	const customer = ctx.state.addCustomer({ ...(fields as Omit<Customer, 'ID'>), Active: '1' });
	adminStore(ctx.state).musicOnHold.add(customer.ID);
	shareGroupLimits(ctx, customer, fields);
	return ok({ CustomerID: String(customer.ID) });
}, { globalKeyOnly: true });

adminFunctions.register('customer/edit', (ctx) => {
	const customer = customerById(ctx, oneId(ctx));
	if (has(ctx, 'Active')) throw new Fail(ADMIN_REASONS.notEditable('Active'));
	const fields = suppliedFields(ctx, CUSTOMER_FIELDS);
	checkSsc({ ...customer, ...fields });
	Object.assign(customer, fields);
	shareGroupLimits(ctx, customer, fields);
	return ok();
}, { globalKeyOnly: true });

adminFunctions.register('customer/delete', (ctx) => {
	const customer = customerById(ctx, oneId(ctx));
	deleteCustomer(ctx, customer.ID);
	return ok();
}, { globalKeyOnly: true });

/** Removes a customer and its data, as the portal does. */
function deleteCustomer(ctx: ApiContext, id: number) {
	const state = ctx.state;
	const store = adminStore(state);
	state.customers.delete(id);
	store.musicOnHold.delete(id);
	for (const [key, e] of state.extensions) if (e.Customer === id) state.extensions.delete(key);
	for (const [key, d] of state.dids) {
		if (d.CustID !== id) continue;
		state.dids.delete(key);
		store.e911.delete(d.DID);
	}
	for (const [key, s] of store.sipAccounts) if (s.CustID === id) store.sipAccounts.delete(key);
	for (const [key, v] of store.voicemail) if (v.Customer === id) store.voicemail.delete(key);
}

/** Legacy Create Customer: answers the new CustomerID. */
adminFunctions.register('createcustomer', (ctx) => {
	requireAll(ctx, ['FirstName', 'LastName', 'CustomerNumber', 'RouteGroupID', 'TollPlanID', 'MaxSIPAccounts', 'MaxTrunks']);
	for (const n of ['RouteGroupID', 'TollPlanID', 'MaxSIPAccounts', 'MaxTrunks', 'ServiceTollPlan']) {
		const v = text(ctx, n);
		if (v !== undefined && !/^\d+$/.test(v)) throw new Fail(REASONS.notNumeric);
	}
	const phone = text(ctx, 'PhoneNumber') ?? '';
	if (phone && !/^\d+$/.test(phone)) throw new Fail(REASONS.notNumeric);
	const t = (n: string, fallback = '') => text(ctx, n) ?? fallback;
	const customer = ctx.state.addCustomer({
		CustomerNumber: t('CustomerNumber'),
		FirstName: t('FirstName'),
		LastName: t('LastName'),
		Company: t('Company', `${t('FirstName')} ${t('LastName')}`),
		RouteGroupID: t('RouteGroupID'),
		TollPlanID: t('TollPlanID'),
		MaxSIPAccounts: t('MaxSIPAccounts'),
		MaxTrunks: t('MaxTrunks'),
		Timezone: t('Timezone', 'America/Toronto'),
		ServiceTollPlan: t('ServiceTollPlan', '0'),
		StreetNumber: t('AddressStreetNumber'),
		StreetName: t('AddressStreetName'),
		Unit: t('AddressUnit'),
		PostalCode: t('PostalCode'),
		City: t('City'),
		Province: t('Province'),
		Country: t('Country'),
		Phone: phone,
		Active: '1',
	});
	adminStore(ctx.state).musicOnHold.add(customer.ID);
	return ok({ Reason: '', CustomerID: String(customer.ID) });
});

/** Legacy Get Customer Information: one key per matching customer ID, in the legacy field names. */
adminFunctions.register('getcustomerinformation', (ctx) => {
	const number = text(ctx, 'CustomerNumber');
	const matching = [...ctx.state.customers.values()].filter(
		(c) => (number === undefined || c.CustomerNumber === number) && (ctx.caller.scope === undefined || c.ID === ctx.caller.scope),
	);
	if (!matching.length) throw new Fail(REASONS.noRecords);
	const answer: Record<string, unknown> = { Status: 'OK', Reason: '' };
	for (const c of matching) {
		answer[String(c.ID)] = asAnswer({
			ID: c.ID,
			firstname: c.FirstName,
			lastname: c.LastName,
			company: c.Company,
			streetnumber: c.StreetNumber,
			streetname: c.StreetName,
			unit: c.Unit,
			postalcode: c.PostalCode,
			city: c.City,
			province: c.Province,
			country: c.Country,
			telephone: c.Phone,
			fax: c.Fax,
		});
	}
	return answer;
});
