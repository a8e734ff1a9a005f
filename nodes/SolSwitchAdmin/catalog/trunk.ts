/** Trunk suite of switch-management.md ("Trunk record"). */
import type { AdminLists } from '../methods/listSearch';
import type { AttributeSpec, OperationSpec } from '../../engine/catalog/types';
import { choice, digits, flag, number, required, secret, text } from '../../shared/catalog/attributes';
import { recordId, viewType } from './fields';
import { addOp, deleteOp, editOp, simplifyTo, viewOp, type Suite } from './suite';

const suite: Suite = { resource: 'trunk', noun: 'trunk', path: 'trunk', scope: 'any' };

const trunkId = recordId('trunks', 'ID of the trunk', { label: 'Trunk' });

const off = (name: string, description: string, label?: string) => flag(name, false, description, label ? { label } : {});

const trunkFields: Array<AttributeSpec<AdminLists>> = [
	required(text('Name', 'Name of the trunk')),
	required(text('Description', 'Description of the trunk')),
	required(
		choice('TrunkType', [
			{ name: 'SIP Account', value: '1' },
			{ name: 'Line Card', value: '2' },
		], 'Kind of trunk', { label: 'Trunk Type' }),
	),
	digits('SIPAccountsID', 'SIP account of the trunk', { label: 'SIP Account', load: 'sipAccounts', switchDefault: '0' }),
	off('UseDIDTable', 'Whether the DID table is used', 'Use DID Table'),
	off('UseRouteGroup', 'Whether the route group is used'),
	off('UseLocalRouting', 'Whether local routing is used'),
	off('AccessibleSID', 'Whether the SID is accessible', 'Accessible SID'),
	off('Record', 'Whether calls are recorded'),
	off('ApplyToll', 'Whether toll is applied'),
	off('UseE164', 'Whether numbers are sent in E.164 form', 'Use E164'),
	off('CanConf', 'Whether conferencing is allowed', 'Can Conference'),
	off('UnlimitedOutbound', 'Whether outbound calls are unlimited'),
	off('AutoLearnRoutes', 'Whether routes are learned automatically'),
	off('AutoLearnValidated', 'Whether learned routes are validated'),
	digits('RouteGroupID', 'ID of the route group the trunk uses', { label: 'Route Group ID' }),
	text('AddPrefix', 'Prefix added to calls'),
	number('StripDigit', 'Digits stripped from DIDs', { switchDefault: '0' }),
	number('CallLimit', 'Maximum calls, 0 = unlimited', { switchDefault: '0' }),
	secret('AutoLearnAPIKey', 'API key for route learning', { label: 'Auto Learn API Key' }),
	number('AutoLearnWeight', 'Weight of learned routes', { switchDefault: '23', default: 23 }),
];

export const trunkSuite: Array<OperationSpec<AdminLists>> = [
	viewOp(suite, [
		{ ...trunkId, description: 'Only this trunk (returns the Full view)' },
		{ ...viewType(true), options: [
			{ name: 'Partial', value: 'Partial', description: 'ID, Name, Description' },
			{ name: 'Full', value: 'Full', description: 'Every field of the record' },
		] },
	], { simplify: simplifyTo(['ID', 'Name', 'Description', 'TrunkType', 'SIPAccountsID', 'RouteGroupID']) }),
	addOp(suite, trunkFields),
	editOp(suite, trunkId, trunkFields),
	deleteOp(suite, trunkId),
];
