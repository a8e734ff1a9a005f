/** Toll functions of switch-management.md ("Toll Rates", "Toll Reporting"). */
import { RULES } from '../../shared/catalog/rules';
import type { AdminLists } from '../methods/listSearch';
import type { OperationSpec } from '../../engine/catalog/types';
import { shapeTollRates } from '../shapers';

export const toll: Array<OperationSpec<AdminLists>> = [
	{
		resource: 'toll',
		operation: 'rates',
		name: 'Toll Rates',
		label: 'Get Rates',
		returnsMany: true,
		action: 'Get the rates of a toll plan',
		description: 'One item per rate (Prefix, Area, Value) of a toll plan, or the rate of one prefix',
		path: 'tollrates',
		attributes: [
			{ name: 'tollPlanID', label: 'Toll Plan ID', type: 'digits', required: true, rule: RULES.numeric, description: 'ID of the toll plan' },
			{ name: 'tollPrefix', label: 'Toll Prefix', type: 'digits', description: 'Only the rate of this prefix' },
		],
		response: { kind: 'custom', shape: shapeTollRates, records: true },
	},
	{
		resource: 'toll',
		operation: 'report',
		name: 'Toll Reporting',
		label: 'Get Charges',
		action: 'Get toll charges for a period',
		description:
			'One item per record: a summary per customer, or with a customer number (or a customer-scoped key) a per-call breakdown',
		path: 'tollreport',
		attributes: [
			{ name: 'DateStart', label: 'Date Start', type: 'dateOrDateTime', required: true, description: 'Start of the period (YYYY-MM-DD or YYYY-MM-DD HH:MM:SS)' },
			{ name: 'DateEnd', label: 'Date End', type: 'dateOrDateTime', required: true, description: 'End of the period (YYYY-MM-DD or YYYY-MM-DD HH:MM:SS)' },
			// Narrows what a global key gets back: the credential's Default Customer is not added here.
			{ name: 'Customer', type: 'integer', startsEmpty: true, description: 'Numeric customer ID; narrows what a global key gets back. Left empty, nothing is sent.' },
			{ name: 'CustNum', label: 'Customer Number', type: 'string', description: 'External customer number: a per-call breakdown of that customer instead of the summary' },
		],
		response: { kind: 'keyed', keyName: 'Entry' },
		returnAllByDefault: true,
	},
];
