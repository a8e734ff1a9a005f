/**
 * The one attribute vocabulary of the catalogs: short builders, each `(name, description, extra)`,
 * so a table reads like the document's (one line per attribute with its type, default and rule),
 * and the attributes that recur across functions (Customer, Channel, Extension), written once.
 * `extra` may set any other part of the entry; a plain AttributeSpec object remains valid too.
 */
import type { AttributeSpec } from '../../engine/catalog/types';

type Extra<L extends string> = Partial<AttributeSpec<L>>;
type Option = { name: string; value: string | number; description?: string };

export const text = <L extends string = never>(name: string, description: string, extra: Extra<L> = {}): AttributeSpec<L> => ({
	name,
	type: 'string',
	description,
	...extra,
});

/** A key or password written into the switch: masked in the editor, sent as typed. */
export const secret = <L extends string = never>(name: string, description: string, extra: Extra<L> = {}): AttributeSpec<L> => ({
	name,
	type: 'password',
	description,
	...extra,
});

/**
 * A numeric-looking value sent as text (IDs, limits): the switch reads form variables as text anyway.
 * No rule unless the document states one for the field (give it in `extra`).
 */
export const digits = <L extends string = never>(name: string, description: string, extra: Extra<L> = {}): AttributeSpec<L> => ({
	name,
	type: 'digits',
	description,
	...extra,
});

/** A count or a limit, shown as a number field; no rule unless the document states one. */
export const number = <L extends string = never>(name: string, description: string, extra: Extra<L> = {}): AttributeSpec<L> => ({
	name,
	type: 'integer',
	description,
	...extra,
});

/** A boolean sent as 1/0; `on` is the interface's default (shown when the field is added). */
export const flag = <L extends string = never>(name: string, on: boolean | undefined, description: string, extra: Extra<L> = {}): AttributeSpec<L> => ({
	name,
	type: 'boolean',
	...(on === undefined ? {} : { default: on, switchDefault: on ? '1' : '0' }),
	description,
	...extra,
});

export const choice = <L extends string = never>(name: string, options: Option[], description: string, extra: Extra<L> = {}): AttributeSpec<L> => ({
	name,
	type: 'enum',
	options,
	description,
	...extra,
});

export const required = <L extends string>(attribute: AttributeSpec<L>): AttributeSpec<L> => ({ ...attribute, required: true });
export const optional = <L extends string>(attribute: AttributeSpec<L>): AttributeSpec<L> => {
	const copy = { ...attribute };
	delete copy.required;
	return copy;
};

/**
 * `Customer`, the one definition for every function that has it: optional, the interface's default
 * is 1, filled from the credential's default customer when left empty (role 'customer'). A node with
 * a customers dropdown passes its `load`.
 */
export const customer = <L extends string = never>(description = '', extra: Extra<L> = {}): AttributeSpec<L> => ({
	name: 'Customer',
	type: 'integer',
	role: 'customer',
	switchDefault: '1',
	description:
		(description ? description + ' ' : '') +
		"Customer ID. Left empty, the credential's default customer is used, else the switch uses 1.",
	...extra,
});

/** A call channel, as listed by List Active Calls. */
export const channel = (description: string): AttributeSpec<'activeChannels'> => ({
	name: 'Channel',
	type: 'string',
	required: true,
	description: `${description} Pick it from the calls in progress, or type it (SourceChannel / DestinationChannel of Call > Get Many).`,
	placeholder: 'SIP/201-0000002a',
	load: 'activeChannels',
	loadManualLabel: 'By Channel',
});

/** An extension number of the customer, picked from the switch or typed. */
export const extensionNumber = (description: string, extra: Extra<'extensionNumbers'> = {}): AttributeSpec<'extensionNumbers'> => ({
	name: 'Extension',
	type: 'digits',
	required: true,
	description,
	placeholder: '201',
	load: 'extensionNumbers',
	loadManualLabel: 'By Number',
	...extra,
});
