/** DID suite of switch-management.md ("DID record", "Suites"): needs a global key. */
import type { AdminLists } from '../methods/listSearch';
import type { AttributeSpec, OperationSpec } from '../../engine/catalog/types';
import { RULES } from '../../shared/catalog/rules';
import { digits, flag, number, text } from '../../shared/catalog/attributes';
import { customerPick } from './fields';
import { addOp, deleteOp, editOp, viewOp, type Suite } from './suite';

const suite: Suite = { resource: 'did', noun: 'DID', plural: 'DID records', path: 'did', scope: 'global' };

/** One DID row ID or several (batch edit and delete apply to each). */
const didIds: AttributeSpec<AdminLists> = {
	name: 'ID',
	label: 'DID',
	type: 'list',
	rule: RULES.numeric,
	load: 'dids',
	description: 'Row ID of the DID; several IDs apply the same change to each',
};

/** The DID record's editable fields, as the table lists them (DID itself is not editable). */
const didFields: Array<AttributeSpec<AdminLists>> = [
	customerPick('CustID', 'Customer the DID belongs to', { required: true }),
	text('Description', 'Description of the DID (shown in the Partial view)'),
	text('RateCenter', 'Rate center the number belongs to, for your records'),
	text('Notes', 'Free-text notes about the DID'),
	flag('Active', true, 'Whether the DID is active. A DID with an assigned route cannot be deactivated.'),
	flag('ApplyToll', false, 'Whether calls are processed as toll-free for billing'),
	flag('StripCID', false, 'Whether the incoming caller ID is stripped before routing'),
	number('DIDLimit', 'Maximum concurrent calls, 0 = unlimited', { switchDefault: '0' }),
	digits('SMSProvider', 'ID of the SMS provider, 0 = none'),
	digits('SMSTollID', 'ID of the SMS toll, 0 = none'),
	flag('SMSOnly', false, 'Whether the DID is for SMS only (calls are not routed to it)'),
];

export const didSuite: Array<OperationSpec<AdminLists>> = [
	viewOp(suite, [
		{ ...didIds, description: 'Only these DIDs (row IDs); several IDs allowed' },
		{ name: 'DID', label: 'Phone Numbers', type: 'list', description: 'Only these phone numbers' },
		customerPick('CustID', 'Only DIDs of this customer'),
		{ name: 'ViewType', label: 'View Type', type: 'enum', topLevel: true, default: 'Partial', options: [
			{ name: 'Partial', value: 'Partial', description: 'ID, DID, Description, Active' },
			{ name: 'Full', value: 'Full', description: 'Every field, with InternalRouteDestinationID' },
		], description: 'Fields to return' },
	]),
	addOp(
		suite,
		[
			{
				name: 'DID',
				label: 'DIDs',
				type: 'list',
				required: true,
				description:
					'Phone number to add, or several: each gets the same values below. If any is already in use, none is added.',
				placeholder: '5145550199',
			},
			...didFields,
		],
		{ kind: 'object' },
		'Add one DID or a batch; the answer lists the new row IDs in the order given',
	),
	editOp(suite, didIds, didFields, 'Change the fields you set on one DID or on several (the same values for each); every ID must exist'),
	deleteOp(suite, didIds, [], 'Delete one DID or several, with their routing and caller ID configuration'),
];
