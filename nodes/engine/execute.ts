/**
 * The execute() of every catalog-driven action node: for each input item, find the operation's table
 * entry, read its fields, check them (generated zod schema), send the request, shape the answer into
 * items. continueOnFail and pairedItem as n8n expects. Operations marked `bulk` run several items at
 * once (bulk.ts); the output keeps the input order either way.
 */
import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
} from 'n8n-workflow';
import { bulkSettings, ONE_AT_A_TIME, runBounded, type BulkSettings, type Outcome, type Pace } from './bulk';
import type { Catalog, OperationSpec, RequestOperation, ShapeContext } from './catalog/types';
import { readFile } from './files';
import { appendItems, pairedWith } from './items';
import { needsCredential } from './generators/credentials';
import { isTopLevel, operationLabel, paramName } from './generators/names';
import { buildRequestBody } from './generators/schema';
import { inTimeZone } from './generators/values';
import { shapeResponse } from './shapers/basic';
import { applyListing, readListing } from './shapers/listing';
import { boundMs, splitRange } from './transport/ranges';
import { csvFileSettings } from './export/options';
import { exportCsvFile } from './export/csvFile';
import { returnsRecords } from './catalog/responseKinds';
import { defaultCustomerOf } from './defaultCustomer';
import { credentialsOnce } from './transport/credentialsOnce';
import { globalKeyHintRule } from './transport/failures';
import { solswitchRequest } from './transport/request';
import { splitterFor, splitting, textPieces } from './textSplit';

export function findOperation(catalog: Catalog, resource: string, operation: string): OperationSpec {
	const op = catalog.operations.find((o) => o.resource === resource && o.operation === operation);
	if (!op) throw new Error(`Unknown operation ${resource}/${operation}`);
	return op;
}

const DATE_TYPES = new Set(['date', 'dateTime', 'dateOrDateTime']);

/**
 * Raw attribute values of one item as the user set them (API names as keys; a file as the
 * attributes it stands for; dates in the workflow's time zone).
 */
export async function readAttributes(fn: IExecuteFunctions, op: OperationSpec, itemIndex: number): Promise<Record<string, unknown>> {
	const raw: Record<string, unknown> = {};
	const additional = (op.attributes.some((a) => !isTopLevel(a))
		? fn.getNodeParameter('additionalFields', itemIndex, {})
		: {}) as IDataObject;
	for (const attribute of op.attributes) {
		const name = paramName(attribute);
		if (attribute.type === 'file') {
			Object.assign(raw, await readFile(fn, attribute, itemIndex));
		} else if (isTopLevel(attribute)) {
			const cond = attribute.required;
			// A conditionally shown field is absent from the parameters while hidden (as is one that Simplify sets).
			const hideable = typeof cond === 'object' || (op.simplify?.request !== undefined && attribute.name in op.simplify.request);
			raw[attribute.name] = hideable ? fn.getNodeParameter(name, itemIndex, '') : fn.getNodeParameter(name, itemIndex);
		} else if (name in additional) {
			raw[attribute.name] = additional[name];
		}
		if (DATE_TYPES.has(attribute.type) && attribute.name in raw) raw[attribute.name] = inTimeZone(raw[attribute.name], fn.getTimezone());
	}
	return raw;
}

/**
 * Fills `Customer` from the credential's Default Customer when the user left it empty, only where the
 * catalog gives Customer that meaning (`role: 'customer'`). A Default Customer that is not a numeric
 * customer ID is refused.
 */
export function applyCustomerDefault(op: OperationSpec, body: IDataObject, defaultCustomer: unknown): IDataObject {
	const attribute = op.attributes.find((a) => a.role === 'customer');
	if (!attribute || body[attribute.name] !== undefined) return body;
	const value = defaultCustomerOf(defaultCustomer);
	return value === undefined ? body : { ...body, [attribute.name]: value };
}

/** "DID > Create": the resource and operation as the editor shows them. */
export function functionLabel(catalog: Catalog, op: OperationSpec): string {
	const resource = catalog.resources.find((r) => r.value === op.resource)?.name ?? op.resource;
	return `${resource} > ${operationLabel(op)}`;
}

