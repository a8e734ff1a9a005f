/**
 * The gateway's callbacks (messaging-gateway.md, "MO callback request", "Delivery report callback
 * request"), one entry per kind. All arrive at one URL; the kind is read from the payload and the
 * node's Events select those that start the workflow. The trigger's fields, notice, webhook
 * description, dispatch and the README's events table are generated from it.
 */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';
import { receiveEvent } from '../engine/trigger/dispatch';
import type { DescriptionField, EventSpec, Refusal, TriggerSpec } from '../engine/trigger/types';
import type { CallbackType } from '../shared/messaging/callbackFormat';
import { REPLY_MODE_PARAMETER } from '../shared/messaging/replyModes';
import { answerOk } from './replies/gatewayAnswers';
import { classifyCallback, parseMms, parseReport, parseSms } from './callback';
import { handleCallback } from './handlers/message';
import { carriesInboundKey } from './inboundCredential';

/** What every callback kind shares: one URL, answered as Reply says, one handler. */
const callback = { path: 'message', handle: handleCallback, response: { by: 'parameter', parameter: REPLY_MODE_PARAMETER } } as const;
/** What MO SMS and MMS share: the fields of the MO callback request and where its URL goes. */
const mo = { ...callback, fields: ['Type', 'ID', 'From', 'To', 'Body', 'Key'], required: ['ID', 'From', 'To', 'Body'], portal: { where: 'the incoming message URL' } };
const MO_ANSWER = '`{"Status":"OK"}`, or with a reply `{"Status":"OK","Body":"<reply>"}` on a short code (on a long code the reply goes as an SMS from the code)';
const BASE_ITEM = '`type`, `id`, `from`, `to`, `receivedAt`';

export const MESSAGING_EVENTS: EventSpec[] = [
	{
		value: 'sms',
		name: 'New SMS',
		description: 'A text message sent to your code',
		...mo,
		parse: parseSms,
		answer: MO_ANSWER,
		gives: `${BASE_ITEM}, \`text\`, \`keyword\`, \`optOut\`, and \`compliance\` for INFO / HELP / AIDE / STOP / ARRET`,
	},
	{
		value: 'mms',
		name: 'New MMS',
		description: 'A picture or media message sent to your code',
		...mo,
		parse: parseMms,
		answer: '`{"Status":"OK"}`',
		gives: `${BASE_ITEM}, \`text\`, \`mms\` (\`url\`, \`mms\`, \`hash\`, \`filename\`, \`contentType\`, \`expiresAt\`); the file as binary data with Download MMS Media`,
	},
	{
		value: 'report',
		name: 'Delivery Report',
		description: 'The outcome of a message sent with Receipt on',
		...callback,
		fields: ['Type', 'ID', 'From', 'To', 'Status', 'Reason', 'Key'],
		required: ['ID', 'From', 'To'],
		parse: parseReport,
		portal: { where: 'the incoming message URL', also: 'Reports use the report URL if the operator set one.' },
		answer: '`{"Status":"OK"}`',
		gives: `${BASE_ITEM}, \`status\` (a number), \`statusName\`, \`reason\``,
	},
];

async function checkInboundKey(fn: IWebhookFunctions, body: IDataObject): Promise<Refusal | undefined> {
	// An HTTP error: the gateway keeps the message and retries, so a key fixed in time loses nothing.
	return (await carriesInboundKey(fn, body)) ? undefined : { status: 401, reason: 'Not authorized.' };
}

/**
 * The webhook description's responseData: the last node's first item in reply mode When Last Node
 * Finishes; empty otherwise, so that in mode Immediately n8n answers with the webhookResponse the
 * trigger hands it (n8n behaviour N3, engine/trigger/n8nResponse.ts). A plain value: nothing
 * happens when n8n reads it.
 */
export const RESPONSE_DATA_FIELD: DescriptionField = {
	template: '={{$parameter["replyMode"] === "lastNode" ? "firstEntryJson" : ""}}',
	resolve: (parameters) => (parameters[REPLY_MODE_PARAMETER] === 'lastNode' ? 'firstEntryJson' : ''),
};

export const MESSAGING_TRIGGER: TriggerSpec = {
	caller: "the gateway operator's settings",
	events: MESSAGING_EVENTS,
	selection: {
		by: 'payload',
		parameter: 'events',
		displayName: 'Trigger On',
		description: 'Which callbacks start the workflow; others are acknowledged with Status OK and dropped',
		classify: classifyCallback,
	},
	authenticate: checkInboundKey,
	malformedStatus: 200,
	sentenceReasons: true,
	acknowledge: (fn) => answerOk(fn),
	webhook: { responseData: RESPONSE_DATA_FIELD },
	secretNotice: "Also give them the credential's Inbound Key and its type.",
	// The trigger's memory (redeliveries, Send and Wait) lives in static data: one processor per URL (servedBy.ts).
	scalingNotice:
		'Several webhook processors: route this URL to one of them (docs: Queue mode).',
};

export type ParsedCallback = { ok: true; type: CallbackType; item: IDataObject } | { ok: false; reason: string };

/** One callback read as the trigger reads it (the kit's receiveEvent): its kind and item, or why not. */
export function parseCallback(raw: unknown, receivedAt: Date): ParsedCallback {
	if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, reason: 'The body must be a JSON object.' };
	const read = receiveEvent(MESSAGING_TRIGGER, raw as IDataObject, receivedAt);
	if ('refusal' in read) return { ok: false, reason: read.refusal.reason };
	return { ok: true, type: read.kind.value as CallbackType, item: read.item };
}
