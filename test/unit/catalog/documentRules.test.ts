/**
 * Rules exactly as the documents write them (issue 14): each document's own extension rule, no
 * numeric-only rule a document does not state, bodies sent as written, the SSC group and firewall
 * address rules, and the credential's Default Customer only where Customer means that.
 */
import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';
import { SolSwitchApi } from '../../../credentials/SolSwitchApi.credentials';
import { solSwitchCatalog } from '../../../nodes/SolSwitch/catalog';
import { solSwitchAdminCatalog } from '../../../nodes/SolSwitchAdmin/catalog';
import { messagingCatalog } from '../../../nodes/SolSwitchMessaging/catalog';
import { applyCustomerDefault, findOperation } from '../../../nodes/engine/execute';
import { buildRequestBody } from '../../../nodes/engine/generators/schema';
import type { Catalog } from '../../../nodes/engine/catalog/types';

const check = (catalog: Catalog, resource: string, operation: string, raw: Record<string, unknown>) =>
	buildRequestBody(findOperation(catalog, resource, operation), raw);
const accepted = (...args: Parameters<typeof check>) => {
	const result = check(...args);
	if (!result.ok) throw new Error(`refused: ${result.message}`);
	return result.body;
};
const refused = (...args: Parameters<typeof check>) => {
	const result = check(...args);
	if (result.ok) throw new Error(`accepted: ${JSON.stringify(result.body)}`);
	return result.message;
};

describe('extension numbers, per document', () => {
	it('New Call and Toggle Monitoring: 3 to 5 digits, as stated', () => {
		expect(refused(solSwitchCatalog, 'call', 'newCall', { Extension: '20', Destination: '5145550123' })).toBe('Extension must be 3 to 5 digits');
		expect(refused(solSwitchCatalog, 'extension', 'toggleMonitoring', { Extension: '20', Enabled: true })).toBe('Extension must be 3 to 5 digits');
	});

	it('Caller ID Request, Manage Caller ID Routes and Agent Stats state no rule: extension 20 is sent', () => {
		expect(accepted(solSwitchCatalog, 'call', 'getCallerId', { Extension: '20' })).toEqual({ Extension: '20' });
		expect(accepted(solSwitchCatalog, 'callerIdRoute', 'manage', { Type: 'addedit', CID: '5145550123', Extension: '20' })).toMatchObject({ Extension: '20' });
		expect(accepted(solSwitchCatalog, 'agent', 'getStats', { Extension: '20' })).toEqual({ Extension: '20' });
	});

	it('management suites: 10 to 49, or 3 to 5 digits', () => {
		const add = { Customer: '1', Name: 'Front', CIDNum: '5145550100' };
		expect(accepted(solSwitchAdminCatalog, 'extension', 'add', { ...add, ExtensionNumber: '20' })).toMatchObject({ ExtensionNumber: '20' });
		expect(refused(solSwitchAdminCatalog, 'extension', 'add', { ...add, ExtensionNumber: '50' })).toMatch(/10 to 49, or 3 to 5 digits/);
	});
});

describe('no numeric-only rule the documents do not state', () => {
	it.each([
		['call', 'addHeader', { srcnumber: '+1 514 555 0100', 'header-name': 'X-A', value: '1' }],
		['call', 'addHeader', { dstnumber: 'sip:201', 'header-name': 'X-A', value: '1' }],
		['queue', 'scheduleCallback', { queueID: '600', Number: '+15145550123' }],
		['callerIdRoute', 'manage', { Type: 'del', CID: '+15145550123' }],
	])('SolSwitch %s > %s', (resource, operation, raw) => {
		expect(accepted(solSwitchCatalog, resource, operation, raw)).toMatchObject(raw);
	});

	it.each([
		['extension', 'edit', { ID: '3', FwdExternal: '+15145550123' }],
		['lookup', 'checkTimeRule', { ID: 'open-hours' }],
		['lookup', 'findMeFollowMe', { ID: 'fm-1' }],
		['did', 'add', { DID: '611', CustID: '1' }],
		['did', 'view', { DID: '911' }],
		['legacy', 'addDid', { DID: '311' }],
	])('SolSwitch Admin %s > %s', (resource, operation, raw) => {
		expect(accepted(solSwitchAdminCatalog, resource, operation, raw)).toMatchObject(raw);
	});

	it('keeps the rules the documents state (Destination numeric, Scheduled Routing ID numeric)', () => {
		expect(refused(solSwitchCatalog, 'call', 'transfer', { Channel: 'SIP/1', Destination: '+1514' })).toMatch(/numerical/);
		expect(refused(solSwitchAdminCatalog, 'lookup', 'scheduledRouting', { ID: 'x' })).toMatch(/numerical/);
	});
});

describe('bodies sent exactly as written', () => {
	it('Send SMS: spaces and line breaks are sent and counted', () => {
		const body = ' Hello\r\n';
		expect(accepted(messagingCatalog, 'message', 'sendSms', { From: '55555', To: '15145550123', Body: body })).toMatchObject({ Body: body });
		const full = 'x'.repeat(135) + ' ';
		expect(accepted(messagingCatalog, 'message', 'sendSms', { From: '55555', To: '15145550123', Body: full }).Body).toBe(full);
		expect(refused(messagingCatalog, 'message', 'sendSms', { From: '55555', To: '15145550123', Body: ' ' + 'x'.repeat(136) })).toMatch(/1 to 136 characters/);
	});

	it('Reply to Message: the reply is kept as written; its length is checked where it is sent (SMS only)', () => {
		expect(accepted(messagingCatalog, 'message', 'reply', { Body: ' Thanks! ' })).toEqual({ Body: ' Thanks! ' });
		expect(accepted(messagingCatalog, 'message', 'reply', { Body: 'y'.repeat(200) })).toEqual({ Body: 'y'.repeat(200) });
	});

	it('MT To: its help text does not borrow the MO From digit count', () => {
		const to = findOperation(messagingCatalog, 'message', 'sendSms').attributes.find((a) => a.name === 'To')!;
		expect(to.description).not.toMatch(/10 digits|11 digits/);
	});
});

