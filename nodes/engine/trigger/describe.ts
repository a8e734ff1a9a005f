/**
 * A trigger's description generated from its TriggerSpec: the event selector, each kind's filter
 * and own fields (shown for that kind only), the notices that say what to paste where, the guard's
 * options, and the webhook description.
 */
import type { INodeProperties, IWebhookDescription } from 'n8n-workflow';
import { WEBHOOK_RESOLVERS } from './n8nResponse';
import type { DescriptionField, EventSpec, TriggerSpec } from './types';

export type { DescriptionField } from './types';
export { WEBHOOK_RESOLVERS } from './n8nResponse';


/** `$parameter["name"]` as a template, and the same read natively. */
function parameterField(name: string): DescriptionField {
	return { template: `={{$parameter[${JSON.stringify(name)}]}}`, resolve: (p) => p[name] };
}

/**
 * The webhook description, every field n8n reads per request either a constant or a template with
 * its native resolver. Why it matters: n8n 2.40 resolves a field with the resolver instead of the
 * expression engine when the node's parameters hold no expression (n8n behaviour N8,
 * n8nResponse.ts), and under
 * N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE an isolate is only made at the first expression evaluated. So the
 * webhook phase of a trigger costs no isolate, provided its node version is not exactly 1 (see
 * FIRST_ENGINE_FREE_VERSION). One function, so each trigger's fields are declared once.
 */
export function webhookDescription(trigger: TriggerSpec): IWebhookDescription {
	const { selection, events, webhook } = trigger;
	const fields: Record<string, DescriptionField> = {};
	const constants: Record<string, string> = {};

	const paths = new Set(events.map((e) => e.path));
	if (paths.size === 1) constants.path = events[0].path;
	else if (selection.by === 'parameter' && events.every((e) => e.path === e.value)) fields.path = parameterField(selection.parameter);
	else {
		const pathOf: Record<string, string> = Object.fromEntries(events.map((e) => [e.value, e.path]));
		const kind = JSON.stringify(selection.parameter);
		fields.path = {
			template: `={{(${JSON.stringify(pathOf)})[$parameter[${kind}]]}}`,
			resolve: (p) => (Object.prototype.hasOwnProperty.call(pathOf, String(p[selection.parameter])) ? pathOf[String(p[selection.parameter])] : undefined),
		};
	}

	// The response mode: the node answers ("onReceived" with the node writing the answer itself), or
	// the parameter a kind names decides; one kind per node picks by the event parameter.
	const byParameter = events.flatMap((e) => (e.response.by === 'parameter' ? [{ value: e.value, parameter: e.response.parameter }] : []));
	const modeParameters = new Set(byParameter.map((e) => e.parameter));
	if (!byParameter.length) constants.responseMode = 'onReceived';
	else if (byParameter.length === events.length && modeParameters.size === 1) fields.responseMode = parameterField(byParameter[0].parameter);
	else {
		if (selection.by !== 'parameter') throw new Error('Kinds read from the payload share one path and one response mode');
		const kind = selection.parameter;
		const cases = byParameter.map((e) => `$parameter[${JSON.stringify(kind)}] === ${JSON.stringify(e.value)} ? $parameter[${JSON.stringify(e.parameter)}] : `).join('');
		fields.responseMode = {
			template: `={{${cases}"onReceived"}}`,
			resolve: (p) => {
				const chosen = byParameter.find((e) => p[kind] === e.value);
				return chosen ? p[chosen.parameter] : 'onReceived';
			},
		};
	}
	if (typeof webhook.responseData !== 'string') fields.responseData = webhook.responseData;
	if (webhook.responseHeaders) fields.responseHeaders = webhook.responseHeaders;
	if (webhook.responsePropertyParameter) fields.responsePropertyName = parameterField(webhook.responsePropertyParameter);

	return {
		name: 'default',
		httpMethod: 'POST',
		path: fields.path?.template ?? constants.path,
		responseMode: fields.responseMode?.template ?? constants.responseMode,
		responseData: fields.responseData?.template ?? (webhook.responseData as string),
		...(fields.responsePropertyName ? { responsePropertyName: fields.responsePropertyName.template } : {}),
		...(fields.responseHeaders ? { responseHeaders: fields.responseHeaders.template } : {}),
		...(webhook.responseContentType ? { responseContentType: webhook.responseContentType } : {}),
		[WEBHOOK_RESOLVERS]: fields,
	};
}

/**
 * The first version of a trigger whose webhook phase needs no expression engine. n8n's
 * parseRequestBody evaluates `$parameter["options"]["binaryData"]` through the engine for every
 * start node whose typeVersion is exactly 1, whatever its type (n8n behaviour N9, n8nResponse.ts:
 * `if (nodeVersion === 1) binaryData = workflow.expression.getSimpleParameterValue(...)`); any
 * other version skips it and has its JSON,
 * form or text body parsed by content type. So a trigger still at version 1 gets a new version, the
 * default for new nodes, while saved workflows keep theirs.
 */
export const FIRST_ENGINE_FREE_VERSION = 1.1;

/** A trigger's versions: those saved workflows use, and the engine-free one new nodes get. */
export function triggerVersions(saved: number[]): { version: number[]; defaultVersion: number } {
	const latest = Math.max(...saved);
	const defaultVersion = latest === 1 ? FIRST_ENGINE_FREE_VERSION : latest;
	return { version: [...new Set([...saved, defaultVersion])], defaultVersion };
}

/** What n8n's Webhook URLs panel above the notice does not say: which URL to paste, and when it answers. */
export const URL_NOTICE = 'Paste the Production URL: it answers once the workflow is published.';

