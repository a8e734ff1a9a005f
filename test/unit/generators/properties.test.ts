import type { INodeProperties } from 'n8n-workflow';
import { buildProperties } from '../../../nodes/engine/generators/properties';
import { examplePlaceholder, withArticle } from '../../../nodes/engine/generators/names';
import { solSwitchCatalog } from '../../../nodes/SolSwitch/catalog';

const properties = buildProperties(solSwitchCatalog);
const shownFor = (p: INodeProperties, resource: string, operation: string) =>
	p.displayOptions?.show?.resource?.includes(resource) && p.displayOptions?.show?.operation?.includes(operation);

describe('node properties generated from the table', () => {
	it('has a resource dropdown listing every resource of the catalog, sorted', () => {
		const resource = properties.find((p) => p.name === 'resource')!;
		expect(resource.noDataExpression).toBe(true);
		const names = resource.options!.map((o) => (o as { name: string }).name);
		expect(names).toEqual([...names].sort());
		expect(resource.options!.map((o) => (o as { value: string }).value).sort()).toEqual(
			solSwitchCatalog.resources.map((r) => r.value).sort(),
		);
	});

	it('has one operation dropdown per resource with every operation and its action', () => {
		for (const resource of solSwitchCatalog.resources) {
			const dropdown = properties.find((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.[0] === resource.value)!;
			const ops = solSwitchCatalog.operations.filter((o) => o.resource === resource.value);
			expect(dropdown.options).toHaveLength(ops.length);
			for (const option of dropdown.options as Array<{ value: string; action: string }>) {
				expect(ops.find((o) => o.operation === option.value)?.action).toBe(option.action);
			}
		}
	});

	it('shows required attributes as required fields and optional ones under Additional Fields', () => {
		const fields = properties.filter((p) => shownFor(p, 'call', 'newCall'));
		const extension = fields.find((p) => p.name === 'Extension')!;
		// Picked from the customer's extensions, or typed as a number.
		expect(extension).toMatchObject({ type: 'resourceLocator', required: true, displayName: 'Extension' });
		expect(extension.modes).toEqual([
			expect.objectContaining({ name: 'list', placeholder: 'Select an extension...', typeOptions: { searchListMethod: 'extensionNumbers', searchable: true } }),
			// An example, not a value already set (n8n's guidelines: "e.g.").
			expect.objectContaining({ name: 'id', displayName: 'By Number', placeholder: 'e.g. 201' }),
		]);
		expect(extension.description).toContain('3 to 5 digits');
		const additional = fields.find((p) => p.name === 'additionalFields')!;
		const optional = (additional.options as INodeProperties[]).map((o) => o.name).sort();
		expect(optional).toEqual(['CIDName', 'CIDNum', 'CustomDVData', 'CustomDVDigits', 'Customer', 'Timeout', 'WaitForStart']);
		const wait = (additional.options as INodeProperties[]).find((o) => o.name === 'WaitForStart')!;
		expect(wait).toMatchObject({ type: 'boolean', default: true });
		const dv = (additional.options as INodeProperties[]).find((o) => o.name === 'CustomDVData')!;
		expect(dv.type).toBe('json');
	});

	it('offers the channels of the calls in progress for Hold, Transfer and Transmit DTMF', () => {
		for (const operation of ['hold', 'transfer', 'sendDtmf']) {
			const channel = properties.find((p) => p.name === 'Channel' && shownFor(p, 'call', operation))!;
			expect(channel.type).toBe('resourceLocator');
			expect(channel.modes?.map((m) => [m.name, m.displayName])).toEqual([
				['list', 'From List'],
				['id', 'By Channel'],
			]);
			expect(channel.modes?.[0].typeOptions?.searchListMethod).toBe('activeChannels');
		}
	});

	it('renames API names n8n expressions dislike, and shows a conditional field only when it applies', () => {
		expect(properties.find((p) => p.name === 'header_name' && shownFor(p, 'call', 'addHeader'))?.displayName).toBe('Header Name');
		const ext = properties.find((p) => p.name === 'Extension' && shownFor(p, 'callerIdRoute', 'manage'))!;
		expect(ext.displayOptions?.show?.Type).toEqual(['addedit']);
	});

	it('gives every operation that sends a request an Options collection with body format and timeout', () => {
		for (const op of solSwitchCatalog.operations.filter((o) => !o.local)) {
			const options = properties.find((p) => p.name === 'options' && shownFor(p, op.resource, op.operation))!;
			const names = (options.options as INodeProperties[]).map((o) => o.name);
			expect(names).toEqual(expect.arrayContaining(['bodyFormat', 'timeout']));
		}
	});

	// Deliberately changed (issue 11): Answer Digit Validation sends no request, so Send Body As and
	// Timeout, which did nothing there, are no longer offered.
	it('offers no transport options on an operation that sends no request', () => {
		const local = solSwitchCatalog.operations.filter((o) => o.local);
		// Call and Wait sends New Call itself (its runner), after the wait's own checks.
		expect(local.map((o) => `${o.resource}/${o.operation}`)).toEqual(['call/sendAndWait', 'digitValidation/answer']);
		for (const op of local) {
			const options = properties.find((p) => p.name === 'options' && shownFor(p, op.resource, op.operation));
			const names = ((options?.options ?? []) as INodeProperties[]).map((o) => o.name);
			expect(names).not.toContain('bodyFormat');
			expect(names).not.toContain('timeout');
		}
	});

	it('has no two visible properties with the same name for one operation', () => {
		for (const op of solSwitchCatalog.operations) {
			const names = properties
				.filter((p) => shownFor(p, op.resource, op.operation) && !Object.keys(p.displayOptions!.show!).some((k) => !['resource', 'operation'].includes(k)))
				.map((p) => p.name);
			expect(new Set(names).size).toBe(names.length);
		}
	});
});

describe('placeholders as n8n writes them', () => {
	it('puts the right article before a picked label, acronyms kept as written', () => {
		expect(withArticle('Extension')).toBe('an extension');
		expect(withArticle('DID')).toBe('a DID');
		expect(withArticle('SIP Account')).toBe('a SIP account');
		expect(withArticle('SMS Route')).toBe('an SMS route');
		expect(withArticle('Voicemail Box')).toBe('a voicemail box');
		expect(withArticle('Firewall Rule')).toBe('a firewall rule');
	});

	it('marks an example value with "e.g.", once, and leaves JSON samples alone', () => {
		expect(examplePlaceholder('12, 13')).toBe('e.g. 12, 13');
		expect(examplePlaceholder('e.g. 7')).toBe('e.g. 7');
		expect(examplePlaceholder('{ "URL": "https://example.com/dv" }')).toBe('{ "URL": "https://example.com/dv" }');
		expect(examplePlaceholder('["option0"]')).toBe('["option0"]');
	});
});