describe('customer: SSC group', () => {
	const add = { CustomerNumber: 'C1', FirstName: 'A', LastName: 'B', Company: 'Co', RouteGroupID: '1', MaxSIPAccounts: 0 };
	it('SSCGroup is required when SSCServerID is set and not 0', () => {
		expect(refused(solSwitchAdminCatalog, 'customer', 'add', { ...add, SSCServerID: '4' })).toBe('SSC Group is required when SSC Server ID is set (not 0)');
		// Edit sends only what changes: the customer may already have its group (the switch checks the record).
		expect(accepted(solSwitchAdminCatalog, 'customer', 'edit', { ID: '3', SSCServerID: '4' })).toEqual({ ID: '3', SSCServerID: '4' });
		expect(accepted(solSwitchAdminCatalog, 'customer', 'add', { ...add, SSCServerID: '0' })).toMatchObject({ SSCServerID: '0' });
		expect(accepted(solSwitchAdminCatalog, 'customer', 'add', { ...add, SSCServerID: '4', SSCGroup: 'team.example.com' })).toMatchObject({ SSCGroup: 'team.example.com' });
	});

	it('the SSCServerID help text says so', () => {
		const ssc = findOperation(solSwitchAdminCatalog, 'customer', 'add').attributes.find((a) => a.name === 'SSCServerID')!;
		expect(ssc.description).toMatch(/SSC Group is required when it is set and not 0/);
	});
});

describe('firewall: Address by Address Type', () => {
	const add = { Name: 'office', RuleType: 'Allow' };
	it('an Address rule takes xxx.xxx.xxx.xxx, a Subnet rule xxx.xxx.xxx.xxx/yy', () => {
		expect(accepted(solSwitchAdminCatalog, 'firewall', 'add', { ...add, AddressType: 'Address', Address: '203.0.113.7' })).toMatchObject({ Address: '203.0.113.7' });
		expect(accepted(solSwitchAdminCatalog, 'firewall', 'add', { ...add, AddressType: 'Subnet', Address: '203.0.113.0/24' })).toMatchObject({ Address: '203.0.113.0/24' });
		expect(refused(solSwitchAdminCatalog, 'firewall', 'add', { ...add, AddressType: 'Address', Address: '203.0.113.0/24' })).toBe(
			'Address must be xxx.xxx.xxx.xxx for an Address rule',
		);
		expect(refused(solSwitchAdminCatalog, 'firewall', 'add', { ...add, AddressType: 'Subnet', Address: '203.0.113.7' })).toBe(
			'Address must be xxx.xxx.xxx.xxx/yy for a Subnet rule',
		);
	});
});

describe("the credential's Default Customer", () => {
	const op = (catalog: Catalog, resource: string, operation: string) => findOperation(catalog, resource, operation);

	it('is added where Customer is the optional numeric customer ID of convention 5', () => {
		expect(applyCustomerDefault(op(solSwitchCatalog, 'call', 'hold'), { Channel: 'c' }, '2')).toEqual({ Channel: 'c', Customer: 2 });
		expect(applyCustomerDefault(op(solSwitchAdminCatalog, 'extension', 'view'), {}, '2')).toEqual({ Customer: 2 });
	});

	it('is not added to Create Customer nor to Toll Reporting, where Customer means something else', () => {
		expect(applyCustomerDefault(op(solSwitchAdminCatalog, 'legacy', 'createCustomer'), { FirstName: 'A' }, '2')).toEqual({ FirstName: 'A' });
		expect(applyCustomerDefault(op(solSwitchAdminCatalog, 'toll', 'report'), { DateStart: '2026-11-01' }, '2')).toEqual({ DateStart: '2026-11-01' });
	});

	it('must be a numeric customer ID, at run time', () => {
		expect(() => applyCustomerDefault(op(solSwitchCatalog, 'call', 'hold'), { Channel: 'c' }, 'acme')).toThrow(
			"The credential's Default Customer must be a numeric customer ID (it is \"acme\")",
		);
	});

	it('must be a numeric customer ID, in the credential (its test request too goes through authenticate)', async () => {
		const credential = new SolSwitchApi();
		const request: IHttpRequestOptions = { url: 'http://x/api/listactivecalls/', body: {} as IDataObject };
		await expect(credential.authenticate({ apiKey: 'k', customer: 'acme', baseUrl: 'http://x' }, request)).rejects.toThrow(
			"The credential's Default Customer must be a numeric customer ID (it is \"acme\")",
		);
		await expect(credential.authenticate({ apiKey: 'k', customer: ' 2 ', baseUrl: 'http://x' }, request)).resolves.toMatchObject({ body: { Key: 'k' } });
		await expect(credential.authenticate({ apiKey: 'k', customer: '', baseUrl: 'http://x' }, request)).resolves.toMatchObject({ body: { Key: 'k' } });
	});
});
