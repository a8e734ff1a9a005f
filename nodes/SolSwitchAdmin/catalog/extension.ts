/**
 * Extension suite of switch-management.md ("Extension record", rules 7 and 8): a global key acts on
 * any customer, a customer-scoped key only on its own (and must name it).
 */
import { RULES } from '../../shared/catalog/rules';
import type { AdminLists } from '../methods/listSearch';
import type { AttributeSpec, OperationSpec } from '../../engine/catalog/types';
import { choice, digits, flag, number, required, secret, text } from '../../shared/catalog/attributes';
import { adminCustomer, recordId, viewType } from './fields';
import { addOp, deleteOp, editOp, simplifyTo, viewOp, type Suite } from './suite';

const suite: Suite = { resource: 'extension', noun: 'extension', path: 'extension', scope: 'any' };

const extensionId = recordId('extensions', 'ID of the extension (not its number)', { label: 'Extension' });

/** Customer on view, edit and delete: empty means the credential's default customer, else 1. */
const scopeCustomer = adminCustomer('Customer of the extension. A customer-scoped key must give its own customer.');

const routing = (name: string, description: string, extra: Partial<AttributeSpec<AdminLists>> = {}) =>
	digits(name, `${description} (internal routing ID, 0 = off)`, { switchDefault: '0', ...extra });

/** Every extension field but Customer, as the table lists them. */
const extensionFields: Array<AttributeSpec<AdminLists>> = [
	required(digits('ExtensionNumber', 'Extension number, unique per customer', { rule: RULES.extensionOrLong })),
	required(text('Name', 'Name of the extension')),
	required(digits('CIDNum', 'Caller ID number', { label: 'CID Number', rule: RULES.nanp })),
	text('CIDName', 'Caller ID name', { label: 'CID Name' }),
	digits('E911_CIDNum', 'Caller ID number sent on 911 calls', { label: 'E911 CID Number', rule: RULES.nanp }),
	digits('CIDInternalOverride', 'Caller ID shown on internal calls', { label: 'CID Internal Override', rule: RULES.cidInternalOverride }),
	flag('DisplayCallerId', undefined, 'Whether the caller ID is displayed', { label: 'Display Caller ID' }),
	digits('DefaultNPA', 'Area code applied to 7-digit external numbers', { label: 'Default NPA', rule: RULES.npa }),
	digits('SIPAccountsID', 'SIP account the extension registers with (an existing SIP account)', { label: 'SIP Account', load: 'sipAccounts' }),
	flag('Active', undefined, 'Whether the extension is active'),
	routing('Fwd', 'Unconditional forwarding', { label: 'Forward' }),
	digits('FwdExternal', 'External number for forwarding', { label: 'Forward External' }),
	routing('FwdBusy', 'Forwarding when busy', { label: 'Forward Busy' }),
	routing('FwdNA', 'Forwarding on no answer', { label: 'Forward No Answer' }),
	routing('FwdOffline', 'Forwarding when offline', { label: 'Forward Offline' }),
	routing('FwdBusy_Internal', 'Forwarding of internal calls when busy', { label: 'Forward Busy (Internal Calls)' }),
	routing('FwdNA_Internal', 'Forwarding of internal calls on no answer', { label: 'Forward No Answer (Internal Calls)' }),
	routing('FwdOffline_Internal', 'Forwarding of internal calls when offline', { label: 'Forward Offline (Internal Calls)' }),
	number('FwdAfterSeconds', 'Seconds before no-answer forwarding', { label: 'Forward After Seconds' }),
	number('FwdAfterSeconds_Internal', 'Seconds before no-answer forwarding of internal calls', { label: 'Forward After Seconds (Internal Calls)' }),
	text('Record', 'Recording mode'),
	flag('DoNotRecord', false, 'Whether calls of this extension are never recorded'),
	text('ExtEmail', 'Address recordings are delivered to', { label: 'Extension Email', rule: RULES.email }),
	flag('CallWaiting', true, 'Whether call waiting is on'),
	digits('RoamingCode', 'Roaming code of the extension', { rule: RULES.roamingCode }),
	// A long-distance authorisation code: masked in the editor like the other codes written into the switch.
	secret('LDPasscode', 'Long-distance authorisation code, unique per customer', { label: 'LD Passcode', rule: RULES.ldPasscode }),
	flag('CanMonitor', false, 'Whether the extension may monitor calls'),
	digits('MonitorType', 'Monitor type (applies only when Can Monitor is on)', { switchDefault: '0' }),
	flag('DistinctiveRingDirect', true, 'Whether direct calls ring distinctively'),
	number('Wraptime', 'Wrap-up seconds after a call'),
	flag('AlwaysUseCID', true, 'Whether the extension caller ID is always used', { label: 'Always Use CID' }),
	digits('RouteGroupID', 'Outbound route group; needs a global key (a customer-scoped key supplying it is refused)', { label: 'Route Group ID', switchDefault: '0' }),
	flag('InDirectory', true, 'Whether the extension is listed in the directory'),
	routing('BounceTo', 'No-answer transfer'),
	digits('GlobalSDID', 'Speed dial profile ID', { label: 'Global Speed Dial ID', switchDefault: '0' }),
	digits('ParkingGroup', 'Parking group ID'),
	text('XMPP', 'XMPP account address'),
	flag('PausedPresence', undefined, 'Whether presence shows paused'),
	flag('BlockInternalCalls', false, 'Whether internal calls to this extension are blocked'),
	flag('PrivateCID', false, 'Whether the caller ID is private', { label: 'Private CID' }),
	text('Language', 'Language of prompts', { switchDefault: 'default' }),
	digits('JoinMessageID', 'Message library ID played on join', { switchDefault: '0' }),
	flag('EmailTranscriptFlag', undefined, 'Whether transcripts are emailed'),
	choice('TranscriptionStrategy', [
		{ name: 'Dynamic', value: 'dynamic' },
		{ name: 'Priority', value: 'priority' },
	], 'Transcription strategy applied to recordings of this extension', { switchDefault: 'dynamic' }),
	flag('MultimediaEnabled', false, 'Whether multimedia is enabled'),
	number('FillLimit', 'Fill limit setting of the extension', { switchDefault: '0' }),
	number('PhoneLoad', 'Phone load setting of the extension', { switchDefault: '10' }),
	number('MaxLoad', 'Maximum load setting of the extension', { switchDefault: '10' }),
	digits('RuleListID', 'Time rule ID on the routing entry', { label: 'Time Rule ID' }),
	digits('ClosedInternalRoutingID', 'Routing ID used when the time rule is closed', { label: 'Closed Internal Routing ID' }),
];

