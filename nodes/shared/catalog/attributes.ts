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

/** A call channel, as listed by List Active Calls. */
export const channel = (description: string): AttributeSpec => ({
	name: 'Channel',
	type: 'string',
	required: true,
	description: `${description} Channels come from Call > List Active Calls (SourceChannel / DestinationChannel).`,
	placeholder: 'SIP/201-0000002a',
});
