/**
 * The MO callback response (messaging-gateway.md): `Status` OK, and for SMS on short codes an optional
 * reply `Body`. Kept in one place so the trigger and the Reply to Message operation answer alike.
 */
import type { IDataObject } from 'n8n-workflow';

export function okReply(body?: string): IDataObject {
	return body === undefined ? { Status: 'OK' } : { Status: 'OK', Body: body };
}

/**
 * Replies given for a message ID, kept in the workflow's static data (stored in n8n's database, so
 * every main, worker and webhook process of a queue-mode setup sees them). The trigger acknowledges a
 * redelivery it finds here without a second execution, repeating the reply Body.
 */
export const REPLIES_KEY = 'solSwitchMessagingReplies';
/** Redeliveries stop after about 2.5 hours (12 retries); a day covers them with room to spare. */
export const REPLY_MEMORY_MS = 24 * 3600 * 1000;
export const REPLY_MEMORY_MAX = 5000;

export interface RememberedReply {
	at: number;
	body?: string;
}

export type ReplyMemory = Record<string, RememberedReply>;

export function memoryOf(staticData: IDataObject): ReplyMemory {
	const existing = staticData[REPLIES_KEY];
	if (existing && typeof existing === 'object' && !Array.isArray(existing)) return existing as unknown as ReplyMemory;
	const fresh: ReplyMemory = {};
	staticData[REPLIES_KEY] = fresh as unknown as IDataObject;
	return fresh;
}

export function remember(staticData: IDataObject, key: string, now: number, body?: string) {
	const memory = memoryOf(staticData);
	for (const [k, v] of Object.entries(memory)) if (now - v.at > REPLY_MEMORY_MS) delete memory[k];
	const keys = Object.keys(memory);
	if (keys.length >= REPLY_MEMORY_MAX) {
		keys.sort((a, b) => memory[a].at - memory[b].at);
		for (const k of keys.slice(0, keys.length - REPLY_MEMORY_MAX + 1)) delete memory[k];
	}
	memory[key] = body === undefined ? { at: now } : { at: now, body };
	// Reassigning marks the static data as changed, so n8n saves it.
	staticData[REPLIES_KEY] = { ...memory } as unknown as IDataObject;
}

/**
 * Only reads: creating the memory here would mark the static data as changed, and n8n then writes
 * it to its database after the call, for answers (HELP, INFO, filtered events) that remember nothing.
 */
export function recall(staticData: IDataObject, key: string, now: number): RememberedReply | undefined {
	const memory = staticData[REPLIES_KEY];
	if (!memory || typeof memory !== 'object' || Array.isArray(memory)) return undefined;
	const found = (memory as unknown as ReplyMemory)[key];
	return found && now - found.at <= REPLY_MEMORY_MS ? found : undefined;
}

/** Dedup key of a callback: the message ID; a report's ID with its status (one message, several reports). */
export function dedupKey(type: 'sms' | 'mms' | 'report', id: string, status?: number): string {
	return type === 'report' ? `report:${id}:${status ?? ''}` : `message:${id}`;
}
