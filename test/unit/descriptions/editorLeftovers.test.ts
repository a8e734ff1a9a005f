/**
 * The editor leftovers of the second docs review (issue 30): Receipt and Details as toggles and Legacy
 * (Deprecated) gone, each in a new node version that saved workflows do not get; no MO/MT jargon, no
 * stale operation name, the right device named, no description repeating its own rule, LD Passcode
 * masked. Read over the descriptions the generators build, as the editor receives them.
 */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { allNodeTypes } from '../../../scripts/n8n-engine/packageTypes';
import type { AttributeSpec, Catalog } from '../../../nodes/engine/catalog/types';
import { buildProperties, toggleValues } from '../../../nodes/engine/generators/properties';
import { labelOf } from '../../../nodes/engine/generators/names';
import { valueSchema } from '../../../nodes/engine/generators/schema';
import { solSwitchCatalog } from '../../../nodes/SolSwitch/catalog';
import { solSwitchAdminCatalog } from '../../../nodes/SolSwitchAdmin/catalog';
import { messagingCatalog } from '../../../nodes/SolSwitchMessaging/catalog';
import { switchService } from '../../../nodes/shared/services';

type Condition = number | { _cnd: Record<string, number> };

/** Whether a property's `@version` condition holds for a node of this version (n8n's gte/lt/plain numbers). */
function shownInVersion(p: { displayOptions?: INodeProperties['displayOptions'] }, version: number): boolean {
	const conditions = p.displayOptions?.show?.['@version'] as Condition[] | undefined;
	if (!conditions) return true;
	return conditions.some((c) => {
		if (typeof c === 'number') return c === version;
		const [[op, target]] = Object.entries(c._cnd);
		if (op === 'gte') return version >= target;
		if (op === 'lt') return version < target;
		throw new Error(`condition ${op} not read by this test`);
	});
}

/** The top-level properties an operation shows in a node of `version` (without resource and operation). */
function shown(type: string, resource: string, operation: string, version: number): INodeProperties[] {
	return allNodeTypes[type].description.properties.filter(
		(p) =>
			shownInVersion(p, version) &&
			(p.displayOptions?.show?.resource ?? [resource]).includes(resource) &&
			(p.displayOptions?.show?.operation ?? [operation]).includes(operation) &&
			p.name !== 'resource' &&
			p.name !== 'operation',
	);
}

const resourceValues = (type: string, version: number) =>
	allNodeTypes[type].description.properties
		.filter((p) => p.name === 'resource' && shownInVersion(p, version))
		.map((p) => (p.options as INodePropertyOptions[]).map((o) => o.value));

/** Every text the editor shows of a node: names, descriptions, hints, placeholders, actions, notices. */
function* editorTexts(properties: unknown[], where: string): Generator<[string, string]> {
	for (const p of properties as Array<Record<string, unknown>>) {
		const name = String(p.displayName ?? p.name);
		for (const key of ['displayName', 'name', 'description', 'hint', 'placeholder', 'action']) {
			if (typeof p[key] === 'string' && !(key === 'name' && 'displayName' in p)) yield [`${where} > ${name} (${key})`, p[key] as string];
		}
		const children = p.options ?? p.values;
		if (Array.isArray(children)) yield* editorTexts(children, `${where} > ${name}`);
	}
}

const allEditorTexts = () =>
	Object.entries(allNodeTypes).flatMap(([type, node]) => [
		[`${type} (description)`, node.description.description] as [string, string],
		...editorTexts(node.description.properties, type),
	]);

