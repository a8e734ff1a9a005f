/**
 * Extension suite (switch-management.md rules 7 and 8): an extension is its record plus a routing
 * entry; it points at an existing SIP account and deleting it leaves that account. A global key
 * names the customer on add (view defaults to 1); a customer-scoped key always names its own.
 */
import { customerOf, has, ok, text, type ApiContext } from '../api';
import { adminFunctions } from './functions';
import { Fail, REASONS } from '../fail';
import type { Extension } from '../state';
import { EXTENSION_NUMBER, NANP, asAnswer, checkPattern, oneId, results, suppliedFields, viewTypeOf, type FieldTable } from './common';
import { ADMIN_REASONS } from './reasons';
import { adminStore } from './store';

const EXTENSION_FIELDS: FieldTable = {
	ExtensionNumber: 'text',
	Name: 'text',
	CIDNum: 'text',
	CIDName: 'text',
	E911_CIDNum: 'text',
	CIDInternalOverride: 'text',
	DisplayCallerId: 'bool',
	DefaultNPA: 'num',
	SIPAccountsID: 'num',
	Active: 'bool',
	Fwd: 'num',
	FwdExternal: 'text',
	FwdBusy: 'num',
	FwdNA: 'num',
	FwdOffline: 'num',
	FwdBusy_Internal: 'num',
	FwdNA_Internal: 'num',
	FwdOffline_Internal: 'num',
	FwdAfterSeconds: 'num',
	FwdAfterSeconds_Internal: 'num',
	Record: 'text',
	DoNotRecord: 'bool',
	ExtEmail: 'text',
	CallWaiting: 'bool',
	RoamingCode: 'text',
	LDPasscode: 'text',
	CanMonitor: 'bool',
	MonitorType: 'num',
	DistinctiveRingDirect: 'bool',
	Wraptime: 'num',
	AlwaysUseCID: 'bool',
	RouteGroupID: 'num',
	InDirectory: 'bool',
	BounceTo: 'num',
	GlobalSDID: 'num',
	ParkingGroup: 'num',
	XMPP: 'text',
	PausedPresence: 'bool',
	BlockInternalCalls: 'bool',
	PrivateCID: 'bool',
	Language: 'text',
	JoinMessageID: 'num',
	EmailTranscriptFlag: 'bool',
	TranscriptionStrategy: 'text',
	MultimediaEnabled: 'bool',
	FillLimit: 'num',
	PhoneLoad: 'num',
	MaxLoad: 'num',
	RuleListID: 'num',
	ClosedInternalRoutingID: 'num',
};

/** The table's defaults, applied on add. */
export const EXTENSION_DEFAULTS: Record<string, string> = {
	CIDName: '',
	CIDInternalOverride: '',
	Active: '1',
	Fwd: '0',
	FwdExternal: '',
	FwdBusy: '0',
	FwdNA: '0',
	FwdOffline: '0',
	DoNotRecord: '0',
	CallWaiting: '1',
	RoamingCode: '',
	LDPasscode: '',
	CanMonitor: '0',
	MonitorType: '0',
	DistinctiveRingDirect: '1',
	Wraptime: '0',
	AlwaysUseCID: '1',
	RouteGroupID: '0',
	InDirectory: '1',
	BounceTo: '0',
	GlobalSDID: '0',
	BlockInternalCalls: '0',
	PrivateCID: '0',
	Language: 'default',
	JoinMessageID: '0',
	TranscriptionStrategy: 'dynamic',
	MultimediaEnabled: '0',
	FillLimit: '0',
	PhoneLoad: '10',
	MaxLoad: '10',
	SIPAccountsID: '0',
};

const PARTIAL = ['ID', 'ExtensionNumber', 'Name', 'Active'];
const FULL = ['ID', 'Customer', ...Object.keys(EXTENSION_FIELDS), 'SIPUsername'];

/** The customer a request acts on: named on add by a global key; a scoped key's own, always. */
function actingCustomer(ctx: ApiContext, requiredForGlobal: boolean): number | undefined {
	if (ctx.caller.scope === undefined && !has(ctx, 'Customer')) {
		if (requiredForGlobal) throw new Fail(REASONS.missing('Customer'));
		return undefined;
	}
	return customerOf(ctx);
}

