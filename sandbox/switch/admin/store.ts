/**
 * The management state the shared SwitchState does not hold (SIP accounts, trunks, voicemail boxes,
 * firewall rules, 911 records, time rules, toll data ...), one per sandbox, seeded like the rest of
 * the demo system. Customers, extensions and DIDs live in SwitchState itself.
 */
import type { SwitchState } from '../state';

/** A stored record: numbers where the rest of the sandbox compares them, text as the switch answers. */
export type Row = Record<string, unknown> & { ID: number };

export interface AdminStore {
	sipAccounts: Map<number, Row>;
	trunks: Map<number, Row>;
	voicemail: Map<number, Row>;
	firewall: Map<number, Row>;
	/** 911 records by DID. */
	e911: Map<string, Record<string, string>>;
	/** The configured 911 provider: 'none' (local records only) or 'N911' (asked first). */
	e911Provider: string;
	/** DIDs whose 911 record the provider was asked to remove. */
	e911Upstream: string[];
	timeRules: Map<number, { Customer: number; closed: boolean }>;
	findMeFollowMe: Map<number, Record<string, unknown>>;
	scheduledRoutes: Map<number, { active?: Record<string, unknown>; default: Record<string, unknown> }>;
	tollPlans: Map<number, Array<{ Prefix: string; Area: string; Value: string }>>;
	tollCalls: Array<Record<string, string> & { Customer: string }>;
	/** Customers with their default music-on-hold class (created by customer add). */
	musicOnHold: Set<number>;
	/** Voicemail boxes with a mailbox folder (created by voicemail add). */
	mailboxFolders: Set<number>;
	nextId: { sipAccount: number; trunk: number; voicemail: number; firewall: number };
}

const stores = new WeakMap<SwitchState, AdminStore>();

export function adminStore(state: SwitchState): AdminStore {
	let store = stores.get(state);
	if (!store) {
		store = seed(state);
		stores.set(state, store);
	}
	return store;
}

export function newAdminId(store: AdminStore, kind: keyof AdminStore['nextId']): number {
	return store.nextId[kind]++;
}

function seed(state: SwitchState): AdminStore {
	const store: AdminStore = {
		sipAccounts: new Map(),
		trunks: new Map(),
		voicemail: new Map(),
		firewall: new Map(),
		e911: new Map(),
		e911Provider: 'none',
		e911Upstream: [],
		timeRules: new Map([
			[1, { Customer: 1, closed: false }],
			[2, { Customer: 1, closed: true }],
			[3, { Customer: 2, closed: false }],
		]),
		findMeFollowMe: new Map([
			[1, { ID: '1', Name: 'Alice mobile', Numbers: ['5145550177', '5145550178'], OverflowRouteID: '0', OverflowRouteType: 'No Overflow', Recording: '0', AutoAnswer: '0', StepTime: '20', Extension: '201', Customer: 1 }],
		]),
		scheduledRoutes: new Map([
			[1, { default: { Name: 'Office hours', Extension: '500', RouteExt: '201', RouteType: 'Extension', IRID: '11', RouteName: 'Alice Martin' } }],
		]),
		tollPlans: new Map([
			[1, [
				{ Prefix: '1514', Area: 'Montreal', Value: '0.0100' },
				{ Prefix: '1416', Area: 'Toronto', Value: '0.0120' },
				{ Prefix: '44', Area: 'United Kingdom', Value: '0.0450' },
			]],
		]),
		tollCalls: [
			{ Customer: '1', CallID: '1767000000.1', StartTime: '2026-01-05 10:00:00', Length: '120', SrcNumber: '201', DstNumber: '14165550199', Area: 'Toronto', RateCost: '0.0120', CallCost: '0.0240' },
			{ Customer: '1', CallID: '1767000000.2', StartTime: '2026-01-06 11:00:00', Length: '60', SrcNumber: '202', DstNumber: '442071234567', Area: 'United Kingdom', RateCost: '0.0450', CallCost: '0.0450' },
			{ Customer: '2', CallID: '1767000000.3', StartTime: '2026-01-05 12:00:00', Length: '180', SrcNumber: '201', DstNumber: '15145550123', Area: 'Montreal', RateCost: '0.0100', CallCost: '0.0300' },
		],
		musicOnHold: new Set([1, 2]),
		mailboxFolders: new Set(),
		nextId: { sipAccount: 1, trunk: 1, voicemail: 1, firewall: 1 },
	};
	const sip = (CustID: number, Username: string, Description: string) => {
		const ID = newAdminId(store, 'sipAccount');
		store.sipAccounts.set(ID, { ID, CustID, Username, Description, Type: 'dynamic', Password: 'seeded-secret', NAT: '1', DTMFMode: 'rfc2833', Port: '5060', TransportType: 'UDP', Active: '1' });
		return ID;
	};
	const alice = sip(1, 'alice201', 'Alice desk phone');
	sip(1, 'bob202', 'Bob desk phone');
	sip(2, 'dave201', 'Dave desk phone');
	const aliceExt = [...state.extensions.values()].find((e) => e.Customer === 1 && e.ExtensionNumber === '201');
	if (aliceExt) aliceExt.SIPAccountsID = String(alice);
	const trunkId = newAdminId(store, 'trunk');
	store.trunks.set(trunkId, { ID: trunkId, Name: 'Carrier A', Description: 'Primary carrier', TrunkType: '1', SIPAccountsID: '0' });
	const box = newAdminId(store, 'voicemail');
	store.voicemail.set(box, { ID: box, Customer: 1, ExtensionNumber: '201', GivenID: '201', Name: 'Alice Martin', Password: '1234', Email: 'alice@example.com' });
	store.mailboxFolders.add(box);
	for (const [Name, RuleType, AddressType, Address, Position] of [
		['Reserved block list', 'Deny', 'Subnet', '203.0.113.0/24', 1],
		['Office', 'Allow', 'Address', '198.51.100.10', 2],
	] as const) {
		const ID = newAdminId(store, 'firewall');
		store.firewall.set(ID, { ID, Name, RuleType, AddressType, Address, Country: '', Position, Web: '1', SysAdmin: '1', Provisioning: '1', SIP: '1' });
	}
	store.e911.set('5145550100', { custnum: '1', did: '5145550100', streetnumber: '100', streetname: 'Rue Sainte-Catherine', unit: '', city: 'Montreal', province: 'QC', country: 'CA', postalcode: 'H2X 1Z4' });
	return store;
}
