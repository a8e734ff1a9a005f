import type { INodeProperties } from 'n8n-workflow';
import { solSwitchAdminCatalog as catalog } from '../../../nodes/SolSwitchAdmin/catalog';
import { SolSwitchAdmin } from '../../../nodes/SolSwitchAdmin/SolSwitchAdmin.node';
import { findOperation, functionLabel } from '../../../nodes/engine/execute';
import { buildRequestBody } from '../../../nodes/engine/generators/schema';
import { operationsTable } from '../../../scripts/readme/operationsTable';

/** Every function path of switch-management.md's Endpoints tables (Toll Billing Info has none shown). */
const DOCUMENT_PATHS = [
	'911info', 'checktimerule', 'didreport', 'findmefollowme', 'scheduledrouting',
	'adddid', 'removedid', 'createcustomer', 'getcustomerinformation', 'tollrates', 'tollreport',
	...['did', 'customer', 'extension', 'sipaccount', 'trunk', 'voicemail', 'firewall'].flatMap((s) => ['view', 'add', 'edit', 'delete'].map((f) => `${s}/${f}`)),
];

const properties = new SolSwitchAdmin().description.properties;
const shownFor = (p: INodeProperties, resource: string, operation: string) =>
	p.displayOptions?.show?.resource?.includes(resource) && p.displayOptions?.show?.operation?.includes(operation);
const field = (resource: string, operation: string, name: string) => properties.find((p) => p.name === name && shownFor(p, resource, operation));
const additional = (resource: string, operation: string, name: string) =>
	(field(resource, operation, 'additionalFields')?.options as INodeProperties[] | undefined)?.find((o) => o.name === name);
const body = (resource: string, operation: string, raw: Record<string, unknown>) => buildRequestBody(findOperation(catalog, resource, operation), raw);