function checkFields(ctx: ApiContext, customer: number, fields: Record<string, unknown>, self?: Extension) {
	if (fields.ExtensionNumber !== undefined) {
		const number = String(fields.ExtensionNumber);
		if (!EXTENSION_NUMBER.test(number)) throw new Fail(REASONS.invalidExtension);
		const other = ctx.state.findExtension(customer, number);
		if (other && other !== self) throw new Fail(ADMIN_REASONS.extensionInUse(number));
	}
	checkPattern(fields, 'CIDNum', NANP, 'must be NPA NXX XXXX');
	checkPattern(fields, 'E911_CIDNum', NANP, 'must be NPA NXX XXXX');
	checkPattern(fields, 'CIDInternalOverride', /^\d{3,10}$/, 'must be 3 to 10 digits');
	checkPattern(fields, 'RoamingCode', /^\d{1,50}$/, 'must be numeric, up to 50 digits');
	checkPattern(fields, 'LDPasscode', /^\d{1,10}$/, 'must be numeric, up to 10 digits');
	if (fields.LDPasscode) {
		for (const e of ctx.state.extensions.values()) {
			if (e !== self && e.Customer === customer && e.LDPasscode === fields.LDPasscode) throw new Fail(ADMIN_REASONS.ldPasscodeInUse);
		}
	}
	const sip = fields.SIPAccountsID;
	if (sip !== undefined && sip !== '0' && !adminStore(ctx.state).sipAccounts.has(Number(sip))) throw new Fail(ADMIN_REASONS.unknownSipAccount(String(sip)));
	if (fields.RouteGroupID !== undefined && ctx.caller.scope !== undefined) throw new Fail(ADMIN_REASONS.routeGroupGlobalOnly);
}

/** The extension named by ID, within the caller's reach. */
function extensionById(ctx: ApiContext): Extension {
	const id = oneId(ctx);
	const customer = actingCustomer(ctx, false);
	const extension = ctx.state.extensions.get(id);
	if (!extension || (ctx.caller.scope !== undefined && extension.Customer !== ctx.caller.scope)) throw new Fail(ADMIN_REASONS.unknownId(id));
	if (customer !== undefined && customer !== extension.Customer) throw new Fail(ADMIN_REASONS.customerCannotChange);
	return extension;
}

adminFunctions.register('extension/view', (ctx) => {
	const fields = viewTypeOf(ctx) === 'Full' ? FULL : PARTIAL;
	const customer = customerOf(ctx);
	const id = has(ctx, 'ID') ? oneId(ctx) : undefined;
	const number = text(ctx, 'ExtensionNumber');
	const sipAccounts = adminStore(ctx.state).sipAccounts;
	const rows = [...ctx.state.extensions.values()].filter(
		(e) => e.Customer === customer && (id === undefined || e.ID === id) && (number === undefined || e.ExtensionNumber === number),
	);
	return results(
		rows.map((e) =>
			asAnswer({ ...EXTENSION_DEFAULTS, ...e, SIPUsername: sipAccounts.get(Number(e.SIPAccountsID ?? 0))?.Username ?? '' }, fields),
		),
	);
});

adminFunctions.register('extension/add', (ctx) => {
	const customer = actingCustomer(ctx, true)!;
	for (const name of ['ExtensionNumber', 'Name', 'CIDNum']) if (!has(ctx, name)) throw new Fail(REASONS.missing(name));
	const fields = suppliedFields(ctx, EXTENSION_FIELDS);
	checkFields(ctx, customer, fields);
	// The extension and its routing entry are created together.
	const extension = ctx.state.addExtension({ ...EXTENSION_DEFAULTS, ...fields, Customer: customer } as Omit<Extension, 'ID'>);
	extension.IRID = String(extension.ID);
	return ok({ ID: String(extension.ID) });
});

adminFunctions.register('extension/edit', (ctx) => {
	const extension = extensionById(ctx);
	const fields = suppliedFields(ctx, EXTENSION_FIELDS);
	checkFields(ctx, extension.Customer, fields, extension);
	Object.assign(extension, fields);
	return ok({ Reason: '' });
});

adminFunctions.register('extension/delete', (ctx) => {
	const extension = extensionById(ctx);
	ctx.state.extensions.delete(extension.ID);
	// Linked records go (voicemail notifications ...); the SIP account, voicemail box and device stay.
	for (const box of adminStore(ctx.state).voicemail.values()) {
		if (Array.isArray(box.NotifyExtensions)) box.NotifyExtensions = box.NotifyExtensions.filter((id) => String(id) !== String(extension.ID));
	}
	return ok();
});
