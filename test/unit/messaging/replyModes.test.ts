/**
 * What the Messaging Trigger declares to the nodes that answer after it (replyModes.ts,
 * callbackFormat.ts) is what the trigger really is: its type name, its Reply options, its item.
 */
import type { INodeProperties } from 'n8n-workflow';
import { CALLBACK_TYPES, dedupKeyOf, triggerMessageOf } from '../../../nodes/shared/messaging/callbackFormat';
import { MESSAGING_TRIGGER_NAME, REPLY_MODES, REPLY_MODE_PARAMETER, isMessagingTrigger, replyModeOf } from '../../../nodes/shared/messaging/replyModes';
import { SolSwitchMessagingTrigger } from '../../../nodes/SolSwitchMessagingTrigger/SolSwitchMessagingTrigger.node';
import { MESSAGING_EVENTS } from '../../../nodes/SolSwitchMessagingTrigger/events';

const description = new SolSwitchMessagingTrigger().description;

describe('the Messaging Trigger as it declares itself', () => {
	it('its type name, under any package prefix', () => {
		expect(description.name).toBe(MESSAGING_TRIGGER_NAME);
		expect(isMessagingTrigger({ type: `n8n-nodes-solswitch.${MESSAGING_TRIGGER_NAME}` })).toBe(true);
		expect(isMessagingTrigger({ type: `@acme/n8n-nodes-solswitch.${MESSAGING_TRIGGER_NAME}` })).toBe(true);
		expect(isMessagingTrigger({ type: 'n8n-nodes-solswitch.solSwitchTrigger' })).toBe(false);
		expect(isMessagingTrigger({ type: `x.${MESSAGING_TRIGGER_NAME}Other` })).toBe(false);
	});

	it('its Reply options are the reply modes of the table, the default first', () => {
		const reply = description.properties.find((p) => p.name === REPLY_MODE_PARAMETER) as INodeProperties;
		expect((reply.options as Array<{ value: string }>).map((o) => o.value).sort()).toEqual(Object.keys(REPLY_MODES).sort());
		expect(replyModeOf({})).toBe(reply.default);
		expect(replyModeOf({ replyMode: 'responseNode' })).toBe('responseNode');
		expect(replyModeOf({ replyMode: 'unknown' })).toBe('onReceived');
	});

	it('its event kinds are the callback types', () => {
		expect(MESSAGING_EVENTS.map((e) => e.value).sort()).toEqual([...CALLBACK_TYPES].sort());
	});

	it('its item, as a node after it reads it', () => {
		expect(triggerMessageOf({ type: 'sms', id: '7', answered: true })).toEqual({ type: 'sms', id: '7', status: undefined, answered: true });
		expect(triggerMessageOf({ type: 'report', id: '7', status: 4 })).toEqual({ type: 'report', id: '7', status: 4, answered: false });
		expect(triggerMessageOf({ type: 'call', id: '7' })).toBeUndefined();
		expect(triggerMessageOf({ type: 'sms', id: 7 })).toBeUndefined();
		expect(dedupKeyOf({ type: 'report', id: '7', status: 4 })).toBe('report:7:4');
		expect(dedupKeyOf({ type: 'mms', id: '7' })).toBe('message:7');
	});
});
