/**
 * Generates, from an operation's table entry, the zod schema that checks a request before it leaves
 * n8n and turns the checked values into the request body (wire formats: 1/0, YYYY-MM-DD ...).
 * Error messages name the field and the rule: "Extension must be 3 to 5 digits".
 */
import { z } from 'zod';
import type { AttributeSpec, CrossRule, OperationSpec } from '../catalog/types';
import { labelOf, wireAttributes } from './names';
import { asWrittenText, dateParts, isBlank, locatorValue, toBoolean, toJson, toList, toNumber, toText } from './values';

type Schema = z.ZodTypeAny;

function ruled(attribute: AttributeSpec<string>, base: z.ZodString): Schema {
	const label = labelOf(attribute);
	const rule = attribute.rule;
	if (!rule) return base;
	const broken = (value: string) => ({ message: `${label} ${rule.text}${rule.showValue ? ` (got "${value}")` : ''}` });
	return base.transform((given, ctx) => {
		// The rule's one form of the value (a phone number's digits) is what is checked and sent.
		const normalized = rule.normalize ? rule.normalize(given) : { ok: true as const, value: given };
		if (!normalized.ok) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${label} ${normalized.problem}` });
			return z.NEVER;
		}
		const value = normalized.value;
		const ok =
			(!rule.pattern || rule.pattern.test(value)) &&
			(rule.minLength === undefined || value.length >= rule.minLength) &&
			(rule.maxLength === undefined || value.length <= rule.maxLength);
		if (!ok) ctx.addIssue({ code: z.ZodIssueCode.custom, ...broken(value) });
		return value;
	});
}

/** Base64 as the interfaces take it: whitespace of pasted text removed, whole groups of 4. */
const BASE64 = /^(?=(?:.{4})+$)[A-Za-z0-9+/]+={0,2}$/;

function dateSchema(attribute: AttributeSpec<string>, label: string): Schema {
	const kind = attribute.type;
	const wants =
		kind === 'date' ? 'a date (YYYY-MM-DD)' : kind === 'dateTime' ? 'a date and time (YYYY-MM-DD HH:MM:SS)' : 'a date (YYYY-MM-DD) or a date and time (YYYY-MM-DD HH:MM:SS)';
	return z.any().transform((value, ctx) => {
		const parts = dateParts(value);
		if (!parts) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${label} must be ${wants}` });
			return z.NEVER;
		}
		if (kind === 'date') return parts.date;
		const time = parts.time ?? '00:00:00';
		// A date picked in the editor arrives as midnight: send it as the plain date the user chose.
		if (kind === 'dateOrDateTime' && time === '00:00:00') return parts.date;
		return `${parts.date} ${time}`;
	});
}

/** The schema of one attribute's value, given that a value is present. */
export function valueSchema(attribute: AttributeSpec<string>): Schema {
	const label = labelOf(attribute);
	const rule = attribute.rule;
	switch (attribute.type) {
		case 'integer': {
			let n = z.number({ invalid_type_error: `${label} must be a number` }).int(`${label} must be a whole number`);
			if (rule?.min !== undefined) n = n.min(rule.min, `${label} ${rule.text}`);
			if (rule?.max !== undefined) n = n.max(rule.max, `${label} ${rule.text}`);
			return z.preprocess(toNumber, n);
		}
		case 'boolean':
			return z.preprocess(
				toBoolean,
				z.boolean({ invalid_type_error: `${label} must be true or false` }).transform((b) => (b ? 1 : 0)),
			);
		case 'enum': {
			const values = (attribute.options ?? []).map((o) => String(o.value));
			// A Yes/No dropdown shown as a toggle in newer node versions: on and off send Yes and No's values.
			const yesNo = attribute.toggleSince !== undefined ? attribute.options : undefined;
			const fromToggle = (value: unknown) =>
				typeof value === 'boolean' && yesNo ? yesNo.find((o) => o.name === (value ? 'Yes' : 'No'))?.value : value;
			return z.preprocess(
				(value) => toText(fromToggle(value)),
				z.string().refine((v) => values.includes(v), `${label} must be one of: ${values.join(', ')}`),
			);
		}
		case 'date':
		case 'dateTime':
		case 'dateOrDateTime':
			return dateSchema(attribute, label);
		case 'list': {
			const one = ruled(attribute, z.string({ invalid_type_error: `${label} must be text` }));
			return z.preprocess(
				toList,
				z
					.array(one, { invalid_type_error: `${label} must be one value or a list` })
					.min(1, `${label} is required`)
					.transform((list) => (list.length === 1 && !attribute.alwaysArray ? list[0] : list)),
			);
		}
		case 'base64':
			return z.preprocess(
				(value) => (typeof value === 'string' ? value.replace(/\s+/g, '') : value),
				z.string({ invalid_type_error: `${label} must be text` }).regex(BASE64, `${label} must be Base64 encoded`),
			);
		case 'json':
			return z.preprocess(
				toJson,
				z.union([z.record(z.unknown()), z.array(z.unknown())], {
					errorMap: () => ({ message: `${label} must be valid JSON (an object or an array)` }),
				}),
			);
		default:
			return z.preprocess(
				attribute.asWritten ? asWrittenText : toText,
				ruled(attribute, z.string({ invalid_type_error: `${label} must be text` })),
			);
	}
}

