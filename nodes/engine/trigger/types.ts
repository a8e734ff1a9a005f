/**
 * The trigger kit's table format: one EventSpec per callback an interface document describes, and
 * one TriggerSpec per trigger node. The node's fields, notices and webhook description, its
 * dispatch and the README's events table are all generated from these entries, so adding an event
 * kind is one entry plus its handler.
 */
import type { IDataObject, INodeParameters, INodeProperties, IWebhookFunctions, IWebhookResponseData, NodeParameterValueType } from 'n8n-workflow';

/** One expression field of a webhook description: the template the editor reads, the same value natively. */
export interface DescriptionField {
	template: string;
	resolve: (parameters: INodeParameters) => NodeParameterValueType | undefined;
}

export interface Refusal {
	status: number;
	reason: string;
}

/** A request that passed the guard, on its way to the handler of its event kind. */
export interface ReceivedEvent {
	kind: EventSpec;
	/** The body's fields as sent (JSON object or form fields). */
	fields: IDataObject;
	/** The kind's parser's item, or the fields themselves when the kind has no parser. */
	item: IDataObject;
	receivedAt: Date;
}

export type EventHandler = (fn: IWebhookFunctions, event: ReceivedEvent) => Promise<IWebhookResponseData> | IWebhookResponseData;

/** Who answers the caller: the node at once, or the workflow through the choice in a parameter. */
export type ResponseSpec = { by: 'node' } | { by: 'parameter'; parameter: string };

export interface EventSpec {
	/** The event kind, as the node's event parameter holds it. */
	value: string;
	name: string;
	description: string;
	/** The webhook path the kind is received at (after n8n's <webhook id>/). */
	path: string;
	/** Payload fields as the document lists them (README). */
	fields: string[];
	/** Fields without which the request is refused. */
	required: string[];
	/**
	 * A field whose values the document lists, and the node parameter selecting those that start the
	 * workflow: others are still acknowledged. A value the document does not list is refused.
	 */
	filter?: { parameter: string; field: string; values: string[]; /** What each value means, shown beside it in the editor. */ descriptions?: Record<string, string> };
	/** The body's fields as the item the workflow gets, or why the request is refused. */
	parse?: (fields: IDataObject, receivedAt: Date) => { item: IDataObject } | { refusal: Refusal };
	handle: EventHandler;
	response: ResponseSpec;
	/** Where the URL is pasted (portal or operator setting), and what else goes there. */
	portal: { where: string; also?: string };
	/** What the caller gets back (README). */
	answer: string;
	/** What the workflow gets (README). */
	gives: string;
	/** Fields this kind alone needs; the generator shows them for this kind only. */
	properties?: INodeProperties[];
}

/**
 * How the node learns a request's event kind: a parameter naming one kind per node, each kind at its
 * own path; or one path for every kind, the kind read from the payload and the parameter selecting
 * the kinds that start the workflow.
 */
export type EventSelection =
	| { by: 'parameter'; parameter: string; displayName: string; description: string }
	| {
			by: 'payload';
			parameter: string;
			displayName: string;
			description: string;
			classify: (fields: IDataObject) => { kind: string } | { refusal: Refusal };
	  };

export interface TriggerSpec {
	/** Who calls: "the switch portal", "the gateway operator" (notices and README). */
	caller: string;
	events: EventSpec[];
	selection: EventSelection;
	/** Checks the request's key or secret (after the source allow-list, before size and shape). */
	authenticate: (fn: IWebhookFunctions, body: IDataObject) => Promise<Refusal | undefined>;
	/**
	 * Status of a body refused for its shape or content. The switch retries nothing, so 400; the
	 * gateway retries any HTTP error, so a callback it should drop is answered 200 with FAIL.
	 */
	malformedStatus: number;
	/** Whether refusal reasons are sentences ending with a period (the gateway's own style). */
	sentenceReasons: boolean;
	/** Written when a selected kind's request is not selected: acknowledged, nothing starts. */
	acknowledge: (fn: IWebhookFunctions) => IWebhookResponseData;
	/**
	 * How n8n writes an answer (webhook description). responseData is a constant, or a field read
	 * from the node's parameters (see describe.ts DescriptionField); responseHeaders, headers n8n
	 * sets on the answer (its `{ entries: [{ name, value }] }` shape), e.g. the content type of an
	 * answer the trigger hands n8n as webhookResponse.
	 */
	webhook: { responseData: string | DescriptionField; responseHeaders?: DescriptionField; responseContentType?: string; responsePropertyParameter?: string };
	/** A sentence on the key or secret, added to every notice. */
	secretNotice: string;
	/** A sentence on running it with several n8n webhook processors, last in every notice (a trigger that keeps state). */
	scalingNotice?: string;
}
