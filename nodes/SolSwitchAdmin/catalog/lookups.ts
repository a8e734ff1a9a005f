/** Lookups of switch-management.md ("Lookups and legacy functions"). */
import { RULES } from '../../shared/catalog/rules';
import { adminCustomer } from './fields';
import type { AdminLists } from '../methods/listSearch';
import type { OperationSpec } from '../../engine/catalog/types';
import { flag } from '../../shared/catalog/attributes';

export const lookups: Array<OperationSpec<AdminLists>> = [
	{
		resource: 'lookup',
		operation: 'e911Info',
		name: '911 Info',
		label: 'Get 911 Info',
		action: 'Get the 911 records of DID numbers',
		description: 'One item per DID with its 911 record (address used as 911 caller details)',
		path: '911info',
		attributes: [
			flag('AllDID', false, 'Whether every DID on the system is returned; otherwise only DIDs used as 911 caller details of some extension', {
				label: 'All DIDs',
			}),
		],
		response: { kind: 'keyed', key: 'Data', keyName: 'DID' },
	},
	{
		resource: 'lookup',
		operation: 'checkTimeRule',
		name: 'Check Time Rule',
		action: 'Check whether a time rule is open or closed',
		description: 'TimeRuleStatus 0 (Open) or 1 (Closed) of a time rule, now',
		path: 'checktimerule',
		attributes: [
			{ name: 'ID', label: 'Time Rule ID', type: 'digits', required: true, description: 'ID of the time rule' },
			adminCustomer(),
		],
		response: { kind: 'object' },
	},
	{
		resource: 'lookup',
		operation: 'didReport',
		name: 'DID Report',
		label: 'Get DID Report',
		action: 'List every DID with its routing',
		description: 'One item per DID: DID, IRID (internal routing ID), CustID, PrimaryRoute',
		path: 'didreport',
		attributes: [],
		response: { kind: 'keyed', keyName: 'Entry' },
	},
	{
		resource: 'lookup',
		operation: 'findMeFollowMe',
		name: 'Find Me Follow Me',
		label: 'Get Find Me Follow Me',
		action: 'Get a find me follow me entry',
		description: 'Numbers, overflow route, recording and step time of a find-me-follow-me entry',
		path: 'findmefollowme',
		attributes: [
			{ name: 'ID', label: 'Find Me Follow Me ID', type: 'digits', required: true, description: 'ID of the find-me-follow-me entry' },
		],
		response: { kind: 'object' },
	},
	{
		resource: 'lookup',
		operation: 'scheduledRouting',
		name: 'Scheduled Routing',
		label: 'Get Scheduled Route',
		action: 'Get the scheduled route active now',
		description: 'The scheduled route active now, or the default route when none is',
		path: 'scheduledrouting',
		attributes: [
			{ name: 'ID', label: 'Scheduled Routing ID', type: 'digits', required: true, rule: RULES.numeric, description: 'ID of the scheduled routing entry' },
		],
		response: { kind: 'object' },
	},
];
