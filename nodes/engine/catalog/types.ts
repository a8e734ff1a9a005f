/**
 * The attribute metadata table format: one OperationSpec per function of an interface document.
 * The node's properties, the zod validation, the request bodies, the credential's visibility and the
 * README tables are generated from these entries, so an entry should read like a row of the
 * document's Endpoints table. Code outside the table is limited to what an entry points at: a
 * shaper, a local runner, a file spec, a listSearch method, extra fields (placed by the generator).
 */
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import type { CsvExportSpec } from './csvExport';

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
	| 'json' // an object or array, typed as JSON
	| 'base64' // Base64 text (whitespace of pasted text removed), checked as Base64
	| 'file'; // a file from the input item's binary data or given by hand (see FileSpec)

/** A rule the value must follow; `text` completes the sentence "<Display Name> ..." */
export interface AttributeRule {
	/** Add the value given to the message: '... (got "note")' (for values computed from a file). */
	showValue?: boolean;
	pattern?: RegExp;
	min?: number;
	max?: number;
	minLength?: number;
	maxLength?: number;
	text: string;
	/**
	 * A value people write in more than one way (a phone number with spaces, dashes, a leading +): its
	 * one wire form, checked and sent instead of the text given, or the problem (completing "<Label> ...")
	 * when it cannot be one. Applied before the other parts of the rule.
	 */
	normalize?: (text: string) => { ok: true; value: string } | { ok: false; problem: string };
}

/**
 * `L`: the names of the node's listSearch methods, so that a `load` naming no method of the node
 * does not compile. Attributes without `load` are `AttributeSpec` (L = never) and fit any catalog.
 */
export interface AttributeSpec<L extends string = never> {
	/** The attribute exactly as the interface spells it (case-sensitive). */
	name: string;
	/** Label in the editor; defaults to a spaced version of `name`. */
	label?: string;
	/**
	 * The n8n parameter name, when n8n itself expects a given one (send-and-wait's text must be the
	 * parameter `message`, which n8n's generated review tool replaces); defaults to `name`, sanitized.
	 */
	param?: string;
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
	load?: L;
	/** Label of the typed-by-hand mode of a `load` dropdown (default "By ID"), e.g. "By Number". */
	loadManualLabel?: string;
	/**
	 * Sent exactly as written: not trimmed, and only an empty text counts as "not given" (a message
	 * Body, whose length the document counts with its spaces and carriage returns).
	 */
	asWritten?: boolean;
	/** 'customer': filled from the credential's default customer when left empty (its field starts empty). */
	role?: 'customer';
	/**
	 * An optional number whose emptiness has a meaning of its own ("Left empty, nothing is sent"): its
	 * field starts empty instead of at a number, since n8n's number field cannot be empty (see
	 * startsEmpty() in generators/properties.ts). Implied by role 'customer'.
	 */
	startsEmpty?: boolean;
	/** For 'file': where the file comes from and how it becomes request attributes. */
	file?: FileSpec;
	/**
	 * An 'enum' whose two options are named Yes and No, shown as a toggle from this node version on (n8n
	 * shows booleans as toggles). The toggle sends the option values the dropdown sent, so the request
	 * does not change; older node versions (saved workflows) keep the dropdown.
	 */
	toggleSince?: number;
}

/** A file as n8n's binary data holds it. */
export interface BinaryFile {
	fileName: string;
	mimeType: string;
	data: Buffer;
}

/** Why a binary file cannot be sent, as the error shows it. */
export interface FileRefusal {
	refused: string;
	description?: string;
}

/**
 * A 'file' attribute (required, shown at top level): the user picks the input item's binary data or
 * gives the file by hand. By hand, the `manual` attributes are fields of their own; from binary
 * data, `fromBinary` computes the same attributes. Either way the generated schema then checks them
 * with their rules: one reader (engine/files.ts) serves every file-carrying function. The attribute's
 * own name is not sent; its `manual` attributes are.
 */
export interface FileSpec {
	/** The source dropdown: its parameter name and label, and the "given by hand" choice. */
	source: { name: string; label: string; manual: { value: string; name: string; description: string } };
	/** Description of the "binary data" choice. */
	binaryDescription: string;
	/** Help text of the binary field name. */
	binaryFieldDescription: string;
	/** The request attributes the file becomes (each required; shown as fields when given by hand). */
	manual: AttributeSpec[];
	/** The attributes computed from a binary file, or why this file cannot be sent. */
	fromBinary: (file: BinaryFile, property: string) => IDataObject | FileRefusal;
}

