/**
 * Legacy functions of switch-management.md: still answered by the switch for existing
 * integrations, deprecated in favour of the DID and customer suites (`deprecatedBy`).
 */
import { RULES } from '../../shared/catalog/rules';
import type { AdminLists } from '../methods/listSearch';
import type { OperationSpec } from '../../engine/catalog/types';
import { digits, number, required, text } from '../../shared/catalog/attributes';

const deprecated = (replacement: string, what: string) => `Deprecated: use ${replacement} instead. ${what}`;

export const legacy: Array<OperationSpec<AdminLists>> = [
	{
		resource: 'legacy',
		operation: 'addDid',
		name: 'Add DID',
		action: 'Add a DID (legacy)',
		description: deprecated('DID > Add', 'Adds one DID.'),
		path: 'adddid',
		attributes: [required(digits('DID', 'Phone number to add'))],
		response: { kind: 'status' },
		deprecatedBy: 'DID > Add',
	},
	{
		resource: 'legacy',
		operation: 'removeDid',
		name: 'Remove DID',
		action: 'Remove a DID (legacy)',
		description: deprecated('DID > Delete', 'Removes one DID.'),
		path: 'removedid',
		attributes: [required(digits('DID', 'Phone number to remove'))],
		response: { kind: 'status' },
		deprecatedBy: 'DID > Delete',
	},
	{
		resource: 'legacy',
		operation: 'createCustomer',
		name: 'Create Customer',
		action: 'Create a customer (legacy)',
		description: deprecated('Customer > Add', 'Creates a customer and answers its CustomerID.'),
		path: 'createcustomer',
		attributes: [
			required(text('FirstName', 'First name')),
			required(text('LastName', 'Last name')),
			required(text('CustomerNumber', 'External customer number')),
			required(digits('RouteGroupID', 'Default outbound route group ID', { label: 'Route Group ID' })),
			required(digits('TollPlanID', 'Toll plan for call rating', { label: 'Toll Plan ID' })),
			required(number('MaxSIPAccounts', 'Maximum SIP accounts, 0 = unlimited', { label: 'Max SIP Accounts' })),
			required(number('MaxTrunks', 'Maximum trunks, 0 = unlimited')),
			// Not the caller's customer (convention 5's meaning): the credential's Default Customer is not added here.
			{ name: 'Customer', type: 'integer', description: 'Customer ID, as the document lists it for this function (optional)' },
			text('Company', 'Company name', { switchDefault: 'FirstName plus LastName' }),
			text('Timezone', 'IANA time zone', { switchDefault: 'the system time zone', placeholder: 'America/Toronto' }),
			digits('ServiceTollPlan', 'Toll plan for pay-per-use services', { switchDefault: '0' }),
			text('AddressStreetNumber', 'Street number'),
			text('AddressStreetName', 'Street name'),
			text('AddressUnit', 'Unit'),
			text('PostalCode', 'Postal code'),
			text('City', 'City'),
			text('Province', 'Province or state'),
			text('Country', 'Country'),
			digits('PhoneNumber', 'Phone number, digits only (no hyphens)', { rule: RULES.numeric }),
		],
		response: { kind: 'object' },
		deprecatedBy: 'Customer > Add',
	},
	{
		resource: 'legacy',
		operation: 'getCustomerInformation',
		name: 'Get Customer Information',
		action: 'Get customers by customer number (legacy)',
		description: deprecated('Customer > View', 'One item per matching customer, keyed by customer ID.'),
		path: 'getcustomerinformation',
		attributes: [text('CustomerNumber', 'External customer number (not the ID); several customers may match')],
		response: { kind: 'keyed', keyName: 'ID' },
		deprecatedBy: 'Customer > View',
	},
];