export async function runOperation(
	fn: IExecuteFunctions,
	catalog: Catalog,
	op: OperationSpec,
	itemIndex: number,
	pace: Pace = async () => {},
): Promise<INodeExecutionData[]> {
	const options = fn.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const raw = await readAttributes(fn, op, itemIndex);
	// Options > Split Long Text: one request per part of the text, every part checked before any is sent
	// (a local operation's runner cuts its text itself: runChecked hands it the splitter).
	const pieces = op.local ? [raw] : textPieces(op.textSplit, raw, options);
	const bodies = pieces.map((piece, index) => {
		const checked = buildRequestBody(op, piece);
		if (checked.ok) return checked.body as IDataObject;
		// Parts differ only in their text: a later part fails only for its text, so name it.
		const part = index > 0 ? `Part ${index + 1} of ${pieces.length}: ` : '';
		throw new NodeOperationError(fn.getNode(), `${part}${checked.message}`, {
			itemIndex,
			description: checked.all.length > 1 ? `Also: ${checked.all.slice(1).join('; ')}` : undefined,
		});
	});
	// An option that cannot work with this request (Usage > Get Report: Records Only without Details) is
	// refused before anything is sent.
	const refused = op.checkOptions?.(options, bodies[0]);
	if (refused) throw new NodeOperationError(fn.getNode(), refused.message, { itemIndex, description: refused.description });
	if (op.local || !splitting(op.textSplit, options)) return await runChecked(fn, catalog, op, itemIndex, options, bodies[0]);
	const items: INodeExecutionData[] = [];
	for (let index = 0; index < bodies.length; index++) {
		if (index > 0) await pace();
		let shaped: INodeExecutionData[];
		try {
			shaped = await runChecked(fn, catalog, op, itemIndex, options, bodies[index]);
		} catch (error) {
			throw withPartsSent(fn, error, itemIndex, index, bodies.length);
		}
		for (const item of shaped) items.push({ ...item, json: { ...item.json, part: index + 1, parts: bodies.length } });
	}
	return items;
}

/**
 * The error of part `index` (0-based) of a split text, as a node error; when parts before it went out,
 * it says so, so that nobody resends the whole text blindly.
 */
function withPartsSent(fn: IExecuteFunctions, error: unknown, itemIndex: number, index: number, total: number): NodeOperationError | NodeApiError {
	const nodeError =
		error instanceof NodeOperationError || error instanceof NodeApiError ? error : new NodeOperationError(fn.getNode(), error as Error, { itemIndex });
	if (index === 0) return nodeError;
	const sent = index === 1 ? `Part 1 of ${total} was` : `Parts 1 to ${index} of ${total} were`;
	const note = `${sent} sent before part ${index + 1} failed.`;
	nodeError.description = nodeError.description ? `${nodeError.description} ${note}` : note;
	return nodeError;
}

