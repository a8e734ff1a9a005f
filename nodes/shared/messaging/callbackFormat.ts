/**
 * The gateway's callbacks and answers as they travel (messaging-gateway.md, "MO callback request",
 * "Delivery report callback request", "MO callback response"): the callback kinds, the answers, the
 * key a redelivery is known by, and the fields of the trigger's item that a node answering after it
 * reads. Written once here so the trigger, Reply to Message and the reply memory agree.
 */
import type { IDataObject } from 'n8n-workflow';

/** The kinds of callback, as the trigger's item `type` holds them. */
export const CALLBACK_TYPES = ['sms', 'mms', 'report'] as const;
export type CallbackType = (typeof CALLBACK_TYPES)[number];

/** `Status` OK, and for an SMS on a short code an optional reply `Body`. */
export function okReply(body?: string): IDataObject {
	return body === undefined ? { Status: 'OK' } : { Status: 'OK', Body: body };
}

/**
 * A copy of a callback still being answered: an HTTP error, with a Status other than OK or FAIL, is
 * what keeps the message queued at the gateway and retried (messaging-gateway.md, States and
 * transitions).
 */
export const RETRY_LATER = { status: 503, json: { Status: 'RETRY', Reason: 'A copy of this message is still being answered; send it again later.' } } as const;

/**
 * A reply SMS (a long code's answer) that could not be sent: the same HTTP error, so the gateway
 * keeps the message and sends it again, and the SMS is tried again then (nothing runs twice).
 */
export const SMS_NOT_SENT = { status: 503, json: { Status: 'RETRY', Reason: 'The reply SMS could not be sent yet; send the message again later.' } } as const;

/** Dedup key of a callback: the message ID; a report's ID with its status (one message, several reports). */
export function dedupKey(type: CallbackType, id: string, status?: number): string {
	return type === 'report' ? `report:${id}:${status ?? ''}` : `message:${id}`;
}

/**
 * The answer a callback got, from the bytes written to the gateway: {"Status":"OK"} with its reply
 * Body, if any; undefined for anything else (an HTTP error, a refusal).
 */
export function sentReply(statusCode: number, chunk: unknown): { body?: string } | undefined {
	if (statusCode !== 200) return undefined;
	const text = typeof chunk === 'string' ? chunk : chunk instanceof Uint8Array ? Buffer.from(chunk).toString('utf8') : undefined;
	if (text === undefined) return undefined;
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch {
		return undefined;
	}
	if (!parsed || typeof parsed !== 'object' || (parsed as IDataObject).Status !== 'OK') return undefined;
	const body = (parsed as IDataObject).Body;
	return typeof body === 'string' ? { body } : {};
}

/** The callback the trigger's item stands for, as a node answering after the trigger needs it. */
export interface TriggerMessage {
	type: CallbackType;
	id: string;
	/** A report's delivery status (part of its dedup key). */
	status?: number;
	/** The trigger answered already (a compliance keyword, a keyword reply, or reply mode Immediately). */
	answered: boolean;
}

/** The message in a trigger item's JSON, or undefined when the item is not one the trigger made. */
export function triggerMessageOf(json: IDataObject): TriggerMessage | undefined {
	if (typeof json.id !== 'string' || !(CALLBACK_TYPES as readonly unknown[]).includes(json.type)) return undefined;
	return {
		type: json.type as CallbackType,
		id: json.id,
		status: typeof json.status === 'number' ? json.status : undefined,
		answered: json.answered === true,
	};
}

/** The dedup key of the callback a trigger item stands for. */
export function dedupKeyOf(message: Pick<TriggerMessage, 'type' | 'id' | 'status'>): string {
	return dedupKey(message.type, message.id, message.status);
}
