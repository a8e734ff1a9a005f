/**
 * Generates a node's resource and operation dropdowns and its fields from a catalog: required
 * attributes as fields, optional ones under "Additional Fields", per-operation settings under "Options".
 */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { BULK_OPTIONS } from '../bulk';
import { TEXT_SPLIT_OPTION } from '../textSplit';
import { returnsRecords } from '../catalog/responseKinds';
import type { AttributeSpec, Catalog, OperationSpec, ResourceSpec } from '../catalog/types';
import { BINARY_FIELD, BINARY_SOURCE, specOf } from '../files';
import { listingProperties } from './listing';
import { examplePlaceholder, isTopLevel, labelOf, operationLabel, paramName, withArticle } from './names';
import { sentences, switchDefaultSentence } from './sentences';

/**
 * Settings every operation that sends a request offers under Options; Send Body As names the device
 * the node talks to ("switch", "gateway": the catalog's service).
 */
export function commonOptions(device: string): INodeProperties[] {
	return [
		{
			displayName: 'Send Body As',
			name: 'bodyFormat',
			type: 'options',
			default: 'json',
			options: [
				{ name: 'JSON', value: 'json' },
				{ name: 'Form Variables', value: 'form', description: 'As a web form posts them' },
			],
			description: `How the request is written; the ${device} accepts both. Change it only if the ${device}, or a proxy in front of it, asks for form posts.`,
		},
		{
			displayName: 'Request Timeout',
			name: 'timeout',
			type: 'number',
			default: 30000,
			typeOptions: { minValue: 1 },
			description: 'How long to wait for the answer before giving up, in milliseconds',
		},
	];
}

/** For functions that return lists or reports: "No Records Found." gives no items unless this is on. */
export const EMPTY_MARKER_OPTION: INodeProperties = {
	displayName: 'Output an Item When Nothing Is Found',
	name: 'emitEmptyMarker',
	type: 'boolean',
	default: false,
	description:
		'Whether to output one item {"empty": true, "Reason": ...} when nothing is found, so the workflow can go on and branch on it (otherwise no items are output). Unlike the node setting Always Output Data, whose item is empty, this one carries the Reason (e.g. "No Records Found.").',
};

/** The sentences of an attribute's help text: the table's description, its rule, the switch's default. */
function helpParts(attribute: AttributeSpec<string>): string[] {
	const parts = [attribute.description];
	if (attribute.rule && !attribute.description.includes(attribute.rule.text)) {
		parts.push(`${labelOf(attribute)} ${attribute.rule.text}.`);
	}
	if (attribute.switchDefault && !/default/i.test(attribute.description)) {
		parts.push(switchDefaultSentence(attribute.type, attribute.switchDefault, attribute.options));
	}
	if (attribute.type === 'list' && !attribute.load) parts.push('Several values: separate them with commas or new lines.');
	if (attribute.type === 'list' && attribute.load) parts.push('By ID: several IDs separated by commas.');
	return parts;
}

/**
 * Whether an optional number's field starts empty: where leaving it empty means something (the
 * credential's default customer, or nothing sent), an added field must not start at a number the
 * request would then carry. n8n's number field cannot be empty, so such a field is text holding a
 * whole number (the schema still checks it as one, and a number a saved workflow holds is sent as is).
 */
export function startsEmpty(attribute: AttributeSpec<string>): boolean {
	return attribute.type === 'integer' && !attribute.required && (attribute.role === 'customer' || attribute.startsEmpty === true);
}

function emptyDefault(attribute: AttributeSpec<string>): INodeProperties['default'] {
	if (attribute.default !== undefined) return attribute.default;
	if (startsEmpty(attribute)) return '';
	switch (attribute.type) {
		case 'boolean':
			return false;
		case 'integer': {
			// An added optional number starts at the switch's own default when it has a numeric one.
			const fallback = Number(attribute.switchDefault);
			return Number.isFinite(fallback) ? fallback : 0;
		}
		case 'json':
			return '';
		case 'enum':
			return attribute.options?.[0]?.value ?? '';
		default:
			return '';
	}
}