/** Rules that involve more than one attribute. */
export type CrossRule =
	| { kind: 'atLeastOne'; attributes: string[]; message: string }
	| { kind: 'together'; attributes: string[]; message: string }
	| { kind: 'notBoth'; first: string; second: string[]; message: string }
	/** `needs` is required when `attribute` is given with a value other than those in `except`. */
	| { kind: 'needsWhenSet'; attribute: string; except: string[]; needs: string; message: string }
	/** When `when` has the value `is`, a given `attribute` must also follow `rule` (message: `message`). */
	| { kind: 'ruleWhen'; attribute: string; when: string; is: string; rule: AttributeRule; message: string };

/**
 * How the answer becomes items. 'list' and 'keyed' answers are lists or reports, 'status' and
 * 'object' answers are not; a 'custom' shaper says which it is (`records`). On a list or report a
 * "nothing found" Reason is no items; on anything else it is a failure (see returnsRecords).
 */
export type ResponseSpec =
	| { kind: 'status' } // one item: the answer itself (Status, Message ...)
	| { kind: 'object' } // one item: the answer's fields
	| { kind: 'list'; key: string } // one item per element of answer[key]
	| { kind: 'keyed'; keyName: string; key?: string } // one item per key (of answer[key], else top level), kept as keyName
	| { kind: 'custom'; shape: Shaper; records: boolean };

export interface ShapeContext {
	fn: IExecuteFunctions;
	itemIndex: number;
	options: IDataObject;
	body: IDataObject;
	/**
	 * A local operation with `textSplit`, Options > Split Long Text on: how to cut its text (numbered or
	 * not, as chosen). The runner splits itself; the engine passed the text whole.
	 */
	splitText?: (text: string, lastLine?: string) => string[];
}

export type Shaper = (
	response: unknown,
	ctx: ShapeContext,
) => Promise<INodeExecutionData[]> | INodeExecutionData[];

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

/**
 * A text attribute the user may let the node split when it is longer than its rule allows (an SMS
 * Body over 136 characters, as an AI writes it): Options > Split Long Text, off by default. Each part
 * is one request, checked by the same schema; the answers become one item per part, in order.
 */
export interface TextSplitSpec {
	/** The attribute whose text is split (its API name, e.g. 'Body'). */
	attribute: string;
	/**
	 * The parts of a text, each following the attribute's rule; [] when nothing can be sent. `lastLine`:
	 * a line that must end the last part whole (a local runner's, e.g. Send and Wait's instruction).
	 */
	split: (text: string, numbered: boolean, lastLine?: string) => string[];
}

/** An operation that does not call the interface (e.g. answering a waiting webhook). */
export type LocalRunner = (body: IDataObject, ctx: ShapeContext) => Promise<INodeExecutionData[]>;

interface OperationBase<L extends string> {
	resource: string;
	operation: string;
	/** The function's name in the interface document (README, error hints, and the editor unless `label`). */
	name: string;
	/**
	 * The operation's name in the editor when n8n's UX guidelines name it otherwise than the
	 * document (Create, Update, Get Many, Delete ...); the dropdown then shows `name` in its description.
	 */
	label?: string;
	/** Short sentence for the operation dropdown ("Place a call from an extension"). */
	action: string;
	description?: string;
	attributes: Array<AttributeSpec<L>>;
	rules?: CrossRule[];
	response: ResponseSpec;
	/** Extra settings under the operation's Options collection (read by custom shapers). */
	options?: INodeProperties[];
	/**
	 * A check of the Options against the checked request body, before anything is sent: a choice that
	 * could only give nothing is refused with what to change, never run silently.
	 */
	checkOptions?: (options: IDataObject, body: IDataObject) => { message: string; description: string } | undefined;
	/**
	 * Extra fields shown above Additional Fields (e.g. whether to download recordings). The generator
	 * shows them for this operation only: their displayOptions may name other fields of the operation,
	 * never `resource` or `operation` (so renaming an operation cannot orphan them).
	 */
	fields?: INodeProperties[];
	/**
	 * Whether the answer is a list of records, offered with Return All / Limit (node version 2 on).
	 * Default: true for the 'list' and 'keyed' response kinds, false otherwise.
	 */
	returnsMany?: boolean;
	/**
	 * A report over a date range the user chose: Return All starts on (the whole range), where n8n's
	 * usual default (off, 50 records) would cut a day's call records short without anyone noticing.
	 */
	returnAllByDefault?: boolean;
	/** Records with dozens of fields: what the Simplify toggle (node version 2 on) keeps. */
	simplify?: SimplifySpec;
}

