/**
 * Multichannel Message Export: `{ Status, "<queue ID>": { "<conversation ID>": { Type, Source, Label,
 * Messages: [...] } } }` -> one item per conversation with its queue and conversation IDs, one item
 * per message carrying its conversation's fields, or one CSV file of the messages made in windows of
 * the range (MCM_CSV; engine/export).
 */
import type { IDataObject, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import type { ShapeContext } from '../../engine/catalog/types';
import type { CsvExportSpec } from '../../engine/catalog/csvExport';
import { forEachKeyed, forEachRecord, isRecord, keyedPairs, recordsOf } from '../../engine/shapers/entries';
import { boundMs } from '../../engine/transport/ranges';

export const MCM_OUTPUT_OPTION: INodeProperties = {
	displayName: 'Output',
	name: 'mcmOutput',
	type: 'options',
	default: 'conversation',
	options: [
		{
			name: 'One Item per Conversation',
			value: 'conversation',
			description: 'Each conversation with its QueueID and ConversationID, messages nested under Messages',
		},
		{ name: 'One Item per Message', value: 'message', description: 'Each message with its conversation fields' },
		{
			name: 'CSV File',
			value: 'csvFile',
			description: 'One item with a CSV file of the messages (the columns of One Item per Message), the range asked an hour at a time: for long ranges',
		},
	],
	description: 'How the conversations become items, or a file',
};

/** The CSV file's columns: the keys of One Item per Message, in the document's order. */
export const MCM_COLUMNS = ['QueueID', 'ConversationID', 'Type', 'Source', 'Label', 'DateTime', 'Timestamp', 'Direction', 'User', 'Message'] as const;

/** A message's time (ms on the switch's clock): its unix Timestamp, else its DateTime. */
function messageMs(message: IDataObject): number | undefined {
	const unix = Number(message.Timestamp);
	if (message.Timestamp !== '' && Number.isFinite(unix)) return unix * 1000;
	return typeof message.DateTime === 'string' ? boundMs(message.DateTime.trim(), false) : undefined;
}

/**
 * The messages of one answer as rows. Messages have no ID: one is known by its conversation, second,
 * direction, user, text and how many identical ones come before it in the conversation. Whether a
 * window brings a conversation's messages in the window only (as "on or after" reads) or the whole
 * conversation, that key is the same in every window that brings the message, so none is written
 * twice; it is remembered until the conversation's last message in the answer.
 */
function visitMessages(response: unknown, visit: (row: IDataObject, key: string, group: string, untilMs: number) => void): void {
	forEachKeyed(response, (QueueID, conversations) =>
		forEachKeyed(conversations, (ConversationID, conversation) => {
			const { Messages, ...fields } = isRecord(conversation) ? conversation : ({} as IDataObject);
			let until = -Infinity;
			forEachRecord(Messages, (m) => (until = Math.max(until, messageMs(m) ?? Infinity)));
			const occurrences = new Map<string, number>();
			forEachRecord(Messages, (message) => {
				const identity = [QueueID, ConversationID, message.Timestamp, message.DateTime, message.Direction, message.User, message.Message].map((v) => String(v ?? '')).join('\u0000');
				const n = (occurrences.get(identity) ?? 0) + 1;
				occurrences.set(identity, n);
				visit({ QueueID, ConversationID, ...fields, ...message }, `${identity}\u0000${n}`, `${QueueID}\u0000${ConversationID}`, until);
			});
		}),
	);
}

export const MCM_CSV: CsvExportSpec = {
	option: 'mcmOutput',
	value: 'csvFile',
	range: { from: 'DateStart', to: 'DateEnd' },
	columns: MCM_COLUMNS,
	size(response) {
		let n = 0;
		forEachKeyed(response, (_, conversations) => forEachKeyed(conversations, (__, c) => forEachRecord(isRecord(c) ? c.Messages : undefined, () => n++)));
		return n;
	},
	rows: visitMessages,
	fileName: 'messages',
	counts: { records: 'messages', groups: 'conversations' },
	// A conversation silent for more than a day between two windows is counted again.
	groupMemoryMs: 86400 * 1000,
};

export function shapeMultichannelExport(response: unknown, ctx: ShapeContext): INodeExecutionData[] {
	const perMessage = ctx.options.mcmOutput === 'message';
	const items: INodeExecutionData[] = [];
	for (const [QueueID, conversations] of keyedPairs(response)) {
		for (const [ConversationID, conversation] of keyedPairs(conversations)) {
			const record: IDataObject = isRecord(conversation) ? conversation : {};
			const { Messages, ...fields } = record;
			const head = { QueueID, ConversationID, ...fields };
			if (!perMessage) {
				items.push({ json: { ...head, Messages: recordsOf(Messages) } });
				continue;
			}
			for (const message of recordsOf(Messages)) items.push({ json: { ...head, ...message } });
		}
	}
	return items;
}
