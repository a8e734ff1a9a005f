/** Attributes that recur across functions, written once. */
import type { AttributeSpec } from './types';

/** `Customer`: optional everywhere it appears; the interface's default is 1. */
export const customer = (description = ''): AttributeSpec => ({
	name: 'Customer',
	type: 'integer',
	role: 'customer',
	switchDefault: '1',
	description:
		(description ? description + ' ' : '') +
		"Numeric customer ID. Left empty, the credential's default customer is used, else the switch uses 1.",
});

/**
 * The credential's Default Customer as the number sent for `Customer`: empty is none, anything but
 * a numeric customer ID (convention 5) is refused, so a typo never reaches the switch as a customer.
 */
export function defaultCustomerOf(value: unknown): number | undefined {
	const text = typeof value === 'number' ? String(value) : String(value ?? '').trim();
	if (!text) return undefined;
	if (!/^\d+$/.test(text)) throw new Error(`The credential's Default Customer must be a numeric customer ID (it is "${text}")`);
	return Number(text);
}

/** A call channel, as listed by List Active Calls. */
export const channel = (description: string): AttributeSpec => ({
	name: 'Channel',
	type: 'string',
	required: true,
	description: `${description} Pick it from the calls in progress, or type it (SourceChannel / DestinationChannel of Call > List Active Calls).`,
	placeholder: 'SIP/201-0000002a',
	load: 'activeChannels',
	loadManualLabel: 'By Channel',
});

/** An extension number of the customer, picked from the switch or typed. */
export const extensionNumber = (description: string, extra: Partial<AttributeSpec> = {}): AttributeSpec => ({
	name: 'Extension',
	type: 'digits',
	required: true,
	description,
	placeholder: '201',
	load: 'extensionNumbers',
	loadManualLabel: 'By Number',
	...extra,
});