/** "Select an extension...", "Select a DID...", "Select a SIP account...": the label with its article (names.ts). */
export function selectPlaceholder(label: string): string {
	return `Select ${withArticle(label)}...`;
}

/**
 * An attribute picked from the switch (`load`): a resource locator whose list comes from the node's
 * listSearch method of that name, or an ID typed by hand.
 */
function locatorProperty(attribute: AttributeSpec<string>, base: Omit<INodeProperties, 'type'>): INodeProperties {
	const several = attribute.type === 'list';
	return {
		...base,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: selectPlaceholder(labelOf(attribute)),
				typeOptions: { searchListMethod: attribute.load, searchable: true },
			},
			{
				displayName: attribute.loadManualLabel ?? 'By ID',
				name: 'id',
				type: 'string',
				placeholder: examplePlaceholder(attribute.placeholder ?? (several ? '12, 13' : '12')),
			},
		],
	};
}

/** One attribute as an n8n property (without displayOptions). */
export function attributeProperty(attribute: AttributeSpec<string>): INodeProperties {
	const base = {
		displayName: labelOf(attribute),
		name: paramName(attribute),
		description: sentences(helpParts(attribute)),
		default: emptyDefault(attribute),
		...(attribute.placeholder ? { placeholder: examplePlaceholder(attribute.placeholder) } : {}),
		...(attribute.required ? { required: true } : {}),
	};
	if (attribute.load) return locatorProperty(attribute, base);
	switch (attribute.type) {
		case 'boolean':
			return { ...base, type: 'boolean', default: attribute.default ?? false };
		case 'integer': {
			if (startsEmpty(attribute)) return { ...base, type: 'string', placeholder: attribute.placeholder ?? 'e.g. 7' };
			const typeOptions: INodeProperties['typeOptions'] = { numberPrecision: 0 };
			if (attribute.rule?.min !== undefined) typeOptions.minValue = attribute.rule.min;
			if (attribute.rule?.max !== undefined) typeOptions.maxValue = attribute.rule.max;
			return { ...base, type: 'number', typeOptions };
		}
		case 'enum':
			return {
				...base,
				type: 'options',
				options: (attribute.options ?? []).map((o) => ({ ...o })) as INodePropertyOptions[],
			};
		case 'date':
		case 'dateTime':
		case 'dateOrDateTime':
			return { ...base, type: 'dateTime', default: attribute.default ?? '' };
		case 'json':
			return { ...base, type: 'json', default: attribute.default ?? '' };
		case 'password':
			return { ...base, type: 'string', typeOptions: { password: true } };
		case 'base64':
			return { ...base, type: 'string', typeOptions: { rows: 4 } };
		default:
			return { ...base, type: 'string' };
	}
}

type Conditions = NonNullable<NonNullable<INodeProperties['displayOptions']>['show']>;

/** The node versions a property is shown in (n8n's `@version` display condition). */
type VersionCondition = NonNullable<Conditions['@version']>;
const fromVersion = (version: number): VersionCondition => [{ _cnd: { gte: version } }];
const beforeVersion = (version: number): VersionCondition => [{ _cnd: { lt: version } }];

/** The values a toggled Yes/No dropdown (AttributeSpec.toggleSince) sends for on and off. */
export function toggleValues(attribute: AttributeSpec<string>): { on: string | number; off: string | number } {
	const yes = attribute.options?.find((o) => o.name === 'Yes');
	const no = attribute.options?.find((o) => o.name === 'No');
	if (attribute.type !== 'enum' || attribute.options?.length !== 2 || !yes || !no) {
		throw new Error(`${attribute.name}: toggleSince needs a dropdown of exactly two options, Yes and No`);
	}
	return { on: yes.value, off: no.value };
}

/** The Yes/No dropdown as a toggle: on is the Yes the dropdown started at (or its default). */
function toggleProperty(attribute: AttributeSpec<string>): INodeProperties {
	const { on } = toggleValues(attribute);
	const dropdown = attributeProperty(attribute);
	delete dropdown.options;
	return { ...dropdown, type: 'boolean', default: (attribute.default ?? on) === on };
}