function attributeSchema(attribute: AttributeSpec<string>): Schema {
	const inner = valueSchema(attribute);
	const label = labelOf(attribute);
	const required = attribute.required === true;
	return z.any().transform((given, ctx) => {
		// A field picked from the switch (`load`) is a resource locator: its ID is the value.
		const value = attribute.load ? locatorValue(given) : given;
		if (attribute.asWritten ? value === undefined || value === null || value === '' : isBlank(value)) {
			if (required) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${label} is required` });
			return undefined;
		}
		const result = inner.safeParse(value);
		if (!result.success) {
			for (const issue of result.error.issues) ctx.addIssue({ code: z.ZodIssueCode.custom, message: issue.message });
			return z.NEVER;
		}
		return result.data;
	});
}

function checkCrossRule(rule: CrossRule, data: Record<string, unknown>, ctx: z.RefinementCtx) {
	const has = (name: string) => data[name] !== undefined;
	switch (rule.kind) {
		case 'atLeastOne':
			if (!rule.attributes.some(has)) ctx.addIssue({ code: z.ZodIssueCode.custom, message: rule.message });
			break;
		case 'together': {
			const given = rule.attributes.filter(has).length;
			if (given > 0 && given < rule.attributes.length) {
				ctx.addIssue({ code: z.ZodIssueCode.custom, message: rule.message });
			}
			break;
		}
		case 'notBoth':
			if (has(rule.first) && rule.second.some(has)) ctx.addIssue({ code: z.ZodIssueCode.custom, message: rule.message });
			break;
		case 'needsWhenSet':
			if (has(rule.attribute) && !rule.except.includes(String(data[rule.attribute])) && !has(rule.needs)) {
				ctx.addIssue({ code: z.ZodIssueCode.custom, message: rule.message });
			}
			break;
		case 'ruleWhen':
			if (has(rule.attribute) && String(data[rule.when]) === rule.is && rule.rule.pattern && !rule.rule.pattern.test(String(data[rule.attribute]))) {
				ctx.addIssue({ code: z.ZodIssueCode.custom, message: rule.message });
			}
			break;
	}
}

/** The whole request schema of an operation: attributes, conditional requirements, cross rules. */
export function requestSchema(op: OperationSpec) {
	const attributes = wireAttributes(op);
	const shape: Record<string, Schema> = {};
	for (const attribute of attributes) shape[attribute.name] = attributeSchema(attribute);
	return z
		.object(shape)
		.superRefine((data, ctx) => {
			for (const attribute of attributes) {
				const cond = attribute.required;
				if (typeof cond !== 'object' || data[attribute.name] !== undefined) continue;
				const current = data[cond.when];
				const wire = cond.in.map((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v));
				if (current !== undefined && wire.some((v) => String(v) === String(current))) {
					const whenAttr = attributes.find((a) => a.name === cond.when);
					const whenLabel = whenAttr ? labelOf(whenAttr) : cond.when;
					ctx.addIssue({
						code: z.ZodIssueCode.custom,
						message: `${labelOf(attribute)} is required when ${whenLabel} is ${String(current)}`,
					});
				}
			}
			for (const rule of op.rules ?? []) checkCrossRule(rule, data, ctx);
		})
		.transform((data) => {
			const body: Record<string, unknown> = {};
			for (const [k, v] of Object.entries(data)) if (v !== undefined) body[k] = v;
			return body;
		});
}

const cache = new WeakMap<OperationSpec, ReturnType<typeof requestSchema>>();

/** Checks raw attribute values and returns the request body, or the first broken rule's message. */
export function buildRequestBody(
	op: OperationSpec,
	raw: Record<string, unknown>,
): { ok: true; body: Record<string, unknown> } | { ok: false; message: string; all: string[] } {
	let schema = cache.get(op);
	if (!schema) {
		schema = requestSchema(op);
		cache.set(op, schema);
	}
	const result = schema.safeParse(raw);
	if (result.success) return { ok: true, body: result.data };
	const all = result.error.issues.map((i) => i.message);
	return { ok: false, message: all[0], all };
}
