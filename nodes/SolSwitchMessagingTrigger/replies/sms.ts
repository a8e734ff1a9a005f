/**
 * The reply as an MT SMS from the code that received the message to its sender (a long code: the
 * gateway drops an answer's Body there), sent before the answer (replySms.ts); the gateway then gets
 * {"Status":"OK"} once it went out, or 503 RETRY when it could not be sent, so it sends the message
 * again and the SMS is tried again then, kept meanwhile as pending (nothing runs twice). A reply that
 * can never be sent (over 136 characters) is logged as an error and the gateway answered OK: trying
 * again cannot help.
 */
import type { IWebhookFunctions } from 'n8n-workflow';
import { SMS_NOT_SENT, okReply } from '../../shared/messaging/callbackFormat';
import { sendReplySms, type SmsRoute } from './replySms';
import type { Delivery, ReplyChannel } from './channel';

export const SMS_CHANNEL = 'sms';

export function smsChannel(route: SmsRoute): ReplyChannel {
	return {
		name: SMS_CHANNEL,
		repeatable: false,
		takesWorkflowReply: true,
		async deliver(fn: IWebhookFunctions, text: string): Promise<Delivery> {
			const outcome = await sendReplySms(fn, route, text);
			const where = `from ${route.code} to ${route.person}`;
			if (outcome.sent) return { answer: { status: 200, json: okReply() } };
			if (outcome.permanent) {
				fn.logger.error(`SolSwitch Messaging Trigger: the reply SMS ${where} cannot be sent: ${outcome.reason}`);
				return { answer: { status: 200, json: okReply() } };
			}
			fn.logger.warn(`SolSwitch Messaging Trigger: the reply SMS ${where} was not sent (${outcome.reason}); answered 503 so the gateway sends the message again and the SMS is tried again`);
			return { answer: { status: SMS_NOT_SENT.status, json: { ...SMS_NOT_SENT.json } }, pending: { channel: SMS_CHANNEL, text } };
		},
	};
}