/** The attribute as a node of this version shows it: a toggle from its toggleSince on, else as it is. */
function shownIn(attribute: AttributeSpec<string>, toggles: boolean): INodeProperties {
	return toggles && attribute.toggleSince !== undefined ? toggleProperty(attribute) : attributeProperty(attribute);
}

/**
 * The node-version ranges a set of attributes is shown in: one range when none changes with the
 * version, else before and from the version where Yes/No dropdowns become toggles (one per operation).
 */
function versionRanges(attributes: Array<AttributeSpec<string>>): Array<{ version?: VersionCondition; toggles: boolean }> {
	const since = [...new Set(attributes.map((a) => a.toggleSince).filter((v): v is number => v !== undefined))];
	if (since.length > 1) throw new Error(`${attributes.map((a) => a.name).join(', ')}: toggles of one operation start in one node version`);
	if (!since.length) return [{ toggles: false }];
	return [
		{ version: beforeVersion(since[0]), toggles: false },
		{ version: fromVersion(since[0]), toggles: true },
	];
}

const withVersion = (show: Conditions, version?: VersionCondition): Conditions => (version ? { ...show, '@version': version } : show);

function showFor(op: OperationSpec, extra: Conditions = {}) {
	return { displayOptions: { show: { resource: [op.resource], operation: [op.operation], ...extra } } };
}

/**
 * An extra field of an operation (OperationSpec.fields), shown for that operation only. Its own
 * displayOptions may name other fields of the operation; naming the resource or the operation by
 * hand is refused, so a renamed operation cannot leave a field behind.
 */
export function extraField(op: OperationSpec, field: INodeProperties): INodeProperties {
	const own = field.displayOptions ?? {};
	for (const key of ['resource', 'operation']) {
		if (own.show?.[key] !== undefined || own.hide?.[key] !== undefined) {
			throw new Error(`Field "${field.name}" of ${op.resource}/${op.operation} names the ${key}: the table places extra fields`);
		}
	}
	return { ...field, displayOptions: { ...own, show: { ...showFor(op).displayOptions.show, ...own.show } } };
}

/** Send Body As and Timeout: only for an operation that sends a request. */
function transportOptions(op: OperationSpec, device: string): INodeProperties[] {
	if (op.local) return [];
	return commonOptions(device).filter((o) => o.name !== 'bodyFormat' || op.bodyFormats?.includes('form') !== false);
}

export function operationOptions(catalog: Catalog, resource: string): INodePropertyOptions[] {
	return catalog.operations
		.filter((op) => op.resource === resource)
		.map((op) => ({
			name: operationLabel(op),
			value: op.operation,
			action: op.action,
			// No interface function names in the editor, as in n8n's core nodes: the docs/nodes/ tables
			// map each editor operation to the function it calls.
			description: op.description ?? op.action,
		}))
		.sort((a, b) => a.name.localeCompare(b.name));
}

/** The source dropdown, the binary field name, and the fields given by hand, shown where `show` says. */
function fileProperties(attribute: AttributeSpec<string>, show: Conditions): INodeProperties[] {
	const spec = specOf(attribute);
	const when = (source: string) => ({ displayOptions: { show: { ...show, [spec.source.name]: [source] } } });
	return [
		{
			displayName: spec.source.label,
			name: spec.source.name,
			type: 'options',
			default: BINARY_SOURCE,
			options: [
				{ name: 'Binary Data of the Input Item', value: BINARY_SOURCE, description: spec.binaryDescription },
				{ name: spec.source.manual.name, value: spec.source.manual.value, description: spec.source.manual.description },
			],
			displayOptions: { show },
		},
		{
			displayName: 'Input Binary Field',
			name: BINARY_FIELD,
			type: 'string',
			default: 'data',
			required: true,
			description: spec.binaryFieldDescription,
			...when(BINARY_SOURCE),
		},
		...spec.manual.map((manual) => ({ ...attributeProperty({ ...manual, required: true }), ...when(spec.source.manual.value) })),
	];
}

