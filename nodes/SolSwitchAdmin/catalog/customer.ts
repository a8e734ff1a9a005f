/** Customer suite of switch-management.md ("Customer record", "Suites"): needs a global key. */
import type { CrossRule, OperationSpec } from '../../engine/catalog/types';
import { digits, flag, number, required, text } from '../../shared/catalog/attributes';
import { RULES } from '../../shared/catalog/rules';
import type { AdminLists } from '../methods/listSearch';
import { recordId, viewType } from './fields';
import { addOp, deleteOp, editOp, simplifyTo, viewOp, type Suite } from './suite';

const suite: Suite = { resource: 'customer', noun: 'customer', path: 'customer', scope: 'global' };

const customerId = recordId('customers', 'Internal customer ID', { label: 'Customer' });

/** Required on add. */
const addRequired = [
	required(text('CustomerNumber', 'External customer number')),
	required(text('FirstName', 'First name of the customer contact')),
	required(text('LastName', 'Last name of the customer contact')),
	required(text('Company', 'Company name')),
	required(digits('RouteGroupID', 'Default outbound route group ID', { label: 'Route Group ID' })),
	required(number('MaxSIPAccounts', 'Maximum SIP accounts, 0 = unlimited', { label: 'Max SIP Accounts' })),
];

/** Optional on add; every field except Active (view only, new customers are active). */
const optionalFields = [
	text('StreetNumber', 'Street number of the customer address'),
	text('StreetName', 'Street name of the customer address'),
	text('Unit', 'Unit or suite of the customer address'),
	text('City', 'City of the customer address'),
	text('Province', 'Province or state'),
	text('Country', 'Country of the customer address'),
	text('PostalCode', 'Postal or ZIP code of the customer address'),
	text('Phone', 'Phone number'),
	text('Fax', 'Fax number'),
	number('MaxTrunks', 'Maximum trunks, 0 = unlimited'),
	digits('TollPlanID', 'Toll plan for call rating', { label: 'Toll Plan ID' }),
	digits('ServiceTollPlan', 'Toll plan for pay-per-use services, 0 = none'),
	flag('EmailRecordingFiles', undefined, 'Whether recordings are attached to emails as MP3 (otherwise a URL is sent)'),
	text('Timezone', 'IANA time zone', { placeholder: 'America/Toronto' }),
	text('Language', 'Default recording language'),
	digits('PrimaryRoutingID', 'Server ID for primary routing on load-balanced systems, 0 = default', { label: 'Primary Routing ID' }),
	flag('MCQEnabled', undefined, 'Whether multi-channel queueing is enabled', { label: 'MCQ Enabled' }),
	flag('AIFeatures', undefined, 'Whether AI features are enabled (speech to text, text to speech, smart IVRs)', { label: 'AI Features' }),
	flag('CallSummary', undefined, 'Whether transcripts include a summary'),
	flag('MFAEnable', undefined, 'Whether multi-factor authentication is enabled (honoured only when MFA is globally enabled)', { label: 'MFA Enable' }),
	text('MFAPhoneCID', 'Caller ID name of multi-factor phone calls', { label: 'MFA Phone CID' }),
	digits('MFAPhoneDID', 'Caller ID number of multi-factor phone calls', { label: 'MFA Phone DID' }),
	digits('MFASMSDID', 'ID of the DID that sends multi-factor SMS', { label: 'MFA SMS DID' }),
	digits('SSCServerID', 'Connect-service server ID, 0 = disabled. SSC Group is required when it is set and not 0.', { label: 'SSC Server ID' }),
	text('SSCGroup', 'Connect-service group name; customers sharing a group share its limits', { label: 'SSC Group', rule: RULES.domainName }),
	digits('SSCMaxUsers', 'Connect-service users limit (shared by the group)', { label: 'SSC Max Users', rule: RULES.numeric }),
	digits('SSCMaxPresence', 'Connect-service presence-only users limit (shared by the group)', { label: 'SSC Max Presence', rule: RULES.numeric }),
	digits('SSCMaxCollab', 'Connect-service collab users limit (shared by the group)', { label: 'SSC Max Collab', rule: RULES.numeric }),
	flag('SSCDevices', undefined, 'Whether users may view and delete devices', { label: 'SSC Devices' }),
	flag('SSCMeetings', undefined, 'Whether users may change meeting settings', { label: 'SSC Meetings' }),
	flag('SSCPhoto', undefined, 'Whether users may upload a photo', { label: 'SSC Photo' }),
	flag('SSCPassword', undefined, 'Whether users may change their password', { label: 'SSC Password' }),
	flag('SSCLogs', undefined, 'Whether users may view traces', { label: 'SSC Logs' }),
];

/**
 * "SSCGroup ... required when SSCServerID is set" (SSCServerID 0 = disabled). Checked on add only: an
 * edit changes only the fields it sends, so the customer may already have its group on the switch.
 */
const sscRules: CrossRule[] = [
	{ kind: 'needsWhenSet', attribute: 'SSCServerID', except: ['0'], needs: 'SSCGroup', message: 'SSC Group is required when SSC Server ID is set (not 0)' },
];

export const customerSuite: Array<OperationSpec<AdminLists>> = [
	viewOp(suite, [
		{ ...customerId, description: 'Only this customer' },
		text('CustomerNumber', 'Only the customer with this external number'),
		{ ...viewType(), options: [
			{ name: 'Partial', value: 'Partial', description: 'ID, CustomerNumber, Company, FirstName, LastName' },
			{ name: 'Full', value: 'Full', description: 'Every field of the record' },
		] },
	], { simplify: simplifyTo(['ID', 'CustomerNumber', 'Company', 'FirstName', 'LastName', 'Phone', 'City', 'Timezone', 'Active']) }),
	{ ...addOp(suite, [...addRequired, ...optionalFields], { kind: 'object' }, 'Create a customer (active, with a default music-on-hold class); answers its CustomerID'), rules: sscRules },
	editOp(suite, customerId, [...addRequired, ...optionalFields]),
	deleteOp(suite, customerId, [], 'Delete a customer and all its data, as the portal does'),
];
