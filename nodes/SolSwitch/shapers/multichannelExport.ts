/**
 * Multichannel Message Export: `{ Status, "<queue ID>": { "<conversation ID>": { Type, Source, Label,
 * Messages: [...] } } }` -> one item per conversation with its queue and conversation IDs, or one
 * item per message carrying its conversation's fields.
 */
import type { IDataObject, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import type { ShapeContext } from '../../engine/catalog/types';
import { isRecord, keyedPairs, recordsOf } from '../../engine/shapers/entries';

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
	],
	description: 'How the conversations become items',
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
