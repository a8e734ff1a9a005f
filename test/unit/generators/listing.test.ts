import { Workflow, type INodeProperties, type INodePropertyOptions } from 'n8n-workflow';
import { SolSwitch } from '../../../nodes/SolSwitch/SolSwitch.node';
import { SolSwitchAdmin } from '../../../nodes/SolSwitchAdmin/SolSwitchAdmin.node';
import { sentences, switchDefaultSentence } from '../../../nodes/engine/generators/sentences';
import { solSwitchAdminCatalog } from '../../../nodes/SolSwitchAdmin/catalog';
import { operationsTable } from '../../../scripts/readme/operationsTable';

const admin = new SolSwitchAdmin().description;
const shownFor = (properties: INodeProperties[], resource: string, operation: string) =>
	properties.filter((p) => p.displayOptions?.show?.resource?.includes(resource) && p.displayOptions?.show?.operation?.includes(operation));
const operations = (resource: string) =>
	(admin.properties.find((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource))!.options ?? []) as INodePropertyOptions[];

describe('operation names per n8n UX guidelines', () => {
	it('names the suites Create / Update / Get Many / Delete, stored values unchanged, the document name in the docs table only', () => {
		expect(operations('extension').map((o) => [o.name, o.value, o.action])).toEqual([
			['Create', 'add', 'Create an extension'],
			['Delete', 'delete', 'Delete an extension'],
			['Get Many', 'view', 'Get many extensions'],
			['Update', 'edit', 'Update an extension'],
		]);
		// As core nodes do, the editor shows no API function names: the docs table maps each editor
		// operation to its interface function (scripts/readme/operationsTable.ts).
		expect(operations('did').find((o) => o.value === 'add')!.description).toBe('Add one DID or a batch; the answer lists the new row IDs in the order given');
		for (const node of [admin, new SolSwitch().description]) {
			const descriptions = node.properties.filter((p) => p.name === 'operation').flatMap((p) => (p.options as INodePropertyOptions[]).map((o) => o.description));
			expect(descriptions.filter((d) => /interface/i.test(d ?? ''))).toEqual([]);
		}
		expect(operationsTable(solSwitchAdminCatalog)).toContain('| DID | Create | Create a DID | DID Add |');
	});

	it('lists from version 2 on and still offers version 1 (Admin: version 3, without Legacy, is the default)', () => {
		expect(admin.version).toEqual([1, 2, 3]);
		expect(admin.defaultVersion).toBe(3);
		expect(new SolSwitch().description.defaultVersion).toBe(2);
	});
});

describe('Return All / Limit and Simplify (version 2 on)', () => {
	const v2 = [{ _cnd: { gte: 2 } }];

	it('offers Return All and Limit (50) on list operations only, from version 2', () => {
		const view = shownFor(admin.properties, 'did', 'view');
		expect(view.find((p) => p.name === 'returnAll')).toMatchObject({ type: 'boolean', default: false, displayOptions: { show: { '@version': v2 } } });
		expect(view.find((p) => p.name === 'limit')).toMatchObject({ default: 50, displayOptions: { show: { returnAll: [false], '@version': v2 } } });
		expect(shownFor(admin.properties, 'did', 'add').some((p) => p.name === 'returnAll')).toBe(false);
		// A report over a chosen date range starts with Return All on: the whole range.
		const cdr = shownFor(new SolSwitch().description.properties, 'report', 'exportCdr');
		expect(cdr.find((p) => p.name === 'returnAll')!.default).toBe(true);
	});

	it('offers Simplify (on) where records have dozens of fields, and asks the View Type only when it is off', () => {
		const view = shownFor(admin.properties, 'customer', 'view');
		expect(view.find((p) => p.name === 'simplify')).toMatchObject({ default: true, displayOptions: { show: { '@version': v2 } } });
		expect(view.find((p) => p.name === 'ViewType')!.displayOptions!.hide).toEqual({ simplify: [true] });
		// A DID has a dozen fields: no Simplify, the View Type always asked.
		const did = shownFor(admin.properties, 'did', 'view');
		expect(did.some((p) => p.name === 'simplify')).toBe(false);
		expect(did.find((p) => p.name === 'ViewType')!.displayOptions!.hide).toBeUndefined();
	});
});

describe('help texts as sentences', () => {
	it('drops the period of one sentence and ends each of several with one', () => {
		expect(sentences(['Whether calls are recorded.'])).toBe('Whether calls are recorded');
		expect(sentences(['Whether calls are recorded', switchDefaultSentence('boolean', '0')])).toBe(
			'Whether calls are recorded. The switch defaults to off.',
		);
		expect(sentences(['SIP port', 'Port must be 0 or more.', switchDefaultSentence('integer', '5060')])).toBe(
			'SIP port. Port must be 0 or more. The switch defaults to 5060.',
		);
	});

	it('names an option by its label and quotes a raw API word', () => {
		expect(switchDefaultSentence('enum', 'rfc2833', [{ name: 'RFC 2833', value: 'rfc2833' }])).toBe('The switch defaults to RFC 2833.');
		expect(switchDefaultSentence('string', 'default')).toBe('The switch defaults to "default".');
		expect(switchDefaultSentence('string', 'the system time zone')).toBe('The switch defaults to the system time zone.');
	});

	it('says the switch default of the attribute rather than the raw API value', () => {
		const apply = shownFor(admin.properties, 'did', 'add').find((p) => p.name === 'additionalFields')!.options as INodeProperties[];
		expect(apply.find((p) => p.name === 'ApplyToll')!.description).toBe(
			'Whether calls are processed as toll-free for billing. The switch defaults to off.',
		);
	});
});

describe('subtitle', () => {
	it('shows the operation and resource as the editor names them (evaluated by n8n-workflow)', () => {
		const subtitle = (parameters: Record<string, string>) => {
			const node = { id: '1', name: 'Admin', type: 'solSwitchAdmin', typeVersion: 2, position: [0, 0] as [number, number], parameters };
			const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes: { getByNameAndVersion: () => undefined } as never });
			return workflow.expression.getSimpleParameterValue(node, admin.subtitle!, 'internal', {});
		};
		expect(subtitle({ resource: 'did', operation: 'view' })).toBe('Get Many: DID');
		expect(subtitle({ resource: 'extension', operation: 'add' })).toBe('Create: Extension');
		expect(subtitle({ resource: 'lookup', operation: 'checkTimeRule' })).toBe('Check Time Rule: Lookup');
	});
});