describe('Receipt and Details: toggles from SolSwitch Messaging version 2, dropdowns before', () => {
	const messaging = allNodeTypes.solSwitchMessaging.description;

	it('version 2 is the default for new nodes; version 1 stays for saved workflows', () => {
		expect(messaging.version).toEqual([1, 2]);
		expect(messaging.defaultVersion).toBe(2);
	});

	it('Usage > Get Report: Details is the Yes/No dropdown in version 1 and a toggle (on) in version 2', () => {
		const details = (version: number) => shown('solSwitchMessaging', 'usage', 'report', version).filter((p) => p.name === 'Details');
		expect(details(1)).toEqual([
			expect.objectContaining({ type: 'options', default: 'yes', required: true, options: [expect.objectContaining({ name: 'Yes', value: 'yes' }), expect.objectContaining({ name: 'No', value: 'no' })] }),
		]);
		expect(details(2)).toEqual([expect.objectContaining({ type: 'boolean', default: true, description: 'Whether per-message records are returned' })]);
		expect(details(2)[0]).not.toHaveProperty('options');
	});

	it('Message > Send SMS: Receipt under Additional Fields is the dropdown in version 1 and a toggle in version 2', () => {
		const receipt = (version: number) => {
			const collections = shown('solSwitchMessaging', 'message', 'sendSms', version).filter((p) => p.name === 'additionalFields');
			expect(collections).toHaveLength(1);
			return (collections[0].options as INodeProperties[]).filter((o) => o.name === 'Receipt');
		};
		expect(receipt(1)).toEqual([expect.objectContaining({ type: 'options', default: 'yes', options: expect.arrayContaining([expect.objectContaining({ value: 'no' })]) })]);
		expect(receipt(2)).toEqual([expect.objectContaining({ type: 'boolean', default: true })]);
	});

	it('no Yes/No dropdown is left in the newest version of any node', () => {
		for (const [type, node] of Object.entries(allNodeTypes)) {
			const newest = node.description.defaultVersion ?? Math.max(...[node.description.version].flat());
			const yesNo = [...editorTexts(node.description.properties.filter((p) => shownInVersion(p, newest)), type)]
				.filter(([where]) => where.endsWith('> Yes (displayName)') || where.endsWith('> Yes (name)'))
				.map(([where]) => where);
			expect(yesNo).toEqual([]);
		}
	});

	it('the toggle sends what the dropdown sent: on is "yes", off is "no", and a saved "yes"/"no" passes unchanged', () => {
		const details = messagingCatalog.operations.find((o) => o.operation === 'report')!.attributes.find((a) => a.name === 'Details')!;
		const receipt = messagingCatalog.operations.find((o) => o.operation === 'sendSms')!.attributes.find((a) => a.name === 'Receipt')!;
		for (const attribute of [details, receipt]) {
			const schema = valueSchema(attribute);
			expect([true, false, 'yes', 'no'].map((v) => schema.parse(v))).toEqual(['yes', 'no', 'yes', 'no']);
			expect(schema.safeParse('maybe').success).toBe(false);
		}
	});

	it('refuses toggleSince on anything but a dropdown of exactly Yes and No', () => {
		const bad: AttributeSpec = { name: 'Mode', type: 'enum', toggleSince: 2, description: 'Mode', options: [{ name: 'On', value: 'on' }, { name: 'Off', value: 'off' }] };
		expect(() => toggleValues(bad)).toThrow('Mode: toggleSince needs a dropdown of exactly two options, Yes and No');
		const catalog: Catalog = {
			service: switchService,
			resources: [{ value: 'thing', name: 'Thing' }],
			operations: [{ resource: 'thing', operation: 'set', name: 'Set', action: 'Set a thing', path: 'set', attributes: [{ ...bad, required: true }], response: { kind: 'status' } }],
		};
		expect(() => buildProperties(catalog)).toThrow('Mode: toggleSince needs a dropdown');
	});
});

describe('Legacy (Deprecated): not offered from SolSwitch Admin version 3 on', () => {
	it('version 3 is the default; versions 1 and 2 (saved workflows) keep the Legacy resource and its operations', () => {
		const admin = allNodeTypes.solSwitchAdmin.description;
		expect(admin.version).toEqual([1, 2, 3]);
		expect(admin.defaultVersion).toBe(3);
		for (const version of [1, 2]) expect(resourceValues('solSwitchAdmin', version)).toEqual([expect.arrayContaining(['legacy', 'did', 'customer'])]);
		expect(resourceValues('solSwitchAdmin', 3)).toHaveLength(1);
		expect(resourceValues('solSwitchAdmin', 3)[0]).not.toContain('legacy');
		expect(resourceValues('solSwitchAdmin', 3)[0]).toEqual(resourceValues('solSwitchAdmin', 2)[0].filter((v) => v !== 'legacy'));
		// The operations stay: a saved version 1 or 2 node still shows and runs them.
		expect(shown('solSwitchAdmin', 'legacy', 'createCustomer', 2).length).toBeGreaterThan(0);
	});

	it('nodes without a retired resource keep one Resource dropdown shown in every version', () => {
		for (const type of ['solSwitch', 'solSwitchMessaging']) {
			const resources = allNodeTypes[type].description.properties.filter((p) => p.name === 'resource');
			expect(resources).toHaveLength(1);
			expect(resources[0].displayOptions).toBeUndefined();
		}
	});
});