export const extensionSuite: Array<OperationSpec<AdminLists>> = [
	viewOp(suite, [
		scopeCustomer,
		{ ...extensionId, description: 'Only this extension (by ID)' },
		digits('ExtensionNumber', 'Only the extension with this number', { rule: RULES.extensionOrLong }),
		{ ...viewType(), options: [
			{ name: 'Partial', value: 'Partial', description: 'ID, ExtensionNumber, Name, Active' },
			{ name: 'Full', value: 'Full', description: 'Every field, with SIPUsername' },
		] },
	], { simplify: simplifyTo(['ID', 'Customer', 'ExtensionNumber', 'Name', 'CIDNum', 'CIDName', 'ExtEmail', 'SIPAccountsID', 'SIPUsername', 'Active']) }),
	addOp(
		suite,
		[adminCustomer('', { required: true, description: 'Customer the extension belongs to (a customer-scoped key gives its own)' }), ...extensionFields],
		{ kind: 'object' },
		'Create an extension with its routing entry; it uses an existing SIP account and creates none',
	),
	editOp(suite, extensionId, [{ ...scopeCustomer, description: `${scopeCustomer.description} It cannot be changed.` }, ...extensionFields]),
	deleteOp(suite, extensionId, [scopeCustomer], 'Delete an extension and its routing; its SIP account, voicemail box and device stay'),
];
