/** The SolSwitch node's catalog: switch-calls-reporting.md, call control and reporting. */
import type { Catalog } from '../../shared/catalog/types';
import { callControl } from './callControl';

export const solSwitchCatalog: Catalog = {
	credential: 'solSwitchApi',
	resources: [
		{ value: 'call', name: 'Call', description: 'Place, hold, transfer calls and send DTMF' },
		{ value: 'callerIdRoute', name: 'Caller ID Route' },
		{ value: 'extension', name: 'Extension' },
		{ value: 'fax', name: 'Fax' },
		{ value: 'queue', name: 'Queue' },
	],
	operations: [...callControl],
};
