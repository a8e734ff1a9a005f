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
		action: 'Add a DID with the legacy function',
		description: deprecated('DID > Create', 'Adds one DID.'),
		path: 'adddid',
		attributes: [required(digits('DID', 'Phone number to add'))],
		response: { kind: 'status' },
		deprecatedBy: 'DID > Create',
	},
	{
		resource: 'legacy',
		operation: 'removeDid',
		name: 'Remove DID',
		action: 'Remove a DID with the legacy function',
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
		action: 'Create a customer with the legacy function',
		description: deprecated('Customer > Create', 'Creates a customer and answers its CustomerID.'),
		path: 'createcustomer',
		attributes: [
			required(text('FirstName', 'First name of the customer contact')),
			required(text('LastName', 'Last name of the customer contact')),
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
			text('AddressStreetNumber', 'Street number of the customer address'),
			text('AddressStreetName', 'Street name of the customer address'),
			text('AddressUnit', 'Unit or suite of the customer address'),
			text('PostalCode', 'Postal or ZIP code of the customer address'),
			text('City', 'City of the customer address'),
			text('Province', 'Province or state'),
			text('Country', 'Country of the customer address'),
			digits('PhoneNumber', 'Phone number of the customer', { rule: RULES.numeric }),
		],
		response: { kind: 'object' },
		deprecatedBy: 'Customer > Create',
	},
	{
		resource: 'legacy',
		operation: 'getCustomerInformation',
		name: 'Get Customer Information',
		action: 'Get customers by customer number with the legacy function',
		description: deprecated('Customer > Get Many', 'One item per matching customer, keyed by customer ID.'),
		path: 'getcustomerinformation',
		attributes: [text('CustomerNumber', 'External customer number (not the ID); several customers may match')],
		response: { kind: 'keyed', keyName: 'ID' },
		deprecatedBy: 'Customer > Get Many',
	},
];
