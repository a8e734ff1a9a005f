/**
 * The attribute metadata table format: one OperationSpec per function of an interface document.
 * Every other artefact (node properties, zod validation, request bodies, README tables) is generated
 * from these entries, so an entry should read like a row of the document's Endpoints table.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

/** How an attribute is shown in n8n and encoded on the wire. */
export type AttributeType =
	| 'string' // free text, sent as given
	| 'password' // free text shown masked
	| 'digits' // numeric-looking string (numbers typed or mapped are sent as strings)
	| 'integer' // n8n number field, sent as a number
	| 'boolean' // toggle, sent as 1 or 0
	| 'enum' // dropdown of `options`
	| 'date' // date picker, sent as YYYY-MM-DD
	| 'dateTime' // date picker, sent as YYYY-MM-DD HH:MM:SS
	| 'dateOrDateTime' // date picker; sent as YYYY-MM-DD when the time is midnight, else with the time
	| 'list' // one value or several (comma or newline separated, or an array from an expression)
	| 'json'; // an object or array, typed as JSON

/** A rule the value must follow; `text` completes the sentence "<Display Name> ..." */
export interface AttributeRule {
	pattern?: RegExp;
	min?: number;
	max?: number;
	minLength?: number;
	maxLength?: number;
	text: string;
}

export interface AttributeSpec {
	/** The attribute exactly as the interface spells it (case-sensitive). */
	name: string;
	/** Label in the editor; defaults to a spaced version of `name`. */
	label?: string;
	type: AttributeType;
	/**
	 * true: a required field. 'when': required, and shown, only when another attribute has one of the
	 * listed values. Otherwise optional, under Additional Fields (or at top level with `topLevel`).
	 */
	required?: boolean | { when: string; in: Array<string | number | boolean> };
	/** Show an optional attribute as a field of its own instead of under Additional Fields. */
	topLevel?: boolean;
	/** Default shown in the editor (and therefore sent when the field is present). */
	default?: string | number | boolean;
	/** What the interface says the switch assumes when the attribute is left out (help text only). */
	switchDefault?: string;
	description: string;
	placeholder?: string;
	rule?: AttributeRule;
	options?: Array<{ name: string; value: string | number; description?: string }>;
	/** For 'list': send an array even for one value (the interface takes "single or array"). */
	alwaysArray?: boolean;
	/**
	 * A record picked from the switch: the name of one of the node's listSearch methods. The field
	 * becomes a resource locator (From List, or By ID typed by hand) and the request carries the ID.
	 * For a 'list' attribute, By ID takes several IDs separated by commas.
	 */
	load?: string;
	/** Label of the typed-by-hand mode of a `load` dropdown (default "By ID"), e.g. "By Number". */
	loadManualLabel?: string;
	/** 'customer': filled from the credential's default customer when left empty. */
	role?: 'customer';
}

/** Rules that involve more than one attribute. */
export type CrossRule =
	| { kind: 'atLeastOne'; attributes: string[]; message: string }
	| { kind: 'together'; attributes: string[]; message: string }
	| { kind: 'notBoth'; first: string; second: string[]; message: string };

/** How the answer becomes items. */
export type ResponseSpec =
	| { kind: 'status' } // one item: the answer itself (Status, Message ...)
	| { kind: 'object' } // one item: the answer's fields
	| { kind: 'list'; key: string } // one item per element of answer[key]
	| { kind: 'keyed'; keyName: string; key?: string } // one item per key (of answer[key], else top level), kept as keyName
	| { kind: 'custom'; shape: Shaper };

export interface ShapeContext {
	fn: IExecuteFunctions;
	itemIndex: number;
	options: IDataObject;
	body: IDataObject;
}

export type Shaper = (
	response: unknown,
	ctx: ShapeContext,
) => Promise<INodeExecutionData[]> | INodeExecutionData[];

/** Work an operation needs before the request is sent (e.g. turning binary data into a data URI). */
export type Preparer = (body: IDataObject, ctx: ShapeContext) => Promise<IDataObject> | IDataObject;

/**
 * A date range the interface (or good sense) limits per request: split it into consecutive
 * requests and merge the answers, so the user can ask for a quarter or a month of records.
 */
export interface RangeSplit {
	/** Attributes holding the range's bounds (inclusive), e.g. FromDate / ToDate. */
	from: string;
	to: string;
	/** A hard limit of the interface, in days per request (usage report: 45). */
	maxDays?: number;
	/** Name of a numeric Options setting with the user's span in days (0 or empty: no split). */
	daysOption?: string;
	/** Merges the raw answers of the parts into one answer before shaping (default: shape each). */
	merge?: (answers: unknown[]) => unknown;
}

/** An operation that does not call the interface (e.g. answering a waiting webhook). */
export type LocalRunner = (body: IDataObject, ctx: ShapeContext) => Promise<INodeExecutionData[]>;

export interface OperationSpec {
	resource: string;
	operation: string;
	/** The function's name in the interface document, also the operation's label. */
	name: string;
	/** Short sentence for the operation dropdown ("Place a call from an extension"). */
	action: string;
	description?: string;
	/** The path after {base_url}/api/ without slashes, e.g. 'transfercall' or 'did/view'. */
	path: string;
	attributes: AttributeSpec[];
	rules?: CrossRule[];
	response: ResponseSpec;
	/** Extra settings under the operation's Options collection (read by custom shapers/preparers). */
	options?: INodeProperties[];
	/** Extra fields shown above Additional Fields (e.g. where a fax file comes from). */
	fields?: INodeProperties[];
	prepare?: Preparer;
	split?: RangeSplit;
	/** Runs instead of an HTTP request, after the same validation. */
	local?: LocalRunner;
	/** Key scope this function needs, for the README and error hints. */
	scope?: 'global' | 'any';
	/** The replacement of a deprecated legacy function. */
	deprecatedBy?: string;
	/**
	 * One request per item that may run several at once (sending messages): Options > Concurrency and
	 * Messages Per Second (engine/bulk.ts). Output stays in input order; nothing is retried.
	 */
	bulk?: boolean;
	/** Body encodings the function accepts (default both); with only 'json', Send Body As is not offered. */
	bodyFormats?: Array<'json' | 'form'>;
}

export interface ResourceSpec {
	value: string;
	name: string;
	description?: string;
}

export interface Catalog {
	/** Name of the credential type whose base URL and key the requests use. */
	credential: string;
	/** The function URL from the credential's base URL and an entry's path (default `{base_url}/api/<path>/`). */
	url?: (baseUrl: string, path: string) => string;
	/** What the node talks to, in error messages (default 'switch'). */
	service?: string;
	/** Hints for FAIL reasons, tried before the shared ones. */
	hints?: Array<[RegExp, string]>;
	resources: ResourceSpec[];
	operations: OperationSpec[];
}