describe('editor words', () => {
	it('no MO or MT jargon in any editor text: incoming and sent messages', () => {
		expect(allEditorTexts().filter(([, text]) => /\bM[OT]\b/.test(text))).toEqual([]);
		const notice = allNodeTypes.solSwitchMessagingTrigger.description.properties.find((p) => p.type === 'notice')!;
		expect(notice.displayName).toContain('at the incoming message URL');
	});

	it('the Monitoring Notification event names the operation by its name, Set Monitoring', () => {
		const texts = allEditorTexts().map(([, text]) => text);
		expect(texts.filter((t) => /Toggle Monitoring/.test(t))).toEqual([]);
		expect(texts).toContain('An extension with monitoring on (SolSwitch > Extension > Set Monitoring) has an incoming or outgoing call');
	});

	it('Send Body As names the device the node talks to: the gateway on the Messaging node, the switch elsewhere', () => {
		const bodyFormat = (type: string) =>
			[...new Set(allNodeTypes[type].description.properties.filter((p) => p.name === 'options').flatMap((p) => (p.options as INodeProperties[]).filter((o) => o.name === 'bodyFormat').map((o) => o.description)))];
		expect(bodyFormat('solSwitchMessaging')).toEqual(['How the request is written; the gateway accepts both. Change it only if the gateway, or a proxy in front of it, asks for form posts.']);
		for (const type of ['solSwitch', 'solSwitchAdmin']) {
			expect(bodyFormat(type)).toEqual(['How the request is written; the switch accepts both. Change it only if the switch, or a proxy in front of it, asks for form posts.']);
		}
	});

	it('LD Passcode is a password field', () => {
		const ld = allNodeTypes.solSwitchAdmin.description.properties
			.flatMap((p) => [p, ...((p.options ?? []) as INodeProperties[])])
			.filter((p) => p.displayName === 'LD Passcode');
		expect(ld.length).toBeGreaterThan(0);
		for (const field of ld) expect(field.typeOptions?.password).toBe(true);
	});
});

/**
 * Facts a rule states: when the table's description states one too, the editor would say it twice
 * ("Numeric long or short code that sends. From must be a numerical value (digits only).").
 */
const FACTS: RegExp[] = [/\bnumeric(al)?\b|\bdigits only\b/i, /NPA NXX XXXX/, /0-9/, /xxx\.xxx/, /such as [A-Z]{2}\b/, /hyphen/i, /\d+ to \d+ characters/];

export function repeatsItsRule(attribute: AttributeSpec<string>): RegExp | undefined {
	const rule = attribute.rule;
	if (!rule || attribute.description.includes(rule.text)) return undefined;
	return FACTS.find((fact) => fact.test(rule.text) && fact.test(attribute.description));
}

describe('descriptions that repeat their own rule', () => {
	it('finds a description that states what its rule sentence says again', () => {
		const from: AttributeSpec = { name: 'From', type: 'digits', description: 'Numeric long or short code that sends', rule: { pattern: /^\d+$/, text: 'must be a numerical value (digits only)' } };
		expect(repeatsItsRule(from)).toBeDefined();
		expect(repeatsItsRule({ ...from, description: 'Long or short code that sends' })).toBeUndefined();
	});

	it('no attribute of the three catalogs says its rule twice', () => {
		const repeated = [solSwitchCatalog, solSwitchAdminCatalog, messagingCatalog].flatMap((c) =>
			c.operations.flatMap((op) => op.attributes.filter((a) => repeatsItsRule(a)).map((a) => `${op.resource}/${op.operation} ${labelOf(a)}: ${a.description}`)),
		);
		expect(repeated).toEqual([]);
	});
});