/** One checked request body: sent (or run locally) and shaped into items. */
async function runChecked(
	fn: IExecuteFunctions,
	catalog: Catalog,
	op: OperationSpec,
	itemIndex: number,
	options: IDataObject,
	checkedBody: IDataObject,
): Promise<INodeExecutionData[]> {
	// An operation that sends no request needs no credential, unless it has a Customer to default.
	const credentials = needsCredential(op) ? await credentialsOnce(fn, catalog.service.credential) : {};
	const listing = readListing(fn, op, itemIndex);
	const requestBody = listing.simplify ? { ...checkedBody, ...op.simplify?.request } : checkedBody;
	const body = applyCustomerDefault(op, requestBody, catalog.service.defaultCustomer?.(credentials));
	const ctx: ShapeContext = { fn, itemIndex, options, body };
	if (op.local) return applyListing(op, listing, await op.local(body, { ...ctx, splitText: splitterFor(op.textSplit, options) }));
	// A function that needs a global key says so when the switch refuses a customer-scoped one.
	const hints = op.scope === 'global' ? [globalKeyHintRule(functionLabel(catalog, op))] : [];
	const send = (partBody: IDataObject) =>
		solswitchRequest(fn, {
			service: catalog.service,
			path: op.path,
			body: partBody,
			bodyFormat: options.bodyFormat === 'form' && op.bodyFormats?.includes('form') !== false ? 'form' : 'json',
			hints,
			attributes: op.attributes.map((a) => a.name),
			emptyIsResult: returnsRecords(op.response),
			timeout: typeof options.timeout === 'number' ? options.timeout : undefined,
			itemIndex,
		});
	if (op.csv && options[op.csv.option] === op.csv.value) {
		return [await exportRangeToCsv(fn, op, body, options, listing.limit, itemIndex, send)];
	}
	const parts = rangeParts(op, body, options);
	const answers: unknown[] = [];
	let emptyReason: string | undefined;
	const items: INodeExecutionData[] = [];
	let answered = false;
	for (const part of parts) {
		const answer = await send(part);
		answered ||= answer.kind !== 'empty';
		if (answer.kind === 'empty') emptyReason = answer.reason;
		else if (op.split?.merge) answers.push(answer.data);
		// Parts shaped one by one: no further request once the limit is reached.
		else if (appendItems(items, await shapeResponse(op.response, answer.data, ctx)) >= listing.limit) break;
	}
	if (answers.length) appendItems(items, await shapeResponse(op.response, answers.length === 1 ? answers[0] : op.split!.merge!(answers), ctx));
	if (!answered) return options.emitEmptyMarker ? [{ json: { empty: true, Reason: emptyReason ?? '' } }] : [];
	return applyListing(op, listing, items);
}

/** The operation's range as one CSV file, asked in windows (engine/export/csvFile.ts). */
async function exportRangeToCsv(
	fn: IExecuteFunctions,
	op: RequestOperation,
	requestBody: IDataObject,
	options: IDataObject,
	limit: number,
	itemIndex: number,
	send: (body: IDataObject) => ReturnType<typeof solswitchRequest>,
): Promise<INodeExecutionData> {
	const spec = op.csv!;
	const { from: fromName, to: toName, day: dayName } = spec.range;
	const body = { ...requestBody };
	// One day alone (or the function's default, today) is the range from that day to that day.
	if (dayName && body[fromName] === undefined && body[toName] === undefined) {
		const day = typeof body[dayName] === 'string' ? body[dayName] : String(inTimeZone(new Date(), fn.getTimezone())).slice(0, 10);
		body[fromName] = day;
		body[toName] = day;
	}
	if (dayName) delete body[dayName];
	const from = body[fromName];
	const to = body[toName];
	if (typeof from !== 'string' || typeof to !== 'string' || boundMs(from, false) === undefined || boundMs(to, true) === undefined) {
		throw new NodeOperationError(fn.getNode(), `A CSV file needs a date range: ${fromName} and ${toName} as dates or dates and times`, { itemIndex });
	}
	if (boundMs(to, true)! < boundMs(from, false)!) {
		throw new NodeOperationError(fn.getNode(), `${toName} (${to}) is before ${fromName} (${from})`, { itemIndex });
	}
	const settings = csvFileSettings(options);
	return await exportCsvFile(fn, {
		spec,
		from,
		to,
		fromName,
		toName,
		send: async (window) => await send({ ...body, [fromName]: window.from, [toName]: window.to }),
		binaryProperty: settings.binaryProperty,
		windows: { ...settings.windows, ...spec.windows },
		limit,
	});
}

/** The request bodies of an operation: one, or one per part of a split date range. */
export function rangeParts(op: RequestOperation, body: IDataObject, options: IDataObject): IDataObject[] {
	const split = op.split;
	if (!split) return [body];
	const from = body[split.from];
	const to = body[split.to];
	if (typeof from !== 'string' || typeof to !== 'string') return [body];
	const wanted = split.daysOption ? Number(options[split.daysOption] ?? 0) : 0;
	const days = Math.min(wanted > 0 ? wanted : Infinity, split.maxDays ?? Infinity);
	if (!Number.isFinite(days)) return [body];
	return splitRange(from, to, days).map((p) => ({ ...body, [split.from]: p.from, [split.to]: p.to }));
}

