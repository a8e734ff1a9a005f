/** What the gateway holds: message records (for the usage report), stored MMS files, callbacks. */
import { randomBytes, randomUUID } from 'node:crypto';
import { dateTimeOf } from '../time';

export interface MessageRecord {
	ID: string;
	GUID: string;
	CustID: string;
	/** YYYY-MM-DD HH:MM:SS */
	DateTime: string;
	From: string;
	To: string;
	Direction: 'send' | 'recv';
	Length: number;
	/** The gateway serializes segments and carrier lookups as strings. */
	Segments: string;
	CarrierLookup: string;
	Status: 'OK' | 'FAIL' | 'N/A';
	/** Text or MMS file name (sandbox only, not in report records). */
	text?: string;
}

export interface StoredMms {
	id: string;
	hash: string;
	filename: string;
	contentType: string;
	content: Buffer;
	storedAt: number;
}

export function gatewayDateTime(date: Date): string {
	return dateTimeOf(date.getTime());
}

function segmentsOf(text: string): number {
	// GSM-7 when plain ASCII-ish, else UCS-2: enough for the sandbox's records.
	const gsm = /^[\x20-\x7e\r\n£¥èéùìòÇØøÅåÆæßÉÄÖÑÜäöñüà§¿¡]*$/.test(text);
	const limit = gsm ? 160 : 70;
	const part = gsm ? 153 : 67;
	return text.length <= limit ? 1 : Math.ceil(text.length / part);
}

export class GatewayState {
	readonly records: MessageRecord[] = [];
	readonly mms = new Map<string, StoredMms>();
	private seq = 100000;

	nextId(): string {
		return String(++this.seq);
	}

	record(entry: { From: string; To: string; Direction: 'send' | 'recv'; text: string; bytes?: number; at?: Date; Status?: MessageRecord['Status'] }): MessageRecord {
		const record: MessageRecord = {
			ID: this.nextId(),
			GUID: randomUUID(),
			CustID: '1',
			DateTime: gatewayDateTime(entry.at ?? new Date()),
			From: entry.From,
			To: entry.To,
			Direction: entry.Direction,
			Length: entry.bytes ?? Buffer.byteLength(entry.text, 'utf8'),
			Segments: String(segmentsOf(entry.text)),
			CarrierLookup: entry.From.length <= 6 || entry.To.length <= 6 ? '1' : '0',
			Status: entry.Status ?? 'OK',
			text: entry.text,
		};
		this.records.push(record);
		return record;
	}

	storeMms(filename: string, contentType: string, content: Buffer): StoredMms {
		const stored: StoredMms = {
			id: this.nextId(),
			hash: randomBytes(8).toString('hex'),
			filename,
			contentType,
			content,
			storedAt: Date.now(),
		};
		this.mms.set(stored.id, stored);
		return stored;
	}

	/** Records of a period, both bounds whole days (YYYY-MM-DD). */
	between(from: string, to: string): MessageRecord[] {
		return this.records.filter((r) => r.DateTime.slice(0, 10) >= from && r.DateTime.slice(0, 10) <= to);
	}
}
