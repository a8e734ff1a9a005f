/** The SolSwitch Admin node's catalog: switch-management.md, every function of the document. */
import type { Catalog } from '../../engine/catalog/types';
import { switchService } from '../../shared/services';
import type { AdminLists } from '../methods/listSearch';
import { customerSuite } from './customer';
import { didSuite } from './did';
import { extensionSuite } from './extension';
import { firewallSuite } from './firewall';
import { legacy } from './legacy';
import { lookups } from './lookups';
import { sipAccountSuite } from './sipAccount';
import { toll } from './toll';
import { trunkSuite } from './trunk';
import { voicemailSuite } from './voicemail';
import { NO_LEGACY_VERSION } from '../versions';

export const solSwitchAdminCatalog: Catalog<AdminLists> = {
	service: switchService,
	resources: [
		{ value: 'did', name: 'DID', description: 'Phone numbers (needs a global key)' },
		{ value: 'customer', name: 'Customer', description: 'Customers (needs a global key)' },
		{ value: 'extension', name: 'Extension' },
		{ value: 'sipAccount', name: 'SIP Account' },
		{ value: 'trunk', name: 'Trunk' },
		{ value: 'voicemail', name: 'Voicemail Box' },
		{ value: 'firewall', name: 'Firewall Rule' },
		{ value: 'lookup', name: 'Lookup', description: '911 info, time rules, DID report, find me follow me, scheduled routing' },
		{ value: 'toll', name: 'Toll' },
		{
			value: 'legacy',
			name: 'Legacy (Deprecated)',
			description: 'Functions kept for existing integrations; use the DID and Customer suites',
			retiredSince: NO_LEGACY_VERSION,
		},
	],
	operations: [
		...didSuite,
		...customerSuite,
		...extensionSuite,
		...sipAccountSuite,
		...trunkSuite,
		...voicemailSuite,
		...firewallSuite,
		...lookups,
		...toll,
		...legacy,
	],
};
