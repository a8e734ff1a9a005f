/** Firewall suite of switch-management.md ("Firewall rule record", rule 12). */
import type { AdminLists } from '../methods/listSearch';
import type { AttributeSpec, CrossRule, OperationSpec } from '../../engine/catalog/types';
import { RULES } from '../../shared/catalog/rules';
import { choice, flag, number, required, text } from '../../shared/catalog/attributes';
import { recordId, viewType } from './fields';
import { addOp, deleteOp, editOp, viewOp, type Suite } from './suite';

const suite: Suite = { resource: 'firewall', noun: 'firewall rule', path: 'firewall', scope: 'any' };

const ruleId = recordId('firewallRules', 'ID of the firewall rule', { label: 'Firewall Rule' });

const ruleFields: Array<AttributeSpec<AdminLists>> = [
	required(text('Name', 'Name of the rule')),
	required(choice('RuleType', [
		{ name: 'Allow', value: 'Allow' },
		{ name: 'Deny', value: 'Deny' },
	], 'Whether matching traffic is allowed or denied', { label: 'Rule Type' })),
	required(choice('AddressType', [
		{ name: 'Address', value: 'Address', description: 'One IP address' },
		{ name: 'Subnet', value: 'Subnet', description: 'An IP subnet' },
		{ name: 'Country', value: 'Country', description: 'Every address of a country' },
	], 'What the rule matches', { label: 'Address Type' })),
	number('Position', 'Order of the rule, lower first; inserting at a position moves the rules at and after it down by one', {
		rule: RULES.firewallPosition,
		switchDefault: '2',
		default: 2,
	}),
	text('Address', 'The address or subnet the rule matches, as Address Type says', {
		rule: RULES.ipOrSubnet,
		required: { when: 'AddressType', in: ['Address', 'Subnet'] },
	}),
	text('Country', 'Country the rule matches', { rule: RULES.countryCode, required: { when: 'AddressType', in: ['Country'] } }),
	flag('Web', true, 'Whether the rule filters web traffic'),
	flag('SysAdmin', true, 'Whether the rule filters web traffic of system-administrator accounts', { label: 'System Admin' }),
	flag('Provisioning', true, 'Whether the rule filters provisioning traffic'),
	flag('SIP', true, 'Whether the rule filters SIP traffic'),
];

/** "Address: for Address: xxx.xxx.xxx.xxx; for Subnet: xxx.xxx.xxx.xxx/yy" (on edit, when the type is given). */
const addressRules: CrossRule[] = [
	{ kind: 'ruleWhen', attribute: 'Address', when: 'AddressType', is: 'Address', rule: RULES.ipAddress, message: `Address ${RULES.ipAddress.text}` },
	{ kind: 'ruleWhen', attribute: 'Address', when: 'AddressType', is: 'Subnet', rule: RULES.ipSubnet, message: `Address ${RULES.ipSubnet.text}` },
];

export const firewallSuite: Array<OperationSpec<AdminLists>> = [
	viewOp(suite, [
		{ ...ruleId, description: 'Only this rule (returns the Full view)' },
		{ ...viewType(true), options: [
			{ name: 'Partial', value: 'Partial', description: 'ID and Name' },
			{ name: 'Full', value: 'Full', description: 'Every field of the rule' },
		] },
	]),
	{ ...addOp(suite, ruleFields, { kind: 'object' }, 'Insert a firewall rule at a position; rules at and after it move down by one'), rules: addressRules },
	{ ...editOp(suite, ruleId, ruleFields), rules: addressRules },
	deleteOp(suite, ruleId),
];
