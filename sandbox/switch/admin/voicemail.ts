/**
 * Voicemail suite (switch-management.md rules 9 and 10): a box's customer never changes; an
 * all-customer key names the customer on add only, a single-customer key always names its own.
 */
import { customerOf, has, ok, type ApiContext } from '../api';
import { adminFunctions } from './functions';
import { Fail, REASONS } from '../fail';
import { EXTENSION_NUMBER, asAnswer, checkPattern, oneId, results, suppliedFields, viewTypeOf, type FieldTable } from './common';
import { ADMIN_REASONS } from './reasons';
import { adminStore, newAdminId, type Row } from './store';

const BOX_FIELDS: FieldTable = {
	ExtensionNumber: 'text',
	Name: 'text',
	Password: 'text',
	GivenID: 'text',
	Email: 'text',
	EmailOnlyFlag: 'bool',
	EmailTranscriptFlag: 'text',
	TranscriptionStrategy: 'text',
	ExitIRID: 'num',
	DayLimit: 'num',
	SayCallerID: 'bool',
	SayDateTime: 'bool',
	DistributionList: 'bool',
	resetflag: 'bool',
	NotifyExtensions: 'list',
};

const DEFAULTS: Record<string, unknown> = {
	Email: '',
	EmailOnlyFlag: '0',
	EmailTranscriptFlag: '0',
	TranscriptionStrategy: 'priority',
	ExitIRID: '0',
	DayLimit: '0',
	SayCallerID: '0',
	SayDateTime: '0',
	DistributionList: '0',
	resetflag: '0',
	NotifyExtensions: [],
};

const PARTIAL = ['ID', 'ExtensionNumber', 'GivenID', 'Name', 'Email'];
const FULL = [...PARTIAL, 'ExitIRID', 'EmailOnlyFlag', 'EmailTranscriptFlag', 'TranscriptionStrategy', 'DayLimit', 'SayCallerID', 'SayDateTime', 'DistributionList', 'resetflag', 'NotifyExtensions'];

/** The customer named by the request: required on add for an all-customer key; a scoped key's own. */
function requestCustomer(ctx: ApiContext, requiredForGlobal: boolean): number | undefined {
	if (ctx.caller.scope === undefined && !has(ctx, 'Customer')) {
		if (requiredForGlobal) throw new Fail(REASONS.missing('Customer'));
		return undefined;
	}
	return customerOf(ctx);
}

function checkFields(ctx: ApiContext, customer: number, fields: Record<string, unknown>, self?: Row) {
	const store = adminStore(ctx.state);
	const boxes = [...store.voicemail.values()].filter((b) => b !== self && b.Customer === customer);
	if (fields.ExtensionNumber !== undefined) {
		const number = String(fields.ExtensionNumber);
		if (!EXTENSION_NUMBER.test(number)) throw new Fail(REASONS.invalidExtension);
		if (boxes.some((b) => b.ExtensionNumber === number)) throw new Fail(ADMIN_REASONS.extensionInUse(number));
	}
	checkPattern(fields, 'Password', /^\d{3,7}$/, 'must be a number of 3 to 7 digits');
	checkPattern(fields, 'GivenID', /^\d{3,6}$/, 'must be a number of 3 to 6 digits');
	if (fields.GivenID !== undefined && boxes.some((b) => b.GivenID === fields.GivenID)) throw new Fail(ADMIN_REASONS.givenIdInUse(String(fields.GivenID)));
	const transcript = fields.EmailTranscriptFlag;
	if (transcript !== undefined) {
		if (!['0', '1', '2'].includes(String(transcript))) throw new Fail(ADMIN_REASONS.invalidValue('EmailTranscriptFlag', 'must be 0, 1 or 2'));
		if (transcript !== '0' && ctx.state.customers.get(customer)?.AIFeatures !== '1') throw new Fail(ADMIN_REASONS.speechToText);
	}
	if (fields.TranscriptionStrategy !== undefined && !['priority', 'dynamic'].includes(String(fields.TranscriptionStrategy))) {
		throw new Fail(ADMIN_REASONS.invalidValue('TranscriptionStrategy', 'must be priority or dynamic'));
	}
	const ownExtension = (id: unknown) => ctx.state.extensions.get(Number(id))?.Customer === customer;
	if (fields.ExitIRID !== undefined && fields.ExitIRID !== '0' && !ownExtension(fields.ExitIRID)) {
		throw new Fail(ADMIN_REASONS.invalidValue('ExitIRID', 'must be a routing destination of the same customer'));
	}
	for (const id of (fields.NotifyExtensions as string[] | undefined) ?? []) {
		if (!/^\d+$/.test(id) || !ownExtension(id)) throw new Fail(ADMIN_REASONS.invalidValue('NotifyExtensions', `must be extension IDs of the same customer (${id} is not)`));
	}
}

function boxById(ctx: ApiContext): Row {
	const id = oneId(ctx);
	const customer = requestCustomer(ctx, false);
	const box = adminStore(ctx.state).voicemail.get(id);
	if (!box || (ctx.caller.scope !== undefined && box.Customer !== ctx.caller.scope)) throw new Fail(ADMIN_REASONS.unknownId(id));
	if (customer !== undefined && customer !== box.Customer) throw new Fail(ADMIN_REASONS.customerCannotChange);
	return box;
}

adminFunctions.register('voicemail/view', (ctx) => {
	const fields = viewTypeOf(ctx) === 'Full' ? FULL : PARTIAL;
	// Customer is honoured only with all-customer access; a scoped key sees its own boxes.
	const customer = ctx.caller.scope ?? customerOf(ctx);
	const id = has(ctx, 'ID') ? oneId(ctx) : undefined;
	const number = has(ctx, 'ExtensionNumber') ? String(ctx.body.ExtensionNumber).trim() : undefined;
	const rows = [...adminStore(ctx.state).voicemail.values()].filter(
		(b) => b.Customer === customer && (id === undefined || b.ID === id) && (number === undefined || b.ExtensionNumber === number),
	);
	return results(rows.map((b) => asAnswer({ ...DEFAULTS, ...b }, fields)));
});

adminFunctions.register('voicemail/add', (ctx) => {
	const customer = requestCustomer(ctx, true)!;
	for (const name of ['ExtensionNumber', 'Name', 'Password']) if (!has(ctx, name)) throw new Fail(REASONS.missing(name));
	const fields = suppliedFields(ctx, BOX_FIELDS);
	fields.GivenID ??= fields.ExtensionNumber;
	checkFields(ctx, customer, fields);
	const store = adminStore(ctx.state);
	const ID = newAdminId(store, 'voicemail');
	store.voicemail.set(ID, { ...DEFAULTS, ...fields, Customer: customer, ID });
	store.mailboxFolders.add(ID);
	return ok({ ID: String(ID) });
});

adminFunctions.register('voicemail/edit', (ctx) => {
	const box = boxById(ctx);
	// An empty Password keeps the current one (suppliedFields leaves empty values out).
	const fields = suppliedFields(ctx, BOX_FIELDS);
	checkFields(ctx, box.Customer as number, fields, box);
	Object.assign(box, fields);
	return ok();
});

adminFunctions.register('voicemail/delete', (ctx) => {
	const box = boxById(ctx);
	const store = adminStore(ctx.state);
	store.voicemail.delete(box.ID);
	store.mailboxFolders.delete(box.ID);
	return ok();
});