export async function executeCatalog(fn: IExecuteFunctions, catalog: Catalog): Promise<INodeExecutionData[][]> {
	const items = fn.getInputData();
	const first = waitingOperation(fn, catalog);
	if (first) {
		// As n8n's own send-and-wait nodes: one message for the run, the input passed on (the resume
		// replaces it with the answer; a timeout resumes with it unchanged).
		const out = await runOperation(fn, catalog, first, 0);
		// A runner that already has its answer instead of waiting (Call and Wait: nobody answered any
		// call) returns it; one that waits returns the first input item, and the node passes all on.
		return [out.length === 1 && out[0] === items[0] ? items : out];
	}
	const runItem = async (i: number, pace: Pace) => {
		const resource = fn.getNodeParameter('resource', i) as string;
		const operation = fn.getNodeParameter('operation', i) as string;
		return await runOperation(fn, catalog, findOperation(catalog, resource, operation), i, pace);
	};
	const continueOnFail = fn.continueOnFail();
	const outcomes = await runBounded(items.length, itemSettings(fn, catalog, items.length), runItem, !continueOnFail);
	const out: INodeExecutionData[] = [];
	for (let i = 0; i < outcomes.length; i++) {
		const outcome = outcomes[i];
		if (outcome.state === 'done') {
			for (const r of outcome.value) out.push(pairedWith(r, i));
			continue;
		}
		if (outcome.state === 'notStarted') continue; // only after a failure that stops the node
		const error = outcome.error as Error & { description?: string };
		if (continueOnFail) {
			out.push({ json: { error: error.message, ...(error.description ? { description: error.description } : {}) }, pairedItem: { item: i } });
			continue;
		}
		// Errors of ours already carry the item index and a description; wrap anything else.
		const nodeError =
			error instanceof NodeOperationError || error instanceof NodeApiError
				? error
				: new NodeOperationError(fn.getNode(), error, { itemIndex: i });
		throw withSentCount(nodeError, outcomes);
	}
	return [out];
}

/** The first item's operation when it waits for an answer (LocalOperation.waits), else undefined. */
function waitingOperation(fn: IExecuteFunctions, catalog: Catalog): OperationSpec | undefined {
	const resource = fn.getNodeParameter('resource', 0) as string;
	const operation = fn.getNodeParameter('operation', 0) as string;
	const op = catalog.operations.find((o) => o.resource === resource && o.operation === operation);
	return op?.local && op.waits ? op : undefined;
}

/** Bulk settings when the first item's operation is a bulk one (Send SMS ...), else one at a time. */
function itemSettings(fn: IExecuteFunctions, catalog: Catalog, count: number): BulkSettings {
	if (count < 2) return ONE_AT_A_TIME;
	const resource = fn.getNodeParameter('resource', 0) as string;
	const operation = fn.getNodeParameter('operation', 0) as string;
	const op = catalog.operations.find((o) => o.resource === resource && o.operation === operation);
	return op?.bulk ? bulkSettings(fn.getNodeParameter('options', 0, {}) as IDataObject) : ONE_AT_A_TIME;
}

/**
 * Items sent concurrently with the one that failed may have gone out: say how many, so that nobody
 * runs the whole list again and sends them twice.
 */
function withSentCount<E extends NodeOperationError | NodeApiError>(error: E, outcomes: Array<Outcome<unknown>>): E {
	const firstFailure = outcomes.findIndex((o) => o.state === 'failed');
	if (!outcomes.slice(firstFailure + 1).some((o) => o.state === 'done')) return error;
	const sent = outcomes.filter((o) => o.state === 'done').length;
	const note = `${sent} of ${outcomes.length} items were sent before the node stopped, some after this one. Turn on Settings > On Error > Continue to get one result per item.`;
	error.description = error.description ? `${error.description} ${note}` : note;
	return error;
}
