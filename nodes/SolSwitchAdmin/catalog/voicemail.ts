/**
 * Voicemail suite of switch-management.md ("Voicemail box record", rules 9 and 10). Delete's request
 * attributes are "not shown" in the document: it takes the box's ID, as edit does.
 */
import { RULES } from '../../shared/catalog/rules';
import type { AdminLists } from '../methods/listSearch';
import type { AttributeSpec, OperationSpec } from '../../engine/catalog/types';
import { choice, digits, flag, number, required, text } from '../../shared/catalog/attributes';
import { adminCustomer, recordId, viewType } from './fields';
import { addOp, deleteOp, editOp, simplifyTo, viewOp, type Suite } from './suite';

const suite: Suite = { resource: 'voicemail', noun: 'voicemail box', plural: 'voicemail boxes', path: 'voicemail', scope: 'any' };

const boxId = recordId('voicemailBoxes', 'ID of the voicemail box', { label: 'Voicemail Box' });

const scopeCustomer = adminCustomer('Customer of the box; honoured only with an all-customer key.');

const boxFields: Array<AttributeSpec<AdminLists>> = [
	required(digits('ExtensionNumber', 'Number of the box, unique per customer', { rule: RULES.extensionOrLong })),
	required(text('Name', 'Name of the box')),
	{
		name: 'Password',
		type: 'password',
		required: true,
		rule: RULES.voicemailPassword,
		description: 'Passcode of the box (never returned by view; on edit, leave it out to keep the current one)',
	},
	digits('GivenID', 'Box number callers dial, unique per customer; defaults to the extension number', { label: 'Given ID', rule: RULES.givenId }),
	text('Email', 'Address messages are emailed to, or several separated by commas', { rule: RULES.emails }),
	flag('EmailOnlyFlag', false, 'Whether messages are deleted after emailing', { label: 'Email Only' }),
	choice('EmailTranscriptFlag', [
		{ name: 'Off', value: '0' },
		{ name: 'Transcript and File', value: '1' },
		{ name: 'Transcript Only', value: '2' },
	], 'What the email carries; transcripts need speech to text enabled for the customer', { label: 'Email Transcript' }),
	choice('TranscriptionStrategy', [
		{ name: 'Priority', value: 'priority' },
		{ name: 'Dynamic', value: 'dynamic' },
	], 'Transcription strategy applied to messages of this box', { switchDefault: 'priority' }),
	digits('ExitIRID', 'Routing destination (of the same customer) used when the caller dials 0 during the greeting, 0 = disabled', { label: 'Exit Routing ID' }),
	number('DayLimit', 'Days before messages are deleted automatically, 0 = manual only', { switchDefault: '0' }),
	flag('SayCallerID', false, 'Whether the caller ID is announced', { label: 'Say Caller ID' }),
	flag('SayDateTime', false, 'Whether the date and time are announced'),
	flag('DistributionList', false, 'Whether Notify Extensions receive their own copy instead of a notification'),
	flag('resetflag', undefined, 'Whether the passcode must be changed at the next login', { label: 'Reset Passcode' }),
	{
		name: 'NotifyExtensions',
		type: 'list',
		alwaysArray: true,
		description: 'Extension IDs (of the same customer) to notify; on edit, replaces the existing set',
	},
];

export const voicemailSuite: Array<OperationSpec<AdminLists>> = [
	viewOp(suite, [
		scopeCustomer,
		{ ...boxId, description: 'Only this box' },
		digits('ExtensionNumber', 'Only the box with this number', { rule: RULES.extensionOrLong }),
		{ ...viewType(), options: [
			{ name: 'Partial', value: 'Partial', description: 'ID, ExtensionNumber, GivenID, Name, Email' },
			{ name: 'Full', value: 'Full', description: 'Adds the settings and NotifyExtensions' },
		] },
	], { simplify: simplifyTo(['ID', 'Customer', 'ExtensionNumber', 'GivenID', 'Name', 'Email']) }),
	addOp(
		suite,
		[adminCustomer('', { required: true, description: 'Customer the box belongs to (a customer-scoped key gives its own)' }), ...boxFields],
		{ kind: 'object' },
		'Create a voicemail box and its mailbox folder',
	),
	editOp(suite, boxId, [{ ...scopeCustomer, description: `${scopeCustomer.description} It cannot be changed.` }, ...boxFields]),
	deleteOp(suite, boxId, [scopeCustomer], 'Delete a voicemail box, its number and its notify and distribution extensions'),
];