/** The short set Simplify returns, and what the request asks for so that every field of it comes back. */
export interface SimplifySpec {
	/** The fields kept, in this order (those the record lacks are left out). */
	fields: string[];
	/** Attributes set in the request while simplifying, e.g. { ViewType: 'Full' }. */
	request?: IDataObject;
}

/** A function of the interface: one request (or one per part of a split range) to `path`. */
export interface RequestOperation<L extends string = string> extends OperationBase<L> {
	/** The path the service descriptor turns into the function's URL, e.g. 'transfercall' or 'did/view'. */
	path: string;
	local?: undefined;
	sendsThrough?: undefined;
	waits?: undefined;
	split?: RangeSplit;
	/** Also offered as one CSV file made in windows of its date range. */
	csv?: CsvExportSpec;
	/** Key scope this function needs, for the README and error hints. */
	scope?: 'global' | 'any';
	/** The replacement of a deprecated legacy function. */
	deprecatedBy?: string;
	/**
	 * One request per item that may run several at once (sending messages): Options > Concurrency and
	 * Messages Per Second (engine/bulk.ts). Output stays in input order; nothing is retried.
	 */
	bulk?: boolean;
	/** Offer Options > Split Long Text for this text attribute (see TextSplitSpec). */
	textSplit?: TextSplitSpec;
	/** Body encodings the function accepts (default both); with only 'json', Send Body As is not offered. */
	bodyFormats?: Array<'json' | 'form'>;
}

/**
 * An operation that sends no request (answering a waiting webhook): no path, no transport options,
 * and, unless it has a Customer attribute, no credential (the generator hides it).
 */
export interface LocalOperation<L extends string = string> extends OperationBase<L> {
	/** Runs instead of an HTTP request, after the same validation. */
	local: LocalRunner;
	/**
	 * The documented function the runner sends through itself, e.g. '/sms/' (so the catalog's credential
	 * is shown and read, and the README names the path).
	 */
	sendsThrough?: string;
	/**
	 * n8n's send-and-wait shape: the runner runs once, for the first item, and puts the execution to
	 * wait; the node outputs its input items unchanged (what n8n resumes with when the wait times out).
	 */
	waits?: boolean;
	// None of the request settings apply.
	path?: undefined;
	csv?: undefined;
	split?: undefined;
	scope?: undefined;
	deprecatedBy?: undefined;
	bulk?: undefined;
	/**
	 * Offer Options > Split Long Text; the runner cuts the text itself (ShapeContext.splitText), since
	 * what it sends is more than the attribute (Send and Wait: the instruction ends the last part) and
	 * its output is not one item per part.
	 */
	textSplit?: TextSplitSpec;
	bodyFormats?: undefined;
}

export type OperationSpec<L extends string = string> = RequestOperation<L> | LocalOperation<L>;

export interface ResourceSpec {
	value: string;
	name: string;
	description?: string;
	/**
	 * Not offered from this node version on (a deprecated resource): new nodes do not list it, while
	 * saved workflows (older versions) keep it and run as before.
	 */
	retiredSince?: number;
}

/**
 * What the transport needs to know about the service a catalog talks to (the switch, the gateway):
 * the generic transport knows no credential field and no service by name.
 */
export interface ServiceSpec {
	/** What the node talks to, in messages ("The switch answered FAIL ..."). */
	name: string;
	/** Name of the credential type whose base URL and key the requests use. */
	credential: string;
	/** The function URL from the credential and an entry's path. */
	url: (credentials: ICredentialDataDecryptedObject, path: string) => string;
	/** Credential values that must never appear in a message (keys). */
	secrets: (credentials: ICredentialDataDecryptedObject) => string[];
	/** The credential's default for attributes with role 'customer', if the service has one. */
	defaultCustomer?: (credentials: ICredentialDataDecryptedObject) => unknown;
	/** Said when the service answers an HTTP error: what the Base URL should be. */
	baseUrlHint: string;
	/** Hints for FAIL reasons of any of its functions. */
	hints?: Array<[RegExp, string]>;
	/**
	 * Hints that fit only some functions, by the API names of the function's attributes (none given:
	 * a dropdown's lookup, only the hints that fit any function).
	 */
	hintsFor?: (attributes?: string[]) => Array<[RegExp, string]>;
}

/** `L`: the names of the node's listSearch methods (see AttributeSpec). */
export interface Catalog<L extends string = string> {
	service: ServiceSpec;
	resources: ResourceSpec[];
	operations: Array<OperationSpec<L>>;
}
