/**
 * The reply as the Body of the callback's answer: the gateway delivers it to the phone (on a short
 * code). Nothing is sent first, so nothing can fail: the answer is {"Status":"OK","Body":...}.
 */
import { okReply } from '../../shared/messaging/callbackFormat';
import type { Delivery, ReplyChannel } from './channel';

export const callbackBodyChannel: ReplyChannel = {
	name: 'callbackBody',
	repeatable: true,
	takesWorkflowReply: false,
	deliver(_fn, text): Delivery {
		return { answer: { status: 200, json: okReply(text) }, body: text };
	},
};
