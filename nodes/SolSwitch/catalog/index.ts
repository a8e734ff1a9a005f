/** The SolSwitch node's catalog: switch-calls-reporting.md, call control and reporting. */
import type { Catalog } from '../../engine/catalog/types';
import { switchService } from '../../shared/services';
import type { SwitchLists } from '../methods/listSearch';
import { callControl } from './callControl';
import { digitValidation } from './digitValidation';
import { reporting } from './reporting';

export const solSwitchCatalog: Catalog<SwitchLists> = {
	service: switchService,
	resources: [
		{ value: 'call', name: 'Call', description: 'Place, hold, transfer calls and send DTMF' },
		{ value: 'agent', name: 'Agent', description: 'Status changes of agents (In, Paused, Out)' },
		{ value: 'callerIdRoute', name: 'Caller ID Route' },
		{ value: 'digitValidation', name: 'Digit Validation', description: 'Answer a Digit Validation request received by the SolSwitch Trigger' },
		{ value: 'extension', name: 'Extension' },
		{ value: 'fax', name: 'Fax' },
		{ value: 'queue', name: 'Queue' },
		{ value: 'report', name: 'Report', description: 'Call records, recordings, digit validation log, multichannel messages' },
	],
	operations: [...callControl, ...reporting, ...digitValidation],
};
