/**
 * Generates a node's resource and operation dropdowns and its fields from a catalog: required
 * attributes as fields, optional ones under "Additional Fields", per-operation settings under "Options".
 */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { BULK_OPTIONS } from '../bulk';
import { TEXT_SPLIT_OPTION } from '../textSplit';
import { returnsRecords } from '../catalog/responseKinds';
import type { AttributeSpec, Catalog, OperationSpec } from '../catalog/types';
import { BINARY_FIELD, BINARY_SOURCE, specOf } from '../files';
import { listingProperties } from './listing';
import { isTopLevel, labelOf, operationLabel, paramName } from './names';
import { sentences, switchDefaultSentence } from './sentences';

/** Settings every operation that sends a request offers under Options. */
export const COMMON_OPTIONS: INodeProperties[] = [
	{
		displayName: 'Send Body As',
		name: 'bodyFormat',
		type: 'options',
		default: 'json',
		options: [
			{ name: 'JSON', value: 'json' },
			{ name: 'Form Variables', value: 'form', description: 'As a web form posts them' },
		],
		description: 'How the request is written; the switch accepts both. Change it only if the switch, or a proxy in front of it, asks for form posts.',
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
				placeholder: `Select a ${labelOf(attribute).toLowerCase()}...`,
				typeOptions: { searchListMethod: attribute.load, searchable: true },
			},
			{
				displayName: attribute.loadManualLabel ?? 'By ID',
				name: 'id',
				type: 'string',
				placeholder: attribute.placeholder ?? (several ? '12, 13' : '12'),
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
		...(attribute.placeholder ? { placeholder: attribute.placeholder } : {}),
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
function transportOptions(op: OperationSpec): INodeProperties[] {
	if (op.local) return [];
	return COMMON_OPTIONS.filter((o) => o.name !== 'bodyFormat' || op.bodyFormats?.includes('form') !== false);
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
	const properties: INodeProperties[] = [
		{
			displayName: 'Resource',
			name: 'resource',
			type: 'options',
			noDataExpression: true,
			default: firstResource,
			options: catalog.resources
				.map((r) => ({ name: r.name, value: r.value, ...(r.description ? { description: r.description } : {}) }))
				.sort((a, b) => a.name.localeCompare(b.name)),
		},
	];
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
			const property: INodeProperties = { ...attributeProperty(attribute), ...showFor(op, when) };
			// What Simplify sets itself (e.g. the view type) is asked only when Simplify is off.
			if (op.simplify?.request && attribute.name in op.simplify.request) {
				property.displayOptions = { ...property.displayOptions, hide: { simplify: [true] } };
			}
			properties.push(property);
		}
		properties.push(...listingProperties(op, showFor(op).displayOptions.show));
		for (const field of op.fields ?? []) properties.push(extraField(op, field));
		const optional = op.attributes.filter((a) => !isTopLevel(a));
		if (optional.length) {
			properties.push({
				displayName: 'Additional Fields',
				name: 'additionalFields',
				type: 'collection',
				placeholder: 'Add Field',
				default: {},
				...showFor(op),
				options: optional
					.map((a) => {
						const p = attributeProperty(a);
						delete p.required;
						return p;
					})
					.sort((a, b) => a.displayName.localeCompare(b.displayName)),
			});
		}
		const settings = [
			...(op.options ?? []),
			...transportOptions(op),
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
