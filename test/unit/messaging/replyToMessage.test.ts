/**
 * Reply to Message and the reply memory: in mode When Last Node Finishes it also remembers the reply
 * in the execution's static data, unless the trigger's Acknowledge Redeliveries is off (D7): then the
 * trigger remembers nothing, in every mode, and neither does Reply to Message.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import type { ShapeContext } from '../../../nodes/engine/catalog/types';
import { replyToMessage } from '../../../nodes/SolSwitchMessaging/reply/replyToMessage';
import { REPLIES_KEY, ReplyMemory } from '../../../nodes/shared/messaging/replyMemory';
import { MESSAGING_TRIGGER_NAME } from '../../../nodes/shared/messaging/replyModes';

let workflows = 0;

/** An execution after a Messaging Trigger with these parameters; its static data holds the memory (one n8n process). */
function execution(triggerParameters: IDataObject) {
	const staticData: IDataObject = {};
	ReplyMemory.createIn(staticData);
	const sent: unknown[] = [];
	const workflowId = `replyToMessage-${++workflows}`;
	const fn = {
		getNode: () => ({ name: 'Reply', type: 'n8n-nodes-solswitch.solSwitchMessaging' }),
		getParentNodes: () => [{ name: 'Trigger', type: `n8n-nodes-solswitch.${MESSAGING_TRIGGER_NAME}`, typeVersion: 1, parameters: triggerParameters }],
		getWorkflowDataProxy: () => ({ $: () => ({ first: () => ({ json: { id: 'mo-7', type: 'sms', text: 'pizza' } }) }) }),
		sendResponse: (response: unknown) => void sent.push(response),
		getWorkflow: () => ({ id: workflowId }),
		getWorkflowStaticData: () => staticData,
	} as unknown as IExecuteFunctions;
	const ctx = { fn, itemIndex: 0, options: {} } as unknown as ShapeContext;
	return { ctx, staticData, sent };
}

describe('Reply to Message and the reply memory', () => {
	it('mode When Last Node Finishes: remembers the reply in the execution static data', async () => {
		const { ctx, staticData, sent } = execution({ replyMode: 'lastNode' });
		await replyToMessage({ Body: 'Your pizza' }, ctx);
		expect(sent).toHaveLength(1);
		expect(Object.keys(staticData[REPLIES_KEY] as IDataObject)).toEqual(['message:mo-7']);
	});

	it('with Acknowledge Redeliveries off it answers but remembers nothing (D7)', async () => {
		const { ctx, staticData, sent } = execution({ replyMode: 'lastNode', options: { acknowledgeRedeliveries: false } });
		await replyToMessage({ Body: 'Your pizza' }, ctx);
		expect(sent).toHaveLength(1);
		expect(staticData[REPLIES_KEY]).toEqual({});
	});
});