/** What to paste where for the given kinds, in one sentence per place. */
export function pasteNotice(trigger: TriggerSpec, kinds: EventSpec[]): string {
	const places = new Map<string, EventSpec[]>();
	for (const kind of kinds) places.set(kind.portal.where, [...(places.get(kind.portal.where) ?? []), kind]);
	const sentences = [...places.entries()].map(([where, group]) => {
		const also = group.map((k) => k.portal.also).filter(Boolean);
		const names = group.map((k) => k.name).join(', ');
		return `${names}: in ${trigger.caller}, at ${where}.${also.length ? ` ${also.join(' ')}` : ''}`;
	});
	return [...sentences, trigger.secretNotice, URL_NOTICE, trigger.scalingNotice].filter(Boolean).join(' ');
}

function showFor(trigger: TriggerSpec, kind: EventSpec, property: INodeProperties): INodeProperties {
	if (trigger.selection.by !== 'parameter') return property;
	const show = { ...(property.displayOptions?.show ?? {}), [trigger.selection.parameter]: [kind.value] };
	return { ...property, displayOptions: { ...property.displayOptions, show } };
}

/** The notices: one per kind when the node serves one kind, else one for every kind. */
export function noticeProperties(trigger: TriggerSpec): INodeProperties[] {
	const notice = (name: string, text: string): INodeProperties => ({ displayName: text, name, type: 'notice', default: '' });
	if (trigger.selection.by === 'payload') return [notice('setupNotice', pasteNotice(trigger, trigger.events))];
	return trigger.events.map((kind) => showFor(trigger, kind, notice(`${kind.value.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}Notice`, pasteNotice(trigger, [kind]))));
}

/** The event selector: one kind per node, or the kinds (read from the payload) that start the workflow. */
export function selectorProperty(trigger: TriggerSpec): INodeProperties {
	const { selection, events } = trigger;
	const options = events.map((k) => ({ name: k.name, value: k.value, description: k.description }));
	const firstKind = events[0].value;
	if (selection.by === 'parameter') {
		// n8n's lint: the options of a dropdown in alphabetical order (the default stays the first kind).
		options.sort((a, b) => a.name.localeCompare(b.name));
		return {
			displayName: selection.displayName,
			name: selection.parameter,
			type: 'options',
			noDataExpression: true,
			options,
			default: firstKind,
			description: selection.description,
		};
	}
	return {
		displayName: selection.displayName,
		name: selection.parameter,
		type: 'multiOptions',
		required: true,
		default: [...events.map((k) => k.value)],
		options,
		description: selection.description,
	};
}

/**
 * The canvas subtitle: the chosen kinds as the selector names them, not their stored values
 * ("sip-notification", "sms, mms, report"), as the action nodes' subtitles do.
 */
export function triggerSubtitle(trigger: TriggerSpec): string {
	// Ternaries, not an object literal: "{{ {" would end n8n's expression template early.
	const label = (value: string) =>
		trigger.events.reduceRight((rest, k) => `${value} === ${JSON.stringify(k.value)} ? ${JSON.stringify(k.name)} : ${rest}`, value);
	const chosen = `$parameter["${trigger.selection.parameter}"]`;
	return trigger.selection.by === 'parameter'
		? `={{ ${label(chosen)} }}`
		: `={{ [].concat(${chosen} || []).map((kind) => ${label('kind')}).join(", ") }}`;
}

/** A kind's filter: the documented values of one field that start the workflow. */
function filterProperty(trigger: TriggerSpec, kind: EventSpec): INodeProperties[] {
	if (!kind.filter) return [];
	const { parameter, values, descriptions } = kind.filter;
	return [
		showFor(trigger, kind, {
			displayName: 'Call Events',
			name: parameter,
			type: 'multiOptions',
			options: values.map((v) => ({ name: v, value: v, ...(descriptions?.[v] ? { description: descriptions[v] } : {}) })),
			default: [...values],
			required: true,
			description: 'Event values that start the workflow; other notifications are acknowledged and dropped',
		}),
	];
}

/** The guard's settings (see guard.ts), sorted into a trigger's Options collection by the caller. */
export function guardOptions(caller: string): INodeProperties[] {
	return [
		{
			displayName: 'Allowed Sources',
			name: 'allowedSources',
			type: 'string',
			default: '',
			placeholder: '203.0.113.0/24, 2001:db8::/32',
			description: `Addresses or CIDR ranges (IPv4 or IPv6) ${caller} calls from, separated by commas or spaces; others are refused (403) and start nothing. Empty: any source.`,
		},
		{
			displayName: 'Maximum Body Size (KB)',
			name: 'maxBodyKb',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 64,
			description: 'Larger requests are refused (413) and start nothing',
		},
		{
			displayName: 'Trusted Proxy Hops',
			name: 'proxyHops',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 0,
			description:
				"Set only when n8n is behind reverse proxies: how many of them add X-Forwarded-For. The allow-list then checks the address those proxies saw. 0: the connection's own address.",
		},
	];
}

/** An Options collection holding the trigger's own options and the guard's, in alphabetical order. */
export function optionsCollection(options: INodeProperties[], extra: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [...options].sort((a, b) => a.displayName.localeCompare(b.displayName)),
		...extra,
	};
}

/**
 * Every generated field, in the order a user reads them: the selector, the notices, then each kind's
 * filter and own fields. The trigger appends its shared fields and Options.
 */
export function eventProperties(trigger: TriggerSpec): INodeProperties[] {
	return [
		selectorProperty(trigger),
		...noticeProperties(trigger),
		...trigger.events.flatMap((kind) => [...filterProperty(trigger, kind), ...(kind.properties ?? []).map((p) => showFor(trigger, kind, p))]),
	];
}
