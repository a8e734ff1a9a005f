/**
 * The one dispatch of every trigger: guard, event kind (from the node's parameter or the payload),
 * required fields, the kind's filter, parser and handler. A refusal is answered at once with
 * {"Status":"FAIL","Reason":...} and starts nothing.
 */
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { admit, missingFields, type GuardOptions } from './guard';
import { replyRefusal } from './replies';
import type { EventSpec, Refusal, TriggerSpec } from './types';

export function eventKindOf(trigger: TriggerSpec, value: string): EventSpec {
	const spec = trigger.events.find((k) => k.value === value);
	if (!spec) throw new Error(`Unknown event kind ${value}`);
	return spec;
}

/** A refusal in the trigger's style (the gateway's reasons are sentences). */
function styled(trigger: TriggerSpec, refusal: Refusal): { refusal: Refusal } {
	const reason = trigger.sentenceReasons && !/[.!?]$/.test(refusal.reason) ? `${refusal.reason}.` : refusal.reason;
	return { refusal: { status: refusal.status, reason } };
}

/**
 * The kind and the item of an admitted request's fields, or why it is refused: the kind (named by the
 * node's parameter, or read from the payload), its required fields, its filter field, its parser.
 */
export function receiveEvent(
	trigger: TriggerSpec,
	fields: IDataObject,
	receivedAt: Date,
	parameterKind?: string,
): { kind: EventSpec; item: IDataObject } | { refusal: Refusal } {
	const { selection, malformedStatus } = trigger;
	let kind: EventSpec;
	if (selection.by === 'parameter') kind = eventKindOf(trigger, String(parameterKind));
	else {
		const classified = selection.classify(fields);
		if ('refusal' in classified) return styled(trigger, classified.refusal);
		kind = eventKindOf(trigger, classified.kind);
	}
	const missing = missingFields(fields, kind.required, malformedStatus);
	if (missing) return styled(trigger, missing);
	if (kind.filter) {
		const { field, values } = kind.filter;
		const value = String(fields[field]);
		if (!values.includes(value)) {
			return styled(trigger, { status: malformedStatus, reason: `${field} must be one of ${values.join(', ')} (got ${value.slice(0, 40)})` });
		}
	}
	const parsed = kind.parse ? kind.parse(fields, receivedAt) : { item: fields };
	return 'refusal' in parsed ? styled(trigger, parsed.refusal) : { kind, item: parsed.item };
}

/** Whether the node's settings select this request: its kind, and its filter field's value. */
function selected(fn: IWebhookFunctions, trigger: TriggerSpec, kind: EventSpec, fields: IDataObject): boolean {
	if (trigger.selection.by === 'payload' && !(fn.getNodeParameter(trigger.selection.parameter, []) as string[]).includes(kind.value)) return false;
	if (!kind.filter) return true;
	const wanted = fn.getNodeParameter(kind.filter.parameter, kind.filter.values) as string[];
	return wanted.includes(String(fields[kind.filter.field]));
}

export async function dispatch(fn: IWebhookFunctions, trigger: TriggerSpec): Promise<IWebhookResponseData> {
	const refuse = ({ refusal }: { refusal: Refusal }): IWebhookResponseData => {
		replyRefusal(fn.getResponseObject(), refusal.status, refusal.reason);
		return { noWebhookResponse: true };
	};
	const admitted = await admit(fn, trigger, fn.getNodeParameter('options', {}) as GuardOptions);
	if ('refusal' in admitted) return refuse(styled(trigger, admitted.refusal));
	const receivedAt = new Date();
	const { selection } = trigger;
	const parameterKind = selection.by === 'parameter' ? (fn.getNodeParameter(selection.parameter) as string) : undefined;
	const received = receiveEvent(trigger, admitted.fields, receivedAt, parameterKind);
	if ('refusal' in received) return refuse(received);
	if (!selected(fn, trigger, received.kind, admitted.fields)) return trigger.acknowledge(fn);
	return await received.kind.handle(fn, { kind: received.kind, fields: admitted.fields, item: received.item, receivedAt });
}
