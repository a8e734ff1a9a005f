/**
 * A trigger's description generated from its TriggerSpec: the event selector, each kind's filter
 * and own fields (shown for that kind only), the notices that say what to paste where, the guard's
 * options, and the webhook description.
 */
import type { INodeProperties, IWebhookDescription } from 'n8n-workflow';
import type { EventSpec, TriggerSpec } from './types';

/** The webhook description. One function, so a version with native resolvers replaces one place. */
export function webhookDescription(trigger: TriggerSpec): IWebhookDescription {
	const { selection, events, webhook } = trigger;
	const param = (name: string) => `$parameter["${name}"]`;
	const paths = new Set(events.map((e) => e.path));
	let path: string;
	if (paths.size === 1) path = events[0].path;
	else if (selection.by === 'parameter' && events.every((e) => e.path === e.value)) path = `={{${param(selection.parameter)}}}`;
	else path = `={{(${JSON.stringify(Object.fromEntries(events.map((e) => [e.value, e.path])))})[${param(selection.parameter)}]}}`;

	// The response mode: the node answers ("onReceived" with the node writing the answer itself), or
	// the parameter a kind names decides; one kind per node picks by the event parameter.
	const modeOf = (e: EventSpec) => (e.response.by === 'node' ? '"onReceived"' : param(e.response.parameter));
	const modes = new Set(events.map(modeOf));
	let responseMode: string;
	if (modes.size === 1) {
		const [only] = modes;
		responseMode = only === '"onReceived"' ? 'onReceived' : `={{${only}}}`;
	} else {
		if (selection.by !== 'parameter') throw new Error('Kinds read from the payload share one path and one response mode');
		const byParameter = events.filter((e) => e.response.by === 'parameter');
		const cases = byParameter.map((e) => `${param(selection.parameter)} === ${JSON.stringify(e.value)} ? ${modeOf(e)} : `).join('');
		responseMode = `={{${cases}"onReceived"}}`;
	}
	return {
		name: 'default',
		httpMethod: 'POST',
		path,
		responseMode,
		responseData: webhook.responseData,
		...(webhook.responsePropertyParameter ? { responsePropertyName: `={{${param(webhook.responsePropertyParameter)}}}` } : {}),
		...(webhook.responseContentType ? { responseContentType: webhook.responseContentType } : {}),
	};
}

/** The test and production URLs, as a user meets them in the node's Webhook URLs panel. */
export const URL_NOTICE =
	'The Test URL answers only while this editor listens (Listen for Test Event / Execute Workflow), for one request; the Production URL answers once the workflow is published (active). Paste the Production URL for real traffic.';

/** What to paste where for the given kinds, in one sentence per place. */
export function pasteNotice(trigger: TriggerSpec, kinds: EventSpec[]): string {
	const places = new Map<string, EventSpec[]>();
	for (const kind of kinds) places.set(kind.portal.where, [...(places.get(kind.portal.where) ?? []), kind]);
	const sentences = [...places.entries()].map(([where, group]) => {
		const also = group.map((k) => k.portal.also).filter(Boolean);
		const names = group.map((k) => k.name).join(', ');
		return `${names}: paste this node's Production URL in ${trigger.caller} at ${where}.${also.length ? ` ${also.join(' ')}` : ''}`;
	});
	return [...sentences, trigger.secretNotice, URL_NOTICE].filter(Boolean).join(' ');
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

/** A kind's filter: the documented values of one field that start the workflow. */
function filterProperty(trigger: TriggerSpec, kind: EventSpec): INodeProperties[] {
	if (!kind.filter) return [];
	const { parameter, values } = kind.filter;
	return [
		showFor(trigger, kind, {
			displayName: 'Events',
			name: parameter,
			type: 'multiOptions',
			options: values.map((v) => ({ name: v, value: v })),
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