/** The whole `properties` array of a catalog-driven action node. */
export function buildProperties(catalog: Catalog): INodeProperties[] {
	// Defaults computed from the catalog are held in variables: n8n's lint (node-param-default-missing)
	// reads a `default:` that is a member or ?? expression as missing, an identifier as computed.
	const firstResource = catalog.resources[0].value;
	const resourceProperty = (resources: ResourceSpec[], version?: VersionCondition): INodeProperties => ({
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		...(version ? { displayOptions: { show: { '@version': version } } } : {}),
		default: firstResource,
		options: resources
			.map((r) => ({ name: r.name, value: r.value, ...(r.description ? { description: r.description } : {}) }))
			.sort((a, b) => a.name.localeCompare(b.name)),
	});
	// A retired resource (Legacy) stays in the versions before it retired, so saved workflows keep it.
	const retired = [...new Set(catalog.resources.map((r) => r.retiredSince).filter((v): v is number => v !== undefined))];
	if (retired.length > 1) throw new Error('Resources of one node retire in one node version');
	if (catalog.resources.find((r) => r.value === firstResource)?.retiredSince !== undefined) throw new Error('The first resource cannot retire');
	const properties: INodeProperties[] = retired.length
		? [
				resourceProperty(catalog.resources, beforeVersion(retired[0])),
				resourceProperty(
					catalog.resources.filter((r) => r.retiredSince === undefined),
					fromVersion(retired[0]),
				),
			]
		: [resourceProperty(catalog.resources)];
	for (const resource of catalog.resources) {
		const options = operationOptions(catalog, resource.value);
		const firstOperation = options[0]?.value ?? '';
		properties.push({
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: [resource.value] } },
			default: firstOperation,
			options,
		});
	}
	for (const op of catalog.operations) {
		for (const attribute of op.attributes.filter(isTopLevel)) {
			if (attribute.type === 'file') {
				properties.push(...fileProperties(attribute, showFor(op).displayOptions.show));
				continue;
			}
			const when = typeof attribute.required === 'object' ? { [attribute.required.when]: attribute.required.in } : {};
			for (const { version, toggles } of versionRanges([attribute])) {
				const property: INodeProperties = { ...shownIn(attribute, toggles), displayOptions: { show: withVersion(showFor(op, when).displayOptions.show, version) } };
				// What Simplify sets itself (e.g. the view type) is asked only when Simplify is off.
				if (op.simplify?.request && attribute.name in op.simplify.request) {
					property.displayOptions = { ...property.displayOptions, hide: { simplify: [true] } };
				}
				properties.push(property);
			}
		}
		properties.push(...listingProperties(op, showFor(op).displayOptions.show));
		for (const field of op.fields ?? []) properties.push(extraField(op, field));
		const optional = op.attributes.filter((a) => !isTopLevel(a));
		// One collection per node-version range: a toggle and the dropdown it replaced share a name.
		for (const { version, toggles } of optional.length ? versionRanges(optional) : []) {
			properties.push({
				displayName: 'Additional Fields',
				name: 'additionalFields',
				type: 'collection',
				placeholder: 'Add Field',
				default: {},
				displayOptions: { show: withVersion(showFor(op).displayOptions.show, version) },
				options: optional
					.map((a) => {
						const p = shownIn(a, toggles);
						delete p.required;
						return p;
					})
					.sort((a, b) => a.displayName.localeCompare(b.displayName)),
			});
		}
		const settings = [
			...(op.options ?? []),
			...transportOptions(op, catalog.service.name),
			...(op.bulk ? BULK_OPTIONS : []),
			...(op.textSplit ? [TEXT_SPLIT_OPTION] : []),
			...(returnsRecords(op.response) ? [EMPTY_MARKER_OPTION] : []),
		].sort((a, b) => a.displayName.localeCompare(b.displayName));
		if (!settings.length) continue;
		properties.push({
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			...showFor(op),
			options: settings,
		});
	}
	return properties;
}
