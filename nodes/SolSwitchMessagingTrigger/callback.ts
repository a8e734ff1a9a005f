/**
 * Reads one gateway callback (messaging-gateway.md, MO callback request / Delivery report callback
 * request): its kind, then the item a user wants, or what is wrong with it.
 */
import type { IDataObject } from 'n8n-workflow';
import type { Refusal } from '../engine/trigger/types';
import type { CallbackType } from '../shared/messaging/callbackFormat';
import { complianceOf, keywordOf } from '../shared/messaging/keywords';
import { isMmsBody, parseMmsBody } from './mmsLink';
import { reportStatus } from './reportStatus';

type Parsed = { item: IDataObject } | { refusal: Refusal };

/** Malformed callbacks are "received but rejected": FAIL with 200 removes them from the gateway's queue. */
const reject = (reason: string): { refusal: Refusal } => ({ refusal: { status: 200, reason } });

function field(body: IDataObject, name: string): string | undefined {
	const v = body[name];
	if (typeof v === 'number') return String(v);
	return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

/** The kind of callback: a report, an MMS notice, or an SMS. */
export function classifyCallback(body: IDataObject): { kind: CallbackType } | { refusal: Refusal } {
	if (body.Type === 'Report') return { kind: 'report' };
	if (body.Type !== 'Message') return reject('Type must be Message or Report.');
	return { kind: typeof body.Body === 'string' && isMmsBody(body.Body) ? 'mms' : 'sms' };
}

/** What every callback carries; blank values count as missing. */
function base(body: IDataObject, receivedAt: Date): { base: IDataObject } | { refusal: Refusal } {
	for (const name of ['ID', 'From', 'To']) {
		if (field(body, name) === undefined) return reject(`Missing required field ${name}.`);
	}
	return { base: { id: field(body, 'ID')!, from: field(body, 'From')!, to: field(body, 'To')!, receivedAt: receivedAt.toISOString() } };
}

export function parseReport(body: IDataObject, receivedAt: Date): Parsed {
	const read = base(body, receivedAt);
	if ('refusal' in read) return read;
	const status = reportStatus(body.Status);
	if (!status) return reject('Status must be a numeric delivery status.');
	const reason = typeof body.Reason === 'string' ? body.Reason : '';
	return { item: { type: 'report', ...read.base, ...status, reason } };
}

export function parseMms(body: IDataObject, receivedAt: Date): Parsed {
	const read = base(body, receivedAt);
	if ('refusal' in read) return read;
	const text = String(body.Body);
	const mms = parseMmsBody(text, receivedAt);
	if (!mms) return reject('The MMS notice carries no valid download link.');
	return { item: { type: 'mms', ...read.base, text, keyword: '', mms: { ...mms } } };
}

export function parseSms(body: IDataObject, receivedAt: Date): Parsed {
	const read = base(body, receivedAt);
	if ('refusal' in read) return read;
	if (typeof body.Body !== 'string') return reject('Missing required field Body.');
	const text = body.Body;
	const compliance = complianceOf(text);
	return {
		item: {
			type: 'sms',
			...read.base,
			text,
			keyword: keywordOf(text),
			...(compliance ? { compliance: { ...compliance } } : {}),
			optOut: compliance?.kind === 'stop',
		},
	};
}