describe('SolSwitch Admin catalog', () => {
	it('has one operation per function of the document, each path once', () => {
		expect(catalog.operations.map((o) => o.path).sort()).toEqual([...DOCUMENT_PATHS].sort());
	});

	it('marks the DID and Customer suites as needing a global key, and the operations table says so', () => {
		for (const op of catalog.operations) expect(op.scope === 'global').toBe(op.resource === 'did' || op.resource === 'customer');
		const table = operationsTable(catalog);
		expect(table).toContain('| DID | Create | Create a DID | DID Add | `DID`, `CustID` |');
		expect(table.split('\n').filter((l) => l.endsWith('| global key |'))).toHaveLength(8);
	});

	it('marks the legacy functions deprecated, naming the suite that replaces them', () => {
		const legacy = catalog.operations.filter((o) => o.resource === 'legacy');
		expect(legacy.map((o) => [o.name, o.deprecatedBy])).toEqual([
			['Add DID', 'DID > Create'],
			['Remove DID', 'DID > Delete'],
			['Create Customer', 'Customer > Create'],
			['Get Customer Information', 'Customer > Get Many'],
		]);
		// Each names an operation as the editor shows it (resource > operation).
		for (const op of legacy) {
			expect(catalog.operations.map((o) => functionLabel(catalog, o))).toContain(op.deprecatedBy);
		}
		for (const op of legacy) expect(op.description).toMatch(new RegExp(`^Deprecated: use ${op.deprecatedBy} instead\\.`));
		expect(operationsTable(catalog)).toContain('Add DID (deprecated: use DID > Create)');
	});

	it('shows records picked from the switch as resource locators (list or ID), required or under Additional Fields', () => {
		const id = field('extension', 'edit', 'ID')!;
		expect(id).toMatchObject({ type: 'resourceLocator', required: true, default: { mode: 'list', value: '' } });
		expect(id.modes).toEqual([
			expect.objectContaining({ name: 'list', type: 'list', typeOptions: { searchListMethod: 'extensions', searchable: true } }),
			expect.objectContaining({ name: 'id', type: 'string' }),
		]);
		expect(additional('extension', 'add', 'SIPAccountsID')).toMatchObject({ type: 'resourceLocator', modes: [expect.objectContaining({ typeOptions: { searchListMethod: 'sipAccounts', searchable: true } }), expect.anything()] });
		expect(field('did', 'add', 'CustID')).toMatchObject({ type: 'resourceLocator', displayName: 'Customer' });
		expect(additional('voicemail', 'view', 'Customer')).toMatchObject({ type: 'resourceLocator' });
		const methods = Object.keys(new SolSwitchAdmin().methods.listSearch);
		for (const p of properties) {
			const all = [p, ...((p.options as INodeProperties[] | undefined) ?? [])];
			for (const q of all) if (q.type === 'resourceLocator') expect(methods).toContain(q.modes![0].typeOptions!.searchListMethod);
		}
	});

	it('shows booleans as toggles and enumerations as options', () => {
		expect(additional('did', 'add', 'Active')).toMatchObject({ type: 'boolean', default: true });
		expect(field('sipAccount', 'add', 'Type')?.options).toEqual([
			expect.objectContaining({ value: 'static' }), expect.objectContaining({ value: 'dynamic' }), expect.objectContaining({ value: 'register' }),
		]);
		for (const [resource, name, values] of [
			['sipAccount', 'TransportType', ['UDP', 'TCP', 'SRTP']],
			['sipAccount', 'DTMFMode', ['rfc2833', 'inband']],
			['voicemail', 'EmailTranscriptFlag', ['0', '1', '2']],
		] as const) {
			expect((additional(resource, 'add', name)?.options as Array<{ value: string }>).map((o) => o.value)).toEqual(values);
		}
		expect((field('firewall', 'add', 'RuleType')?.options as Array<{ value: string }>).map((o) => o.value)).toEqual(['Allow', 'Deny']);
		expect((field('firewall', 'add', 'AddressType')?.options as Array<{ value: string }>).map((o) => o.value)).toEqual(['Address', 'Subnet', 'Country']);
		expect(field('did', 'view', 'ViewType')).toMatchObject({ type: 'options', default: 'Partial' });
	});

	it('edit sends only the fields that are set, and never requires the add-only fields', () => {
		expect(body('extension', 'edit', { ID: { __rl: true, mode: 'list', value: '7' }, Name: 'New name' })).toEqual({ ok: true, body: { ID: '7', Name: 'New name' } });
		expect(body('voicemail', 'edit', { ID: { __rl: true, mode: 'id', value: '3' }, Password: '' })).toEqual({ ok: true, body: { ID: '3' } });
		expect(body('extension', 'edit', { ID: { __rl: true, mode: 'id', value: '' } })).toMatchObject({ ok: false, message: 'Extension is required' });
	});

	it('takes several DIDs or IDs as one list and sends an array', () => {
		expect(body('did', 'add', { DID: '5145550001\n5145550002', CustID: { __rl: true, mode: 'id', value: '1' } })).toEqual({
			ok: true,
			body: { DID: ['5145550001', '5145550002'], CustID: '1' },
		});
		expect(body('did', 'delete', { ID: { __rl: true, mode: 'id', value: '4, 5' } })).toEqual({ ok: true, body: { ID: ['4', '5'] } });
		expect(body('did', 'edit', { ID: { __rl: true, mode: 'id', value: '4, x' } })).toMatchObject({ ok: false, message: 'DID must be a numerical value (digits only)' });
	});

	it('checks the number rules of the document', () => {
		const vm = (Password: string) => body('voicemail', 'add', { Customer: '1', ExtensionNumber: '300', Name: 'n', Password });
		expect(vm('123')).toMatchObject({ ok: true });
		expect(vm('1234567')).toMatchObject({ ok: true });
		expect(vm('12')).toMatchObject({ ok: false, message: 'Password must be a number of 3 to 7 digits' });
		const ext = (ExtensionNumber: string, CIDNum = '5145550100') => body('extension', 'add', { Customer: '1', ExtensionNumber, Name: 'n', CIDNum });
		for (const good of ['10', '49', '100', '99999']) expect(ext(good)).toMatchObject({ ok: true });
		for (const bad of ['9', '50', '99', '100000']) expect(ext(bad)).toMatchObject({ ok: false, message: 'Extension Number must be 10 to 49, or 3 to 5 digits' });
		expect(ext('300', '15145550100')).toMatchObject({ ok: true });
		expect(ext('300', '555010')).toMatchObject({ ok: false, message: 'CID Number must be a number in the form NPA NXX XXXX (10 digits, leading 1 optional)' });
	});

	it('requires the SIP account fields that the Type needs', () => {
		const sip = (extra: Record<string, unknown>) => body('sipAccount', 'add', { CustID: '1', Description: 'd', Username: 'u', ...extra });
		expect(sip({ Type: 'static', Password: 'p' })).toMatchObject({ ok: false, message: 'Host is required when Type is static' });
		expect(sip({ Type: 'dynamic', Password: 'p' })).toMatchObject({ ok: true });
		expect(sip({ Type: 'register', RegisterUsername: 'a', RegisterPassword: 'b', RegisterName: 'c' })).toMatchObject({ ok: false, message: 'Register Domain is required when Type is register' });
	});
});
