/** SIP account suite of switch-management.md ("SIP account record", rule 11). */
import type { AdminLists } from '../methods/listSearch';
import type { AttributeSpec, OperationSpec } from '../../engine/catalog/types';
import { RULES } from '../../shared/catalog/rules';
import { choice, flag, number, required, text } from '../../shared/catalog/attributes';
import { customerPick, recordId, viewType } from './fields';
import { addOp, deleteOp, editOp, simplifyTo, viewOp, type Suite } from './suite';

const suite: Suite = { resource: 'sipAccount', noun: 'SIP account', path: 'sipaccount', scope: 'any' };

const sipAccountId = recordId('sipAccounts', 'ID of the SIP account', { label: 'SIP Account' });

const whenType = (...types: string[]) => ({ when: 'Type', in: types });

const off = (name: string, description: string, label?: string) => flag(name, false, description, label ? { label } : {});

const sipFields: Array<AttributeSpec<AdminLists>> = [
	customerPick('CustID', 'Customer the SIP account belongs to', { required: true }),
	required(text('Description', 'Description of the account')),
	required(text('Username', 'SIP username')),
	required(
		choice('Type', [
			{ name: 'Static', value: 'static', description: 'A fixed host: needs Password and Host' },
			{ name: 'Dynamic', value: 'dynamic', description: 'The device registers: needs Password' },
			{ name: 'Register', value: 'register', description: 'The switch registers upstream: needs the four Register fields' },
		], 'Kind of account'),
	),
	{ name: 'Password', type: 'password', required: whenType('static', 'dynamic'), description: 'SIP password (never returned by view)' },
	text('Host', 'Host address of the static peer', { required: whenType('static') }),
	text('RegisterUsername', 'Username to register with', { required: whenType('register') }),
	{ name: 'RegisterPassword', type: 'password', required: whenType('register'), description: 'Password to register with (never returned by view)' },
	text('RegisterName', 'Name or billing number to register as', { required: whenType('register') }),
	text('RegisterDomain', 'Domain to register at', { required: whenType('register') }),
	flag('NAT', true, 'Whether the device is behind NAT'),
	choice('DTMFMode', [
		{ name: 'RFC 2833', value: 'rfc2833' },
		{ name: 'Inband', value: 'inband' },
	], 'How DTMF tones are carried', { label: 'DTMF Mode', switchDefault: 'rfc2833' }),
	number('Port', 'SIP port', { switchDefault: '5060', default: 5060 }),
	off('DeleteBlock', 'Whether the account is protected from deletion'),
	off('FaxCodec', 'Whether the fax codec is enabled'),
	off('VoiceCodec', 'Whether the first voice codec is enabled'),
	off('VoiceCodec1', 'Whether voice codec 1 is enabled', 'Voice Codec 1'),
	off('VoiceCodec2', 'Whether voice codec 2 is enabled', 'Voice Codec 2'),
	off('VoiceCodec3', 'Whether voice codec 3 is enabled', 'Voice Codec 3'),
	off('VoiceCodec4', 'Whether voice codec 4 is enabled', 'Voice Codec 4'),
	off('Debug', 'Whether SIP debugging is on'),
	off('G722Codec', 'Whether G.722 is enabled', 'G722 Codec'),
	off('G729Codec', 'Whether G.729 is enabled', 'G729 Codec'),
	off('SIPPostAPI', 'Whether SIP POST notifications are sent for this account', 'SIP Post API'),
	off('AllowInternational', 'Whether international calls are allowed'),
	off('SIPNotifyAPI', 'Whether SIP notify API is on', 'SIP Notify API'),
	flag('DynamicFeatures', true, 'Whether dynamic features are on'),
	flag('StayInAudioPath', true, 'Whether the switch stays in the audio path'),
	flag('Active', true, 'Whether the account is active'),
	choice('TransportType', [
		{ name: 'UDP', value: 'UDP' },
		{ name: 'TCP', value: 'TCP' },
		{ name: 'SRTP', value: 'SRTP' },
	], 'SIP transport', { switchDefault: 'UDP', default: 'UDP' }),
	text('NotifyEmail', 'Address notified about the account', { rule: RULES.email }),
	text('ACLAllow', 'Allow list', { label: 'ACL Allow' }),
	text('ACLDeny', 'Deny list', { label: 'ACL Deny' }),
];

export const sipAccountSuite: Array<OperationSpec<AdminLists>> = [
	viewOp(suite, [
		{ ...sipAccountId, description: 'Only this SIP account (returns the Full view)' },
		{ ...viewType(true), options: [
			{ name: 'Partial', value: 'Partial', description: 'ID, Username, Description' },
			{ name: 'Full', value: 'Full', description: 'Every field except passwords' },
		] },
	], { simplify: simplifyTo(['ID', 'CustID', 'Username', 'Description', 'Type', 'Host', 'TransportType', 'Active']) }),
	addOp(suite, sipFields, { kind: 'object' }, 'Create a SIP account: Static needs Password and Host, Dynamic a Password, Register the four Register fields'),
	editOp(suite, sipAccountId, sipFields),
	deleteOp(suite, sipAccountId),
];
