/**
 * Reads one gateway callback (messaging-gateway.md, MO callback request / Delivery report callback
 * request) into the item a user wants, or says what is wrong with it.
 */
import type { IDataObject } from 'n8n-workflow';
import { complianceOf, keywordOf } from '../shared/messaging/keywords';
import { isMmsBody, parseMmsBody } from '../shared/messaging/mmsLink';
import { reportStatus } from '../shared/messaging/reportStatus';

export type CallbackType = 'sms' | 'mms' | 'report';

export type ParsedCallback = { ok: true; type: CallbackType; item: IDataObject } | { ok: false; reason: string };

function field(body: IDataObject, name: string): string | undefined {
	const v = body[name];
	if (typeof v === 'number') return String(v);
	return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

export function parseCallback(raw: unknown, receivedAt: Date): ParsedCallback {
	if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, reason: 'The body must be a JSON object.' };
	const body = raw as IDataObject;
	const type = body.Type;
	if (type !== 'Message' && type !== 'Report') return { ok: false, reason: 'Type must be Message or Report.' };
	for (const name of ['ID', 'From', 'To']) {
		if (field(body, name) === undefined) return { ok: false, reason: `Missing required field ${name}.` };
	}
	const base = { id: field(body, 'ID')!, from: field(body, 'From')!, to: field(body, 'To')!, receivedAt: receivedAt.toISOString() };
	if (type === 'Report') {
		const status = reportStatus(body.Status);
		if (!status) return { ok: false, reason: 'Status must be a numeric delivery status.' };
		const reason = typeof body.Reason === 'string' ? body.Reason : '';
		return { ok: true, type: 'report', item: { type: 'report', ...base, ...status, reason } };
	}
	if (typeof body.Body !== 'string') return { ok: false, reason: 'Missing required field Body.' };
	const text = body.Body;
	if (isMmsBody(text)) {
		const mms = parseMmsBody(text, receivedAt);
		if (!mms) return { ok: false, reason: 'The MMS notice carries no valid download link.' };
		return { ok: true, type: 'mms', item: { type: 'mms', ...base, text, keyword: '', mms: { ...mms } } };
	}
	const compliance = complianceOf(text);
	return {
		ok: true,
		type: 'sms',
		item: {
			type: 'sms',
			...base,
			text,
			keyword: keywordOf(text),
			...(compliance ? { compliance: { ...compliance } } : {}),
			optOut: compliance?.kind === 'stop',
		},
	};
}
